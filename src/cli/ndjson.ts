/**
 * Reading JSON documents from files and stdin in constant memory. An input is NDJSON (one document
 * per line, any number of lines, streamed) when its first non-blank line is a complete JSON value by
 * itself; otherwise it is one (pretty-printed) JSON document. Malformed JSON is an InputError (exit 2)
 * naming the source, line and column.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { InputError } from '../errors.js';
import { MAX_DOCUMENT_BYTES, tooLargeError } from '../io/input-limits.js';
import { jsonErrorOf } from '../io/json-position.js';
import { assertUtf8Family } from '../io/text-encoding.js';

/** One document read from an input. */
export interface InputDocument {
  /** The file name as given, or `<stdin>`. */
  source: string;
  /** 1-based line of an NDJSON document; undefined for a single-document input. */
  line?: number;
  doc: unknown;
}

/** The name stdin is reported under. */
export const STDIN = '<stdin>';

/** Checks that a file can be read before any output is written (exit 2 otherwise). */
export async function assertReadable(file: string): Promise<void> {
  if (file === '-') return;
  try {
    const info = await stat(file);
    if (info.isDirectory()) throw new InputError(`Cannot read ${file}: it is a directory.`, file);
  } catch (error) {
    if (error instanceof InputError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
    throw new InputError(`Cannot read ${file}: ${why}.`, file);
  }
}

/** The byte stream of a file, or of stdin for `-`. */
function openInput(file: string, stdin: Readable): { source: string; stream: Readable } {
  if (file === '-') return { source: STDIN, stream: stdin };
  return { source: file, stream: createReadStream(file, { highWaterMark: 256 * 1024 }) };
}

/**
 * Splits a byte stream into lines (LF, a CR before it dropped) without ever holding more than
 * MAX_DOCUMENT_BYTES of one line: a longer line stops the reading with an InputError naming the line.
 * LF never occurs inside a UTF-8 sequence, so each line is decoded on its own.
 */
class LineSplitter {
  private parts: Buffer[] = [];
  private partBytes = 0;
  /** Lines completed so far (the line being read is `lines + 1`). */
  lines = 0;
  private head: Buffer[] = [];
  private headBytes = 0;

  constructor(
    private readonly source: string,
    /** Whether the input is already known to be NDJSON (for the wording of a too-long line). */
    private readonly isNdjson: () => boolean,
  ) {}

  /**
   * The complete lines in `chunk`, as text. A line past the limit ends the reading: the lines
   * before it are returned, and `overflow()` gives the error to throw once they are handled.
   */
  push(chunk: Buffer): string[] {
    this.checkHead(chunk);
    const out: string[] = [];
    let start = 0;
    for (let nl = chunk.indexOf(10); nl >= 0; nl = chunk.indexOf(10, start)) {
      if (!this.fits(nl - start)) return out;
      out.push(this.take(chunk.subarray(start, nl)));
      start = nl + 1;
    }
    if (start < chunk.length && this.fits(chunk.length - start)) this.parts.push(chunk.subarray(start));
    return out;
  }

  /** The line that passed MAX_DOCUMENT_BYTES, once one has. */
  private overflowLine: number | undefined;

  /** The error for the line that passed the limit, or undefined (worded once the lines before it are handled). */
  overflow(): InputError | undefined {
    return this.overflowLine === undefined ? undefined : tooLargeError(this.source, this.overflowLine, this.isNdjson());
  }

  /** The last line when the input does not end with a newline. */
  end(): string | undefined {
    if (this.headBytes > 0 && this.headBytes < 4) assertUtf8Family(Buffer.concat(this.head), this.source);
    return this.partBytes > 0 ? this.take(Buffer.alloc(0)) : undefined;
  }

  /** UTF-16 and UTF-32 show in the first 4 bytes, which a pipe may deliver in pieces. */
  private checkHead(chunk: Buffer): void {
    if (this.headBytes >= 4) return;
    this.head.push(chunk.subarray(0, 4));
    this.headBytes += Math.min(chunk.length, 4);
    if (this.headBytes >= 4) assertUtf8Family(Buffer.concat(this.head), this.source);
  }

  private fits(bytes: number): boolean {
    this.partBytes += bytes;
    if (this.partBytes <= MAX_DOCUMENT_BYTES) return true;
    this.overflowLine = this.lines + 1;
    this.parts = [];
    return false;
  }

  private take(last: Buffer): string {
    const bytes = this.parts.length === 0 ? last : Buffer.concat([...this.parts, last]);
    this.parts = [];
    this.partBytes = 0;
    this.lines++;
    const end = bytes.length > 0 && bytes[bytes.length - 1] === 13 ? bytes.length - 1 : bytes.length;
    return bytes.toString('utf8', 0, end);
  }
}

function malformed(source: string, text: string, error: Error, lineBase: number, ndjson: boolean): InputError {
  const at = jsonErrorOf(text, error);
  const line = at.line + lineBase;
  const where = ndjson ? ` (NDJSON line ${line})` : '';
  return new InputError(`${source}:${line}:${at.column}: malformed JSON${where}: ${at.reason}.`, source, line, at.column);
}

/** Receives each document as it is read; a returned promise is awaited before the next line. */
export type DocumentSink = (input: InputDocument) => void | Promise<void>;

/**
 * Calls `sink` with every document of `file` (`-` for stdin), in order. NDJSON inputs are streamed
 * line by line (blank lines skipped); a single document is read whole. The first document of an input
 * is held back until the next line shows whether more follow, so a one-document file reports no line
 * numbers. A callback rather than an async generator: one promise layer less per line.
 */
export async function readDocuments(file: string, sink: DocumentSink, stdin: Readable = process.stdin): Promise<void> {
  const { source, stream } = openInput(file, stdin);
  let lineNo = 0;
  let mode: 'unknown' | 'ndjson' | 'whole' = 'unknown';
  const splitter = new LineSplitter(source, () => mode === 'ndjson');
  let held: InputDocument | undefined;
  const whole: string[] = [];
  let wholeBytes = 0;
  let sinkFailed = false;
  // Stays synchronous when the sink is (the common case): no promise per line.
  const deliver = (input: InputDocument): Promise<void> | undefined => {
    const failed = (error: unknown): never => {
      sinkFailed = true;
      throw error;
    };
    try {
      const pending = sink(input);
      return pending ? pending.catch(failed) : undefined;
    } catch (error) {
      return failed(error);
    }
  };
  const keepWhole = (text: string): void => {
    // A pretty-printed document is held whole: it has the same limit as one line.
    wholeBytes += text.length + 1;
    if (wholeBytes > MAX_DOCUMENT_BYTES) throw tooLargeError(source, lineNo, false);
    whole.push(text);
  };
  const deliverHeld = (): Promise<void> | undefined => {
    if (!held) return undefined;
    const pending = deliver(held);
    held = undefined;
    return pending;
  };
  /** One line of the input; a returned promise is awaited before the next. */
  const line = (raw: string): Promise<void> | undefined => {
    lineNo++;
    const text = lineNo === 1 && raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
    if (mode === 'whole' || (mode === 'unknown' && text.trim() === '')) {
      keepWhole(text);
      return undefined;
    }
    if (text.trim() === '') return undefined;
    if (mode === 'unknown') {
      try {
        held = { source, line: lineNo, doc: JSON.parse(text) };
        mode = 'ndjson';
      } catch {
        mode = 'whole';
        keepWhole(text);
      }
      return undefined;
    }
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch (error) {
      // A second line settles NDJSON, well-formed or not: the first document is judged before any error.
      const bad = malformed(source, text, error as Error, lineNo - 1, true);
      const pending = deliverHeld();
      if (pending) return pending.then(() => Promise.reject(bad));
      throw bad;
    }
    const input = { source, line: lineNo, doc };
    const before = deliverHeld();
    return before ? before.then(() => deliver(input)) : deliver(input);
  };
  try {
    for await (const chunk of stream) {
      for (const text of splitter.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer))) {
        const pending = line(text);
        if (pending) await pending;
      }
      const overflow = splitter.overflow();
      if (overflow) {
        const pending = deliverHeld();
        if (pending) await pending;
        throw overflow;
      }
    }
    const last = splitter.end();
    if (last !== undefined) {
      const pending = line(last);
      if (pending) await pending;
    }
  } catch (error) {
    // Errors thrown by the sink are not input problems: pass them on untouched.
    if (error instanceof InputError || sinkFailed) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'EISDIR' ? 'it is a directory' : code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
    throw new InputError(`Cannot read ${source}: ${why}.`, source);
  } finally {
    if (stream !== stdin) stream.destroy();
  }
  // (`mode` is changed by the line handler, which the compiler cannot follow.)
  if ((mode as string) === 'ndjson') {
    // `held` is still set only when the input had exactly one document.
    if (held) await sink({ source, doc: held.doc });
    return;
  }
  const text = whole.join('\n');
  if (text.trim() === '') throw new InputError(`${source}: no JSON document (the input is empty).`, source);
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw malformed(source, text, error as Error, 0, false);
  }
  await sink({ source, doc });
}
