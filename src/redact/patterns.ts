import { JsonScan, replaceJsonSafe } from './json-safe.js';

/**
 * Free-text rules that need no registered secret: credentials after `Authorization:`, `Bearer` and
 * `Basic` values, JWT-looking tokens, sensitive JSON key/value pairs, and card numbers.
 */

/** How every masked value renders. */
export const MASK = '****';

/** Keys whose values are always secret (compared lower-cased). */
export const SECRET_KEYS: ReadonlySet<string> = new Set([
  'cvvnumber', 'cvv', 'cvv2', 'cvc', 'cardpin', 'pin', 'password', 'passwd', 'secret', 'token',
  'authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'apikey', 'api_key', 'accesstoken',
  'access_token', 'refreshtoken', 'clientsecret', 'client_secret', 'privatekey',
]);

/** Keys holding a card number (last 4 digits kept). */
export const CARD_NUMBER_KEYS: ReadonlySet<string> = new Set(['cardnumber', 'pan', 'creditcardnumber']);

/**
 * True for a query (or form) parameter name that carries a credential: a secret key name, `key`,
 * `sig`, `signature`, `auth`, or a name ending in one after a separator (`api_key`, `X-Amz-Signature`,
 * `access-token`). `merchantCartToken` is no credential (camelCase, no separator) and stays readable.
 */
export function isSecretParam(name: string): boolean {
  const n = name.toLowerCase();
  return SECRET_KEYS.has(n) || /^(?:key|sig|signature|auth|pass|pwd|credential|credentials)$/.test(n) || /[-_.](?:key|token|secret|signature|sig|password|pass|pwd|auth)$/.test(n);
}

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
/** Quoted value (JSON, logs): up to the closing quote. */
const AUTH_QUOTED = new RegExp(String.raw`(${AUTH_NAME}[:=]\s*)(["'])${SCHEME}((?:(?!\2)[^\r\n])*)`, 'gi');
/** Header line `Authorization: value`; where the value ends is decided in maskAuthHeaders. */
const AUTH_HEADER = new RegExp(String.raw`${AUTH_NAME}:(?![ \t]*["'])[ \t]*${SCHEME}`, 'gi');
/** Query or form parameter: up to the next & or space. */
const AUTH_PARAM = new RegExp(String.raw`(${AUTH_NAME}=)(?![ \t]*["'])()([^&\s]*)`, 'gi');
const BEARER = /\b(Bearer)(\s+)([A-Za-z0-9\-._~+/]+=*)/gi;
const BASIC = /\b(Basic)(\s+)([A-Za-z0-9+/]{4,}={0,2})/gi;
const JWT = /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
// JSON key/value pairs, also as escaped JSON inside a JSON string (`\"CardPin\":\"12\"`, an endpoint
// echoing the request in an error text): group 2 is the backslashes before every quote of the pair.
const QUOTED = String.raw`\2"(?:[^"\\]|\\.)*?\2"`;
const JSON_SECRET = new RegExp(String.raw`((\\*)"(?:cvvnumber|cvv|cvv2|cvc|cardpin|pin|password|secret|token)\2"\s*:\s*)(${QUOTED}|-?\d+(?:\.\d+)?)`, 'gi');
const JSON_CARD = new RegExp(String.raw`((\\*)"(?:cardnumber|pan)\2"\s*:\s*)(${QUOTED}|\d+)`, 'gi');
const JSON_CARD_FIELDS = new RegExp(String.raw`((\\*)"cardfields\2"\s*:\s*\{)([^{}]*)(\})`, 'gi');
/** Every key/value pair inside a CardFields object whose quotes carry `esc` before them. */
const pairsAt = (esc: string) => {
  const e = esc.replace(/\\/g, '\\\\');
  return new RegExp(String.raw`(${e}"((?:[^"\\]|\\.)*?)${e}"\s*:\s*)(${e}"(?:[^"\\]|\\.)*?${e}"|-?\d+(?:\.\d+)?)`, 'g');
};
// Not part of a decimal number (`1.1627906976744187`, a rate) or of a longer token such as a GUID
// (`00000000-0000-4000-8000-000000000000`): those are no card numbers.
const CARD = /(?<![\w.-])\d(?:[ -]?\d){12,18}(?![\w-]|\.\d)/g;

/** A PEM private key block (also JSON-escaped, its line breaks written `\n`): the armour lines stay readable. */
const PEM_PRIVATE_KEY = /(-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY-----)[\s\S]*?(-----END \2PRIVATE KEY-----)/g;
/** The password of `scheme://user:password@host` (a proxy URL, a base URL with credentials). */
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s/?#@:'"<>]*:)([^\s/?#@'"<>]+)@/gi;
/** A query or form parameter after `?`, `&` or `;`: the value stops at the next separator, quote or backslash. */
const QUERY_PARAM = /([?&;]([A-Za-z0-9_.\-]+)=)([^&#\s"'<>\\]*)/g;
const unmasked = (value: string): boolean => value.trim() !== '' && value.trim() !== MASK;

/** Applies every free-text rule to `s`. */
export function maskPatterns(s: string): string {
  return maskCardNumbers(maskKnownShapes(maskAuthHeaders(s)));
}

/**
 * `Authorization: <value>` as a header line: the value runs to the end of the line (Digest values
 * hold spaces and quotes) or a shell quote; but when the line sits inside a JSON string (a logged
 * header inside a JSON document) it stops at that string's closing quote, so JSON stays valid.
 */
function maskAuthHeaders(s: string): string {
  const scan = new JsonScan(s);
  let out = '';
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
    const value = s.slice(valueStart, end);
    if (!unmasked(value)) continue;
    out += s.slice(last, valueStart) + MASK;
    last = end;
  }
  return last === 0 ? s : out + s.slice(last);
}

/** Credentials, JWTs and sensitive JSON pairs: every replacement here keeps JSON text valid by itself. */
function maskKnownShapes(s: string): string {
  return s
    .replace(AUTH_QUOTED, (m, prefix: string, quote: string, scheme: string, value: string) => (unmasked(value) ? `${prefix}${quote}${scheme}${MASK}` : m))
    .replace(AUTH_PARAM, (m, prefix: string, _none: string, value: string) => (unmasked(value) ? `${prefix}${MASK}` : m))
    .replace(BEARER, (_m, word: string, sp: string) => `${word}${sp}${MASK}`)
    .replace(BASIC, (m, word: string, sp: string, value: string) =>
      // Only a real credential (base64 of "user:pass") so that "Basic authentication" stays readable.
      Buffer.from(value, 'base64').toString('latin1').includes(':') ? `${word}${sp}${MASK}` : m,
    )
    .replace(JWT, MASK)
    .replace(PEM_PRIVATE_KEY, (_m, begin: string, _kind: string, end: string) => `${begin}${MASK}${end}`)
    .replace(JSON_CARD_FIELDS, (_m, open: string, esc: string, body: string, close: string) =>
      open + body.replace(pairsAt(esc), (p, head: string, key: string) => (key.toLowerCase() === 'cardid' ? p : `${head}${esc}"${MASK}${esc}"`)) + close,
    )
    .replace(JSON_SECRET, (_m, head: string, esc: string) => `${head}${esc}"${MASK}${esc}"`)
    .replace(JSON_CARD, (_m, head: string, esc: string, value: string) => `${head}${esc}"${maskCardNumber(value)}${esc}"`)
    .replace(URL_PASSWORD, (m, head: string, password: string) => (unmasked(password) ? `${head}${MASK}@` : m))
    .replace(QUERY_PARAM, (m, head: string, name: string, value: string) => (unmasked(value) && isSecretParam(name) ? `${head}${MASK}` : m));
}

/** Card numbers in free text, last 4 digits kept; a bare JSON number becomes a string so JSON stays valid. */
export function maskCardNumbers(s: string): string {
  return replaceJsonSafe(s, CARD, (m) => {
    const digits = m.replace(/\D/g, '');
    return luhnValid(digits) ? maskCardNumber(digits) : undefined;
  });
}
