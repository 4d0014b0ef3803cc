/**
 * The main thread's side of range items (range-item.ts): delivered in input order, each range's
 * documents get the file's line numbers (the lines of the ranges before it, counted as they were
 * delivered, plus the input's head that the main thread read), their utf8 check is made with that
 * line, and a range that stopped on a line too long to read gives the very error the sequential
 * reader gives for it, so reports are the same byte for byte whatever --jobs.
 */
import type { InputError } from '../errors.js';
import { tooLargeError } from '../io/input-limits.js';
import { utf8Check } from './invalid-utf8.js';
import type { JudgedDocument } from './judge.js';
import { localLine, type RangeResult, type RangeStop } from './range-item.js';
import { decodedDocuments } from './result-encoder.js';

/** One input read in ranges: its lines delivered so far, where the next range's lines are numbered from. */
export interface RangeLines {
  source: string;
  lines: number;
}

/** The file's line number of a range's local line number, `before` lines preceding the range. */
const fileLine = (local: number, before: number): number => before + local - localLine(0) + 1;

/** A range's documents with the file's line numbers and their utf8 checks, in order. */
export function* rangeDocuments(range: RangeResult, before: number): Generator<JudgedDocument, void, undefined> {
  const docs = 'docs' in range.result ? range.result.docs : decodedDocuments(range.result);
  let index = 0;
  let next = 0;
  for (const doc of docs) {
    const line = fileLine(doc.line!, before);
    if (range.utf8Docs[next] === index) {
      const problem = range.utf8[next++];
      // First, as judge() puts it; a fresh array: decoded documents share their checks, not the array.
      doc.checks = [utf8Check({ ...problem, line }, true), ...doc.checks];
    }
    index++;
    yield { ...doc, line };
  }
}

/** The input error of a range that stopped at `stop`, `before` lines preceding the range. */
export function rangeStopError(source: string, stop: RangeStop, before: number): InputError {
  return tooLargeError(source, before + stop.index + 1, true);
}
