/**
 * Where work items are judged: inline on the main thread, or in a pool of validate worker threads
 * (started on first use). Results come back as promises; the caller keeps them in input order.
 */
import { Worker } from 'node:worker_threads';
import type { JudgeOptions } from './judge.js';
import { returnItemBuffer } from './item-buffers.js';
import { decodeResult, runItem, type EncodedResult, type ItemResult, type WorkItem } from './work-item.js';

interface PoolWorker {
  worker: Worker;
  pending: Map<number, { resolve: (r: ItemResult) => void; reject: (e: Error) => void }>;
}

/** A fixed set of validate workers; each item goes to the worker with the fewest items pending. */
export class WorkerPool {
  private readonly workers: PoolWorker[] = [];
  private nextId = 0;

  constructor(size: number, options: JudgeOptions) {
    // dist/validate-worker.js sits beside the chunk this code is bundled into.
    const entry = new URL('./validate-worker.js', import.meta.url);
    for (let i = 0; i < size; i++) {
      const pending: PoolWorker['pending'] = new Map();
      const worker = new Worker(entry, { workerData: options });
      worker.on('message', ({ id, result, bytes }: { id: number; result: EncodedResult; bytes: ArrayBuffer }) => {
        returnItemBuffer(bytes);
        const waiter = pending.get(id);
        pending.delete(id);
        waiter?.resolve(decodeResult(result));
      });
      const fail = (error: Error): void => {
        for (const waiter of pending.values()) waiter.reject(error);
        pending.clear();
      };
      worker.on('error', fail);
      worker.on('exit', (code) => fail(new Error(`a validate worker stopped (exit code ${code})`)));
      this.workers.push({ worker, pending });
    }
  }

  /** Judges `item` in a worker; its buffer is moved there (not copied), so it must own it whole. */
  run(item: WorkItem): Promise<ItemResult> {
    let target = this.workers[0];
    for (const w of this.workers) if (w.pending.size < target.pending.size) target = w;
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      target.pending.set(id, { resolve, reject });
      target.worker.postMessage({ id, item }, [item.bytes.buffer as ArrayBuffer]);
    });
  }

  /** The fewest items any worker has waiting or in hand. */
  fewestPending(): number {
    return Math.min(...this.workers.map((w) => w.pending.size));
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

/** Judges items on the calling thread (the `--jobs 1` path, and the start of every run). */
export function runInline(item: WorkItem, options: JudgeOptions): Promise<ItemResult> {
  const result = runItem(item, options);
  returnItemBuffer(item.bytes.buffer as ArrayBuffer);
  return Promise.resolve(result);
}
