/**
 * The lines of one byte range of a regular file, read with positional reads by the thread that
 * judges them. A range owns the lines whose first byte lies in `[start, end)`: lines start right after
 * an LF, so a range that does not start at a known line start begins after the first LF at or past
 * `start - 1`, and the line that starts last in the range is read on past `end` to its LF. Neighbouring
 * ranges thus own every line exactly once, without the main thread ever reading them. A line is
 * handed over without its LF (and without a CR before it), as LineSplitter does.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { MAX_DOCUMENT_BYTES } from '../io/input-limits.js';

/**
 * Receives line `index` (0-based within the range), `bytes[start, end)`, which starts at `fileOffset`
 * of the file; returns false to stop reading there.
 */
export type RangeLineHandler = (index: number, bytes: Buffer, start: number, end: number, fileOffset: number) => boolean;

/** How reading a range ended. */
export interface RangeRead {
  /** Lines handed over (blank ones included), or read up to the one too long or refused. */
  lines: number;
  /** Set when line `lines - 1` (0-based) passed MAX_DOCUMENT_BYTES: it was not handed over. */
  tooLong?: boolean;
}

/**
 * Bytes first read past the range's end, while looking for its last line's LF; doubled for each
 * further read. Small: most lines end within a few KB, and every range reads past its end once.
 */
const MORE_BYTES = 16 * 1024;

/**
 * The read buffer, reused from range to range on this thread. It holds a whole range and the end of
 * its last line (a line of up to MAX_DOCUMENT_BYTES grows it once); lines are judged as they are
 * found, so nothing of it is kept.
 */
let scratch = Buffer.allocUnsafeSlow(0);

/**
 * Reads the lines `file` holds in `[start, end)` and hands each to `onLine`, in order. `lineStart`:
 * `start` is known to be where a line starts. The file is read as it was sized (the last range ends
 * at the size the run saw, as readSmall reads), except that a line is always read to its LF.
 * Errors of the file system are thrown as they are.
 */
export function readRange(file: string, start: number, end: number, lineStart: boolean, onLine: RangeLineHandler): RangeRead {
  const fd = openRegularFile(file);
  try {
    return new RangeScan(fd, lineStart ? start : start - 1, end).run(lineStart, onLine);
  } finally {
    closeSync(fd);
  }
}

/**
 * Opens `file`, which the run sized as a regular file, again for reading: without blocking, and only
 * if it still is one. Each range is opened by name, so a file replaced by a FIFO during the run would
 * otherwise block the open until something writes to it (the run hung until Ctrl-C).
 */
export function openRegularFile(file: string): number {
  const fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    if (!fstatSync(fd).isFile()) throw Object.assign(new Error('it is no longer a regular file (it was replaced while it was read)'), { code: 'EXBREPLACED' });
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return fd;
}

class RangeScan {
  /** Bytes of scratch filled; scratch[0] is file offset `base`. */
  private filled = 0;
  /** scratch[0, filled): searched, as the buffer past it holds an older range's bytes. */
  private view = scratch.subarray(0, 0);
  private more = MORE_BYTES;

  constructor(
    private readonly fd: number,
    private readonly base: number,
    private readonly end: number,
  ) {}

  run(lineStart: boolean, onLine: RangeLineHandler): RangeRead {
    this.fill(this.end - this.base);
    let at = 0;
    if (!lineStart) {
      // `base` is one byte before the range: an LF there means a line starts at the range's start.
      const nl = this.findLf(0, this.end);
      // No LF: every byte of the range belongs to a line that started before it.
      if (nl < 0) return { lines: 0 };
      at = nl + 1;
    }
    let lines = 0;
    while (this.base + at < this.end) {
      // The end of the file right at a line start: no more lines (a last line without LF is one).
      if (at >= this.filled && !this.fillMore()) break;
      const nl = this.findLf(at, Infinity);
      const stop = nl < 0 ? this.filled : nl;
      lines++;
      // The line's length as LineSplitter counts it (a CR before the LF included); findLf stopped
      // reading once the line passed the limit.
      if (stop - at > MAX_DOCUMENT_BYTES) return { lines, tooLong: true };
      const contentEnd = stop > at && scratch[stop - 1] === 13 ? stop - 1 : stop;
      if (!onLine(lines - 1, scratch, at, contentEnd, this.base + at)) break;
      if (nl < 0) break; // the file's last line, without an LF
      at = nl + 1;
    }
    return { lines };
  }

  /**
   * The offset in scratch of the first LF at or after `from` whose file offset is below `limit`,
   * reading more of the file as needed, or -1: none before `limit`, the end of the file, or the line
   * from `from` passed MAX_DOCUMENT_BYTES.
   */
  private findLf(from: number, limit: number): number {
    let searched = from;
    for (;;) {
      const nl = searched < this.filled ? this.view.indexOf(10, searched) : -1;
      if (nl >= 0) return this.base + nl < limit ? nl : -1;
      searched = this.filled;
      if (this.base + this.filled >= limit || this.filled - from > MAX_DOCUMENT_BYTES) return -1;
      if (!this.fillMore()) return -1;
    }
  }

  /** Reads on past what is filled, more each time; false at the end of the file. */
  private fillMore(): boolean {
    const read = this.fill(this.more);
    this.more *= 2;
    return read;
  }

  /** Appends up to `bytes` more of the file to scratch (growing it); false when nothing was left to read. */
  private fill(bytes: number): boolean {
    if (scratch.length < this.filled + bytes) {
      const grown = Buffer.allocUnsafeSlow(Math.max(this.filled + bytes, scratch.length * 2));
      scratch.copy(grown, 0, 0, this.filled);
      scratch = grown;
    }
    const before = this.filled;
    while (bytes > 0) {
      const read = readSync(this.fd, scratch, this.filled, bytes, this.base + this.filled);
      if (read === 0) break;
      this.filled += read;
      bytes -= read;
    }
    this.view = scratch.subarray(0, this.filled);
    return this.filled > before;
  }
}
