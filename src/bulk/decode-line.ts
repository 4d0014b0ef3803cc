/**
 * Decoding one line of UTF-8 bytes to a string, fast. V8 (Node 20) makes a two-byte string of any
 * UTF-8 text with a non-ASCII character, and JSON.parse reads a two-byte string markedly slower than
 * a one-byte one. Captured payloads are ASCII with a few Latin-1 letters (ö, ü, é), so:
 * - an ASCII line (checked with the SIMD `isAscii`) is copied as Latin-1: a one-byte string;
 * - a line whose only non-ASCII characters are U+0080..U+00FF written as well-formed two-byte
 *   sequences is transcoded to Latin-1 bytes (the ASCII runs between them copied natively), again a
 *   one-byte string;
 * - anything else (other scripts, emoji, invalid UTF-8) goes through Node's UTF-8 decoder, which
 *   replaces invalid sequences with U+FFFD as before.
 * Each path yields exactly the string `bytes.toString('utf8')` would: only its representation differs.
 * Only the last path can meet invalid UTF-8 (the first two accept well-formed text alone), so only
 * there are the bytes checked (`isUtf8`, native, in firstInvalidUtf8) and, when invalid, scanned for the
 * first bad byte.
 */
import { isAscii } from 'node:buffer';
import { firstInvalidUtf8 } from '../http/utf8.js';

/** Sequences U+0080..U+00FF start with 0xC2 or 0xC3; any other non-ASCII byte leaves the fast path. */
const LEAD_C2 = 0xc2;
const LEAD_C3 = 0xc3;

/** Node's own slicing decoders (what `toString` calls, without its encoding lookup); untyped in @types/node. */
interface RawSlices {
  latin1Slice(start: number, end: number): string;
  utf8Slice(start: number, end: number): string;
}
const raw = (bytes: Buffer): RawSlices => bytes as unknown as RawSlices;

/** Scratch space for transcoding, grown as needed (one line at a time, never shared across calls). */
let scratch = Buffer.allocUnsafeSlow(64 * 1024);

/** Where decodeLine met the first byte that is not UTF-8: its offset from `start`, -1 for none. Reused from line to line. */
export interface Utf8Probe {
  at: number;
}

/**
 * The text of `bytes[start, end)` as UTF-8 (the same string as `bytes.toString('utf8', start, end)`).
 * With `probe`, also where the first invalid byte is (`probe.at`, -1 when the line is valid UTF-8).
 */
export function decodeLine(bytes: Buffer, start = 0, end = bytes.length, probe?: Utf8Probe): string {
  if (probe) probe.at = -1;
  if (isAscii(bytes.subarray(start, end))) return raw(bytes).latin1Slice(start, end);
  const latin1 = latin1Transcoded(bytes, start, end);
  if (latin1 !== undefined) return latin1;
  if (probe) probe.at = firstInvalidUtf8(bytes.subarray(start, end));
  return raw(bytes).utf8Slice(start, end);
}

/**
 * The Latin-1 decoding of a line whose non-ASCII characters are all U+0080..U+00FF, or undefined when
 * another character (or a malformed sequence) occurs. Walks from one lead byte to the next with
 * native searches; the ASCII runs in between are checked with `isAscii` and copied as they are.
 */
function latin1Transcoded(bytes: Buffer, start: number, end: number): string | undefined {
  const line = bytes.subarray(start, end);
  const length = line.length;
  if (scratch.length < length) scratch = Buffer.allocUnsafeSlow(Math.max(length, scratch.length * 2));
  let out = 0;
  let at = 0;
  // The next 0xC2 and 0xC3, searched again only once passed (-1: none left).
  let c2 = line.indexOf(LEAD_C2);
  let c3 = line.indexOf(LEAD_C3);
  while (at < length) {
    if (c2 >= 0 && c2 < at) c2 = line.indexOf(LEAD_C2, at);
    if (c3 >= 0 && c3 < at) c3 = line.indexOf(LEAD_C3, at);
    const next = c2 < 0 ? c3 : c3 < 0 ? c2 : Math.min(c2, c3);
    const runEnd = next < 0 ? length : next;
    if (runEnd > at) {
      if (!isAscii(line.subarray(at, runEnd))) return undefined;
      out += line.copy(scratch, out, at, runEnd);
    }
    if (next < 0) break;
    const trail = next + 1 < length ? line[next + 1] : 0;
    if (trail < 0x80 || trail > 0xbf) return undefined;
    scratch[out++] = line[next] === LEAD_C2 ? trail : trail + 0x40;
    at = next + 2;
  }
  return raw(scratch).latin1Slice(0, out);
}
