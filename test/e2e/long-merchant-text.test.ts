/**
 * A merchant's long error text does not stall the table report: a 500 whose ResponseInfo Description
 * runs to 9 KB made `check-cart` draw its table for minutes (cli-table3 measured the whole multi-line
 * detail cell again for each line it drew). The run now ends with its verdict and the whole detail.
 */
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../src/mock/running-server.js';
import { runCli } from '../helpers/run-cli.js';
import { linesTooWide } from '../helpers/line-width.js';

const words = Array.from({ length: 1000 }, (_, i) => `word${i}`);
let dir: string;
let server: RunningServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'xb-long-text-e2e-'));
  server = await listen(createServer((_req, res) => {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ResponseInfo: { Success: false, ErrorCode: 'E1', Message: 'failed', Description: words.join(' ') } }));
  }));
});

afterAll(async () => server.close());

describe('long merchant text in the table report', () => {
  it('a 9 KB error description: the run ends, status-200 fails (exit 1), the detail wrapped inside the table', async () => {
    // The limit only stops a stalled run (which has no exit code then); nothing is asserted on time.
    const r = await runCli(['check-cart', '--no-negative', '--no-save', '--timeout', '5s', '--merchant-url', `${server.url}/`], { cwd: dir, timeoutMs: 90_000 });
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/│ GET\s+│ status-200\s+│ none │ FAIL\s+│ expected HTTP 200 for a valid request, got 500/);
    const tableLines = r.stdout.slice(0, r.stdout.indexOf('└')).split('\n').filter((l) => l !== '');
    // Every line of the table keeps its borders: continuation lines are rows with empty cells.
    for (const line of tableLines.slice(tableLines.findIndex((l) => l.startsWith('┌')) + 1)) expect(line).toMatch(/^│.*│$/);
    expect(linesTooWide(r.stdout, 120)).toEqual([]);
    const detail = tableLines.map((l) => l.split('│')[5] ?? '').join(' ');
    expect(detail).toContain('word0 word1');
    expect(detail).toMatch(/word\d{2,}/);
  }, 120_000);
});
