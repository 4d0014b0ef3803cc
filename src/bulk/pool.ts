/**
 * Where work items are judged: inline on the main thread, or in a pool of validate worker threads
 * (started on first use). Results come back as promises; the caller keeps them in input order.
 */
import { Worker } from 'node:worker_threads';
import type { JudgeOptions } from './judge.js';
import { returnItemBuffer } from './item-buffers.js';
import { runRange, type BulkItem, type RangeResult } from './range-item.js';
import { encodeResult, type EncodedResult } from './result-encoder.js';
import { runItem, type ItemResult } from './work-item.js';

/** What judging an item gives: a range's result, or a lines or files item's (plain or encoded). */
export type BulkResult = ItemResult | EncodedResult | RangeResult;

/**
 * A worker's young generation, in MiB: V8 takes a third of it, rounded up to a power of two, as each
 * semi-space, so 24 gives 8 MiB semi-spaces where V8 would otherwise let them grow to 16 MiB over a
 * long run. A worker's survivors are only the document in hand, so the smaller young generation
 * costs no measurable time (20,000 large orders, 10,000 files, 1M small orders: within run-to-run
 * noise), and it keeps peak memory flat: without it, a run of 1M orders with --jobs 2 peaked about
 * 15 MB above one of 100k, which ends before the young generation has grown.
 */
const WORKER_YOUNG_GENERATION_MB = 24;

interface PoolWorker {
  worker: Worker;
  /**
   * Set once the worker has loaded its modules (its first message). Until then it is given nothing:
   * the main thread judges meanwhile instead of waiting, in input order, behind items a loading
   * worker holds (about 0.1 s at the start of every run with workers).
   */
  ready: boolean;
  pending: Map<number, { resolve: (r: EncodedResult | RangeResult) => void; reject: (e: Error) => void }>;
}

/** What a validate worker posts: that it is ready (once), then each item's result. */
type WorkerMessage = { ready: true } | { id: number; result: EncodedResult | RangeResult; bytes?: ArrayBuffer };

/** A fixed set of validate workers; each item goes to the ready worker with the fewest items pending. */
export class WorkerPool {
  private readonly workers: PoolWorker[] = [];
  private nextId = 0;
  /** Why a worker stopped, when one did: the run fails with it rather than go on without the worker. */
  private failure: Error | undefined;

  constructor(size: number, options: JudgeOptions) {
    // dist/validate-worker.js sits beside the chunk this code is bundled into.
    const entry = new URL('./validate-worker.js', import.meta.url);
    for (let i = 0; i < size; i++) {
      const pending: PoolWorker['pending'] = new Map();
      const worker = new Worker(entry, { workerData: options, resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } });
      const self: PoolWorker = { worker, ready: false, pending };
      worker.on('message', (message: WorkerMessage) => {
        if ('ready' in message) {
          self.ready = true;
          return;
        }
        const { id, result, bytes } = message;
        if (bytes) returnItemBuffer(bytes);
        const waiter = pending.get(id);
        pending.delete(id);
        // Kept encoded until delivered (see decodedDocuments).
        waiter?.resolve(result);
      });
      const fail = (error: Error): void => {
        this.failure ??= error;
        // Given nothing more; what it held is rejected, so the run stops at that item.
        self.ready = false;
        for (const waiter of pending.values()) waiter.reject(error);
        pending.clear();
      };
      worker.on('error', fail);
      worker.on('exit', (code) => fail(new Error(`a validate worker stopped (exit code ${code})`)));
      this.workers.push(self);
    }
  }

  /**
   * Judges `item` in a worker; a lines or files item's buffer is moved there (not copied), so it must
   * own it whole. A range item is a few numbers: the worker reads the range itself.
   */
  run(item: BulkItem): Promise<EncodedResult | RangeResult> {
    let target: PoolWorker | undefined;
    for (const w of this.workers) if (w.ready && (!target || w.pending.size < target.pending.size)) target = w;
    if (!target) return Promise.reject(this.failure ?? new Error('no validate worker is ready'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      target.pending.set(id, { resolve, reject });
      target.worker.postMessage({ id, item }, item.type === 'range' ? [] : [item.bytes.buffer as ArrayBuffer]);
    });
  }

  /** Why a worker stopped, once one did (at any time: loading, judging, or idle): the run fails with it. */
  get failed(): Error | undefined {
    return this.failure;
  }

  /** The fewest items any ready worker has waiting or in hand (Infinity while none is ready). */
  fewestPending(): number {
    let fewest = Infinity;
    for (const w of this.workers) if (w.ready && w.pending.size < fewest) fewest = w.pending.size;
    return fewest;
  }

  /** Stops every worker (their pending items are dropped). */
  async close(): Promise<void> {
    await Promise.all(
      this.workers.map(async ({ worker, pending }) => {
        pending.clear();
        worker.removeAllListeners('exit');
        await worker.terminate();
      }),
    );
  }
}

/**
 * Judges an item on the calling thread (the `--jobs 1` path, the start of every run, and the main
 * thread's share beside the workers). `queued`: the result waits behind other items before it is
 * delivered, so it is kept encoded like a worker's (see decodedDocuments).
 */
export function runInline(item: BulkItem, options: JudgeOptions, queued: boolean): Promise<BulkResult> {
  if (item.type === 'range') return Promise.resolve(runRange(item, options, queued));
  const result = runItem(item, options);
  returnItemBuffer(item.bytes.buffer as ArrayBuffer);
  return Promise.resolve(queued ? encodeResult(result) : result);
}
