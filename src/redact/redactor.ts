import { CARD_NUMBER_KEYS, luhnValid, MASK, maskCardNumber, maskPatterns, SECRET_KEYS } from './patterns.js';
import { replaceJsonSafe } from './json-safe.js';
import { secretForms } from './secret-forms.js';

export { MASK } from './patterns.js';

/**
 * Free-text replacement ignores secrets shorter than this: masking every "a" or "12" in a report
 * would wreck it. Such secrets are still masked where their place is known (a header whose value is
 * the secret, a JSON value equal to it).
 */
const MIN_FREE_TEXT = 4;

const ALWAYS_MASKED_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** True when free-text masking would find `value` as a card number on its own (13 to 19 Luhn-valid digits). */
function isCardLike(value: string): boolean {
  const digits = value.replace(/[ -]/g, '');
  return /^\d{13,19}$/.test(digits) && luhnValid(digits);
}

/** True for a plain object (not an array, Buffer or class instance). */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/**
 * Masks secrets and card data in everything xborder outputs. Registered secrets are replaced in all
 * their spellings; credentials, JWTs, card numbers and sensitive JSON keys are masked even when
 * nobody registered them.
 */
export class Redactor {
  private readonly secrets = new Set<string>();
  private pattern: RegExp | undefined;
  private dirty = false;

  constructor(secrets?: Iterable<string>) {
    for (const s of secrets ?? []) this.add(s);
  }

  /** Registers a secret; empty strings are ignored. */
  add(secret: string): void {
    if (!secret || this.secrets.has(secret)) return;
    this.secrets.add(secret);
    this.dirty = true;
  }

  /** The registered-secret regex: every spelling, longest first so a longer form wins over its parts. */
  private secretPattern(): RegExp | undefined {
    if (this.dirty) {
      const forms = new Set<string>();
      for (const s of this.secrets) {
        // A secret made only of mask characters would be "found" again in its own mask.
        if (s.length < MIN_FREE_TEXT || /^\**$/.test(s)) continue;
        for (const f of secretForms(s)) forms.add(f);
      }
      const sorted = [...forms].sort((a, b) => b.length - a.length).map(escapeRegExp);
      this.pattern = sorted.length ? new RegExp(sorted.join('|'), 'g') : undefined;
      this.dirty = false;
    }
    return this.pattern;
  }

  private replaceSecrets(s: string): string {
    const re = this.secretPattern();
    if (!re) return s;
    // Repeat until stable: a mask next to other characters could spell a secret containing '*'.
    for (let i = 0; i < 4; i++) {
      const next = replaceJsonSafe(s, re, () => MASK);
      if (next === s) break;
      s = next;
    }
    return s;
  }

  /** Masks free text: registered secrets, credentials, JWTs, card numbers (last 4 kept), sensitive JSON pairs. */
  text(s: string): string {
    if (!s) return s;
    return this.replaceSecrets(maskPatterns(this.replaceSecrets(s)));
  }

  /**
   * Registers every value that json() masks by its key (CardPin, CVVNumber, Password, card numbers,
   * CardFields but CardId ...) in `doc`, so the same value is also masked where it comes back as
   * free text: an endpoint echoing the request in its error message, a flattened table row.
   */
  addFromJson(doc: unknown): void {
    const addValue = (v: unknown): void => {
      if (typeof v === 'string' || typeof v === 'number') this.add(String(v));
      else if (Array.isArray(v)) v.forEach(addValue);
      else if (isPlainObject(v)) Object.values(v).forEach(addValue);
    };
    const visit = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(visit);
      else if (isPlainObject(v)) {
        for (const [k, x] of Object.entries(v)) {
          const key = k.toLowerCase();
          if (key === 'cardfields' && isPlainObject(x)) {
            for (const [fk, fv] of Object.entries(x)) if (fk.toLowerCase() !== 'cardid') addValue(fv);
          } else if (SECRET_KEYS.has(key)) addValue(x);
          // A real card number is found in free text by its Luhn digit, which keeps its last 4 readable.
          else if (CARD_NUMBER_KEYS.has(key)) {
            if (!(typeof x === 'string' || typeof x === 'number') || !isCardLike(String(x))) addValue(x);
          } else visit(x);
        }
      }
    };
    visit(doc);
  }

  private isShortSecret(s: string): boolean {
    return s.length < MIN_FREE_TEXT && this.secrets.has(s);
  }

  /** A deep copy of a JSON-like value with secret keys masked and every string passed through text(). */
  json<T>(value: T): T {
    return this.walk(value) as T;
  }

  private walk(value: unknown): unknown {
    if (typeof value === 'string') return this.isShortSecret(value) ? MASK : this.text(value);
    if (Array.isArray(value)) return value.map((v) => this.walk(v));
    if (!isPlainObject(value)) return value;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const key = k.toLowerCase();
      if (v === null || v === undefined) out[k] = v;
      else if (key === 'cardfields' && isPlainObject(v)) {
        // Card fields vary by card program; only the card id is safe to show.
        out[k] = Object.fromEntries(Object.entries(v).map(([fk, fv]) => [fk, fk.toLowerCase() === 'cardid' ? this.walk(fv) : fv == null ? fv : MASK]));
      } else if (CARD_NUMBER_KEYS.has(key) && (typeof v === 'string' || typeof v === 'number')) out[k] = maskCardNumber(String(v));
      else if (SECRET_KEYS.has(key)) out[k] = MASK;
      else out[k] = this.walk(v);
    }
    return out;
  }

  /** Headers with credentials masked: Authorization, Proxy-Authorization, cookies, and any header carrying a registered secret. */
  headers<H extends Record<string, string | string[] | undefined>>(h: H): H {
    const out: Record<string, string | string[] | undefined> = {};
    const one = (name: string, v: string): string => {
      if (ALWAYS_MASKED_HEADERS.has(name.toLowerCase()) || this.secrets.has(v.trim())) return MASK;
      // A value that carries a registered secret anywhere is hidden whole: its remainder may be a hint.
      return this.replaceSecrets(v) !== v ? MASK : this.text(v);
    };
    for (const [k, v] of Object.entries(h)) {
      out[k] = v === undefined ? v : Array.isArray(v) ? v.map((x) => one(k, x)) : one(k, v);
    }
    return out as H;
  }
}
