/**
 * Bulk `xborder validate` as a user runs it: progress lines on stderr outside a TTY, --jobs checked,
 * bad input on the fast path (a 1 GiB line after megabytes of lines, a UTF-16 file among many, a
 * missing file) ending the same way, with the same exit code, whatever --jobs, and a bad day's NDJSON
 * (a broken line, a truncated last line) read to the end. Huge inputs are sparse.
 */
import { closeSync, ftruncateSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/run-cli.js';

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
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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

describe('a bad day: validate reads NDJSON to the end', () => {
  /** The runs of `name` in `dir`: --jobs 1, 2, 3, then stdin (--jobs 2), whose source `<stdin>` is renamed to `name`. */
  async function runsOf(name: string, args: string[]): Promise<CliResult[]> {
    const runs: CliResult[] = [];
    // 80 columns: the layout (table or blocks) follows the width and the cells, and `<stdin>` is
    // shorter than the file's name; at 80 both are blocks, so the renamed reports compare byte for byte.
    const env = { COLUMNS: '80' };
    for (const jobs of ['1', '2', '3']) runs.push(await runCli(['validate', ...args, '--jobs', jobs, name], { cwd: dir, env, timeoutMs: 120_000 }));
    const piped = await runCli(['validate', ...args, '--jobs', '2', '-'], { cwd: dir, env, input: readFileSync(join(dir, name)), timeoutMs: 120_000 });
    const rename = (text: string): string => text.split('<stdin>').join(name);
    runs.push({ code: piped.code, stdout: rename(piped.stdout), stderr: rename(piped.stderr) });
    return runs;
  }

  it('3,000 orders with a broken line 1,501 and a truncated last line: both failed json documents (line and column), every other line judged, exit 1, the same report for --jobs 1, 2, 3 and stdin', async () => {
    const lines = ndjson(3000).split('\n');
    lines[1500] = lines[1500].replace('"OrderId":', '"OrderId":,');
    const cut = lines[2999].indexOf('"Products"');
    lines[2999] = lines[2999].slice(0, cut);
    writeFileSync(join(dir, 'bad-day.ndjson'), lines.slice(0, 3000).join('\n'));

    const json = await runsOf('bad-day.ndjson', ['--json']);
    for (const run of json.slice(1)) expect(run).toEqual(json[0]);
    expect(json[0].code).toBe(1);
    expect(json[0].stderr).toBe('');
    const report = JSON.parse(json[0].stdout);
    expect(report.error).toBeUndefined();
    // Every line is a document, in order: the two broken ones fail json alone, the rest are judged as orders and pass.
    expect(report.cases.map((c: { source: string }) => c.source)).toEqual(Array.from({ length: 3000 }, (_, i) => `bad-day.ndjson:${i + 1}`));
    const failed = report.cases.filter((c: any) => c.checks.some((k: any) => k.status === 'failed'));
    expect(failed.map((c: any) => [c.source, c.variant, c.checks.map((k: any) => k.id)])).toEqual([
      ['bad-day.ndjson:1501', 'unknown', ['json']],
      ['bad-day.ndjson:3000', 'unknown', ['json']],
    ]);
    const column = lines[1500].indexOf('"OrderId":,') + '"OrderId":,'.length;
    expect(failed[0].checks[0].findings[0].message).toBe(`malformed JSON at column ${column}: unexpected character ",", expected a value`);
    expect(failed[1].checks[0].findings[0].message).toBe(`malformed JSON at column ${cut + 1}: the text ends before the JSON value is complete (a truncated line)`);
    expect(report.cases.filter((c: any) => c.variant === 'order')).toHaveLength(2998);
    expect(report.summary.failed).toBe(2);

    const table = await runsOf('bad-day.ndjson', []);
    for (const run of table.slice(1)) expect(run).toEqual(table[0]);
    expect(table[0].code).toBe(1);
    expect(table[0].stdout).toBe(
      [
        'bad-day.ndjson:1501  ?  json',
        `  error: malformed JSON at column ${column}: unexpected character ",", expected a value`,
        '  expected: one JSON document per line',
        'bad-day.ndjson:3000  ?  json',
        `  error: malformed JSON at column ${cut + 1}: the text ends before the JSON value is`,
        '    complete (a truncated line)',
        '  expected: one JSON document per line',
        '3000 documents: 2 failed, 0 with warnings, 2998 passed; checks: 29980 passed,',
        '  2 failed, 0 warnings, 0 errored',
        'see: xborder checks json',
        '',
      ].join('\n'),
    );
  }, 600_000);

  it('nothing readable is still exit 2 (nothing judged): a file that is no JSON at all (on stdin too), a missing file', async () => {
    writeFileSync(join(dir, 'notes.json'), 'Notes of the day, not JSON\n{"OrderId": "GE1"}\n');
    for (const jobs of ['1', '2', '3']) {
      const r = await runCli(['validate', '--jobs', jobs, 'notes.json'], { cwd: dir });
      expect(r).toEqual({ code: 2, stdout: '', stderr: 'xborder: notes.json:1:1: malformed JSON: unexpected character "N", expected a value.\n' });
    }
    const piped = await runCli(['validate', '--json', '-'], { cwd: dir, input: readFileSync(join(dir, 'notes.json')) });
    expect(piped.code).toBe(2);
    expect(JSON.parse(piped.stdout)).toMatchObject({ cases: [], error: { file: '<stdin>', line: 1, column: 1 } });
    const missing = await runCli(['validate', 'nope.ndjson'], { cwd: dir });
    expect(missing).toEqual({ code: 2, stdout: '', stderr: 'xborder: Cannot read nope.ndjson: no such file.\n' });
  });
});
