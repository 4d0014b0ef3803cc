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

/** Whether `key` ends with `suffix` (lower-case ASCII letters) in any ASCII case, without a lower-cased copy. */
function endsWithFolded(key: string, suffix: string): boolean {
  const start = key.length - suffix.length;
  if (start < 0) return false;
  for (let i = 0; i < suffix.length; i++) {
    // `| 0x20` folds only an ASCII upper-case letter onto its lower case here: the suffix is letters.
    if ((key.charCodeAt(start + i) | 0x20) !== suffix.charCodeAt(i)) return false;
  }
  return true;
}

/**
 * The category of a property name, judged from its end (`...CurrencyCode`, `...Email`, `...Url`),
 * case-insensitively except for the last letter, which must be e (Code), l (Email, Url) or L (URL).
 * Comparing ASCII letters folded is what lower-casing the key did: the only characters whose lower
 * case holds an ASCII letter are those letters, K (KELVIN SIGN, to k) and İ (to i + a combining dot).
 */
export function categoryOf(key: string): Category | undefined {
  const last = key.charCodeAt(key.length - 1);
  if (last === 101) {
    if (endsWithFolded(key, 'currencycode')) return 'currency';
    if (endsWithFolded(key, 'countrycode')) return 'country';
  } else if (last === 108 || last === 76) {
    if (endsWithFolded(key, 'email')) return 'email';
    if (endsWithFolded(key, 'url')) return 'url';
  }
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

// The fast verdicts below say true only where judge() certainly finds nothing; false leaves the value
// to judge(). They read the value as sent: most values are valid as written, and the encoded ones
// are matched by the same pattern spelt over encoded characters, so the common value costs one
// regular expression, not two plus decodeURIComponent and the copy it makes (most of the scan's cost
// on documents whose contacts travel encoded).

/** Regex source of a class of character codes, runs written as ranges. */
function charClass(codes: number[]): string {
  const hex = (c: number): string => `\\x${c.toString(16).padStart(2, '0')}`;
  let source = '';
  for (let i = 0; i < codes.length; ) {
    let j = i;
    while (j + 1 < codes.length && codes[j + 1] === codes[j] + 1) j++;
    source += j === i ? hex(codes[i]) : `${hex(codes[i])}-${hex(codes[j])}`;
    i = j + 1;
  }
  return `[${source}]`;
}

/** The character codes of the hex digits of `values` (0-15), in either case, sorted. */
function hexDigitCodes(values: number[]): number[] {
  const digits = values.flatMap((v) => (v < 10 ? [String(v)] : [v.toString(16), v.toString(16).toUpperCase()]));
  return digits.map((d) => d.charCodeAt(0)).sort((x, y) => x - y);
}

/** Regex source of `%XX` for one character. */
function escapeOf(c: number): string {
  return `%${c >> 4}${charClass(hexDigitCodes([c & 15]))}`;
}

/**
 * Regex source of one character of a form-encoded value that decodes to a printable ASCII character
 * (not a space) outside `except`: the character itself (but `%`, and `+`, a space decoded) or its
 * `%XX` escape. Over such characters decodeURIComponent cannot throw, and trimming its result or
 * matching `\s` in it changes nothing.
 */
function encodedChar(except: string): string {
  const raw: number[] = [];
  const escapes: string[] = [];
  for (let high = 2; high < 8; high++) {
    const lows: number[] = [];
    for (let low = 0; low < 16; low++) {
      const c = (high << 4) | low;
      if (c < 0x21 || c > 0x7e || except.includes(String.fromCharCode(c))) continue;
      lows.push(low);
      if (c !== 0x25 && c !== 0x2b) raw.push(c);
    }
    escapes.push(`${high}${charClass(hexDigitCodes(lows))}`);
  }
  return `(?:${charClass(raw)}|%(?:${escapes.join('|')}))`;
}

/** Regex source of one character sent as itself or escaped. */
function either(c: string): string {
  return `(?:${charClass([c.charCodeAt(0)])}|${escapeOf(c.charCodeAt(0))})`;
}

/** EMAIL over encoded characters: a value it matches is valid decoded (and often as written). */
const ENCODED_EMAIL = new RegExp(`^${encodedChar('@')}+${either('@')}${encodedChar('@')}+${either('.')}${encodedChar('@.')}{2,}$`);

/** PLAIN_URL over encoded characters (the scheme's letters and the host as written). */
const ENCODED_URL = new RegExp(
  `^[Hh][Tt][Tt][Pp][Ss]?${either(':')}${either('/')}{2}[A-Za-z0-9.-]+(?:${either(':')}[0-9]+)?(?:(?:[/?#]|${escapeOf(0x2f)}|${escapeOf(0x3f)}|${escapeOf(0x23)})${encodedChar('')}*)?$`,
);

/** True when judge(category, raw) certainly finds nothing: valid as written or once decoded. */
function passes(category: Category, raw: string): boolean {
  if (category === 'currency') return isCurrencyCode(raw);
  if (category === 'country') return isCountryCode(raw);
  // An e-mail address: the encoded form first, it holds the unencoded common case too (a raw `+`
  // aside). A URL: as written first, its regex is the cheaper on a long unencoded path and fails an
  // encoded URL at its scheme.
  if (category === 'email') return ENCODED_EMAIL.test(raw) || EMAIL.test(raw);
  return PLAIN_URL.test(raw) || ENCODED_URL.test(raw);
}

/**
 * Tokens of the containers being walked, by depth: set on the way down, read only to name a finding,
 * so the common case (a leaf that is fine, or not a tagged string) costs no bookkeeping. One array for
 * every scan: a scan runs to its end before the next starts, and depth d only reads tokens below d.
 */
const tokens: (string | number)[] = [];

/** Judges in full a value the fast verdict left open; a finding is named by the tokens above `depth` and `last`. */
function report(scan: StringScan, depth: number, category: Category, raw: string, last: string | number): void {
  const problem = judge(category, raw);
  if (!problem) return;
  let path = '';
  for (let i = 0; i < depth; i++) path += `/${escapeToken(tokens[i])}`;
  path += `/${escapeToken(last)}`;
  (category === 'currency' || category === 'country' ? scan.codes : scan.contacts).push({ path, ...problem });
}

/** The generic walk of an array: its strings are judged by `category`, the array's property's. */
function walkArray(list: unknown[], category: Category | undefined, scan: StringScan, depth: number): void {
  for (let i = 0; i < list.length; i++) {
    const value = list[i];
    if (typeof value === 'string') {
      if (category !== undefined && !passes(category, value)) report(scan, depth, category, value, i);
    } else if (value !== null && typeof value === 'object') {
      tokens[depth] = i;
      if (Array.isArray(value)) walkArray(value, category, scan, depth + 1);
      else walkObject(value as Record<string, unknown>, scan, depth + 1);
    }
  }
}

/** The generic walk of an object: every property, judged by its name. */
function walkObject(node: Record<string, unknown>, scan: StringScan, depth: number): void {
  // for...in, not Object.keys: V8 reads node[key] from its enum cache (see decode/encoded-fields.ts).
  for (const key in node) {
    const value = node[key];
    if (typeof value === 'string') {
      const category = categoryOf(key);
      if (category !== undefined && !passes(category, value)) report(scan, depth, category, value, key);
    } else if (value !== null && typeof value === 'object') {
      tokens[depth] = key;
      if (Array.isArray(value)) walkArray(value, categoryOf(key), scan, depth + 1);
      else walkObject(value as Record<string, unknown>, scan, depth + 1);
    }
  }
}

/** The walk of a value (an object or an array) of one shape node, at `depth` tokens from the root. */
type Walker = (value: object, scan: StringScan, depth: number) => void;

/** What the compiled walkers call besides each other: the judging and the generic walks. */
const RUNTIME = { passes, report, walkArray, walkObject };

/**
 * The source of the walker of one node of the plan. Each property is read by a constant name (the
 * names come from the shipped schemas, quoted as JSON string literals), so V8 gives every read its
 * own inline cache, absent properties included: read by names from a list (one keyed load shared by
 * every node of every payload) the reads made the scan about a tenth slower. Each value is judged
 * where it is read, so nothing is allocated per object.
 */
function walkerSource(node: ShapeNode, index: number, relevant: readonly boolean[]): string {
  if (node.open === true) {
    return `function w${index}(o, s, d) { if (Array.isArray(o)) walkArray(o, undefined, s, d); else walkObject(o, s, d); }`;
  }
  const items = node.items !== undefined && relevant[node.items] ? node.items : undefined;
  const lines = [
    items === undefined
      ? 'if (Array.isArray(o)) return;'
      : `if (Array.isArray(o)) { for (let i = 0; i < o.length; i++) { const v = o[i]; if (v !== null && typeof v === "object") { tokens[d] = i; w${items}(v, s, d + 1); } } return; }`,
    'let v;',
  ];
  // The tagged properties first, then the descended ones, each in the schema's order (the findings' order).
  for (const name of node.props ?? []) {
    const category = categoryOf(name);
    if (category === undefined) continue;
    const key = JSON.stringify(name);
    const tag = JSON.stringify(category);
    lines.push(
      `v = o[${key}];`,
      `if (typeof v === "string") { if (!passes(${tag}, v)) report(s, d, ${tag}, v, ${key}); }`,
      `else if (Array.isArray(v)) { tokens[d] = ${key}; walkArray(v, ${tag}, s, d + 1); }`,
    );
  }
  for (const [name, child] of Object.entries(node.children ?? {})) {
    if (!relevant[child]) continue;
    const key = JSON.stringify(name);
    lines.push(`v = o[${key}];`, `if (v !== null && typeof v === "object") { tokens[d] = ${key}; w${child}(v, s, d + 1); }`);
  }
  return `function w${index}(o, s, d) {\n${lines.join('\n')}\n}`;
}

const plans = new WeakMap<readonly ShapeNode[], Walker>();

/**
 * The walker of a shape graph's root (compiled once per schema). It visits the parts that can hold
 * judged strings: a node is relevant when it has tagged properties, is open, or leads to a relevant
 * node (a fixpoint: graphs have cycles); the walkers of the others are never called.
 */
function planFor(shape: readonly ShapeNode[]): Walker {
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
  const sources = shape.flatMap((n, i) => (relevant[i] ? [walkerSource(n, i, relevant)] : []));
  const body = `${sources.join('\n')}\nreturn w0;`;
  const walker = relevant[0] ? (new Function('tokens', ...Object.keys(RUNTIME), body)(tokens, ...Object.values(RUNTIME)) as Walker) : () => undefined;
  plans.set(shape, walker);
  return walker;
}

/** Scans `doc`, once per validation when a context is given. */
export function scanStrings(doc: unknown, context?: RuleContext): StringScan {
  if (doc === null || typeof doc !== 'object') return { codes: [], contacts: [] };
  const hit = context?.memo.get('string-scan') as StringScan | undefined;
  if (hit) return hit;
  const scan: StringScan = { codes: [], contacts: [] };
  // Guided by the schema: only the documented paths that can hold a judged string.
  if (context?.shape) planFor(context.shape)(doc, scan, 0);
  else if (Array.isArray(doc)) walkArray(doc, undefined, scan, 0);
  else walkObject(doc as Record<string, unknown>, scan, 0);
  context?.memo.set('string-scan', scan);
  return scan;
}
