/**
 * When a bulk run starts its worker threads. Each worker loads and JIT-compiles the validators again
 * in its own isolate, about half a second of CPU before it judges at full speed, and meanwhile it
 * competes with the main thread, which already uses a spare core for its own compiling and
 * collecting: on 2 cores, 10,000 small files or 100,000 small orders (about 1.5 s on one thread)
 * took a fifth longer with a worker, while 20,000 large orders (about 2.5 s) gained. So with the
 * default --jobs the main thread judges alone for a while and the workers start only when about as
 * much work is left as has been done; --jobs given is taken as asked.
 */

/** Bytes judged inline before worker threads may start (a small run never pays for them). */
export const POOL_AFTER_BYTES = 2 * 1024 * 1024;

/** With the default --jobs, how long the main thread judges alone before workers may start. */
export const POOL_AFTER_MS = 1000;

/** What the decision reads of a run in progress. */
export interface RunSoFar {
  /** `asked`: --jobs was given; `when-worth-it`: the default. */
  threads: 'asked' | 'when-worth-it';
  /** Bytes judged on the main thread so far. */
  inlineBytes: number;
  /** Milliseconds since the run started. */
  elapsedMs: number;
  /** Bytes read so far, of `totalBytes` when every input's size is known. */
  bytesRead: number;
  totalBytes: number | undefined;
}

/** Whether starting the workers now pays; see the module comment. */
export function workersPay(run: RunSoFar): boolean {
  if (run.inlineBytes <= POOL_AFTER_BYTES) return false;
  if (run.threads === 'asked') return true;
  if (run.elapsedMs < POOL_AFTER_MS) return false;
  // Unknown size (stdin, a FIFO): a stream that has lasted this long is taken to go on.
  return run.totalBytes === undefined || run.totalBytes - run.bytesRead >= run.bytesRead;
}
