/**
 * Bulk `xborder validate` as a user runs it: progress lines on stderr outside a TTY, --jobs checked,
 * and bad input on the fast path (a 1 GiB line after megabytes of lines, a UTF-16 file among many, a
 * missing file) ending the same way, with the same exit code, whatever --jobs. Huge inputs are sparse.
 */
import { closeSync, ftruncateSync, mkdtempSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

let dir: string;
let corpus: string;
const order = JSON.parse(readFileSync(new URL('../../samples/order-full.json', import.meta.url), 'utf8'));

/** `count` orders as NDJSON text. */
function ndjson(count: number): string {
  let text = '';
  for (let i = 0; i < count; i++) text += `${JSON.stringify({ ...order, OrderId: `GE${60000000 + i}GB` })}\n`;
  return text;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'xb-bulk-e2e-'));
  corpus = join(dir, 'orders.ndjson');
  writeFileSync(corpus, ndjson(300));
});

describe('progress of a bulk run', () => {
  it('outside a TTY: plain lines on stderr (count, rate) at the interval XBORDER_PROGRESS_INTERVAL_MS sets; stdout stays the report', async () => {
    const r = await runCli(['validate', '--json', '--jobs', '1', corpus], { env: { XBORDER_PROGRESS_INTERVAL_MS: '20' } });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).cases).toHaveLength(300);
    const lines = r.stderr.trim().split('\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line).toMatch(/^xborder: validated [\d,]+ documents, [\d,]+ documents\/s \(\d+% read\), \d+s$/);
    // Counts only grow.
    const counts = lines.map((l) => Number(/validated ([\d,]+)/.exec(l)![1].replace(/,/g, '')));
    expect([...counts].sort((a, b) => a - b)).toEqual(counts);
  });

  it('names the files done of several, and a run shorter than the interval (10 s by default) prints nothing', async () => {
    const many = Array.from({ length: 40 }, (_, i) => {
      const file = join(dir, `p${i}.json`);
      writeFileSync(file, JSON.stringify({ ...order, OrderId: `GE${50000000 + i}GB` }, null, 2));
      return file;
    });
    const quiet = await runCli(['validate', ...many]);
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).toBe('');
    const chatty = await runCli(['validate', '--jobs', '1', ...many], { env: { XBORDER_PROGRESS_INTERVAL_MS: '5' } });
    expect(chatty.code).toBe(0);
    expect(chatty.stderr).toMatch(/^xborder: validated [\d,]+ documents, \d+ of 40 files, [\d,]+ documents\/s/m);
  });
});

describe('--jobs', () => {
  it.each(['0', '65', 'two', '1.5'])('refuses --jobs %s with exit 2 and the accepted range', async (value) => {
    const r = await runCli(['validate', '--jobs', value, corpus]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`xborder: --jobs: expected a whole number from 1 to 64, got "${value}".\n`);
    expect(r.stdout).toBe('');
  });
});

describe('bad input on the fast path: the same end, whatever --jobs', () => {
  it('a 1 GiB line after 3 MB of lines: the lines before it judged, exit 2 naming line and limit', async () => {
    const file = join(dir, 'huge-line.ndjson');
    const head = `${ndjson(300)}{"a":"`;
    const fd = openSync(file, 'w');
    writeSync(fd, head);
    ftruncateSync(fd, 1024 ** 3);
    closeSync(fd);
    const one = await runCli(['validate', '--json', '--jobs', '1', file], { timeoutMs: 120_000 });
    const two = await runCli(['validate', '--json', '--jobs', '2', file], { timeoutMs: 120_000 });
    expect(one.code).toBe(2);
    expect(one.stderr).toBe(`xborder: ${file}:301: NDJSON line 301 is longer than 64 MiB; xborder reads JSON documents of at most 64 MiB (67108864 bytes).\n`);
    expect(JSON.parse(one.stdout).cases).toHaveLength(300);
    expect(two).toEqual(one);
  }, 240_000);

  it('a UTF-16 file among many: the files before it judged, exit 2 naming it', async () => {
    const files = Array.from({ length: 250 }, (_, i) => {
      const file = join(dir, `m${String(i).padStart(3, '0')}.json`);
      writeFileSync(file, i === 240 ? Buffer.from(`\ufeff${JSON.stringify(order)}`, 'utf16le') : JSON.stringify({ ...order, OrderId: `GE${40000000 + i}GB` }, null, 2));
      return file;
    });
    const one = await runCli(['validate', '--json', '--jobs', '1', ...files]);
    const two = await runCli(['validate', '--json', '--jobs', '2', ...files]);
    expect(one.code).toBe(2);
    expect(one.stderr).toContain(`xborder: ${files[240]}: the file is UTF-16LE text (byte order mark FF FE), not UTF-8`);
    expect(JSON.parse(one.stdout).cases).toHaveLength(240);
    expect(two).toEqual(one);
  });

  it('a missing file among many: exit 2 before any output', async () => {
    const files = [corpus, join(dir, 'nope.json'), corpus];
    for (const jobs of ['1', '2']) {
      const r = await runCli(['validate', '--jobs', jobs, ...files]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(`xborder: Cannot read ${join(dir, 'nope.json')}: no such file.\n`);
    }
  });
});
