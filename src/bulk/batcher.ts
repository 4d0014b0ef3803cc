/**
 * Gathers raw lines or whole small files into work items of bounded size. Each item owns one
 * buffer of its own (never a slice of Node's shared pool, and used again once judged: see
 * item-buffers.ts), so it can be moved to a worker as is.
 */
import { itemBuffer } from './item-buffers.js';
import type { FilesItem, LinesItem } from './work-item.js';

/** Bytes an item holds before it is sent (a longer single line or file gets an item of its size). */
export const ITEM_BYTES = 1024 * 1024;
/** Entries (lines or files) an item holds at most: small documents still go out in good time. */
export const ITEM_ENTRIES = 512;

class Gatherer {
  /** The item being filled: entries are copied in as they come, so the caller may reuse its buffers. */
  private buffer: Buffer | undefined;
  used = 0;
  offsets: number[] = [];

  get count(): number {
    return this.offsets.length;
  }

  /** Whether `length` more bytes fit without passing the item's size (an empty item takes anything). */
  fits(length: number): boolean {
    return this.count === 0 || (this.used + length <= ITEM_BYTES && this.count < ITEM_ENTRIES);
  }

  /** Copies `bytes[start, end)` in (after `fits` said it fits). */
  add(bytes: Uint8Array, start: number, end: number): void {
    const length = end - start;
    // An empty item takes anything: a longer entry gets a buffer of its size.
    this.buffer ??= itemBuffer(Math.max(ITEM_BYTES, length));
    this.offsets.push(this.used);
    this.buffer.set(bytes.subarray(start, end), this.used);
    this.used += length;
  }

  /** The bytes and the offsets (with the end offset appended); empties the gatherer. */
  take(): { bytes: Uint8Array; offsets: Int32Array } {
    // A view of a buffer of its own (not a slice of Node's shared pool): it can be moved to a worker.
    const bytes = this.buffer ? this.buffer.subarray(0, this.used) : new Uint8Array(0);
    this.offsets.push(this.used);
    const offsets = Int32Array.from(this.offsets);
    this.buffer = undefined;
    this.offsets = [];
    this.used = 0;
    return { bytes, offsets };
  }
}

/** Lines of one NDJSON input. */
export class LineBatcher {
  private readonly gather = new Gatherer();
  private lineNos: number[] = [];

  constructor(private readonly source: string) {}

  get size(): number {
    return this.gather.count;
  }

  /** Adds line `lineNo`; returns a full item to send first when this line does not fit in the current one. */
  add(lineNo: number, bytes: Uint8Array, start: number, end: number): LinesItem | undefined {
    const full = this.gather.fits(end - start) ? undefined : this.take();
    this.gather.add(bytes, start, end);
    this.lineNos.push(lineNo);
    return full;
  }

  /** The gathered lines as an item, or undefined when there are none. */
  take(): LinesItem | undefined {
    if (this.gather.count === 0) return undefined;
    const { bytes, offsets } = this.gather.take();
    const item: LinesItem = { type: 'lines', source: this.source, lineNos: Int32Array.from(this.lineNos), offsets, bytes };
    this.lineNos = [];
    return item;
  }
}

/** Whole small files. */
export class FileBatcher {
  private readonly gather = new Gatherer();
  private sources: string[] = [];

  get size(): number {
    return this.gather.count;
  }

  /** Adds a file (its bytes are copied); returns a full item to send first when it does not fit in the current one. */
  add(source: string, bytes: Uint8Array): FilesItem | undefined {
    const full = this.gather.fits(bytes.length) ? undefined : this.take();
    this.gather.add(bytes, 0, bytes.length);
    this.sources.push(source);
    return full;
  }

  take(): FilesItem | undefined {
    if (this.gather.count === 0) return undefined;
    const { bytes, offsets } = this.gather.take();
    const item: FilesItem = { type: 'files', sources: this.sources, offsets, bytes };
    this.sources = [];
    return item;
  }
}
