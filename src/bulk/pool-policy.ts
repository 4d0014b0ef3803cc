/**
 * When a bulk run starts its worker threads. Each worker loads the validators again in its own
 * isolate and runs its first items before V8 has optimised them (about 0.1 s of CPU before it judges
 * at full speed), and the results of a run with workers are encoded to cross threads. On 2 cores,
 * 100,000 small orders (12 MB, under a second on one thread) took longer with a worker, while
 * 20,000 large orders (200 MB) gained. So:
 * - --jobs given is taken as asked: the workers start as soon as the run is known to be more than a
 *   small run (its size, when every input's size is known, or what has been judged), so their start
 *   overlaps the main thread's first items;
 * - with the default --jobs, a run whose known size is large enough to keep one thread busy for
 *   seconds whatever its documents starts them at once too; any other run is judged on the main
 *   thread alone for a while, and the workers start only when about as much work is left as has
 *   been done.
 */

/** Bytes below which a run never starts workers (a small run never pays for them). */
export const POOL_AFTER_BYTES = 2 * 1024 * 1024;

/** With the default --jobs, how long the main thread judges alone before workers may start. */
export const POOL_AFTER_MS = 1000;

/**
 * With the default --jobs, a run of known size at least this large starts its workers at once. One
 * thread reads and judges about 150 MB/s of large orders (fewer bytes per second of small ones), so
 * such a run keeps it busy for most of a second or more; measured on 2 cores, a worker started at
 * once broke even on 10,000 large orders (103 MB) and made 1,000,000 small ones (125 MB) a fifth
 * faster, while 100,000 small ones (12.5 MB) took longer with it.
 */
export const POOL_AT_ONCE_BYTES = 96 * 1024 * 1024;

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
  const total = run.totalBytes;
  if (run.threads === 'asked') return run.inlineBytes > POOL_AFTER_BYTES || (total !== undefined && total > POOL_AFTER_BYTES);
  if (total !== undefined && total >= POOL_AT_ONCE_BYTES) return true;
  if (run.inlineBytes <= POOL_AFTER_BYTES || run.elapsedMs < POOL_AFTER_MS) return false;
  // Unknown size (stdin, a FIFO): a stream that has lasted this long is taken to go on.
  return total === undefined || total - run.bytesRead >= run.bytesRead;
}
