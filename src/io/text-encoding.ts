/**
 * Telling a UTF-16 or UTF-32 file from UTF-8 by its first bytes, so it is named as such instead of
 * failing as "malformed JSON" at a NUL. Editors on Windows (PowerShell's `>` in 5.1, Notepad's
 * "Unicode") save UTF-16 by default.
 */
import { InputError } from '../errors.js';

/** A Unicode encoding other than UTF-8, with how it was recognised. */
export interface WideEncoding {
  name: 'UTF-16LE' | 'UTF-16BE' | 'UTF-32LE' | 'UTF-32BE';
  /** The byte order mark, when there is one, as hex bytes ("FF FE"). */
  bom?: string;
}

/**
 * The wide encoding of a text that starts with `head`, or undefined for UTF-8 (and anything else).
 * With a byte order mark it is certain; without one, JSON starts with an ASCII character (RFC 4627
 * section 3), whose NULs give the encoding away: `00 00 00 7B` is UTF-32BE, `7B 00 00 00` UTF-32LE,
 * `00 7B` UTF-16BE, `7B 00` UTF-16LE.
 */
export function wideEncodingOf(head: Uint8Array): WideEncoding | undefined {
  const [a, b, c, d] = [head[0], head[1], head[2], head[3]];
  if (a === 0x00 && b === 0x00 && c === 0xfe && d === 0xff) return { name: 'UTF-32BE', bom: '00 00 FE FF' };
  if (a === 0xff && b === 0xfe && c === 0x00 && d === 0x00) return { name: 'UTF-32LE', bom: 'FF FE 00 00' };
  if (a === 0xfe && b === 0xff) return { name: 'UTF-16BE', bom: 'FE FF' };
  if (a === 0xff && b === 0xfe) return { name: 'UTF-16LE', bom: 'FF FE' };
  if (head.length >= 4) {
    if (a === 0 && b === 0 && c === 0 && d !== 0) return { name: 'UTF-32BE' };
    if (a !== 0 && b === 0 && c === 0 && d === 0) return { name: 'UTF-32LE' };
  }
  if (head.length >= 2) {
    if (a === 0 && b !== 0) return { name: 'UTF-16BE' };
    if (a !== 0 && b === 0) return { name: 'UTF-16LE' };
  }
  return undefined;
}

/** The InputError for a file in a wide encoding: named, with what to do. */
export function wideEncodingError(source: string, encoding: WideEncoding): InputError {
  const how = encoding.bom ? `byte order mark ${encoding.bom}` : 'no byte order mark, NUL bytes between the characters';
  return new InputError(`${source}: the file is ${encoding.name} text (${how}), not UTF-8; save it as UTF-8 (in PowerShell: Out-File -Encoding utf8).`, source);
}

/** Throws wideEncodingError when `head` (the first bytes of `source`) is UTF-16 or UTF-32. */
export function assertUtf8Family(head: Uint8Array, source: string): void {
  const wide = wideEncodingOf(head);
  if (wide) throw wideEncodingError(source, wide);
}
