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
  /**
   * One sentence per bad sequence (malformed `%`, invalid UTF-8 byte run), the first ten listed and
   * the rest counted in a last one; empty when clean.
   */
  issues: string[];
}

/** The result of `decodeValue`: a single decode, or a second one when the value was encoded twice. */
export interface DecodeValueResult extends FormDecodeResult {
  /** True when the value was encoded twice (`%2540`) and was decoded a second time. */
  doubleEncoded: boolean;
}

/** A plain value (no `%`, no `+`) decodes to itself: the common case, and every long unencoded value. */
const NEEDS_DECODING = /[%+]/;
const FATAL_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The value of one hex digit (either case), or -1. */
function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  const lower = code | 0x20;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}

/** The byte of a `%XX` at `i`, or -1 when there is none. */
function byteAt(raw: string, i: number): number {
  if (raw.charCodeAt(i) !== 37 || i + 2 >= raw.length) return -1;
  const hi = hexValue(raw.charCodeAt(i + 1));
  const lo = hexValue(raw.charCodeAt(i + 2));
  return hi < 0 || lo < 0 ? -1 : hi * 16 + lo;
}

/** Records one issue; built only when it will be listed. */
type Report = (issue: () => string) => void;

/** Issues listed per value; past this a last one counts the rest (a hostile value may hold millions). */
const MAX_ISSUES = 10;

/**
 * Decodes one form-encoded value. Never throws. Text between `%` sequences is copied as slices, not
 * character by character: a value of many megabytes decodes in linear time and memory.
 */
export function formDecode(raw: string): FormDecodeResult {
  const issues: string[] = [];
  if (!NEEDS_DECODING.test(raw)) return { value: raw, issues };
  let unlisted = 0;
  const report: Report = (issue) => {
    if (issues.length < MAX_ISSUES) issues.push(issue());
    else unlisted++;
  };
  // split/join: several times faster than a global replace on long values; most pieces have no `+`.
  const plain = (from: number, to?: number): string => {
    const piece = raw.slice(from, to);
    return piece.includes('+') ? piece.split('+').join(' ') : piece;
  };
  const parts: string[] = [];
  let plainFrom = 0;
  for (let i = raw.indexOf('%'); i >= 0; i = raw.indexOf('%', i)) {
    parts.push(plain(plainFrom, i));
    // The whole run of consecutive %XX bytes: a multi-byte character spans several.
    const runStart = i;
    const bytes: number[] = [];
    for (let b = byteAt(raw, i); b >= 0; b = byteAt(raw, i)) {
      bytes.push(b);
      i += 3;
    }
    if (bytes.length === 0) {
      const at = i;
      report(() => `malformed percent sequence "${raw.slice(at, at + 3)}" at offset ${at} kept as written`);
      parts.push('%');
      i++;
    } else if (bytes.length <= 256 && bytes.every((b) => b < 0x80)) {
      // A short run of ASCII bytes (`%40`, `%2f`: most escapes of e-mails and URLs) needs no UTF-8
      // decoder (and stays short enough to spread).
      parts.push(String.fromCharCode(...bytes));
    } else {
      parts.push(decodeUtf8Run(raw, runStart, Uint8Array.from(bytes), report));
    }
    plainFrom = i;
  }
  parts.push(plain(plainFrom));
  if (unlisted > 0) issues.push(`and ${unlisted} more bad sequence${unlisted === 1 ? '' : 's'}`);
  return { value: parts.join(''), issues };
}

/**
 * Decodes a run of bytes (written from `start` in `raw`, 3 characters each) as UTF-8. A byte that does
 * not start a valid sequence is kept as its `%XX` text (one issue per invalid stretch) and decoding
 * resumes at the next byte.
 */
function decodeUtf8Run(raw: string, start: number, bytes: Uint8Array, report: Report): string {
  try {
    return FATAL_UTF8.decode(bytes);
  } catch {
    // Some byte is not valid UTF-8: find which, byte by byte.
  }
  const textOf = (from: number, to: number): string => raw.slice(start + 3 * from, start + 3 * to);
  const parts: string[] = [];
  let badStart = -1;
  const flushBad = (end: number): void => {
    if (badStart < 0) return;
    const text = textOf(badStart, end);
    const offset = start + 3 * badStart;
    report(() => `invalid UTF-8 byte sequence "${text}" at offset ${offset} kept as written`);
    parts.push(text);
    badStart = -1;
  };
  let k = 0;
  while (k < bytes.length) {
    const decoded = decodeOne(bytes, k);
    if (decoded) {
      flushBad(k);
      parts.push(decoded.char);
      k += decoded.length;
    } else {
      if (badStart < 0) badStart = k;
      k++;
    }
  }
  flushBad(bytes.length);
  return parts.join('');
}

/** Decodes the UTF-8 sequence starting at bytes[k], or undefined when it is not valid UTF-8. */
function decodeOne(bytes: Uint8Array, k: number): { char: string; length: number } | undefined {
  const b0 = bytes[k];
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
  if (k + length > bytes.length) return undefined;
  for (let j = 1; j < length; j++) {
    const b = bytes[k + j];
    if ((b & 0xc0) !== 0x80) return undefined;
    cp = (cp << 6) | (b & 0x3f);
  }
  // Overlong forms, UTF-16 surrogates and values past U+10FFFF are not valid UTF-8.
  if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return undefined;
  return { char: String.fromCodePoint(cp), length };
}

/**
 * True when decodeValue(raw) leaves nothing to note: decoding reports nothing (every `%` starts a
 * `%XX` and every run of `%XX` bytes is valid UTF-8, the rules of decodeOne) and no `%25XX` (DOUBLE)
 * asks for a second pass. One pass that allocates nothing: the encoding rule asks it of every encoded
 * value of every validated order, and only a value that fails it is decoded for its notes.
 */
export function decodesQuietly(raw: string): boolean {
  let need = 0; // continuation bytes still expected in the current sequence
  let low = 0x80; // bounds of the next continuation byte (tighter after E0, ED, F0, F4)
  let high = 0xbf;
  let runEnd = -1; // index just past the last %XX of the current run
  for (let i = raw.indexOf('%'); i >= 0; i = raw.indexOf('%', i)) {
    const b = byteAt(raw, i);
    if (b < 0) return false;
    // A `%25XX` (DOUBLE): encoded twice, decoded for its note.
    if (b === 0x25 && hexValue(raw.charCodeAt(i + 3)) >= 0 && hexValue(raw.charCodeAt(i + 4)) >= 0) return false;
    // A gap between escapes ends the run: a sequence cut by it is invalid.
    if (i !== runEnd && need > 0) return false;
    i += 3;
    runEnd = i;
    if (need > 0) {
      if (b < low || b > high) return false;
      need--;
      low = 0x80;
      high = 0xbf;
      continue;
    }
    if (b < 0x80) continue;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) low = 0xa0; // overlong
      if (b === 0xed) high = 0x9f; // surrogates
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) low = 0x90; // overlong
      if (b === 0xf4) high = 0x8f; // past U+10FFFF
    } else return false;
  }
  return need === 0;
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

/**
 * Base64 (DocumentData: a PDF, a label) has `+` between letters too, but is binary, never form text:
 * long, of the base64 alphabet only, padded to a multiple of 4. Form text that long has a `%XX` or
 * other punctuation.
 */
const BASE64 = /^[A-Za-z0-9+/]{64,}={0,2}$/;

/**
 * True when `raw` looks form-encoded: it has a `%XX` or a `+` between word characters, is not
 * base64, and decoding changes it.
 */
export function looksEncoded(raw: string): boolean {
  if (!ENCODED_HINT.test(raw)) return false;
  if (raw.length % 4 === 0 && BASE64.test(raw)) return false;
  return formDecode(raw).value !== raw;
}

/**
 * Form-encodes a string the way the platform does: UTF-8 `%XX` for everything but unreserved
 * characters, space as `+`. Lone surrogates cannot be UTF-8 and become U+FFFD. Hex is upper case
 * unless `lowerHex` (.NET's HttpUtility.UrlEncode writes `%c3%bc`, as the platform's payloads show).
 */
export function formEncode(s: string, options: { lowerHex?: boolean } = {}): string {
  const bytes = new TextEncoder().encode(s);
  let out = '';
  for (const b of bytes) {
    if ((b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x2d || b === 0x2e || b === 0x5f || b === 0x2a) {
      out += String.fromCharCode(b);
    } else if (b === 0x20) {
      out += '+';
    } else {
      const hex = b.toString(16).padStart(2, '0');
      out += `%${options.lowerHex ? hex : hex.toUpperCase()}`;
    }
  }
  return out;
}
