/**
 * Bulk validation of files and stdin: judges in work items (inline, or in worker threads once a run
 * is big enough to pay for starting them) and hands every
 * judged document to `deliver` in input order, whatever thread judged it. An NDJSON line that is no
 * JSON is one more document (it fails the `json` check) and the reading goes on to the end; an input
 * error (a malformed single document, a line past the limit, an unreadable file) is thrown after the
 * documents before it are delivered, exactly as a one-document-at-a-time reader would. Memory stays
 * bounded: at most a few items per worker are in flight.
 *
 * Who reads: stdin, FIFOs and small files are read and split on the main thread, which sends the
 * bytes in items. A large NDJSON file is read by the threads that judge it: once the main thread has
 * read its first document (which tells NDJSON from one pretty-printed document), the rest of the file
 * goes out as byte ranges that each thread reads with positional reads (range-item.ts), so the main
 * thread reads, decodes and copies none of it, and a second thread nearly doubles the speed.
 */
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { DocumentAssembler, type InputMode } from './assembler.js';
import { FileBatcher, ITEM_ENTRIES, LineBatcher } from './batcher.js';
import { judge, type JudgeOptions, type JudgedDocument, type JudgedInput } from './judge.js';
import { LineSplitter } from './line-splitter.js';
import { WorkerPool, runInline, type BulkResult } from './pool.js';
import type { BulkItem, RangeItem, RangeResult } from './range-item.js';
import { rangeDocuments, rangeStopError, type RangeLines } from './range-merge.js';
import { workersPay } from './pool-policy.js';
import { SMALL_FILE_BYTES, STDIN, fileChunks, readSmall, unreadableError } from './read-small.js';
import { decodedDocuments, documentCount } from './result-encoder.js';
import { inputErrorOf, type WorkItem } from './work-item.js';

/** Counters a progress display reads while the run goes. */
export interface BulkCounters {
  documents: number;
  /** Bytes read so far, of `totalBytes` when every input's size is known. */
  bytes: number;
  totalBytes?: number;
  filesDone: number;
  files: number;
}

/** Options of validateInputs. */
export interface BulkOptions {
  /** Files as given (`-` is stdin), with their sizes from inputSizes (-1: unknown, streamed). */
  files: string[];
  sizes: number[];
  judge: JudgeOptions;
  /** Threads that judge: the main thread and `jobs - 1` workers; 1 judges on the main thread only. */
  jobs: number;
  /**
   * When the workers start: `asked` (--jobs given) as soon as the run is known to pass a few MiB;
   * `when-worth-it` (the default --jobs) only when the run is long enough to pay for them (see pool-policy.ts).
   */
  threads: 'asked' | 'when-worth-it';
  stdin: Readable;
  /** Receives each judged document in input order; a returned promise is awaited. */
  deliver: (doc: JudgedDocument) => void | Promise<void>;
  counters?: BulkCounters;
}

/** Items each worker holds (in hand and waiting) before the main thread judges the next one itself. */
const WORKER_BACKLOG = 2;

/**
 * Bytes of a large file per range item at most: like a lines item, large enough that sending it
 * costs nothing beside judging it, small enough that the threads share the work evenly to the end.
 */
export const RANGE_BYTES = 1024 * 1024;

/** Bytes of a range item at least (tiny documents). */
export const MIN_RANGE_BYTES = 64 * 1024;

/**
 * The range size for a file whose first document line is `lineBytes` long: about ITEM_ENTRIES lines,
 * as a lines item holds, so a range of small documents does not build thousands of judged documents
 * at once (they would outlive the young generation and grow the heap with the file).
 */
export function rangeBytes(lineBytes: number): number {
  return Math.min(RANGE_BYTES, Math.max(MIN_RANGE_BYTES, (lineBytes + 1) * ITEM_ENTRIES));
}

/** Thrown out of the line loop once a large file shows it is NDJSON: the rest is read in ranges. */
const TO_RANGES = Symbol('to ranges');

interface Entry {
  /** Encoded when it waits behind other items (see decodedDocuments). */
  result: Promise<BulkResult>;
  /** Files the item finishes (a files item), for the progress counters. */
  files: number;
  /** The streamed input whose held first document goes before this item's documents. */
  input?: DocumentAssembler;
  /** For a range item: its input's lines delivered so far (its documents are numbered after them). */
  lines?: RangeLines;
}

/** Validates every input of `options`; see the module comment. */
export async function validateInputs(options: BulkOptions): Promise<void> {
  const run = new BulkRun(options);
  try {
    await run.all();
  } finally {
    await run.close();
  }
}

class BulkRun {
  private readonly queue: Entry[] = [];
  private pool: WorkerPool | undefined;
  private inlineBytes = 0;
  private readonly counters: BulkCounters;
  /** Documents the main thread assembled itself (a held first line, a whole document), to deliver next. */
  private mainDocs: JudgedInput[] = [];
  private readonly started = performance.now();

  constructor(private readonly options: BulkOptions) {
    const known = options.sizes.every((s) => s >= 0);
    this.counters = options.counters ?? { documents: 0, bytes: 0, filesDone: 0, files: 0 };
    this.counters.files = options.files.length;
    if (known) this.counters.totalBytes = options.sizes.reduce((a, b) => a + b, 0);
  }

  async all(): Promise<void> {
    const { files, sizes } = this.options;
    const batcher = new FileBatcher();
    for (let i = 0; i < files.length; i++) {
      if (sizes[i] < 0 || sizes[i] > SMALL_FILE_BYTES) {
        await this.submit(batcher.take());
        await this.stream(files[i], sizes[i]);
        continue;
      }
      let bytes: Buffer;
      try {
        bytes = readSmall(files[i], sizes[i]);
      } catch (error) {
        await this.submit(batcher.take());
        await this.failAfterQueue(error);
        return;
      }
      this.counters.bytes += bytes.length;
      await this.submit(batcher.add(files[i], bytes));
    }
    await this.submit(batcher.take());
    await this.drain();
    // A worker that stopped after the last item was sent (or never became ready) still fails the run.
    if (this.pool?.failed) await this.failAfterQueue(this.pool.failed);
  }

  async close(): Promise<void> {
    await this.pool?.close();
  }

  /**
   * Reads one input in pieces: stdin, a FIFO (size -1: as a stream), or a regular file too large to
   * read whole (through one reused buffer).
   */
  private async stream(file: string, size: number): Promise<void> {
    const source = file === '-' ? STDIN : file;
    const stream = file === '-' ? this.options.stdin : size < 0 ? createReadStream(file, { highWaterMark: 256 * 1024 }) : undefined;
    const assembler = new DocumentAssembler(source, (input) => void this.mainDocs.push(input));
    const splitter = new LineSplitter(source, () => assembler.mode === 'ndjson');
    const batcher = new LineBatcher(source);
    const full: WorkItem[] = [];
    // A regular file is read in ranges once its first document shows NDJSON: from the line after it.
    const ranged = file !== '-' && size >= 0;
    const bytesBefore = this.counters.bytes;
    let rangesFrom = -1;
    let rangesAfter = 0;
    // An input error of this input (malformed whole document, UTF-16 head, a line past the limit, a
    // read failure). Errors while delivering (an earlier item's input error, the report's) pass on as they are.
    let failure: unknown;
    const onLine = (bytes: Buffer, start: number, end: number): void => {
      if (failure !== undefined) return;
      if (assembler.mode !== 'ndjson') {
        try {
          assembler.line(splitter.lines, bytes, start, end, splitter.lineStart);
        } catch (error) {
          failure = error;
        }
        // `line` may have settled the mode (TypeScript keeps the narrowing from above).
        if (ranged && (assembler.mode as InputMode) === 'ndjson') {
          rangesFrom = splitter.nextLineStart;
          rangesAfter = splitter.lines;
          throw TO_RANGES;
        }
        return;
      }
      const item = batcher.add(splitter.lines, bytes, start, end);
      if (item) full.push(item);
    };
    const submitFull = async (): Promise<void> => {
      for (const item of full.splice(0)) await this.submit(item, assembler);
    };
    // Each chunk is split, and every line of it copied or decoded, before the next is read: a file's
    // chunks can share one buffer.
    const chunks = stream ? (stream as AsyncIterable<Buffer | string>)[Symbol.asyncIterator]() : fileChunks(file);
    try {
      for (;;) {
        let next: IteratorResult<Buffer | string>;
        try {
          next = await chunks.next();
        } catch (error) {
          failure = unreadableError(source, error);
          break;
        }
        if (next.done) break;
        const bytes = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
        this.counters.bytes += bytes.length;
        let more = true;
        try {
          more = splitter.push(bytes, onLine);
        } catch (error) {
          if (error !== TO_RANGES) failure ??= error;
        }
        await submitFull();
        if (failure !== undefined) break;
        if (rangesFrom >= 0) {
          // Read so far: the head, up to where the ranges start (they count their own bytes).
          this.counters.bytes = bytesBefore + rangesFrom;
          await this.submitRanges(source, rangesFrom, rangesAfter, rangesFrom - splitter.lineStart, size, assembler);
          break;
        }
        if (!more) {
          // The lines before the long one are judged and delivered, then the run stops.
          await this.submit(batcher.take(), assembler);
          await this.drain();
          assembler.releaseHeld();
          failure = splitter.overflow();
          break;
        }
      }
      if (failure === undefined && rangesFrom < 0) {
        try {
          splitter.end(onLine);
        } catch (error) {
          if (error !== TO_RANGES) failure ??= error;
        }
        await submitFull();
      }
      await this.submit(batcher.take(), assembler);
      await this.drain();
      if (failure === undefined) {
        try {
          assembler.finish();
        } catch (error) {
          failure = error;
        }
      }
      await this.deliverMain();
      if (failure !== undefined) throw failure;
      this.counters.filesDone++;
    } finally {
      if (stream && stream !== this.options.stdin) (stream as Readable).destroy();
      else if (!stream) await chunks.return?.();
    }
  }

  /**
   * Sends the rest of a large NDJSON file, from `from` (where line `before + 1`, the line after its
   * first document, `firstLineBytes` long, starts) to `size`, as range items; the threads that judge
   * them read them.
   */
  private async submitRanges(source: string, from: number, before: number, firstLineBytes: number, size: number, input: DocumentAssembler): Promise<void> {
    const lines: RangeLines = { source, lines: before };
    const step = rangeBytes(firstLineBytes);
    for (let start = from; start < size; start += step) {
      const item: RangeItem = { type: 'range', source, start, end: Math.min(size, start + step), lineStart: start === from };
      this.counters.bytes += item.end - item.start;
      await this.submit(item, input, lines);
    }
  }

  /** Sends an item to be judged and keeps its place in the order; waits when too many are in flight. */
  private async submit(item: BulkItem | undefined, input?: DocumentAssembler, lines?: RangeLines): Promise<void> {
    if (!item) return;
    if (!this.pool && this.options.jobs > 1 && this.workersPay()) this.pool = new WorkerPool(this.options.jobs - 1, this.options.judge);
    if (!this.pool) this.inlineBytes += item.type === 'range' ? item.end - item.start : item.bytes.byteLength;
    // A worker stopped: deliver what was judged before, then fail with its error (exit 70).
    if (this.pool?.failed) await this.failAfterQueue(this.pool.failed);
    // The main thread is one of the --jobs judges: it reads, and it judges an item itself whenever
    // every worker already has enough to do (it would otherwise wait on them, idle).
    const inline = !this.pool || this.pool.fewestPending() >= WORKER_BACKLOG;
    const result = inline ? runInline(item, this.options.judge, this.pool !== undefined) : this.pool!.run(item);
    // Awaited in order later: a worker failure must not surface as an unhandled rejection meanwhile.
    result.catch(() => undefined);
    this.queue.push({ result, input, lines, files: item.type === 'files' ? item.sources.length : 0 });
    const limit = this.pool ? 2 * this.options.jobs + 2 : 0;
    while (this.queue.length > limit) await this.deliverNext();
    // Inline judging and synchronous reads never wait on I/O: let timers (progress lines), signals
    // and the workers' answers have their turn once per item.
    if (inline) await new Promise<void>((resolve) => setImmediate(resolve));
  }

  private workersPay(): boolean {
    const { bytes, totalBytes } = this.counters;
    return workersPay({ threads: this.options.threads, inlineBytes: this.inlineBytes, elapsedMs: performance.now() - this.started, bytesRead: bytes, totalBytes });
  }

  /** Delivers the oldest item's documents (the held first document of its input before them). */
  private async deliverNext(): Promise<void> {
    const entry = this.queue.shift()!;
    const result = await entry.result;
    if ('type' in result) return this.deliverRange(entry, result);
    if (entry.input?.holding && (documentCount(result) > 0 || result.failure)) {
      entry.input.releaseHeld();
      await this.deliverMain();
    }
    for (const doc of 'docs' in result ? result.docs : decodedDocuments(result)) await this.deliverOne(doc);
    if (result.failure) throw inputErrorOf(result.failure);
    this.counters.filesDone += entry.files;
  }

  /** Delivers a range's documents with the file's line numbers; throws the error it stopped on. */
  private async deliverRange(entry: Entry, range: RangeResult): Promise<void> {
    const { result, stop } = range;
    if (entry.input?.holding && (documentCount(result) > 0 || result.failure || stop)) {
      entry.input.releaseHeld();
      await this.deliverMain();
    }
    const lines = entry.lines!;
    for (const doc of rangeDocuments(range, lines.lines)) await this.deliverOne(doc);
    if (result.failure) throw inputErrorOf(result.failure);
    if (stop) throw rangeStopError(lines.source, stop, lines.lines);
    lines.lines += range.lines;
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) await this.deliverNext();
  }

  /** Judges and delivers what the main thread assembled itself. */
  private async deliverMain(): Promise<void> {
    const inputs = this.mainDocs;
    this.mainDocs = [];
    for (const input of inputs) await this.deliverOne(judge(input, this.options.judge.forced, this.options.judge.strict));
  }

  private async deliverOne(doc: JudgedDocument): Promise<void> {
    this.counters.documents++;
    const pending = this.options.deliver(doc);
    if (pending) await pending;
  }

  /** Delivers everything before an input error (an earlier error wins), then throws it. */
  private async failAfterQueue(error: unknown): Promise<never> {
    await this.drain();
    await this.deliverMain();
    throw error;
  }
}

