/**
 * Gathers raw lines or whole small files into work items of bounded size. Each item owns one
 * buffer of its own (never a slice of Node's shared pool), so it can be moved to a worker as is.
 */
import type { FilesItem, LinesItem } from './work-item.js';

/** Bytes an item holds before it is sent (a longer single line or file gets an item of its size). */
export const ITEM_BYTES = 1024 * 1024;
/** Entries (lines or files) an item holds at most: small documents still go out in good time. */
export const ITEM_ENTRIES = 512;

class Gatherer {
  /** Views of the entries' bytes, copied into one buffer of the exact size when the item is taken. */
  private parts: Uint8Array[] = [];
  used = 0;
  offsets: number[] = [];

  get count(): number {
    return this.offsets.length;
  }

  /** Whether `length` more bytes fit without passing the item's size (an empty item takes anything). */
  fits(length: number): boolean {
    return this.count === 0 || (this.used + length <= ITEM_BYTES && this.count < ITEM_ENTRIES);
  }

  /** Adds `bytes[start, end)`; the bytes must stay unchanged until `take` (read chunks are never reused). */
  add(bytes: Uint8Array, start: number, end: number): void {
    this.offsets.push(this.used);
    this.parts.push(bytes.subarray(start, end));
    this.used += end - start;
  }

  /** The bytes and the offsets (with the end offset appended); empties the gatherer. */
  take(): { bytes: Uint8Array; offsets: Int32Array } {
    // A buffer of its own (not a slice of Node's shared pool): it can be moved to a worker.
    const bytes = Buffer.allocUnsafeSlow(this.used);
    let at = 0;
    for (const part of this.parts) {
      bytes.set(part, at);
      at += part.length;
    }
    this.offsets.push(this.used);
    const offsets = Int32Array.from(this.offsets);
    this.parts = [];
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

  /** Adds a file; returns a full item to send first when it does not fit in the current one. */
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
