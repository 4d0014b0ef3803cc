/** Progress of a bulk run: a bar on a terminal, plain spaced lines elsewhere, masked, quiet when short. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOutput } from '../../src/cli/output.js';
import { startCountProgress, type CountSnapshot } from '../../src/cli/progress.js';

function stream(isTTY: boolean): { stream: NodeJS.WriteStream; written: string[] } {
  const written: string[] = [];
  return { stream: { isTTY, columns: 100, write: (s: string) => written.push(s) > 0 } as unknown as NodeJS.WriteStream, written };
}

const output = createOutput({ globals: {}, mask: (s) => s.replaceAll('sekrit', '****') });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('startCountProgress', () => {
  it('on a terminal: a bar with percentage, count and rate after a second, cleared at the end', () => {
    const { stream: tty, written } = stream(true);
    const snap: CountSnapshot = { count: 0, bytes: 0, totalBytes: 1000 };
    const progress = startCountProgress(output, () => snap, { stream: tty });
    vi.advanceTimersByTime(900);
    expect(written).toEqual([]);
    Object.assign(snap, { count: 2000, bytes: 500 });
    vi.advanceTimersByTime(1100);
    expect(written.at(-1)).toBe('\r\x1b[2K[##########..........] 50% 2,000 documents, 1,000 documents/s');
    progress.stop();
    expect(written.at(-1)).toBe('\r\x1b[2K');
  });

  it('outside a terminal: one plain line per interval with count, files and rate, masked; nothing before the first interval', () => {
    const { stream: pipe, written } = stream(false);
    const snap: CountSnapshot = { count: 0, filesDone: 0, files: 3 };
    const progress = startCountProgress(output, () => snap, { stream: pipe, intervalMs: 10_000, noun: 'sekrit docs' });
    vi.advanceTimersByTime(9_000);
    expect(written).toEqual([]);
    Object.assign(snap, { count: 50_000, filesDone: 1 });
    vi.advanceTimersByTime(1_500);
    expect(written).toEqual(['xborder: validated 50,000 **** docs, 1 of 3 files, 5,000 **** docs/s, 10s\n']);
    // poll() between ticks draws nothing new before the interval.
    progress.poll();
    expect(written).toHaveLength(1);
    vi.advanceTimersByTime(10_000);
    expect(written).toHaveLength(2);
    progress.stop();
    vi.advanceTimersByTime(30_000);
    expect(written).toHaveLength(2);
  });
});
