/**
 * Form-style URL decoding of single values, as the platform encodes end-customer data:
 * `+` is a space, `%XX` are UTF-8 bytes (hex in either case). `decodeURIComponent` alone is wrong
 * (it keeps `+` and throws on the first bad sequence); this never throws and keeps a bad sequence
 * exactly as written so nothing the sender wrote is lost.
 */

/** The result of decoding one value. */
export interface FormDecodeResult {
  /** The decoded text; bad sequences are kept as written. */
  value: string;
  /** One sentence per bad sequence (malformed `%`, invalid UTF-8 byte run); empty when clean. */
  issues: string[];
}

/** The result of `decodeValue`: a single decode, or a second one when the value was encoded twice. */
export interface DecodeValueResult extends FormDecodeResult {
  /** True when the value was encoded twice (`%2540`) and was decoded a second time. */
  doubleEncoded: boolean;
}

const HEX = /^[0-9A-Fa-f]{2}$/;

/** One `%XX` byte as found in the raw text. */
interface EncodedByte {
  byte: number;
  text: string;
  offset: number;
}

/** Decodes one form-encoded value. Never throws. */
export function formDecode(raw: string): FormDecodeResult {
  const issues: string[] = [];
  let value = '';
  let i = 0;
  while (i < raw.length) {
    const ch = raw[i];
    if (ch === '+') {
      value += ' ';
      i++;
      continue;
    }
    if (ch !== '%') {
      value += ch;
      i++;
      continue;
    }
    // Gather the whole run of consecutive %XX bytes: a multi-byte character spans several.
    const run: EncodedByte[] = [];
    while (i < raw.length && raw[i] === '%' && HEX.test(raw.slice(i + 1, i + 3))) {
      const text = raw.slice(i, i + 3);
      run.push({ byte: parseInt(text.slice(1), 16), text, offset: i });
      i += 3;
    }
    if (run.length === 0) {
      const text = raw.slice(i, i + 3);
      issues.push(`malformed percent sequence "${text}" at offset ${i} kept as written`);
      value += '%';
      i++;
      continue;
    }
    value += decodeUtf8Run(run, issues);
  }
  return { value, issues };
}

/**
 * Decodes a run of bytes as UTF-8. A byte that does not start a valid sequence is kept as its
 * `%XX` text (one issue per invalid stretch) and decoding resumes at the next byte.
 */
function decodeUtf8Run(run: EncodedByte[], issues: string[]): string {
  let out = '';
  let badStart = -1;
  const flushBad = (end: number): void => {
    if (badStart < 0) return;
    const text = run.slice(badStart, end).map((b) => b.text).join('');
    issues.push(`invalid UTF-8 byte sequence "${text}" at offset ${run[badStart].offset} kept as written`);
    out += text;
    badStart = -1;
  };
  let k = 0;
  while (k < run.length) {
    const decoded = decodeOne(run, k);
    if (decoded) {
      flushBad(k);
      out += decoded.char;
      k += decoded.length;
    } else {
      if (badStart < 0) badStart = k;
      k++;
    }
  }
  flushBad(run.length);
  return out;
}

/** Decodes the UTF-8 sequence starting at run[k], or undefined when it is not valid UTF-8. */
function decodeOne(run: EncodedByte[], k: number): { char: string; length: number } | undefined {
  const b0 = run[k].byte;
  if (b0 < 0x80) return { char: String.fromCharCode(b0), length: 1 };
  let length: number;
  let cp: number;
  let min: number;
  if (b0 >= 0xc2 && b0 <= 0xdf) {
    length = 2;
    cp = b0 & 0x1f;
    min = 0x80;
  } else if (b0 >= 0xe0 && b0 <= 0xef) {
    length = 3;
    cp = b0 & 0x0f;
    min = 0x800;
  } else if (b0 >= 0xf0 && b0 <= 0xf4) {
    length = 4;
    cp = b0 & 0x07;
    min = 0x10000;
  } else {
    return undefined;
  }
  if (k + length > run.length) return undefined;
  for (let j = 1; j < length; j++) {
    const b = run[k + j].byte;
    if ((b & 0xc0) !== 0x80) return undefined;
    cp = (cp << 6) | (b & 0x3f);
  }
  // Overlong forms, UTF-16 surrogates and values past U+10FFFF are not valid UTF-8.
  if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return undefined;
  return { char: String.fromCodePoint(cp), length };
}

/** A `%25` followed by two hex digits: the first decode yields `%XX`, i.e. encoded twice. */
const DOUBLE = /%25[0-9A-Fa-f]{2}/;

/**
 * Decodes a value, and decodes it a second time when it was encoded twice (`%2540` -> `%40` -> `@`)
 * and the second pass is clean. Flags the double encoding so a report can point at it.
 */
export function decodeValue(raw: string): DecodeValueResult {
  const first = formDecode(raw);
  if (DOUBLE.test(raw)) {
    const second = formDecode(first.value);
    if (second.issues.length === 0 && second.value !== first.value) {
      return { value: second.value, issues: first.issues, doubleEncoded: true };
    }
  }
  return { ...first, doubleEncoded: false };
}

/** A `%XX` escape, or a `+` between two word characters (letters, digits, underscore, any script). */
const ENCODED_HINT = /%[0-9A-Fa-f]{2}|[\p{L}\p{N}_]\+(?=[\p{L}\p{N}_])/u;

/** True when `raw` looks form-encoded: it has a `%XX` or a `+` between word characters, and decoding changes it. */
export function looksEncoded(raw: string): boolean {
  if (!ENCODED_HINT.test(raw)) return false;
  return formDecode(raw).value !== raw;
}

/**
 * Form-encodes a string the way the platform does: UTF-8 `%XX` (upper-case hex) for everything but
 * unreserved characters, space as `+`. Lone surrogates cannot be UTF-8 and become U+FFFD.
 */
export function formEncode(s: string): string {
  const bytes = new TextEncoder().encode(s);
  let out = '';
  for (const b of bytes) {
    if ((b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x2d || b === 0x2e || b === 0x5f || b === 0x2a) {
      out += String.fromCharCode(b);
    } else if (b === 0x20) {
      out += '+';
    } else {
      out += `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
    }
  }
  return out;
}
