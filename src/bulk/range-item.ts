/**
 * A byte range of a large NDJSON file as a unit of bulk validation: the thread that judges it reads
 * it itself (positional reads, see range-reader.ts), so the main thread neither reads, decodes nor
 * copies its lines. The judging thread cannot know how many lines come before its range, so it
 * numbers lines from the range's start and says how many the range holds; the main thread, which
 * delivers ranges in order, turns those into the file's line numbers (range-merge.ts). What names a
 * line in its text (the utf8 finding, a too long line's error) is therefore made there too; a
 * malformed line's `json` finding names only its column, so it is judged here like any document.
 */
import { BLANK, ndjsonDocument, ndjsonInput } from './assembler.js';
import type { Utf8Probe } from './decode-line.js';
import type { InvalidUtf8 } from './invalid-utf8.js';
import { judge, type JudgeOptions, type JudgedDocument } from './judge.js';
import { readRange } from './range-reader.js';
import { unreadableError } from './read-small.js';
import { ResultEncoder, type EncodedResult } from './result-encoder.js';
import { failureOf, type ItemResult, type WorkItem } from './work-item.js';

/** The lines of `file` that start in `[start, end)`, an input already known to be NDJSON. */
export interface RangeItem {
  type: 'range';
  /** The file as named (reports) and as opened. */
  source: string;
  start: number;
  end: number;
  /** `start` is where a line starts (the first range, right after the input's first document). */
  lineStart: boolean;
}

/** Every kind of work a thread judges. */
export type BulkItem = WorkItem | RangeItem;

/**
 * The line number a range's line `index` (0-based) is judged under: never 1, whose byte order mark
 * the decoder would drop (a range never holds line 1: the main thread reads the input's first
 * document). The main thread maps it to the file's line (see RangeResult).
 */
export const localLine = (index: number): number => index + 2;

/** Where a range stopped on a line past MAX_DOCUMENT_BYTES: the main thread words the error. */
export interface RangeStop {
  /** The line's index in the range (0-based). */
  index: number;
}

/**
 * What a range gave. `result`'s documents carry `localLine` numbers; their utf8 check is left out
 * (it names the line) and listed in `utf8` instead, for `utf8Docs[i]`, the document's index in the
 * result. `result.failure` is an error that names no line (the file could not be read).
 */
export interface RangeResult {
  type: 'range';
  result: ItemResult | EncodedResult;
  /** Lines the range owns (blank ones too): the next range's lines come after them. */
  lines: number;
  utf8Docs: number[];
  utf8: InvalidUtf8[];
  stop?: RangeStop;
}

/**
 * Judges the lines of a range, in order, up to the first line too long to read. With `encode`
 * (a worker's range, or the main thread's beside workers) each document is encoded as soon as it is
 * judged (see result-encoder.ts).
 */
export function runRange(item: RangeItem, options: JudgeOptions, encode: boolean): RangeResult {
  const docs: JudgedDocument[] = [];
  const encoder = encode ? new ResultEncoder() : undefined;
  const utf8Docs: number[] = [];
  const utf8: InvalidUtf8[] = [];
  const probe: Utf8Probe = { at: -1 };
  let stop: RangeStop | undefined;
  let lines = 0;
  let failure: ItemResult['failure'];
  // A judging error is a bug, thrown on as it is; only the file system's errors are the input's.
  let bug: unknown;
  const onLine = (index: number, bytes: Buffer, start: number, end: number): boolean => {
    const lineNo = localLine(index);
    try {
      const doc = ndjsonDocument(lineNo, bytes, start, end, probe);
      if (doc === BLANK) return true;
      const input = ndjsonInput(item.source, lineNo, doc, bytes, start, end, probe);
      if (input.invalidUtf8) {
        utf8Docs.push(encoder ? encoder.count : docs.length);
        utf8.push(input.invalidUtf8);
        delete input.invalidUtf8;
      }
      const judged = judge(input, options.forced, options.strict);
      if (encoder) encoder.add(judged);
      else docs.push(judged);
      return true;
    } catch (error) {
      bug = error;
      return false;
    }
  };
  try {
    const read = readRange(item.source, item.start, item.end, item.lineStart, onLine);
    lines = read.lines;
    if (read.tooLong) stop = { index: read.lines - 1 };
  } catch (error) {
    failure = failureOf(unreadableError(item.source, error));
  }
  if (bug !== undefined) throw bug;
  if (stop) lines = stop.index + 1;
  const result = encoder ? encoder.finish(failure) : failure ? { docs, failure } : { docs };
  return { type: 'range', result, lines, utf8Docs, utf8, stop };
}
