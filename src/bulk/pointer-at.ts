/**
 * The JSON pointer of the value (or member name) that holds a given position of a JSON text, found
 * by scanning the text up to it: used to say in which value a byte that is not UTF-8 sits. The text
 * is known to parse (the bad byte is inside a string, read as U+FFFD), so only the structural
 * characters and strings matter; the scan works on bytes or on a decoded string alike, as their
 * structural characters are the same ASCII code units.
 */
import { joinPointer } from '../validation/pointer.js';

/** A JSON text to scan: its code units and a way to read a piece of it back as a string. */
export interface ScannedText {
  length: number;
  unit(i: number): number;
  slice(start: number, end: number): string;
  /** The next position of a double quote from `from` (-1: none), searched natively. */
  nextQuote(from: number): number;
}

/** `bytes[start, end)` as a ScannedText (positions relative to `start`). */
export function bytesText(bytes: Uint8Array, start: number, end: number): ScannedText {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start);
  return { length: buf.length, unit: (i) => buf[i]!, slice: (a, b) => buf.toString('utf8', a, b), nextQuote: (from) => buf.indexOf(QUOTE, from) };
}

/** A decoded string as a ScannedText. */
export function stringText(text: string): ScannedText {
  return { length: text.length, unit: (i) => text.charCodeAt(i), slice: (a, b) => text.slice(a, b), nextQuote: (from) => text.indexOf('"', from) };
}

interface Level {
  array: boolean;
  /** The current element index (arrays), or where the current member name's quotes are (objects). */
  index: number;
  nameStart: number;
  nameEnd: number;
  /** In an object, whether the next string is a member name. */
  expectKey: boolean;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Whether the quote at `at` is escaped: preceded by an odd number of backslashes. */
function escaped(text: ScannedText, at: number): boolean {
  let n = 0;
  while (at - n - 1 >= 0 && text.unit(at - n - 1) === BACKSLASH) n++;
  return n % 2 === 1;
}

/**
 * The pointer of the innermost value whose text holds position `at` ("" for the root); a position
 * inside a member name gives that member's pointer. Undefined when `at` is outside the text.
 */
export function pointerAt(text: ScannedText, at: number): string | undefined {
  if (at < 0 || at >= text.length) return undefined;
  const stack: Level[] = [];
  // Member names are read (JSON.parse of their text) only for the levels of the answer: a large
  // document has many, and this runs once per document with a bad byte.
  const pointer = (): string => joinPointer('', ...stack.map((l) => (l.array ? l.index : String(JSON.parse(text.slice(l.nameStart, l.nameEnd + 1))))));
  for (let i = 0; i < text.length; i++) {
    const c = text.unit(i);
    const level = stack[stack.length - 1];
    if (c === QUOTE) {
      // The closing quote: the next one not escaped (an odd run of backslashes before it escapes it).
      let end = text.nextQuote(i + 1);
      while (end > 0 && escaped(text, end)) end = text.nextQuote(end + 1);
      if (end < 0) end = text.length;
      if (level !== undefined && !level.array && level.expectKey) [level.nameStart, level.nameEnd] = [i, end];
      if (at >= i && at <= end) return pointer();
      i = end;
      continue;
    }
    if (i >= at) return pointer();
    if (c === 0x7b || c === 0x5b) stack.push({ array: c === 0x5b, index: 0, nameStart: 0, nameEnd: 0, expectKey: c === 0x7b });
    else if (c === 0x7d || c === 0x5d) stack.pop();
    else if (c === 0x2c && level) {
      if (level.array) level.index++;
      else level.expectKey = true;
    } else if (c === 0x3a && level) level.expectKey = false;
  }
  return undefined;
}
