/** The progress line: stderr of a terminal only, never cut to nothing, ticking while a task runs. */
import { describe, expect, it } from 'vitest';
import { startProgress } from '../../src/cli/progress.js';
import { createOutput } from '../../src/cli/output.js';

/** A terminal-like stream that records what is written (a plain object: no process stream touched). */
function terminal(columns: number, isTTY = true): { stream: NodeJS.WriteStream; written: string[] } {
  const written: string[] = [];
  const stream = { isTTY, columns, write: (s: string) => written.push(s) > 0 } as unknown as NodeJS.WriteStream;
  return { stream, written };
}

const output = createOutput({ globals: {}, mask: (s) => s.replaceAll('sekrit', '****') });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('startProgress', () => {
  it('shows the whole label on a terminal that reports 0 columns, masked', async () => {
    const { stream, written } = terminal(0);
    const progress = startProgress(output, 3, { stream });
    await sleep(1050);
    progress.update({ done: 1, total: 3, label: 'cart GET [header] sekrit' });
    progress.stop();
    expect(written.some((w) => w.includes('[1/3] 1s cart GET [header] ****'))).toBe(true);
    expect(written.at(-1)).toBe('\r\x1b[2K');
  });

  it('ticks while the first task is still running, and never before a second', async () => {
    const { stream, written } = terminal(120);
    const progress = startProgress(output, 5, { stream });
    await sleep(400);
    expect(written).toEqual([]);
    await sleep(1200);
    progress.stop();
    expect(written.some((w) => w.includes('[0/5] 1s'))).toBe(true);
  });

  it('writes nothing when stderr is not a terminal', async () => {
    const { stream, written } = terminal(80, false);
    const progress = startProgress(output, 1, { stream });
    await sleep(1100);
    progress.update({ done: 1, total: 1, label: 'x' });
    progress.stop();
    expect(written).toEqual([]);
  });
});
