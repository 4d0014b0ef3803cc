/**
 * The unit of bulk validation: raw bytes plus where they came from, judged the same way on the main
 * thread (`--jobs 1`, and small runs) and in a validate worker. Items carry undecoded lines or whole
 * small files, so the thread that judges also decodes and parses: the main thread only reads and splits.
 */
import { InputError } from '../errors.js';
import { assertUtf8Family } from '../io/text-encoding.js';
import { BLANK, DocumentAssembler, lineText, ndjsonDocument, ndjsonInput } from './assembler.js';
import type { Utf8Probe } from './decode-line.js';
import { invalidInInput, type InvalidUtf8 } from './invalid-utf8.js';
import { bytesText, pointerAt } from './pointer-at.js';
import { judge, type JudgeOptions, type JudgedDocument, type JudgedInput } from './judge.js';
import { LineSplitter } from './line-splitter.js';

/** An input error found while judging an item, as plain data (it crosses threads). */
export interface ItemFailure {
  message: string;
  file?: string;
  line?: number;
  column?: number;
}

/**
 * Lines of one NDJSON input (known to be NDJSON: its first document was read): line `lineNos[i]` is
 * `bytes[offsets[i], offsets[i + 1])`.
 */
export interface LinesItem {
  type: 'lines';
  source: string;
  lineNos: Int32Array;
  offsets: Int32Array;
  bytes: Uint8Array;
}

/** Whole small files, each read in one call: file `i` is `bytes[offsets[i], offsets[i + 1])`. */
export interface FilesItem {
  type: 'files';
  sources: string[];
  offsets: Int32Array;
  bytes: Uint8Array;
}

/** Work for one thread. */
export type WorkItem = LinesItem | FilesItem;

/**
 * What an item gave: its judged documents in input order (a malformed NDJSON line among them, failing
 * the `json` check) and, when an input error stopped it (a file of them that cannot be read), that
 * error (the documents before it are judged; nothing after it is).
 */
export interface ItemResult {
  docs: JudgedDocument[];
  failure?: ItemFailure;
}

/** The plain-data form of an InputError (other errors are bugs: thrown on). */
export function failureOf(error: unknown): ItemFailure {
  if (!(error instanceof InputError)) throw error;
  return { message: error.message, file: error.file, line: error.line, column: error.column };
}

/** The InputError an ItemFailure stands for, rebuilt on the main thread. */
export function inputErrorOf(failure: ItemFailure): InputError {
  return new InputError(failure.message, failure.file, failure.line, failure.column);
}

/** Judges every document of `item`, in order, stopping at the first input error. */
export function runItem(item: WorkItem, options: JudgeOptions): ItemResult {
  const docs: JudgedDocument[] = [];
  const bytes = Buffer.from(item.bytes.buffer, item.bytes.byteOffset, item.bytes.byteLength);
  const judged = (input: JudgedInput): void => void docs.push(judge(input, options.forced, options.strict));
  try {
    if (item.type === 'lines') {
      const probe: Utf8Probe = { at: -1 };
      for (let i = 0; i < item.lineNos.length; i++) {
        const doc = ndjsonDocument(item.lineNos[i], bytes, item.offsets[i], item.offsets[i + 1], probe);
        if (doc !== BLANK) judged(ndjsonInput(item.source, item.lineNos[i], doc, bytes, item.offsets[i], item.offsets[i + 1], probe));
      }
    } else {
      for (let i = 0; i < item.sources.length; i++) judgeWholeFile(item.sources[i], bytes.subarray(item.offsets[i], item.offsets[i + 1]), judged);
    }
  } catch (error) {
    return { docs, failure: failureOf(error) };
  }
  return { docs };
}

/**
 * A file read whole: split, assembled and judged as a stream of it would be. A pretty-printed file
 * (its first line is not a JSON value by itself) is parsed in one piece rather than joined from its
 * decoded lines: the text differs only by the CRs before its LFs, which JSON reads as whitespace
 * (inside a string either text is malformed), so the document is the same. When that parse fails the
 * file is read again line by line, so the error names the same line and column as it always did.
 */
function judgeWholeFile(source: string, bytes: Buffer, judged: (input: JudgedInput) => void): void {
  // Most captures are pretty-printed, and their first line shows it: parsed in one piece without
  // the line machinery (whose buffers and closures cost a twentieth of judging a file), after the
  // same first check (UTF-16 and UTF-32 show in the first bytes).
  if (opensPrettyDocument(bytes)) {
    assertUtf8Family(bytes.subarray(0, 4), source);
    return judgeWhole(source, bytes, judged);
  }
  const assembler = new DocumentAssembler(source, judged);
  const splitter = new LineSplitter(source, () => assembler.mode === 'ndjson');
  const onLine = (b: Buffer, start: number, end: number): void => {
    assembler.line(splitter.lines, b, start, end, splitter.lineStart);
    // Pretty-printed: no need to split the rest.
    if (assembler.mode === 'whole') throw PRETTY;
  };
  try {
    if (!splitter.push(bytes, onLine)) {
      assembler.releaseHeld();
      throw splitter.overflow();
    }
    splitter.end(onLine);
  } catch (error) {
    if (error !== PRETTY) throw error;
    return judgeWhole(source, bytes, judged);
  }
  assembler.finish();
}

/** A pretty-printed file parsed in one piece (read by lines when that fails, for the error's place). */
function judgeWhole(source: string, bytes: Buffer, judged: (input: JudgedInput) => void): void {
  const probe: Utf8Probe = { at: -1 };
  const doc = parsedWhole(bytes, probe);
  if (doc === UNPARSED) return judgeByLines(source, bytes, judged);
  if (probe.at < 0) return judged({ source, doc });
  const path = pointerAt(bytesText(bytes, 0, bytes.length), probe.at);
  const invalidUtf8: InvalidUtf8 = { ...invalidInInput(bytes, probe.at), ...(path === undefined ? {} : { path }) };
  judged({ source, doc, invalidUtf8 });
}

/**
 * Whether the first line of `bytes` is a lone `{` or `[` (spaces, tabs, a CR and a byte order mark
 * around it): the opening the assembler reads as a pretty-printed document. Anything else (other
 * whitespace, a blank first line) goes the assembler's way, which decides the same or otherwise.
 */
function opensPrettyDocument(bytes: Buffer): boolean {
  const newline = bytes.indexOf(0x0a);
  if (newline < 0) return false;
  let opener = 0;
  for (let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0; i < newline; i++) {
    const byte = bytes[i];
    if (byte === 0x20 || byte === 0x09 || byte === 0x0d) continue;
    if ((byte === 0x7b || byte === 0x5b) && opener === 0) opener = byte;
    else return false;
  }
  return opener !== 0;
}

/** Thrown out of the line loop once a file shows it is one pretty-printed document. */
const PRETTY = Symbol('pretty-printed');

const UNPARSED = Symbol('unparsed');

/** The JSON document that is the whole of `bytes` (a byte order mark dropped), or UNPARSED; `probe` learns where invalid UTF-8 starts. */
function parsedWhole(bytes: Buffer, probe: Utf8Probe): unknown {
  const text = lineText(1, bytes, 0, bytes.length, probe);
  try {
    return JSON.parse(text);
  } catch {
    return UNPARSED;
  }
}

/** The line-by-line reading of a whole file (the exact error of a malformed pretty-printed document). */
function judgeByLines(source: string, bytes: Buffer, judged: (input: JudgedInput) => void): void {
  const assembler = new DocumentAssembler(source, judged);
  const splitter = new LineSplitter(source, () => assembler.mode === 'ndjson');
  const onLine = (b: Buffer, start: number, end: number): void => assembler.line(splitter.lines, b, start, end, splitter.lineStart);
  splitter.push(bytes, onLine);
  splitter.end(onLine);
  assembler.finish();
}
