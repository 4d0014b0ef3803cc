/** When a bulk run starts its worker threads: as asked with --jobs, only when it pays by default. */
import { describe, expect, it } from 'vitest';
import { POOL_AFTER_BYTES, POOL_AFTER_MS, workersPay, type RunSoFar } from '../../src/bulk/pool-policy.js';

const MiB = 1024 * 1024;
const run = (over: Partial<RunSoFar>): RunSoFar => ({ threads: 'when-worth-it', inlineBytes: 10 * MiB, elapsedMs: 5000, bytesRead: 10 * MiB, totalBytes: 100 * MiB, ...over });

describe('workersPay', () => {
  it('never for a run still under the small-run size, asked or not', () => {
    expect(workersPay(run({ threads: 'asked', inlineBytes: POOL_AFTER_BYTES }))).toBe(false);
    expect(workersPay(run({ inlineBytes: POOL_AFTER_BYTES }))).toBe(false);
  });

  it('--jobs given: as soon as the run passes the small-run size', () => {
    expect(workersPay(run({ threads: 'asked', inlineBytes: POOL_AFTER_BYTES + 1, elapsedMs: 1, totalBytes: POOL_AFTER_BYTES + 2 }))).toBe(true);
  });

  it('default: not before the main thread has judged alone for a while, however much is left', () => {
    expect(workersPay(run({ elapsedMs: POOL_AFTER_MS - 1, totalBytes: 10_000 * MiB }))).toBe(false);
    expect(workersPay(run({ elapsedMs: POOL_AFTER_MS, totalBytes: 10_000 * MiB }))).toBe(true);
  });

  it('default: only when at least as much input is left as has been read', () => {
    expect(workersPay(run({ bytesRead: 50 * MiB, totalBytes: 100 * MiB }))).toBe(true);
    expect(workersPay(run({ bytesRead: 51 * MiB, totalBytes: 100 * MiB }))).toBe(false);
    expect(workersPay(run({ bytesRead: 100 * MiB, totalBytes: 100 * MiB }))).toBe(false);
  });

  it('default, unknown size (stdin, a FIFO): a stream that has lasted is taken to go on', () => {
    expect(workersPay(run({ totalBytes: undefined, bytesRead: 900 * MiB }))).toBe(true);
    expect(workersPay(run({ totalBytes: undefined, elapsedMs: POOL_AFTER_MS - 1 }))).toBe(false);
  });
});
