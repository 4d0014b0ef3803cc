import { JsonScan } from './json-safe.js';
import { applySpans, type Span } from './spans.js';
import { BUILT_IN_NAMES, isCredentialName, type CredentialNames } from './credential-names.js';

export { isCredentialName } from './credential-names.js';

/**
 * Free-text rules that need no registered secret: credentials after `Authorization:`, `Bearer` and
 * `Basic` values, JWT-looking tokens, sensitive JSON key/value pairs, card and security codes after
 * their label, URL passwords, credential query parameters, and card numbers. Each rule only FINDS
 * the spans to mask (`ruleSpans`); one applier replaces them. So the same rules run on every
 * decoded view of a text (see views.ts) and the spans they find there mask the original.
 */

/** How every masked value renders. */
export const MASK = '****';

/** Keys holding a card number (last 4 digits kept). */
export const CARD_NUMBER_KEYS: ReadonlySet<string> = new Set(['cardnumber', 'pan', 'creditcardnumber']);

/**
 * Query, form and cart parameter names are asked the one list of credential names
 * (credential-names.ts), as every other view is: `api_key`, `accessKey`, `X-Api-Key`, `userPin`.
 */
export const isSecretParam: (name: string) => boolean = isCredentialName;

/** Header names are asked the one list too (`x-hmac-sha256`, `X-Session`, `X-Auth`, `X-User-Pin`, `Cookie`). */
export const isCredentialHeader: (name: string) => boolean = isCredentialName;

/** True when the digits pass the Luhn check every payment card number passes. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A card number masked but for its last 4 digits (`************1111`). */
export function maskCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length > 4 ? '*'.repeat(digits.length - 4) + digits.slice(-4) : MASK;
}

// The credential after an Authorization name, in its three usual settings; a leading scheme word stays readable.
const AUTH_NAME = String.raw`\b(?:proxy-)?authorization\b["']?\s*`;
const SCHEME = String.raw`((?:(?:Bearer|Basic|Digest|Token|JWT|Negotiate|NTLM)\s+)?)`;
/** Quoted value (JSON, logs): up to the closing quote. Group 4 is the value. */
const AUTH_QUOTED = new RegExp(String.raw`(${AUTH_NAME}[:=]\s*)(["'])${SCHEME}((?:(?!\2)[^\r\n])*)`, 'gid');
/** Header line `Authorization: value`; where the value ends is decided in authHeaderSpans. */
const AUTH_HEADER = new RegExp(String.raw`${AUTH_NAME}:(?![ \t]*["'])[ \t]*${SCHEME}`, 'gi');
/** Query or form parameter: up to the next & or space. Group 3 is the value. */
const AUTH_PARAM = new RegExp(String.raw`(${AUTH_NAME}=)(?![ \t]*["'])()([^&\s]*)`, 'gid');
const HAS_AUTHORIZATION = /authorization/i;
const BEARER = /\b(Bearer)(\s+)([A-Za-z0-9\-._~+/]+=*)/gid;
// `+` and a length test, not `{4,}`: V8 runs out of stack repeating a counted class over megabytes.
const BASIC = /\b(Basic)(\s+)([A-Za-z0-9+/]+={0,2})/gid;
function isBase64UrlChar(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45 || c === 95;
}

/** The end of the run of base64url characters starting at `i`. */
function base64UrlRunEnd(s: string, i: number): number {
  while (i < s.length && isBase64UrlChar(s.charCodeAt(i))) i++;
  return i;
}

/**
 * JWTs in `s` (what `/eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\/g` matches): base64url of
 * `{"` opens one. No word boundary before it: a token glued to other text (`Bearer%20eyJ...`,
 * `token=eyJ...`) is a token all the same. A scan, not that regex: base64 of a JSON echo holds
 * `eyJ` every few dozen characters, and the regex read the rest of the run from each one
 * (quadratic: a 1 MiB echo took minutes). A start inside a run that failed fails the same way, so
 * the scan moves past it.
 */
function jwtSpans(s: string, spans: Span[]): void {
  for (let i = s.indexOf('eyJ'); i >= 0; ) {
    const head = base64UrlRunEnd(s, i + 3);
    const body = head > i + 3 && s.charCodeAt(head) === 46 ? base64UrlRunEnd(s, head + 1) : -1;
    if (body > head + 1 && s.charCodeAt(body) === 46) {
      const end = base64UrlRunEnd(s, body + 1);
      spans.push({ start: i, end, mask: MASK });
      i = s.indexOf('eyJ', end);
    } else i = s.indexOf('eyJ', Math.max(i + 1, head));
  }
}
// JSON key/value pairs, also as escaped JSON inside a JSON string (`\\"CardPin\\":\\"12\\"`, an endpoint
// echoing the request in an error text): group 1 is the backslashes before every quote of the pair.
const keyAlternation = (keys: Iterable<string>) => [...keys].join('|');
const VALUE = String.raw`(?:\1"((?:[^"\\]|\\.)*?)\1"|(-?\d+(?:\.\d+)?))`;

/** What the free-text rules compile from one set of credential names. */
interface NameRules {
  /** A name holding a word of the list somewhere: the cheap test before the rules below run. */
  hasWord: RegExp;
  /**
   * A JSON pair whose key holds a word of the list (`"requestSignature": "…"`, `\\"userPin\\":…`):
   * group 2 is the key, asked CredentialNames.has; groups 3 and 4 the value as in VALUE. Keys are
   * bounded (64 characters either side of the word) so the engine never backtracks far.
   */
  jsonPair: RegExp;
}

const compiledNames = new WeakMap<CredentialNames, NameRules>();

function rulesOf(names: CredentialNames): NameRules {
  let rules = compiledNames.get(names);
  if (!rules) {
    rules = {
      hasWord: new RegExp(names.wordSource, 'i'),
      jsonPair: new RegExp(
        String.raw`(\\*)"([A-Za-z0-9_.$@-]{0,64}?(?:${names.wordSource})[A-Za-z0-9_.$@-]{0,64})\1"\s*:\s*(?:\1"((?:[^"\\]|\\.)*?)\1"|(-?\d+(?:\.\d+)?|true|false))`,
        'gid',
      ),
    };
    compiledNames.set(names, rules);
  }
  return rules;
}

/** An Authorization value's scheme word, which stays readable (`Bearer ****`). */
const SCHEME_WORD = /^(?:Bearer|Basic|Digest|Token|JWT|Negotiate|NTLM)\s+/i;
/** A header line (`x-hmac-sha256: value`, `X-User-Pin: 1234`, a dump): the value runs to the end of the line or a quote. */
const HEADER_LINE = /^([ \t]*)([A-Za-z][A-Za-z0-9_-]{0,80})[ \t]*:[ \t]*([^\r\n"']*)/gdm;
const JSON_CARD = new RegExp(String.raw`(\\*)"(?:${keyAlternation(CARD_NUMBER_KEYS)})\1"\s*:\s*${VALUE}`, 'gid');
const JSON_CARD_FIELDS = /(\\*)"cardfields\1"\s*:\s*\{([^{}]*)\}/gid;
/** Every key/value pair inside a CardFields object whose quotes carry `esc` before them. */
const pairsAt = (esc: string) => {
  const e = esc.replace(/\\/g, '\\\\');
  return new RegExp(String.raw`${e}"((?:[^"\\]|\\.)*?)${e}"\s*:\s*(?:${e}"((?:[^"\\]|\\.)*?)${e}"|(-?\d+(?:\.\d+)?))`, 'gd');
};
/**
 * A card or security code after its label in free text (`CVV: 123`, `security code 9173`,
 * `CardPin=4321`, `<pin>4321`): 3 to 12 digits. Other values after a label are masked when registered (see
 * labelledSpans), so `the CVV: missing` stays readable; at a line's start, `CVV: …` is a header line,
 * masked whole as every credential name's.
 */
export const CODE_LABEL = String.raw`(?<![A-Za-z])(?:cvv2?|cvc2?|cvv[ _-]?number|card[ _-]?cvv|security[ _-]?code|card[ _-]?pin|pin(?:[ _-]?(?:code|number))?)(?![A-Za-z])(?:["']?\s*[:=>]\s*["']?|["']?\s+(?:(?:is|was|of)\s+)?["']?)`;
const LABELLED_DIGITS = new RegExp(String.raw`${CODE_LABEL}(\d{3,12})(?!\d)`, 'gid');
/** A cheap test before the label rules run: most texts hold no label at all. */
export const HAS_CODE_LABEL = /cvv|cvc|pin|security[ _-]?code/i;

/** A PEM private key block (also JSON-escaped, its line breaks written `\n`): the armour lines stay readable. */
const PEM_PRIVATE_KEY = /(-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY-----)([\s\S]*?)(-----END \2PRIVATE KEY-----)/gd;
/**
 * The password of `scheme://user:password@host` (a proxy URL, a base URL with credentials). As in
 * the WHATWG URL parser, the LAST `@` before the path, query or fragment ends the user info: a
 * password may hold `@` (`http://user:p@ss@host/`).
 */
const URL_PASSWORD = /(:\/\/[^\s/?#:'"<>]*:)([^\s/?#'"<>]+)@(?=[^\s/?#@'"<>]*(?:[/?#\s'"<>]|$))/gid;
/**
 * A query or form parameter after `?`, `&` or `;`, a cookie after `; `, a pair at a line's start (the
 * first of a form body) or after a space or quote (`level=warn userPin=1234`, `"session=…; path=/"`):
 * the value stops at the next separator, quote or backslash.
 */
const QUERY_PARAM = /((?:^|[?&"'\s]|;[ \t]*)([A-Za-z0-9_.\-]+)=)([^&#\s"';<>\\]*)/gidm;
const unmasked = (value: string): boolean => value.trim() !== '' && value.trim() !== MASK;

/** A span of group `g` of a match made with the `d` flag (undefined when the group did not take part). */
function groupSpan(m: RegExpMatchArray, g: number, mask: string): Span | undefined {
  const at = m.indices?.[g];
  return at && at[1] > at[0] ? { start: at[0], end: at[1], mask } : undefined;
}

/**
 * The span of a credential value (group `g` of `m`) under the name `name`: all of it, but for an
 * Authorization value, whose scheme word stays readable (`Authorization: Bearer ****`).
 */
function credentialValueSpan(m: RegExpMatchArray, g: number, name: string): Span | undefined {
  const span = groupSpan(m, g, MASK);
  if (!span || !/authorization$/i.test(name)) return span;
  const scheme = SCHEME_WORD.exec(m[g]!)?.[0].length ?? 0;
  return span.end - span.start > scheme ? { ...span, start: span.start + scheme } : undefined;
}

/** Every span the free-text rules mask in `s`; `names` are the credential names masked by name (the list, and configured ones). */
export function ruleSpans(s: string, names: CredentialNames = BUILT_IN_NAMES): Span[] {
  const spans: Span[] = [];
  const push = (span: Span | undefined) => void (span && spans.push(span));
  if (HAS_AUTHORIZATION.test(s)) {
    authHeaderSpans(s, spans);
    for (const m of s.matchAll(AUTH_QUOTED)) if (unmasked(m[4]!)) push(groupSpan(m, 4, MASK));
    for (const m of s.matchAll(AUTH_PARAM)) if (unmasked(m[3]!)) push(groupSpan(m, 3, MASK));
  }
  for (const m of s.matchAll(BEARER)) if (unmasked(m[3]!)) push(groupSpan(m, 3, MASK));
  // Only a real credential (base64 of "user:pass") so that "Basic authentication" stays readable.
  for (const m of s.matchAll(BASIC)) if (m[3]!.length >= 4 && Buffer.from(m[3]!, 'base64').toString('latin1').includes(':')) push(groupSpan(m, 3, MASK));
  jwtSpans(s, spans);
  if (s.includes('PRIVATE KEY-----')) for (const m of s.matchAll(PEM_PRIVATE_KEY)) push(groupSpan(m, 3, MASK));
  for (const m of s.matchAll(JSON_CARD_FIELDS)) {
    const esc = m[1]!;
    const bodyStart = m.indices![2]![0];
    for (const p of m[2]!.matchAll(pairsAt(esc))) {
      if (p[1]!.toLowerCase() === 'cardid') continue;
      const g = p[2] !== undefined ? 2 : 3;
      const at = p.indices![g]!;
      if (at[1] > at[0] && unmasked(p[g]!)) spans.push({ start: bodyStart + at[0], end: bodyStart + at[1], mask: g === 3 && esc ? `${esc}"${MASK}${esc}"` : MASK });
    }
  }
  const rules = rulesOf(names);
  if (rules.hasWord.test(s)) {
    for (const m of s.matchAll(rules.jsonPair)) {
      if (!names.hasKey(m[2]!)) continue;
      const esc = m[1]!;
      if (m[3] !== undefined) {
        if (unmasked(m[3])) push(credentialValueSpan(m, 3, m[2]!));
      } else push(groupSpan(m, 4, esc ? `${esc}"${MASK}${esc}"` : MASK));
    }
    for (const m of s.matchAll(HEADER_LINE)) if (names.has(m[2]!) && unmasked(m[3]!)) push(credentialValueSpan(m, 3, m[2]!));
  }
  for (const m of s.matchAll(JSON_CARD)) {
    const esc = m[1]!;
    const value = m[2] ?? m[3]!;
    if (!/\d/.test(value)) continue;
    const masked = maskCardNumber(value);
    push(groupSpan(m, m[2] !== undefined ? 2 : 3, m[2] === undefined && esc ? `${esc}"${masked}${esc}"` : masked));
  }
  if (HAS_CODE_LABEL.test(s)) for (const m of s.matchAll(LABELLED_DIGITS)) push(groupSpan(m, 1, MASK));
  if (s.includes('://')) for (const m of s.matchAll(URL_PASSWORD)) if (unmasked(m[2]!)) push(groupSpan(m, 2, MASK));
  for (const m of s.matchAll(QUERY_PARAM)) if (unmasked(m[3]!) && names.has(m[2]!)) push(groupSpan(m, 3, MASK));
  cardSpans(s, spans);
  return spans;
}

/** Applies every free-text rule to `s`. */
export function maskPatterns(s: string, names: CredentialNames = BUILT_IN_NAMES): string {
  return applySpans(s, ruleSpans(s, names));
}

/**
 * `Authorization: <value>` as a header line: the value runs to the end of the line (Digest values
 * hold spaces and quotes) or a shell quote; but when the line sits inside a JSON string (a logged
 * header inside a JSON document) it stops at that string's closing quote, so JSON stays valid.
 */
function authHeaderSpans(s: string, spans: Span[]): void {
  const scan = new JsonScan(s);
  let last = 0;
  for (const m of s.matchAll(AUTH_HEADER)) {
    if (m.index < last) continue;
    const valueStart = m.index + m[0].length;
    const inString = scan.inStringAt(m.index);
    let end = valueStart;
    while (end < s.length) {
      const c = s[end]!;
      if (c === '\r' || c === '\n' || c === "'") break;
      // A table cell ends at its border: the value never spans into the next column.
      if (c >= '\u2500' && c <= '\u257f') break;
      if (inString && c === '"') break;
      end += inString && c === '\\' ? 2 : 1;
    }
    end = Math.min(end, s.length);
    if (!unmasked(s.slice(valueStart, end))) continue;
    spans.push({ start: valueStart, end, mask: MASK });
    last = end;
  }
}

/**
 * Runs of digits joined by at most one separator (space, `+`, `.`, `-`) between digits. A card
 * number may sit glued to other text (`ref_4111111111111111`, `card+4111+1111+1111+1111`), so the
 * only boundary asked for is "no digit right before or after".
 */
const DIGIT_RUN = /(?<!\d)\d(?:[ .+-]?\d)*(?!\d)/g;

/**
 * Card numbers in `s`: 13 to 19 Luhn-valid digits, whole or as groups of a run. Groups joined by `.`
 * or `-` belong together (a decimal `1.4111111111111111`, a GUID, a date), so the card must be the
 * whole run there, in groups of 3 or more (of 4 with dots, the last of 3 or 4, or Amex's 4-6-5); groups joined by spaces or `+` may list
 * a card among other numbers (`4111 1111 1111 1111 12/29`).
 */
function cardSpans(s: string, spans: Span[]): void {
  const hexRegion = { from: 0, to: 0 };
  for (const m of s.matchAll(DIGIT_RUN)) {
    const run = m[0];
    if (run.length < 13) continue;
    if (insideHexId(s, m.index, m.index + run.length, hexRegion)) continue;
    const groups: { start: number; end: number }[] = [];
    const seps: string[] = [];
    for (const g of run.matchAll(/\d+/g)) {
      if (groups.length) seps.push(run[g.index - 1]!);
      groups.push({ start: g.index, end: g.index + g[0].length });
    }
    for (let i = 0; i < groups.length; ) {
      let found = 0;
      // A window may only start or end where the run is joined by a space or `+`.
      if (i === 0 || ' +'.includes(seps[i - 1]!)) {
        for (const j of windowEnds(groups, seps, i)) {
          if (isCardWindow(run, groups.slice(i, j), seps.slice(i, j - 1))) {
            const start = m.index + groups[i]!.start;
            const end = m.index + groups[j - 1]!.end;
            spans.push({ start, end, mask: maskCardNumber(s.slice(start, end)) });
            found = j;
            break;
          }
        }
      }
      i = found > i ? found : i + 1;
    }
  }
}

/** Hex ids this long (cart tokens, hashes) are ids, not text a card number was glued to. */
const HEX_ID_LENGTH = 20;

/**
 * True when the digits `s[start, end)` are part of a longer hex id such as a 32-hex cart token or
 * an md5 (`9942a754f8…`): glued to hex letters, in a hex token of 20 or more characters. A card
 * number echoed next to other text (`ref_4111…`, `card+4111…`) is not.
 */
function insideHexId(s: string, start: number, end: number, region: { from: number; to: number }): boolean {
  const hex = /[0-9a-fA-F]/;
  // Digit runs of one long hex text share its extent: measured once, so hex text stays linear.
  if (start < region.from || start >= region.to) {
    let from = start;
    let to = end;
    while (from > 0 && hex.test(s[from - 1]!)) from--;
    while (to < s.length && hex.test(s[to]!)) to++;
    region.from = from;
    region.to = to;
  }
  const { from, to } = region;
  return (from < start || to > end) && to - from >= HEX_ID_LENGTH && /^[0-9a-fA-F]+$/.test(s.slice(start, end));
}

/**
 * Where a card window starting at group `i` may end (exclusive group index), longest first: 13 to
 * 19 digits, one separator throughout, groups of 3 or more when there are several, ending where the
 * run is joined by a space or `+`. Only these few reach the Luhn test, so a run of a million short
 * groups (`1 1 1 …`) is read in linear time.
 */
function windowEnds(groups: { start: number; end: number }[], seps: string[], i: number): number[] {
  const ends: number[] = [];
  const len = (g: number) => groups[g]!.end - groups[g]!.start;
  let total = 0;
  for (let j = i; j < groups.length; j++) {
    total += len(j);
    if (total > 19) break;
    if (j > i && (len(j) < 3 || len(i) < 3 || seps[j - 1] !== seps[i])) break;
    if (total >= 13 && (j + 1 === groups.length || ' +'.includes(seps[j]!))) ends.push(j + 1);
  }
  return ends.reverse();
}

function isCardWindow(run: string, groups: { start: number; end: number }[], seps: string[]): boolean {
  const lengths = groups.map((g) => g.end - g.start);
  const total = lengths.reduce((a, b) => a + b, 0);
  if (total < 13 || total > 19) return false;
  if (seps.some((x) => x !== seps[0])) return false;
  // Dots join a card's groups as printed (4-4-4-4, Amex 4-4-4-3 or 4-6-5, Diners 4-6-4), never a decimal's.
  if (seps[0] === '.' && !(lengths.slice(0, -1).every((n) => n === 4) || /^4,6,[45]$/.test(lengths.join(',')))) return false;
  if (seps.length && lengths.some((n) => n < 3)) return false;
  return luhnValid(groups.map((g) => run.slice(g.start, g.end)).join(''));
}

/** Card numbers in free text, last 4 digits kept; a bare JSON number becomes a string so JSON stays valid. */
export function maskCardNumbers(s: string): string {
  const spans: Span[] = [];
  cardSpans(s, spans);
  return applySpans(s, spans);
}
