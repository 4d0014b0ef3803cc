/**
 * From lines to JSON documents, one input at a time. An input is NDJSON (one document per line) when
 * its first non-blank line is a complete JSON value by itself; otherwise it is one (pretty-printed)
 * JSON document, held whole up to MAX_DOCUMENT_BYTES. The first document of an input is held back
 * until the next line shows whether more follow, so a one-document file reports no line number.
 * Malformed JSON is an InputError naming the source, line and column.
 */
import { InputError } from '../errors.js';
import { MAX_DOCUMENT_BYTES, tooLargeError } from '../io/input-limits.js';
import { jsonErrorOf } from '../io/json-position.js';
import { decodeLine } from './decode-line.js';
import type { JudgedInput } from './judge.js';

/** How an input reads: not known before its first non-blank line. */
export type InputMode = 'unknown' | 'ndjson' | 'whole';

/** The error for malformed JSON in `text`, whose first line is line `lineBase + 1` of `source`. */
export function malformed(source: string, text: string, error: Error, lineBase: number, ndjson: boolean): InputError {
  const at = jsonErrorOf(text, error);
  const line = at.line + lineBase;
  const where = ndjson ? ` (NDJSON line ${line})` : '';
  return new InputError(`${source}:${line}:${at.column}: malformed JSON${where}: ${at.reason}.`, source, line, at.column);
}

/** The text of line `lineNo`: decoded, a byte order mark on line 1 dropped. */
export function lineText(lineNo: number, bytes: Buffer, start: number, end: number): string {
  const raw = decodeLine(bytes, start, end);
  return lineNo === 1 && raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
}

/** Marks a blank NDJSON line (skipped). */
export const BLANK = Symbol('blank line');

/**
 * One line of an input known to be NDJSON: its document, BLANK, or an InputError (thrown) naming
 * the line and column of malformed JSON. The same on every thread.
 */
export function ndjsonDocument(source: string, lineNo: number, bytes: Buffer, start: number, end: number): unknown {
  const text = lineText(lineNo, bytes, start, end);
  // Most lines start with "{": only a line that does not is trimmed to see whether it is blank.
  if (text.charCodeAt(0) !== 0x7b && text.trim() === '') return BLANK;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw malformed(source, text, error as Error, lineNo - 1, true);
  }
}

/**
 * Turns the lines of one input into documents, handed to `emit` in order. `line` throws an
 * InputError for malformed NDJSON after emitting the documents before it; `finish` ends the input.
 */
export class DocumentAssembler {
  mode: InputMode = 'unknown';
  /** The first document, until a second one shows the input has several. */
  private held: JudgedInput | undefined;
  private readonly whole: string[] = [];
  private wholeBytes = 0;
  private lineNo = 0;

  constructor(
    private readonly source: string,
    private readonly emit: (input: JudgedInput) => void,
  ) {}

  /** Whether the first document is held back (the input has shown one document so far). */
  get holding(): boolean {
    return this.held !== undefined;
  }

  /** Line `lineNo` (1-based, every line counted) of the input. */
  line(lineNo: number, bytes: Buffer, start: number, end: number): void {
    this.lineNo = lineNo;
    if (this.mode === 'ndjson') {
      let doc: unknown;
      try {
        doc = ndjsonDocument(this.source, lineNo, bytes, start, end);
      } catch (error) {
        // A second line settles NDJSON, well-formed or not: the first document is judged before any error.
        this.releaseHeld();
        throw error;
      }
      if (doc === BLANK) return;
      this.releaseHeld();
      this.emit({ source: this.source, line: lineNo, doc });
      return;
    }
    const text = lineText(lineNo, bytes, start, end);
    if (this.mode === 'whole' || text.trim() === '') return this.keepWhole(text);
    // The opening line of a pretty-printed document is no JSON value: no need to throw a parse error to see it.
    const opening = text.trim();
    if (opening === '{' || opening === '[') {
      this.mode = 'whole';
      return this.keepWhole(text);
    }
    try {
      this.held = { source: this.source, line: lineNo, doc: JSON.parse(text) };
      this.mode = 'ndjson';
    } catch {
      this.mode = 'whole';
      this.keepWhole(text);
    }
  }

  /** Emits the held first document with its line number (more lines follow, or an error does). */
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
      if (this.held) this.emit({ source: this.source, doc: this.held.doc });
      this.held = undefined;
      return;
    }
    const text = this.whole.join('\n');
    if (text.trim() === '') throw new InputError(`${this.source}: no JSON document (the input is empty).`, this.source);
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch (error) {
      throw malformed(this.source, text, error as Error, 0, false);
    }
    this.emit({ source: this.source, doc });
  }

  private keepWhole(text: string): void {
    // A pretty-printed document is held whole: it has the same limit as one line.
    this.wholeBytes += text.length + 1;
    if (this.wholeBytes > MAX_DOCUMENT_BYTES) throw tooLargeError(this.source, this.lineNo, false);
    this.whole.push(text);
  }
}
