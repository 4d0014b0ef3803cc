/**
 * From lines to JSON documents, one input at a time. An input is NDJSON (one document per line) when
 * its first non-blank line is a complete JSON value by itself; otherwise it is one (pretty-printed)
 * JSON document, held whole up to MAX_DOCUMENT_BYTES. The first document of an input is held back
 * until the next line shows whether more follow, so a one-document file reports no line number.
 * An NDJSON line that is no JSON is a document of its own that fails the `json` check (see
 * malformed-line.ts); a malformed single document is an InputError naming the source, line and column.
 */
import { InputError } from '../errors.js';
import { MAX_DOCUMENT_BYTES, tooLargeError } from '../io/input-limits.js';
import { jsonErrorOf } from '../io/json-position.js';
import { decodeLine, type Utf8Probe } from './decode-line.js';
import { invalidInLine, type InvalidUtf8 } from './invalid-utf8.js';
import { MalformedLine } from './malformed-line.js';
import { bytesText, pointerAt, stringText } from './pointer-at.js';
import type { JudgedInput } from './judge.js';

/** How an input reads: not known before its first non-blank line. */
export type InputMode = 'unknown' | 'ndjson' | 'whole';

/**
 * The error for a single document `text` of `source` that is malformed JSON. With `invalid`, the text
 * held bytes that are not UTF-8 (read as U+FFFD, often the very token refused): said too.
 */
export function malformed(source: string, text: string, error: Error, invalid?: InvalidUtf8): InputError {
  const at = jsonErrorOf(text, error);
  const bytes = invalid ? `; the input is not valid UTF-8 from byte offset ${invalid.fileOffset ?? `${invalid.lineOffset} of line ${invalid.line}`} on` : '';
  return new InputError(`${source}:${at.line}:${at.column}: malformed JSON: ${at.reason}${bytes}.`, source, at.line, at.column);
}

/** The text of line `lineNo`: decoded, a byte order mark on line 1 dropped. `probe` learns where invalid UTF-8 starts. */
export function lineText(lineNo: number, bytes: Buffer, start: number, end: number, probe?: Utf8Probe): string {
  const raw = decodeLine(bytes, start, end, probe);
  return lineNo === 1 && raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
}

/** Marks a blank NDJSON line (skipped). */
export const BLANK = Symbol('blank line');

/**
 * One line of an input known to be NDJSON: its document, BLANK, or a MalformedLine when it is no
 * JSON. The same on every thread. With `probe`, `probe.at` tells where the line stops being UTF-8
 * (-1: it is UTF-8 throughout).
 */
export function ndjsonDocument(lineNo: number, bytes: Buffer, start: number, end: number, probe?: Utf8Probe): unknown {
  const text = lineText(lineNo, bytes, start, end, probe);
  // Most lines start with "{": only a line that does not is trimmed to see whether it is blank.
  if (text.charCodeAt(0) !== 0x7b && text.trim() === '') return BLANK;
  try {
    return JSON.parse(text);
  } catch (error) {
    return MalformedLine.of(text, error as Error);
  }
}

/** The judged input of the NDJSON line `bytes[start, end)` that `ndjsonDocument` read with `probe` into `doc`. */
export function ndjsonInput(source: string, lineNo: number, doc: unknown, bytes: Buffer, start: number, end: number, probe: Utf8Probe): JudgedInput {
  if (doc instanceof MalformedLine) {
    // No value to find the bad byte in: the text does not parse.
    return probe.at < 0 ? { source, line: lineNo, doc: undefined, malformed: doc } : { source, line: lineNo, doc: undefined, malformed: doc, invalidUtf8: invalidInLine(bytes, start, probe.at, lineNo) };
  }
  if (probe.at < 0) return { source, line: lineNo, doc };
  return { source, line: lineNo, doc, invalidUtf8: lineProblem(bytes, start, end, probe.at, lineNo) };
}

/** Invalid UTF-8 at `at` of the line `bytes[start, end)` that is a whole document: placed, and its value found. */
function lineProblem(bytes: Buffer, start: number, end: number, at: number, lineNo: number, lineStart?: number): InvalidUtf8 {
  const problem = invalidInLine(bytes, start, at, lineNo, lineStart);
  const path = pointerAt(bytesText(bytes, start, end), at);
  return path === undefined ? problem : { ...problem, path };
}

/**
 * Turns the lines of one input into documents, handed to `emit` in order; `finish` ends the input
 * (and throws the InputError of a malformed single document).
 */
export class DocumentAssembler {
  mode: InputMode = 'unknown';
  /** The first document, until a second one shows the input has several. */
  private held: JudgedInput | undefined;
  private readonly whole: string[] = [];
  private wholeBytes = 0;
  private lineNo = 0;
  private readonly probe: Utf8Probe = { at: -1 };
  /** The first invalid UTF-8 of the whole document being held, and its position in the joined text. */
  private wholeInvalid: InvalidUtf8 | undefined;
  private wholeInvalidAt: number | undefined;
  /** Length of the lines held so far, joined with "\n". */
  private wholeChars = 0;

  constructor(
    private readonly source: string,
    private readonly emit: (input: JudgedInput) => void,
  ) {}

  /** Whether the first document is held back (the input has shown one document so far). */
  get holding(): boolean {
    return this.held !== undefined;
  }

  /**
   * Line `lineNo` (1-based, every line counted) of the input; `lineStart`, when the reader knows it,
   * is the byte offset where the line starts in the input (to place invalid UTF-8 in a single document).
   */
  line(lineNo: number, bytes: Buffer, start: number, end: number, lineStart?: number): void {
    this.lineNo = lineNo;
    const probe = this.probe;
    if (this.mode === 'ndjson') {
      const doc = ndjsonDocument(lineNo, bytes, start, end, probe);
      if (doc === BLANK) return;
      this.releaseHeld();
      this.emit(ndjsonInput(this.source, lineNo, doc, bytes, start, end, probe));
      return;
    }
    const text = lineText(lineNo, bytes, start, end, probe);
    let invalid: InvalidUtf8 | undefined;
    if (probe.at >= 0) {
      invalid = invalidInLine(bytes, start, probe.at, lineNo, lineStart);
      // Where the bad byte falls in the text the whole document will be (its value is found there).
      this.wholeInvalidAt ??= this.wholeChars + lineText(lineNo, bytes, start, start + probe.at).length;
    }
    if (this.mode === 'whole' || text.trim() === '') return this.keepWhole(text, invalid);
    // The opening line of a pretty-printed document is no JSON value: no need to throw a parse error to see it.
    const opening = text.trim();
    if (opening === '{' || opening === '[') {
      this.mode = 'whole';
      return this.keepWhole(text, invalid);
    }
    try {
      const doc = JSON.parse(text);
      this.held = invalid ? { source: this.source, line: lineNo, doc, invalidUtf8: lineProblem(bytes, start, end, invalid.lineOffset, lineNo, lineStart) } : { source: this.source, line: lineNo, doc };
      this.mode = 'ndjson';
    } catch {
      this.mode = 'whole';
      this.keepWhole(text, invalid);
    }
  }

  /** Emits the held first document with its line number (more lines follow, or an input error does). */
  releaseHeld(): void {
    if (!this.held) return;
    const held = this.held;
    this.held = undefined;
    this.emit(held);
  }

  /** The end of the input: the held document without a line number, or the whole document. */
  finish(): void {
    if (this.mode === 'ndjson') {
      // Still held only when the input had exactly one document.
      const held = this.held;
      if (held) this.emit(held.invalidUtf8 ? { source: this.source, doc: held.doc, invalidUtf8: held.invalidUtf8 } : { source: this.source, doc: held.doc });
      this.held = undefined;
      return;
    }
    const text = this.whole.join('\n');
    if (text.trim() === '') throw new InputError(`${this.source}: no JSON document (the input is empty).`, this.source);
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch (error) {
      throw malformed(this.source, text, error as Error, this.wholeInvalid);
    }
    const invalid = this.wholeInvalid;
    if (!invalid) return this.emit({ source: this.source, doc });
    const path = this.wholeInvalidAt === undefined ? undefined : pointerAt(stringText(text), this.wholeInvalidAt);
    this.emit({ source: this.source, doc, invalidUtf8: path === undefined ? invalid : { ...invalid, path } });
  }

  private keepWhole(text: string, invalid: InvalidUtf8 | undefined): void {
    // A pretty-printed document is held whole: it has the same limit as one line.
    this.wholeBytes += text.length + 1;
    if (this.wholeBytes > MAX_DOCUMENT_BYTES) throw tooLargeError(this.source, this.lineNo, false);
    this.wholeInvalid ??= invalid;
    this.whole.push(text);
    this.wholeChars += text.length + 1;
  }
}
