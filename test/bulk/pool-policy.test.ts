/** When a bulk run starts its worker threads: as asked with --jobs, only when it pays by default. */
import { describe, expect, it } from 'vitest';
import { POOL_AFTER_BYTES, POOL_AFTER_MS, POOL_AT_ONCE_BYTES, workersPay, type RunSoFar } from '../../src/bulk/pool-policy.js';

const MiB = 1024 * 1024;
const run = (over: Partial<RunSoFar>): RunSoFar => ({ threads: 'when-worth-it', inlineBytes: 10 * MiB, elapsedMs: 5000, bytesRead: 10 * MiB, totalBytes: 80 * MiB, ...over });

describe('workersPay', () => {
  it('never for a run under the small-run size, asked or not', () => {
    expect(workersPay(run({ threads: 'asked', inlineBytes: POOL_AFTER_BYTES, totalBytes: POOL_AFTER_BYTES }))).toBe(false);
    expect(workersPay(run({ inlineBytes: POOL_AFTER_BYTES, totalBytes: POOL_AFTER_BYTES }))).toBe(false);
    // Unknown size: not before the main thread has judged the small-run size.
    expect(workersPay(run({ threads: 'asked', inlineBytes: POOL_AFTER_BYTES, totalBytes: undefined }))).toBe(false);
  });

  it('--jobs given: at once when the known size passes the small-run size, else once the judged bytes do', () => {
    expect(workersPay(run({ threads: 'asked', inlineBytes: 0, bytesRead: 0, elapsedMs: 0, totalBytes: POOL_AFTER_BYTES + 1 }))).toBe(true);
    expect(workersPay(run({ threads: 'asked', inlineBytes: POOL_AFTER_BYTES + 1, elapsedMs: 1, totalBytes: undefined }))).toBe(true);
  });

  it('default: a run of known size past the at-once size starts them at once', () => {
    expect(workersPay(run({ inlineBytes: 0, bytesRead: 0, elapsedMs: 0, totalBytes: POOL_AT_ONCE_BYTES }))).toBe(true);
    expect(workersPay(run({ inlineBytes: 0, bytesRead: 0, elapsedMs: 0, totalBytes: POOL_AT_ONCE_BYTES - 1 }))).toBe(false);
  });

  it('default: not before the main thread has judged alone for a while', () => {
    expect(workersPay(run({ elapsedMs: POOL_AFTER_MS - 1, totalBytes: POOL_AT_ONCE_BYTES - 1 }))).toBe(false);
    expect(workersPay(run({ elapsedMs: POOL_AFTER_MS, totalBytes: POOL_AT_ONCE_BYTES - 1 }))).toBe(true);
  });

  it('default: only when at least as much input is left as has been read', () => {
    // Below the at-once size, so the time and the bytes left decide.
    expect(workersPay(run({ bytesRead: 40 * MiB, totalBytes: 80 * MiB }))).toBe(true);
    expect(workersPay(run({ bytesRead: 41 * MiB, totalBytes: 80 * MiB }))).toBe(false);
    expect(workersPay(run({ bytesRead: 80 * MiB, totalBytes: 80 * MiB }))).toBe(false);
  });

  it('default, unknown size (stdin, a FIFO): a stream that has lasted is taken to go on', () => {
    expect(workersPay(run({ totalBytes: undefined, bytesRead: 900 * MiB }))).toBe(true);
    expect(workersPay(run({ totalBytes: undefined, elapsedMs: POOL_AFTER_MS - 1 }))).toBe(false);
  });
});
