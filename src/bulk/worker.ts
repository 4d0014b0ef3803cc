/**
 * Entry of a validate worker thread (built as dist/validate-worker.js): says it is ready once its
 * modules are loaded, then judges the items the main thread posts, one at a time, and posts each
 * result back with its id. The judge options come once, in workerData.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { JudgeOptions } from './judge.js';
import { runRange, type BulkItem } from './range-item.js';
import { encodeResult } from './result-encoder.js';
import { runItem } from './work-item.js';

const options = workerData as JudgeOptions;
parentPort!.on('message', ({ id, item }: { id: number; item: BulkItem }) => {
  // A range is read here, by positional reads: nothing to send back but the result.
  if (item.type === 'range') return parentPort!.postMessage({ id, result: runRange(item, options, true) });
  const result = encodeResult(runItem(item, options));
  // The bytes go back with the result: the main thread fills them again (see item-buffers.ts).
  const bytes = item.bytes.buffer as ArrayBuffer;
  parentPort!.postMessage({ id, result, bytes }, [bytes]);
});
parentPort!.postMessage({ ready: true });
