/**
 * A large NDJSON file is judged in byte ranges that each thread reads itself (src/bulk/range-*.ts);
 * stdin goes through the main thread's reader. The built CLI's report (JSON and table), its stderr
 * and its exit code are the same for --jobs 1, 2 and 3 and the default, and the same as for the same
 * bytes piped on stdin, on files whose hard parts fall inside ranges the worker threads read: lines
 * far longer than a range, invalid UTF-8 (line numbers and byte offsets in the finding), CRLF, blank
 * lines, non-ASCII text, a malformed line in the middle, a truncated last line, and a file whose one
 * document is followed only by blank lines (reported without a line number).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'xb-ranges-e2e-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const order = (): Record<string, any> => JSON.parse(readFileSync(new URL('../../samples/order-full.json', import.meta.url), 'utf8'));

/** About `mib` MiB of order lines of every form; `edit` may change line `i`'s bytes. */
function corpus(name: string, mib: number, edit: (i: number, line: Buffer) => Buffer = (_, l) => l): string {
  const parts: Buffer[] = [Buffer.from('\ufeff\r\n')];
  let size = 0;
  for (let i = 0; size < mib * 1024 * 1024; i++) {
    const doc = order();
    doc.OrderId = `GE${60000000 + i}GB`;
    if (i % 7 === 1) doc.CurrencyCode = 'EUX';
    if (i % 11 === 3) doc.Customer.FirstName = '東京 Ωmega 😀';
    // Lines longer than a range (1 MiB), so ranges fall inside them.
    if (i % 90 === 40) doc.Comment = 'ü'.repeat(700_000);
    let line: Buffer = Buffer.from(JSON.stringify(doc));
    if (i % 13 === 5) {
      const at = line.indexOf('"GE');
      line = Buffer.concat([line.subarray(0, at + 1), Buffer.from([0xff]), line.subarray(at + 1)]);
    }
    line = edit(i, line);
    const end = Buffer.from(i % 5 === 2 ? '\r\n' : i % 17 === 4 ? '\n\n \t\n' : '\n');
    parts.push(line, end);
    size += line.length + end.length;
  }
  const file = join(dir, name);
  writeFileSync(file, Buffer.concat(parts));
  return file;
}

/** The runs of one file: --jobs 1, 2, 3, the default, and stdin (its source renamed to the file's). */
async function runsOf(file: string, args: string[] = ['--json'], jobsList: string[][] = [['--jobs', '1'], ['--jobs', '2'], ['--jobs', '3'], []]): Promise<{ files: CliResult[]; stdin: CliResult }> {
  const files: CliResult[] = [];
  for (const jobs of jobsList) files.push(await runCli(['validate', ...args, ...jobs, file], { timeoutMs: 120_000 }));
  const piped = await runCli(['validate', ...args, '--jobs', '2', '-'], { input: readFileSync(file), timeoutMs: 120_000 });
  const rename = (text: string): string => text.split('<stdin>').join(file);
  return { files, stdin: { code: piped.code, stdout: rename(piped.stdout), stderr: rename(piped.stderr) } };
}

function expectAllSame({ files, stdin }: { files: CliResult[]; stdin: CliResult }): void {
  for (const run of files.slice(1)) expect(run).toEqual(files[0]);
  expect(stdin).toEqual(files[0]);
}

describe('bulk validate: a file read in ranges gives what stdin gives, whatever --jobs', () => {
  it('valid, invalid, non-ASCII, CRLF, blank, invalid-UTF-8 and over-long lines', async () => {
    const file = corpus('mixed.ndjson', 4);
    const runs = await runsOf(file);
    expectAllSame(runs);
    const report = JSON.parse(runs.files[0].stdout);
    expect(runs.files[0].code).toBe(1);
    // Invalid UTF-8 is found in every range, with the file's line numbers (line 1 is the BOM line).
    const utf8 = report.cases.filter((c: any) => c.checks[0].id === 'utf8');
    expect(utf8.length).toBeGreaterThan(10);
    for (const c of utf8) {
      const line = Number(/:(\d+)$/.exec(c.source)![1]);
      expect(c.checks[0].findings[0].message).toContain(`of line ${line} is 0xFF`);
    }
    const lastLine = readFileSync(file).toString('latin1').split('\n').length - 1;
    expect(report.cases.at(-1).source.endsWith(`:${lastLine - 3}`) || report.cases.at(-1).source.endsWith(`:${lastLine}`)).toBe(true);
    // The table report too.
    const table = await runsOf(file, [], [['--jobs', '1'], ['--jobs', '2']]);
    expectAllSame(table);
  });

  it('a malformed line inside a later range: a failed json document with its line and column, every other line judged, exit 1', async () => {
    const file = corpus('malformed.ndjson', 3.5, (i, line) => (i === 100 ? Buffer.from('{"OrderId": "GE1", "broken": tru}') : line));
    const runs = await runsOf(file);
    expectAllSame(runs);
    expect(runs.files[0].code).toBe(1);
    expect(runs.files[0].stderr).toBe('');
    const report = JSON.parse(runs.files[0].stdout);
    expect(report.error).toBeUndefined();
    // Every line that holds a document is a case, the broken one too.
    const lines = readFileSync(file).toString('latin1').split('\n');
    expect(report.cases).toHaveLength(lines.filter((l) => l.startsWith('{')).length);
    const broken = report.cases.filter((c: any) => c.checks.some((k: any) => k.id === 'json'));
    expect(broken).toHaveLength(1);
    expect(broken[0].source).toBe(`${file}:${lines.findIndex((l) => l.startsWith('{"OrderId": "GE1", "broken"')) + 1}`);
    expect(broken[0].checks[0].findings[0].message).toBe('malformed JSON at column 33: unexpected character "}"');
    const lastDocument = lines.map((l) => l.startsWith('{')).lastIndexOf(true) + 1;
    expect(report.cases.at(-1).source).toBe(`${file}:${lastDocument}`);
  });

  it('a truncated last line (no newline), with invalid UTF-8 in it: utf8 and json checks fail on its line, the same whatever --jobs', async () => {
    const file = corpus('truncated.ndjson', 3);
    writeFileSync(file, Buffer.concat([readFileSync(file), Buffer.from('{"MerchantGUID":"f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77","OrderId":"GE\xff1', 'latin1')]));
    const runs = await runsOf(file);
    expectAllSame(runs);
    expect(runs.files[0].code).toBe(1);
    const last = JSON.parse(runs.files[0].stdout).cases.at(-1);
    const lastLine = readFileSync(file).toString('latin1').split('\n').length;
    expect(last.source).toBe(`${file}:${lastLine}`);
    expect(last.checks.map((c: any) => c.id)).toEqual(['utf8', 'json']);
    expect(last.checks[0].findings[0].message).toContain(`byte offset 68 of line ${lastLine} is 0xFF`);
    expect(last.checks[1].findings[0].message).toBe('malformed JSON at column 71: the text ends before the JSON value is complete (a truncated line)');
  });

  it('one long document followed by blank lines only: one document, without a line number', async () => {
    const doc = order();
    doc.Comment = 'a'.repeat(1_500_000);
    const file = join(dir, 'single.ndjson');
    writeFileSync(file, `${JSON.stringify(doc)}\n${'\n  \r\n'.repeat(400_000)}`);
    const runs = await runsOf(file);
    expectAllSame(runs);
    const report = JSON.parse(runs.files[0].stdout);
    expect(report.cases).toHaveLength(1);
    expect(report.cases[0].source).toBe(file);
    // Progress counts the head the main thread read (a first line longer than one 1 MiB read) and
    // the ranges once each: it reaches 100% of the file, never more.
    const progress = await runCli(['validate', '--jobs', '1', file], { env: { XBORDER_PROGRESS_INTERVAL_MS: '1' } });
    const read = [...progress.stderr.matchAll(/\((\d+)% read\)/g)].map((m) => Number(m[1]));
    expect(read.length).toBeGreaterThan(0);
    expect(Math.max(...read)).toBe(100);
  });
});
