import { CARD_NUMBER_KEYS, CODE_LABEL, HAS_CODE_LABEL, luhnValid, MASK, maskCardNumber, ruleSpans } from './patterns.js';
import { BUILT_IN_NAMES, CredentialNames } from './credential-names.js';
import { secretForms } from './secret-forms.js';
import { LiteralSet } from './literal-set.js';
import { isOwnWord, MIN_FREE_TEXT } from './own-words.js';
import { applySpans, mapOffset, type Applied, type Span } from './spans.js';
import { decodedViews, originalSpan, unwrappedBase64, type View } from './views.js';
import { base64Views, composeViews } from './base64-views.js';

export { MASK } from './patterns.js';

/**
 * Free-text replacement ignores secrets shorter than MIN_FREE_TEXT, and secrets that are xborder's
 * own words (own-words.ts): masking every "a" or "12", or every "header" label, in a report would
 * wreck it. Such secrets are still masked where their place is known (a header whose value is the
 * secret, a JSON value equal to it, the whole value after `=` or `: `, the value after its label: `CVV: 123`).
 */

/** Shortest piece of a secret masked where a cut left it (next to `…`). */
const MIN_PIECE = 4;

/**
 * Texts at least this long are remembered once masked, up to MEMO_BYTES for the texts and their
 * masked forms together (counted as two bytes a character, what V8 may take): the memo of a proxy
 * that runs for a day holds a bounded amount whatever the answers' sizes. A text larger than a
 * quarter of that is masked each time, never remembered.
 */
const MEMO_MIN = 512;
const MEMO_BYTES = 32 * 1024 * 1024;

/**
 * How deep json() and addFromJson() walk a document: far past the 64 levels any payload reader
 * accepts, far below what overflows the stack. Deeper values are masked whole (json) or not learnt.
 */
const MAX_WALK_DEPTH = 256;

/** The mark every cut leaves in xborder's output (excerpts, clipped values, capped bodies). */
export const CUT_MARK = '…';

/** Keys of a report whose values are xborder's labels (see walk): a case's, a request's method, a check's or finding's status. */
const LABEL_KEYS = new Set(['endpoint', 'variant', 'authMode', 'method', 'status', 'severity']);

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** True when free-text masking would find `value` as a card number on its own (13 to 19 Luhn-valid digits). */
function isCardLike(value: string): boolean {
  const digits = value.replace(/[ -]/g, '');
  return /^\d{13,19}$/.test(digits) && luhnValid(digits);
}

/**
 * Where a span found in a decoded view must end in an original that is a JSON document: before its
 * first raw line break or unescaped quote. A rule whose value runs "to the end of the line" in the
 * view (where `%0A` is a line break) must not run over the document's string delimiters: a JSON
 * report stays valid. Used only when masking broke a valid document: elsewhere a quote is only a
 * character (of a NUL-interleaved secret, maybe).
 */
function withinRawString(s: string, start: number, end: number): number {
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c === 10 || c === 13 || (c === 34 && s.charCodeAt(i - 1) !== 92)) return i;
  }
  return end;
}

/**
 * The parts of `s` worth reading decoded, with their offsets: the text around each escape, `reach`
 * characters either side, overlapping parts joined. Elsewhere a decoded view reads as the text
 * itself, which is searched as it is; so a long report with a few escapes is decoded in a few places
 * (`reach` covers the longest spelling of a secret and a rule's label).
 */
function escapedParts(s: string, reach: number): [number, string][] {
  const parts: [number, string][] = [];
  let start = -1;
  let end = -1;
  for (const m of s.matchAll(ESCAPE_CHARS)) {
    const a = Math.max(0, m.index - reach);
    const b = Math.min(s.length, m.index + reach);
    if (start >= 0 && a <= end) end = b;
    else {
      if (start >= 0) parts.push([start, s.slice(start, end)]);
      start = a;
      end = b;
    }
  }
  if (start >= 0) parts.push([start, s.slice(start, end)]);
  return parts;
}

const ESCAPE_CHARS = /[\\&%+\u0000\uFFFD]/g;

function isJson(s: string): boolean {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
}

/**
 * Sets `key` as an own property of `out`, even `__proto__`: a document may carry that key (JSON.parse
 * makes it an own property), and a plain assignment would set the copy's prototype instead, losing
 * the value from the report (or, for a string, silently dropping it).
 */
function setOwn(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}

/** True for a plain object (not an array, Buffer or class instance). */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** What the registered secrets compile to; rebuilt when a secret is added. */
interface Compiled {
  /** Every spelling of every secret (also what a cut may leave a piece of). */
  forms: LiteralSet;
  /** Registered short values right after a card or security code label (`CVV: 12`, `"CardPin":"Zq9"`). */
  labelled?: RegExp;
  /** The same values as the whole value of a query parameter or a header line. */
  placed?: RegExp;
  /** Whether a secret holds `*`, so a mask next to other characters could spell it. */
  starry: boolean;
  /** Characters around an escape read decoded: enough for the longest spelling and a label (see escapedParts). */
  reach: number;
}

/**
 * Masks secrets and card data in everything xborder outputs. Registered secrets are found in all
 * their spellings, also inside every decoded reading of the text (URL-encoded once or twice,
 * form-encoded, JSON-escaped, HTML entities, UTF-16); credentials, JWTs, card numbers, security
 * codes and sensitive JSON pairs are masked even when nobody registered them, in every reading too;
 * a piece of a registered secret that a cut left next to `…` is masked as well.
 */
export class Redactor {
  private readonly secrets = new Set<string>();
  private compiled: Compiled | undefined;
  /** Masked long texts (cleared when a secret or a name is added), oldest first; their size in memoBytes. */
  private readonly memo = new Map<string, string>();
  private memoBytes = 0;
  /** The credential names masked by name: the list (credential-names.ts) and the configuration's own. */
  private names: CredentialNames = BUILT_IN_NAMES;
  /** Spellings per secret, kept across recompilations (each signed JWT adds a secret mid-run). */
  private readonly formsOf = new Map<string, string[]>();

  constructor(secrets?: Iterable<string>) {
    for (const s of secrets ?? []) this.add(s);
  }

  /** Registers a secret; empty strings are ignored. */
  add(secret: string): void {
    if (!secret || this.secrets.has(secret)) return;
    this.secrets.add(secret);
    this.compiled = undefined;
    this.forget();
  }

  /**
   * Names the configuration gives a credential (a query-auth name `mkey`, a header-auth name):
   * masked by name in every view as the list's are, whatever the case (`MKEY=…`, `"Mkey": …`).
   */
  addNames(names: Iterable<string>): void {
    const added = [...names].filter((n) => n !== '' && !this.names.has(n));
    if (added.length === 0) return;
    this.names = new CredentialNames([...this.names.configured, ...added]);
    this.forget();
  }

  /** Empties the memo (what was masked before may mask differently now). */
  private forget(): void {
    this.memo.clear();
    this.memoBytes = 0;
  }

  /** Words of xborder's reports beyond the built-in ones (the check ids): never free-text masked. */
  private readonly ownWords = new Set<string>();

  /** Adds words xborder's reports are made of (check ids): a secret equal to one is masked only where its place is known. */
  addOwnWords(words: Iterable<string>): void {
    for (const w of words) this.ownWords.add(w.toLowerCase());
    this.compiled = undefined;
    this.forget();
  }

  /** A secret free text cannot tell from other words: too short, or one of xborder's own labels. */
  private isWeak(s: string): boolean {
    return s.length < MIN_FREE_TEXT || isOwnWord(s, this.ownWords);
  }

  /** Registers every secret `other` knows. */
  absorb(other: Redactor): void {
    for (const w of other.ownWords) this.ownWords.add(w);
    this.addNames(other.names.configured);
    for (const s of other.secrets) this.add(s);
  }

  private compile(): Compiled {
    if (this.compiled) return this.compiled;
    const forms = new Set<string>();
    const labelled = new Set<string>();
    for (const s of this.secrets) {
      // A secret made only of mask characters would be "found" again in its own mask.
      if (/^\**$/.test(s)) continue;
      if (this.isWeak(s)) {
        if (!/[\r\n]/.test(s)) labelled.add(s);
        continue;
      }
      let spellings = this.formsOf.get(s);
      if (!spellings) this.formsOf.set(s, (spellings = secretForms(s)));
      for (const f of spellings) forms.add(f);
    }
    const values = [...labelled].sort((a, b) => b.length - a.length).map(escapeRegExp);
    this.compiled = {
      forms: new LiteralSet(forms),
      labelled: values.length ? new RegExp(String.raw`${CODE_LABEL}(${values.join('|')})(?![A-Za-z0-9])`, 'gid') : undefined,
      // The whole value of a query parameter or a header line (`?key=header&`, `X-Key: header`), never a
      // word in a sentence or a table cell.
      placed: values.length ? new RegExp(String.raw`(?:(?<=[?&;]\w[\w.-]*=)|(?<=\w: ))(${values.join('|')})(?=$|[&#'"\s])`, 'gdm') : undefined,
      starry: [...this.secrets].some((s) => s.includes('*') && !this.isWeak(s)),
      reach: 0,
    };
    // A spelling decoded is at most 9 times as long as its secret (`%2540` for `@`); a rule's label is short.
    let longestSecret = 0;
    for (const s of this.secrets) longestSecret = Math.max(longestSecret, s.length);
    this.compiled.reach = Math.min(8192, Math.max(512, 9 * longestSecret, 2 * this.compiled.forms.longest));
    return this.compiled;
  }

  /** Spans of registered secrets in `s` (any spelling). */
  private secretSpans(s: string, c: Compiled, out: Span[]): void {
    for (const [start, end] of c.forms.matches(s)) out.push({ start, end, mask: MASK });
  }

  /** Spans of registered short values after a card or security code label. */
  private labelledSpans(s: string, c: Compiled, out: Span[]): void {
    if (c.placed) {
      for (const m of s.matchAll(c.placed)) {
        const at = m.indices?.[1];
        if (at) out.push({ start: at[0], end: at[1], mask: MASK });
      }
    }
    if (!c.labelled || !HAS_CODE_LABEL.test(s)) return;
    for (const m of s.matchAll(c.labelled)) {
      const at = m.indices?.[1];
      if (at) out.push({ start: at[0], end: at[1], mask: MASK });
    }
  }

  /**
   * Every span to mask in `s`: found in `s` itself and in each of its decoded views. With `clamp`,
   * a span found in a view ends before the original's next line break or unescaped quote.
   */
  private spansOf(s: string, clamp = false): Span[] {
    const c = this.compile();
    const collect = (text: string, out: Span[]) => {
      this.secretSpans(text, c, out);
      this.labelledSpans(text, c, out);
      // A loop, not push(...spans): a big body has more spans than a call takes arguments.
      for (const span of ruleSpans(text, this.names)) out.push(span);
    };
    const spans: Span[] = [];
    collect(s, spans);
    /** Spans found in `view` (of the text at `offset` of s), mapped back onto s. */
    const mapped = (view: View, offset: number, find: (text: string, out: Span[]) => void) => {
      const found: Span[] = [];
      find(view.text, found);
      // Quotes and backslashes in a mask belong to the view's own JSON, not to the original text.
      for (const span of found) {
        const [a, b] = originalSpan(view, span.start, span.end);
        const [start, end] = [offset + a, offset + b];
        const clamped = clamp ? withinRawString(s, start, end) : end;
        if (clamped > start) spans.push({ start, end: clamped, mask: span.mask.replace(/[\\"]/g, '') });
      }
    };
    const secretsOnly = (text: string, out: Span[]) => this.secretSpans(text, c, out);
    /** What the base64 of `view` hides: a registered secret's base64 across wrapped lines, card data in decoded base64. */
    const hidden = (view: View | undefined, text: string, offset: number) => {
      const unwrapped = unwrappedBase64(text);
      const base = unwrapped && view ? composeViews(view, unwrapped) : (unwrapped ?? view);
      if (unwrapped) mapped(base!, offset, secretsOnly);
      for (const decoded of base64Views(base?.text ?? text)) mapped(base ? composeViews(base, decoded) : decoded, offset, collect);
    };
    hidden(undefined, s, 0);
    for (const [offset, part] of escapedParts(s, c.reach)) {
      for (const view of decodedViews(part)) {
        mapped(view, offset, collect);
        // Base64 inside an escaped text (MIME lines in a JSON string, their CRLF written `\r\n`).
        hidden(view, view.text, offset);
      }
    }
    return spans;
  }

  /** Pieces of registered secrets that a cut left next to `…`: the end of a prefix before it, the start of a suffix after it. */
  private cutPieceSpans(s: string, c: Compiled): Span[] {
    const spans: Span[] = [];
    if (c.forms.size === 0 || !s.includes(CUT_MARK)) return spans;
    for (let at = s.indexOf(CUT_MARK); at >= 0; at = s.indexOf(CUT_MARK, at + 1)) {
      const before = c.forms.prefixEndingAt(s, at, MIN_PIECE);
      if (before) spans.push({ start: at - before, end: at, mask: MASK });
      const after = at + CUT_MARK.length;
      const piece = c.forms.suffixStartingAt(s, after, MIN_PIECE);
      if (piece) spans.push({ start: after, end: after + piece, mask: MASK });
    }
    return spans;
  }

  /**
   * `s` masked, with the replacements made (in passes: the spans, then secrets a mask next to a
   * `*` could spell, then pieces left by a cut) so offsets of `s` can be mapped into the result.
   */
  private mask(s: string): { text: string; passes: Applied[][] } {
    const passes: Applied[][] = [];
    const c = this.compile();
    const pass = (text: string, spans: Span[]): string => {
      const applied: Applied[] = [];
      const out = applySpans(text, spans, applied);
      if (applied.length) passes.push(applied);
      return out;
    };
    let out = pass(s, this.spansOf(s));
    if (/^\s*[[{]/.test(s) && !isJson(out) && isJson(s)) {
      passes.length = 0;
      out = pass(s, this.spansOf(s, true));
    }
    for (let i = 0; c.starry && i < 3; i++) {
      const spans: Span[] = [];
      this.secretSpans(out, c, spans);
      const next = pass(out, spans);
      if (next === out) break;
      out = next;
    }
    out = pass(out, this.cutPieceSpans(out, c));
    return { text: out, passes };
  }

  /** Masks free text: registered secrets, credentials, JWTs, card numbers (last 4 kept), security codes, sensitive JSON pairs. */
  text(s: string): string {
    if (!s) return s;
    // A report masks the same long text more than once (a body in each failed check's JUnit entry).
    if (s.length < MEMO_MIN) return this.mask(s).text;
    const known = this.memo.get(s);
    if (known !== undefined) return known;
    const out = this.mask(s).text;
    const bytes = 2 * (s.length + out.length);
    if (bytes > MEMO_BYTES / 4) return out;
    while (this.memoBytes + bytes > MEMO_BYTES) {
      const [oldest, masked] = this.memo.entries().next().value!;
      this.memo.delete(oldest);
      this.memoBytes -= 2 * (oldest.length + masked.length);
    }
    this.memo.set(s, out);
    this.memoBytes += bytes;
    return out;
  }

  /** Like text(), and where each of `offsets` (of `s`) lies in the masked text. */
  textWithOffsets(s: string, offsets: number[]): { text: string; offsets: number[] } {
    if (!s) return { text: s, offsets };
    const { text, passes } = this.mask(s);
    return { text, offsets: offsets.map((o) => passes.reduce((at, applied) => mapOffset(at, applied), o)) };
  }

  /**
   * Registers every value that json() masks by its key (CardPin, CVVNumber, Password, card numbers,
   * CardFields but CardId ...) in `doc`, so the same value is also masked where it comes back as
   * free text: an endpoint echoing the request in its error message, a flattened table row.
   */
  addFromJson(doc: unknown): void {
    // Deeper than MAX_WALK_DEPTH nothing is learnt (no payload nests so deep; the text rules still apply).
    const addValue = (v: unknown, depth: number): void => {
      if (typeof v === 'string' || typeof v === 'number') this.add(String(v));
      else if (depth >= MAX_WALK_DEPTH) return;
      else if (Array.isArray(v)) for (const x of v) addValue(x, depth + 1);
      else if (isPlainObject(v)) for (const x of Object.values(v)) addValue(x, depth + 1);
    };
    const visit = (v: unknown, depth: number): void => {
      if (depth >= MAX_WALK_DEPTH) return;
      if (Array.isArray(v)) for (const x of v) visit(x, depth + 1);
      else if (isPlainObject(v)) {
        for (const [k, x] of Object.entries(v)) {
          const key = k.toLowerCase();
          if (key === 'cardfields' && isPlainObject(x)) {
            for (const [fk, fv] of Object.entries(x)) if (fk.toLowerCase() !== 'cardid') addValue(fv, depth + 2);
          } else if (this.names.hasKey(k)) addValue(x, depth + 1);
          // A real card number is found in free text by its Luhn digit, which keeps its last 4 readable.
          else if (CARD_NUMBER_KEYS.has(key)) {
            if (!(typeof x === 'string' || typeof x === 'number') || !isCardLike(String(x))) addValue(x, depth + 1);
          } else visit(x, depth + 1);
        }
      }
    };
    visit(doc, 0);
  }

  private isShortSecret(s: string): boolean {
    return this.secrets.has(s) && this.isWeak(s);
  }

  /**
   * `value` masked as json() masks it at its place in a document: under the keys `path` names
   * (PaymentDetails > CardNumber, CardFields > any field), where the keys above it decide as much as
   * the value does. For a single value reported apart from its document (a finding's actual value).
   */
  jsonAt(value: unknown, path: readonly string[]): unknown {
    // A computed key makes an own property, even for "__proto__".
    let masked = this.json(path.reduceRight<unknown>((inner, token) => ({ [token]: inner }), value));
    for (const token of path) {
      // An ancestor masked whole (a card-fields value, a credential-named block) hides this value too.
      if (masked === null || typeof masked !== 'object') return masked;
      masked = (masked as Record<string, unknown>)[token];
    }
    return masked;
  }

  /** A deep copy of a JSON-like value with secret keys masked and every string passed through text(). */
  json<T>(value: T): T {
    return this.walk(value, 0) as T;
  }

  private walk(value: unknown, depth: number): unknown {
    if (typeof value === 'string') return this.isShortSecret(value) ? MASK : this.text(value);
    // A hostile document nested thousands deep would overflow the stack: its depths are masked whole.
    if (depth >= MAX_WALK_DEPTH && value !== null && typeof value === 'object') return MASK;
    if (Array.isArray(value)) return value.map((v) => this.walk(v, depth + 1));
    if (!isPlainObject(value)) return value;
    const out: Record<string, unknown> = {};
    const put = (k: string, v: unknown): void => setOwn(out, k, v);
    for (const [k, v] of Object.entries(value)) {
      const key = k.toLowerCase();
      if (v === null || v === undefined) put(k, v);
      // xborder's own labels (a case's endpoint, variant and auth mode, a check's id) are never a
      // secret's place: one equal to a weak secret stays readable; a long secret in them is still masked.
      else if (typeof v === 'string' && (LABEL_KEYS.has(k) || (k === 'id' && 'status' in value && 'findings' in value))) put(k, this.text(v));
      else if (key === 'cardfields' && isPlainObject(v)) {
        // Card fields vary by card program; only the card id is safe to show.
        put(k, Object.fromEntries(Object.entries(v).map(([fk, fv]) => [fk, fk.toLowerCase() === 'cardid' ? this.walk(fv, depth + 2) : fv == null ? fv : MASK])));
      } else if (CARD_NUMBER_KEYS.has(key) && (typeof v === 'string' || typeof v === 'number')) put(k, maskCardNumber(String(v)));
      // A credential-shaped name (`apiSecret`, `x-hmac-sha256`, `sessionToken`) is masked whatever its value.
      else if (this.names.hasKey(k)) put(k, MASK);
      else put(k, this.walk(v, depth + 1));
    }
    return out;
  }

  /** True when `v` carries a registered secret in any spelling or reading. */
  private carriesSecret(v: string): boolean {
    const c = this.compile();
    if (c.forms.size === 0) return false;
    const found: Span[] = [];
    this.secretSpans(v, c, found);
    for (const view of decodedViews(v)) this.secretSpans(view.text, c, found);
    return found.length > 0;
  }

  /** Headers with credentials masked: every credential name (Authorization, cookies, `x-hmac-sha256`, `X-Auth`, configured names), and any header carrying a registered secret. */
  headers<H extends Record<string, string | string[] | undefined>>(h: H): H {
    const out: Record<string, string | string[] | undefined> = {};
    const one = (name: string, v: string): string => {
      if (this.names.has(name) || this.secrets.has(v.trim())) return MASK;
      // A value that carries a registered secret anywhere is hidden whole: its remainder may be a hint.
      return this.carriesSecret(v) ? MASK : this.text(v);
    };
    for (const [k, v] of Object.entries(h)) {
      setOwn(out, k, v === undefined ? v : Array.isArray(v) ? v.map((x) => one(k, x)) : one(k, v));
    }
    return out as H;
  }
}
