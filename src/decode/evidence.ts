/**
 * Whether one value was form-encoded, judged from its own text. The platform form-encodes the end
 * customer's address values, but real payloads mix encoded and raw values: the encoded block can be
 * the one Customer.IsEndCustomerPrimary does not name, the hub's values are raw, phones arrive
 * already decoded (` 972 73 204 1384`). The block a value sits in is not enough; its text is the
 * evidence.
 *
 * The rule rests on what a form encoder leaves alone. The platform's (.NET HttpUtility.UrlEncode, hex
 * in lower case), PHP's urlencode and encodeURIComponent with `+` for spaces all keep ASCII letters,
 * digits and at most `-_.!~*'()` as written; a space becomes `+` (or `%20`), every other character
 * `%XX`. So a value
 * 1. holding a literal whitespace character (space, tab, CR, LF) was not encoded: no encoder leaves one
 *    (this keeps `+1 (212) 634-3952` and the hub's CRLF `Address2` as sent);
 * 2. else holding a well-formed `%XX` was encoded (`alextest%40test.com`); it may hold a raw `@` too:
 *    the facts show encoded tracking URLs that do;
 * 3. else holding a `+` after its first character, and no other character an encoder escapes, was
 *    encoded: that `+` is a space (`Hertzel+12`, `BN1+3XA`);
 * 4. else was not encoded: a value with no `%XX` and no `+` decodes to itself anyway; a `+` only in
 *    front is a phone's international prefix (`+4917612345678`: an encoder writes `%2B`, and an
 *    encoded value would have to start with a space); a `+` beside a character an encoder escapes
 *    is literal (`ben+global@shop.example`: encoded, its `@` would read `%40`).
 * A `%` not followed by two hex digits does not count against rule 3: it is a bad sequence in an
 * encoded value (`100%zz+Street`), kept as written and reported when the value is decoded.
 */

/** Why a value counts as encoded, or why not. */
export type Evidence =
  | { encoded: true; by: 'percent' | 'plus' }
  | { encoded: false; why: 'whitespace' | 'plain' | 'leading-plus' | 'unescaped' };

const WHITESPACE = /\s/;
const PERCENT_ESCAPE = /%[0-9A-Fa-f]{2}/;
/** Every character of a value an encoder could have written without `%XX`, plus `+` and a stray `%`. */
const ENCODER_OUTPUT = /^[A-Za-z0-9\-_.!~*'()+%]*$/;
/** A character every form encoder escapes (anything but ASCII letters, digits and `-_.!~*'()`). */
const ESCAPED_BY_ENCODERS = /[^A-Za-z0-9\-_.!~*'()]/u;

/** The evidence in `raw` for or against form encoding; see the module comment for the rule. */
export function encodingEvidence(raw: string): Evidence {
  if (WHITESPACE.test(raw)) return BY.whitespace;
  if (PERCENT_ESCAPE.test(raw)) return BY.percent;
  // A `+` at index 0 is a prefix, not a space: only a later one is evidence.
  if (raw.indexOf('+', 1) < 0) return raw.startsWith('+') ? BY.leadingPlus : BY.plain;
  return ENCODER_OUTPUT.test(raw) ? BY.plus : BY.unescaped;
}

/** The few verdicts, built once: every address value of every validated order is judged. */
const BY = {
  whitespace: Object.freeze({ encoded: false, why: 'whitespace' }),
  percent: Object.freeze({ encoded: true, by: 'percent' }),
  leadingPlus: Object.freeze({ encoded: false, why: 'leading-plus' }),
  plain: Object.freeze({ encoded: false, why: 'plain' }),
  plus: Object.freeze({ encoded: true, by: 'plus' }),
  unescaped: Object.freeze({ encoded: false, why: 'unescaped' }),
} as const satisfies Record<string, Evidence>;

/** True when the evidence says `raw` was form-encoded and decoding it is right. */
export function wasFormEncoded(raw: string): boolean {
  return encodingEvidence(raw).encoded;
}

/**
 * The character of `raw` that shows best it was sent as is where the platform would have encoded it:
 * whitespace first, then `@` (the two the facts name), then the first other character an encoder
 * escapes; undefined when encoding would not change `raw`.
 */
export function unencodedCharacter(raw: string): string | undefined {
  return WHITESPACE.exec(raw)?.[0] ?? (raw.includes('@') ? '@' : ESCAPED_BY_ENCODERS.exec(raw)?.[0]);
}
