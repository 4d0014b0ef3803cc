/** The progress line: stderr of a terminal only, never cut to nothing, ticking while a task runs. */
import { describe, expect, it } from 'vitest';
import { startProgress } from '../../src/cli/progress.js';
import { createOutput } from '../../src/cli/output.js';
import { RequestLedger } from '../../src/http/ledger.js';

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

  it('names the slowest step in flight and counts cases and failures', async () => {
    const { stream, written } = terminal(120);
    const inFlight = new Set([{ label: 'order order-full [header]', since: Date.now() - 5000 }, { label: 'cart GET [none]', since: Date.now() - 1000 }]);
    const progress = startProgress(output, 4, { stream, inFlight });
    await sleep(1050);
    progress.update({ done: 2, total: 4, label: 'cart POST [none]', cases: 3, failed: 1 });
    progress.stop();
    expect(written.some((w) => /\[2\/4\] 1s order order-full \[header\] [56]s \(3 cases, 1 failed\)/.test(w))).toBe(true);
  });

  it('names the request waiting longest, against the timeout, with the flag that shortens it: whole at 80 columns on a TTY', async () => {
    const ledger = new RequestLedger();
    ledger.begin({ method: 'GET', url: 'http://shop.test/get-checkout-cart-info-url?key=sekrit&merchantCartToken=t', headers: {} }, { label: 'cart GET [query]' });
    const tty = terminal(80);
    const plain = terminal(80, false);
    const progressTty = startProgress(output, 4, { stream: tty.stream, ledger, timeoutMs: 300_000 });
    const progressPlain = startProgress(output, 4, { stream: plain.stream, ledger, timeoutMs: 300_000, intervalMs: 200 });
    await sleep(1050);
    progressTty.update({ done: 0, total: 4, label: 'x' });
    progressTty.stop();
    progressPlain.stop();
    const drawn = tty.written.find((w) => w.includes('GET'))!;
    expect(drawn).toMatch(/\[0\/4\] 1s GET \/get-checkout-cart-info-url waiting [01]\/300 s \(--timeout 30s\)$/);
    expect(drawn.replace('\r\x1b[2K', '').length).toBeLessThanOrEqual(79);
    const line = plain.written.join('').split('\n').find(Boolean)!;
    expect(line).toMatch(/; GET \/get-checkout-cart-info-url \(cart GET \[query\]\) waiting [01] s of the 300 s timeout \(--timeout 30s to shorten it\)$/);
    // The path only: a query can carry a credential.
    expect(tty.written.join('') + plain.written.join('')).not.toContain('sekrit');
  });

  it('outside a terminal: plain lines, at most one per interval, with the total known from the start', async () => {
    const { stream, written } = terminal(80, false);
    const inFlight = new Set([{ label: 'order order-full [header] sekrit', since: Date.now() }]);
    const progress = startProgress(output, 16, { stream, inFlight, intervalMs: 200 });
    progress.update({ done: 1, total: 16, label: 'x', cases: 2, failed: 0 });
    await sleep(700);
    progress.stop();
    const lines = written.join('').split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThanOrEqual(1);
    expect(lines.length).toBeLessThanOrEqual(4);
    for (const line of lines) expect(line).toMatch(/^xborder: 1 of 16 steps done, 2 cases, \d+s; slowest in flight: order order-full \[header\] \*\*\*\* \d+s$/);
    expect(written.join('')).not.toContain('\x1b');
  });

  it('writes nothing outside a terminal when the run is shorter than the interval', async () => {
    const { stream, written } = terminal(80, false);
    const progress = startProgress(output, 1, { stream });
    await sleep(1100);
    progress.update({ done: 1, total: 1, label: 'x' });
    progress.stop();
    expect(written).toEqual([]);
  });
});
