/**
 * One walk over a document for the rules that judge strings by the name of their property (ISO codes,
 * e-mails, URLs): the walk is the costly part on long NDJSON inputs, so it is done once per validation
 * and its findings are shared through the rule context. Given the schema's shape (as validatePayload
 * does), it visits documented properties only; without it, every property by its name.
 */
import type { Finding } from '../model.js';
import { decodeValue, formDecode } from '../decode/form-decode.js';
import { escapeToken } from '../validation/pointer.js';
import { clipped, quoted } from '../validation/shown.js';
import { isCountryCode, isCurrencyCode } from './iso-codes.js';
import type { RuleContext } from './types.js';
import type { ShapeNode } from '../validation/compiled.js';

/** Findings of the scan, by rule. */
export interface StringScan {
  codes: Finding[];
  contacts: Finding[];
}

type Category = 'currency' | 'country' | 'email' | 'url';

// Deliberately loose (RFC 5322 allows far more): one @, no spaces, a dot in the domain.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;
// The common case of an absolute http(s) URL, decided without the (much slower) URL parser.
const PLAIN_URL = /^https?:\/\/[A-Za-z0-9.-]+(:\d+)?([/?#][^\s]*)?$/i;

/** True for an absolute http(s) URL with a host. */
export function isWebUrl(text: string): boolean {
  if (PLAIN_URL.test(text)) return true;
  if (!/^https?:/i.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** True for a plausible e-mail address. */
export function isEmail(text: string): boolean {
  return EMAIL.test(text);
}

/** The category of a property name, judged from its end (`...CurrencyCode`, `...Email`, `...Url`). */
function categoryOf(key: string): Category | undefined {
  const n = key.length;
  if (n < 3) return undefined;
  const last = key.charCodeAt(n - 1);
  // Cheap first test on the last letter: e (Code), l (Email, Url), L (URL).
  if (last !== 101 && last !== 108 && last !== 76) return undefined;
  const lower = key.toLowerCase();
  if (lower.endsWith('currencycode')) return 'currency';
  if (lower.endsWith('countrycode')) return 'country';
  if (lower.endsWith('email')) return 'email';
  if (lower.endsWith('url')) return 'url';
  return undefined;
}

/**
 * The value form-decoded. The native decoder handles the common well-formed case fast; formDecode
 * (which never throws and keeps bad sequences) takes the rest.
 */
function decoded(raw: string): string {
  if (!raw.includes('%') && !raw.includes('+')) return raw;
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return formDecode(raw).value;
  }
}

function judge(category: Category, raw: string): Omit<Finding, 'path'> | undefined {
  if (category === 'currency' || category === 'country') {
    // Most codes are sent as the code itself: known as written, nothing to decode or normalise.
    if (category === 'currency' ? isCurrencyCode(raw) : isCountryCode(raw)) return undefined;
    const code = decoded(raw).trim().toUpperCase();
    if (code === '' || (category === 'currency' ? isCurrencyCode(code) : isCountryCode(code))) return undefined;
    return category === 'currency'
      ? { message: `${quoted(raw)} is not an ISO 4217 currency code`, expected: 'ISO 4217 currency code (e.g. EUR)', actual: clipped(raw), severity: 'error' }
      : { message: `${quoted(raw)} is not an ISO 3166-1 alpha-2 country code`, expected: 'ISO 3166-1 alpha-2 country code (e.g. DE)', actual: clipped(raw), severity: 'error' };
  }
  const text = raw.trim();
  if (text === '') return undefined;
  const valid = category === 'email' ? isEmail : isWebUrl;
  // A value valid as written passes (a `+` the sender did not encode); else it is judged decoded.
  if (valid(text)) return undefined;
  const plain = decoded(text).trim();
  if (valid(plain)) return undefined;
  const what = category === 'email' ? 'e-mail address' : 'http(s) URL';
  const expected = category === 'email' ? 'an e-mail address (name@domain.tld)' : 'an absolute http(s) URL';
  // Valid only after a second decode: the sender encoded an encoded value (%2540 for @).
  const twice = decodeValue(text);
  if (twice.doubleEncoded && valid(twice.value.trim())) {
    return { message: `URL-encoded twice: decoded once it reads ${quoted(plain)}, not a valid ${what} (encode the value once)`, expected, actual: clipped(raw), severity: 'error' };
  }
  return {
    message: `${quoted(plain)} is not a valid ${what}${plain !== text ? ' (after URL-decoding)' : ''}`,
    expected,
    actual: clipped(raw),
    severity: 'error',
  };
}

/** A shape node reduced to what the scan needs. */
interface ScanNode {
  /** Documented properties whose name makes their strings judged. */
  tagged: [string, Category][];
  /** Documented properties whose value may hold judged strings deeper down. */
  descend: [string, number][];
  items?: number;
  open: boolean;
  /** The values of the tagged then the descended properties of an object of this node, in that order. */
  read: (object: Record<string, unknown>) => unknown[];
}

/**
 * A reader of `names` compiled for one shape node (the names come from the shipped schemas, quoted
 * as JSON string literals). Each property is read by a constant name, so V8 gives every read its own
 * inline cache, absent properties included; read by names from a list (one keyed load shared by
 * every node of every payload) the same reads made the scan about a tenth slower.
 */
function compileReader(names: string[]): ScanNode['read'] {
  return new Function('o', `return [${names.map((name) => `o[${JSON.stringify(name)}]`).join(', ')}];`) as ScanNode['read'];
}

const plans = new WeakMap<readonly ShapeNode[], ScanNode[]>();

/**
 * Which parts of a shape graph can hold judged strings (computed once per schema): a node is relevant
 * when it has tagged properties, is open, or leads to a relevant node (a fixpoint: graphs have cycles).
 */
function planFor(shape: readonly ShapeNode[]): ScanNode[] {
  const cached = plans.get(shape);
  if (cached) return cached;
  const relevant = shape.map((n) => n.open === true || (n.props ?? []).some((p) => categoryOf(p) !== undefined));
  for (let changed = true; changed; ) {
    changed = false;
    shape.forEach((n, i) => {
      if (relevant[i]) return;
      const next = [...Object.values(n.children ?? {}), ...(n.items === undefined ? [] : [n.items])];
      if (next.some((c) => relevant[c])) relevant[i] = changed = true;
    });
  }
  const plan = shape.map((n): ScanNode => {
    const tagged = (n.props ?? []).flatMap((p): [string, Category][] => {
      const c = categoryOf(p);
      return c ? [[p, c]] : [];
    });
    const descend = Object.entries(n.children ?? {}).filter(([, c]) => relevant[c]);
    return {
      tagged,
      descend,
      items: n.items !== undefined && relevant[n.items] ? n.items : undefined,
      open: n.open === true,
      read: compileReader([...tagged.map(([name]) => name), ...descend.map(([name]) => name)]),
    };
  });
  plans.set(shape, plan);
  return plan;
}

/** Scans `doc`, once per validation when a context is given. */
export function scanStrings(doc: unknown, context?: RuleContext): StringScan {
  if (doc === null || typeof doc !== 'object') return { codes: [], contacts: [] };
  const hit = context?.memo.get('string-scan') as StringScan | undefined;
  if (hit) return hit;
  const scan: StringScan = { codes: [], contacts: [] };
  // Tokens of the container being walked; leaves add their own token only when they fail, so the
  // common case (a leaf that is fine, or not a tagged string) costs no bookkeeping.
  const tokens: (string | number)[] = [];
  const report = (category: Category, raw: string, last: string | number): void => {
    const problem = judge(category, raw);
    if (!problem) return;
    const path = [...tokens, last].map((t) => `/${escapeToken(t)}`).join('');
    (category === 'currency' || category === 'country' ? scan.codes : scan.contacts).push({ path, ...problem });
  };
  const walkArray = (list: unknown[], category: Category | undefined): void => {
    for (let i = 0; i < list.length; i++) {
      const value = list[i];
      if (typeof value === 'string') {
        if (category !== undefined) report(category, value, i);
      } else if (value !== null && typeof value === 'object') {
        tokens.push(i);
        if (Array.isArray(value)) walkArray(value, category);
        else walkObject(value as Record<string, unknown>);
        tokens.pop();
      }
    }
  };
  const walkObject = (node: Record<string, unknown>): void => {
    // for...in, not Object.keys: V8 reads node[key] from its enum cache (see decode/encoded-fields.ts).
    for (const key in node) {
      const value = node[key];
      if (typeof value === 'string') {
        const category = categoryOf(key);
        if (category !== undefined) report(category, value, key);
      } else if (value !== null && typeof value === 'object') {
        tokens.push(key);
        if (Array.isArray(value)) walkArray(value, categoryOf(key));
        else walkObject(value as Record<string, unknown>);
        tokens.pop();
      }
    }
  };
  // Guided by the schema: only the documented paths that can hold a judged string.
  const walkShaped = (value: unknown, node: ScanNode, plan: ScanNode[]): void => {
    if (value === null || typeof value !== 'object') return;
    if (node.open) {
      if (Array.isArray(value)) walkArray(value, undefined);
      else walkObject(value as Record<string, unknown>);
      return;
    }
    if (Array.isArray(value)) {
      if (node.items === undefined) return;
      for (let i = 0; i < value.length; i++) {
        tokens.push(i);
        walkShaped(value[i], plan[node.items], plan);
        tokens.pop();
      }
      return;
    }
    const values = node.read(value as Record<string, unknown>);
    // Indexed loops over the plan's tuples: iterator destructuring cost as much as the lookups.
    const tagged = node.tagged;
    for (let t = 0; t < tagged.length; t++) {
      const name = tagged[t][0];
      const v = values[t];
      if (typeof v === 'string') report(tagged[t][1], v, name);
      else if (Array.isArray(v)) {
        tokens.push(name);
        walkArray(v, tagged[t][1]);
        tokens.pop();
      }
    }
    const descend = node.descend;
    for (let d = 0; d < descend.length; d++) {
      const [name, child] = descend[d];
      const v = values[tagged.length + d];
      if (v === null || typeof v !== 'object') continue;
      tokens.push(name);
      walkShaped(v, plan[child], plan);
      tokens.pop();
    }
  };
  if (context?.shape) {
    const plan = planFor(context.shape);
    walkShaped(doc, plan[0], plan);
  } else if (Array.isArray(doc)) walkArray(doc, undefined);
  else walkObject(doc as Record<string, unknown>);
  context?.memo.set('string-scan', scan);
  return scan;
}
