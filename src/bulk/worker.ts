/**
 * Entry of a validate worker thread (built as dist/validate-worker.js): judges the items the main
 * thread posts, one at a time, and posts each result back with its id. The judge options come once,
 * in workerData.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { JudgeOptions } from './judge.js';
import { encodeResult, runItem, type WorkItem } from './work-item.js';

const options = workerData as JudgeOptions;
parentPort!.on('message', ({ id, item }: { id: number; item: WorkItem }) => {
  const result = encodeResult(runItem(item, options));
  // The bytes go back with the result: the main thread fills them again (see item-buffers.ts).
  const bytes = item.bytes.buffer as ArrayBuffer;
  parentPort!.postMessage({ id, result, bytes }, [bytes]);
});
