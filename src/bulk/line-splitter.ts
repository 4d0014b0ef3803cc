/**
 * Splitting a byte stream into lines on 0x0A (a CR before it dropped) without decoding anything and
 * without ever holding more than MAX_DOCUMENT_BYTES of one line: a longer line stops the reading
 * with an InputError naming the line. LF never occurs inside a UTF-8 sequence, so each line can be
 * decoded on its own, later, on any thread.
 */
import type { InputError } from '../errors.js';
import { MAX_DOCUMENT_BYTES, tooLargeError } from '../io/input-limits.js';
import { assertUtf8Family } from '../io/text-encoding.js';

/** Receives one line: `bytes[start, end)`: a view of the pushed chunk (or of a joined copy), never reused by the splitter. */
export type LineHandler = (bytes: Buffer, start: number, end: number) => void;

/** A splitter for one input; `push` each chunk in order, then `end`. */
export class LineSplitter {
  private parts: Buffer[] = [];
  private partBytes = 0;
  /** Lines completed so far (the line being read is `lines + 1`). */
  lines = 0;
  /** Byte offset in the input where the line last handed over starts. */
  lineStart = 0;
  /** Byte offset where the next line starts. */
  private nextStart = 0;

  /** Byte offset in the input where the line after the one last handed over starts. */
  get nextLineStart(): number {
    return this.nextStart;
  }
  private head: Buffer[] = [];
  private headBytes = 0;
  /** The line that passed MAX_DOCUMENT_BYTES, once one has. */
  private overflowLine: number | undefined;

  constructor(
    private readonly source: string,
    /** Whether the input is already known to be NDJSON (for the wording of a too-long line). */
    private readonly isNdjson: () => boolean,
  ) {}

  /**
   * Hands each complete line of `chunk` to `onLine`. A line past the limit ends the reading: the
   * lines before it are handed over, and `overflow()` gives the error to throw once they are handled.
   * Returns false once that happened (nothing more is read).
   */
  push(chunk: Buffer, onLine: LineHandler): boolean {
    if (this.overflowLine !== undefined) return false;
    this.checkHead(chunk);
    let start = 0;
    for (let nl = chunk.indexOf(10); nl >= 0; nl = chunk.indexOf(10, start)) {
      if (!this.fits(nl - start)) return false;
      this.take(chunk, start, nl, onLine);
      start = nl + 1;
    }
    if (start < chunk.length) {
      if (!this.fits(chunk.length - start)) return false;
      // Copied: the caller may reuse `chunk` (a read buffer) once this returns.
      this.parts.push(Buffer.from(chunk.subarray(start)));
    }
    return true;
  }

  /** The error for the line that passed the limit, or undefined (worded once the lines before it are handled). */
  overflow(): InputError | undefined {
    return this.overflowLine === undefined ? undefined : tooLargeError(this.source, this.overflowLine, this.isNdjson());
  }

  /** Hands over the last line when the input does not end with a newline. */
  end(onLine: LineHandler): void {
    if (this.headBytes > 0 && this.headBytes < 4) assertUtf8Family(Buffer.concat(this.head), this.source);
    if (this.partBytes > 0 && this.overflowLine === undefined) this.take(Buffer.alloc(0), 0, 0, onLine);
  }

  /** UTF-16 and UTF-32 show in the first 4 bytes, which a pipe may deliver in pieces. */
  private checkHead(chunk: Buffer): void {
    if (this.headBytes >= 4) return;
    this.head.push(Buffer.from(chunk.subarray(0, 4)));
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

  private take(chunk: Buffer, start: number, end: number, onLine: LineHandler): void {
    let bytes = chunk;
    if (this.parts.length > 0) {
      this.parts.push(chunk.subarray(start, end));
      bytes = Buffer.concat(this.parts);
      start = 0;
      end = bytes.length;
      this.parts = [];
    }
    // partBytes is the line's whole length here (fits() counted every piece of it), its CR included.
    this.lineStart = this.nextStart;
    this.nextStart += this.partBytes + 1;
    this.partBytes = 0;
    this.lines++;
    if (end > start && bytes[end - 1] === 13) end--;
    onLine(bytes, start, end);
  }
}
