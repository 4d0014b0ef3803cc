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
/** A character every form encoder escapes (anything but ASCII letters, digits and `-_.!~*'()`). */
const ESCAPED_BY_ENCODERS = /[^A-Za-z0-9\-_.!~*'()]/u;

// What one pass over a value finds (bits of the mask `traits` returns).
/** A whitespace character, as `\s` has it (ASCII ones seen in the pass, others by the regular expression). */
const SPACE = 1;
/** A well-formed `%XX`. */
const ESCAPE = 2;
/** A `+` after the first character. */
const LATER_PLUS = 4;
/** A character an encoder could not have written, `+` and `%` aside (it would be `%XX`). */
const NOT_ENCODER_OUTPUT = 8;
/** A character encoders escape, `+` and `%` included. */
const ESCAPED = 16;
/** A character beyond ASCII (it may be Unicode whitespace, which only the regular expression knows). */
const NON_ASCII = 32;

/** Per ASCII code: 0 for what an encoder keeps (letters, digits, `-_.!~*'()`), else its trait bits. */
const ASCII_TRAITS = new Uint8Array(128).map((_, code) => {
  const char = String.fromCharCode(code);
  if (/[A-Za-z0-9\-_.!~*'()]/.test(char)) return 0;
  if (char === '+' || char === '%') return ESCAPED;
  return ESCAPED | NOT_ENCODER_OUTPUT | (/\s/.test(char) ? SPACE : 0);
});

function isHex(code: number): boolean {
  return (code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 102);
}

/**
 * The traits of `raw` in one pass: every address value of every validated order is judged. On the
 * values of real orders this is a tenth faster than the four regular expressions it replaces, and
 * it lets unencodedCharacter answer its common case (nothing to show) without any.
 */
function traits(raw: string): number {
  let mask = 0;
  for (let i = 0; i < raw.length; i++) {
    const code = raw.charCodeAt(i);
    if (code >= 128) {
      mask |= NON_ASCII | ESCAPED | NOT_ENCODER_OUTPUT;
      continue;
    }
    mask |= ASCII_TRAITS[code];
    if (code === 43 /* + */ && i > 0) mask |= LATER_PLUS;
    else if (code === 37 /* % */ && isHex(raw.charCodeAt(i + 1)) && isHex(raw.charCodeAt(i + 2))) mask |= ESCAPE;
  }
  // Unicode whitespace (a no-break space...) counts as whitespace, as `\s` has it.
  if (mask & NON_ASCII && !(mask & SPACE) && WHITESPACE.test(raw)) mask |= SPACE;
  return mask;
}

/** The evidence in `raw` for or against form encoding; see the module comment for the rule. */
export function encodingEvidence(raw: string): Evidence {
  const mask = traits(raw);
  if (mask & SPACE) return BY.whitespace;
  if (mask & ESCAPE) return BY.percent;
  // A `+` at index 0 is a prefix, not a space: only a later one is evidence.
  if (!(mask & LATER_PLUS)) return raw.charCodeAt(0) === 43 ? BY.leadingPlus : BY.plain;
  return mask & NOT_ENCODER_OUTPUT ? BY.unescaped : BY.plus;
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

/**
 * True when form encoding would leave `raw` as it is (ASCII letters, digits and `-_.!~*'()` only):
 * unencodedCharacter(raw) is undefined and wasFormEncoded(raw) false. Most raw end-customer values
 * (`Berlin`, `10117`) are so; the loop stops at the first other character.
 */
export function keptByEncoders(raw: string): boolean {
  for (let i = 0; i < raw.length; i++) {
    const code = raw.charCodeAt(i);
    if (code >= 128 || ASCII_TRAITS[code] !== 0) return false;
  }
  return true;
}

/**
 * False when `raw` has neither a `%` nor a `+` after its first character: then it has no evidence of
 * encoding (wasFormEncoded is false) whatever else it holds. Two native searches: cheaper than the
 * pass of `traits` on the raw values (a hub's address) that make up half an order's.
 */
export function mayBeEncoded(raw: string): boolean {
  return raw.indexOf('%') >= 0 || raw.indexOf('+', 1) >= 0;
}

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
  // Most raw values hold only what encoders keep as written: nothing to show.
  if (!(traits(raw) & ESCAPED)) return undefined;
  return WHITESPACE.exec(raw)?.[0] ?? (raw.includes('@') ? '@' : ESCAPED_BY_ENCODERS.exec(raw)?.[0]);
}
