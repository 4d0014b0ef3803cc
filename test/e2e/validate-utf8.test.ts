/**
 * Issue 24: `xborder validate` names invalid UTF-8 (a failed `utf8` check, exit 1) at its byte offset
 * instead of reading it silently as U+FFFD: a single document by its offset in the file, an NDJSON
 * document by its line and the offset within that line; the finding's path is the value it is in. Every reading path is covered (a small file
 * read whole, pretty-printed or on one line; a large file and stdin streamed; many small files), and
 * the findings are the same with --jobs 1 and --jobs 2 (inputs over the 2 MiB after which --jobs 2 starts a worker).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/run-cli.js';

const order = JSON.parse(readFileSync(new URL('../../samples/order-full.json', import.meta.url), 'utf8')) as Record<string, unknown>;

/** An order with `id` as its OrderId and a marker value where bytes get spliced in. */
const orderText = (id: number, pretty: boolean): string => JSON.stringify({ ...order, OrderId: `GE${70000000 + id}GB`, CustomerComments: 'gift: MARK here' }, null, pretty ? 2 : undefined);

/** `text` with `bad` in place of the marker, and the offset of the first bad byte within the text. */
function spliced(text: string, bad: number[]): { bytes: Buffer; offset: number } {
  const at = text.indexOf('MARK');
  const before = Buffer.from(text.slice(0, at));
  return { bytes: Buffer.concat([before, Buffer.from(bad), Buffer.from(text.slice(at + 4))]), offset: before.length };
}

const LONE_CONTINUATION = [0x80];
const TRUNCATED_EURO = [0xe2, 0x82]; // "€" is E2 82 AC: cut after two bytes
const OVERLONG_SLASH = [0xc0, 0xaf];
const LATIN1_U_UMLAUT = [0xfc]; // "ü" saved as ISO-8859-1

let dir: string;
const expected: Record<string, number> = {};

interface Finding { message: string; actual: string; path?: string }
interface Case { source: string; checks: { id: string; status: string; findings: Finding[] }[] }

/** The utf8 findings of a --json run, by source ("file" or "file:line"). */
function utf8Findings(r: CliResult): Record<string, string> {
  const cases = (JSON.parse(r.stdout) as { cases: Case[] }).cases;
  const out: Record<string, string> = {};
  for (const c of cases) {
    const check = c.checks.find((k) => k.id === 'utf8');
    if (check) {
      expect(check.status).toBe('failed');
      // Every bad byte here is spliced into the order's CustomerComments: the finding points at it.
      for (const f of check.findings) expect(f.path, c.source).toBe('/CustomerComments');
      out[c.source] = check.findings.map((f) => f.message).join(' | ');
    }
  }
  return out;
}

const validate = (args: string[], input?: string | Buffer) =>
  runCli(['validate', '--json', ...args], { cwd: dir, timeoutMs: 120_000, input: input as string | undefined });

afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'xb-utf8-e2e-'));
  // A pretty-printed file (the shape of most captures) and a one-line file, read whole.
  const pretty = spliced(orderText(1, true), LATIN1_U_UMLAUT);
  writeFileSync(join(dir, 'pretty.json'), pretty.bytes);
  expected.pretty = pretty.offset;
  const compact = spliced(orderText(2, false), OVERLONG_SLASH);
  writeFileSync(join(dir, 'compact.json'), compact.bytes);
  expected.compact = compact.offset;
  // Over 1 MiB, so it is streamed: the same document padded with spaces on its own lines.
  const padding = `${' '.repeat(1000)}\n`.repeat(1200);
  const bigText = orderText(3, true).replace('{\n', `{\n${padding}`);
  const big = spliced(bigText, TRUNCATED_EURO);
  writeFileSync(join(dir, 'big.json'), big.bytes);
  expected.big = big.offset;

  // NDJSON of 400 orders (over 3 MiB, so --jobs 2 starts a worker; CRLF line ends): bad bytes on lines 1 (the line held until the next shows NDJSON), 3, 300 and 400.
  const lines: Buffer[] = [];
  for (let i = 1; i <= 400; i++) {
    const bad = i === 1 ? OVERLONG_SLASH : i === 3 ? LONE_CONTINUATION : i === 300 ? TRUNCATED_EURO : i === 400 ? LATIN1_U_UMLAUT : undefined;
    const text = orderText(100 + i, false);
    if (bad) {
      const s = spliced(text, bad);
      lines.push(s.bytes);
      expected[`line${i}`] = s.offset;
    } else lines.push(Buffer.from(text));
  }
  writeFileSync(join(dir, 'orders.ndjson'), Buffer.concat(lines.flatMap((l) => [l, Buffer.from('\r\n')])));
  // A small NDJSON file (read whole): line 2 of 3.
  const small = spliced(orderText(5000, false), LONE_CONTINUATION);
  expected.small = small.offset;
  writeFileSync(join(dir, 'small.ndjson'), Buffer.concat([Buffer.from(`${orderText(4999, false)}\n`), small.bytes, Buffer.from(`\n${orderText(5001, false)}\n`)]));

  // 250 small pretty files (over 3 MiB): files 7 and 240 are bad.
  for (let i = 0; i < 250; i++) {
    const text = orderText(9000 + i, true);
    const bytes = i === 7 || i === 240 ? spliced(text, i === 7 ? OVERLONG_SLASH : LATIN1_U_UMLAUT) : { bytes: Buffer.from(text), offset: -1 };
    if (bytes.offset >= 0) expected[`f${i}`] = bytes.offset;
    writeFileSync(join(dir, `f${String(i).padStart(3, '0')}.json`), bytes.bytes);
  }
});

describe('validate: invalid UTF-8', () => {
  it('a single document: failed utf8 check naming the byte offset in the file (and its line), exit 1', async () => {
    const pretty = readFileSync(join(dir, 'pretty.json'));
    const lineOf = (buf: Buffer, offset: number) => buf.subarray(0, offset).toString('latin1').split('\n').length;
    const lineStart = pretty.lastIndexOf(0x0a, expected.pretty) + 1;
    for (const jobs of ['1', '2']) {
      const r = await validate(['--jobs', jobs, 'pretty.json', 'compact.json', 'big.json']);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(1);
      const found = utf8Findings(r);
      expect(Object.keys(found).sort()).toEqual(['big.json', 'compact.json', 'pretty.json']);
      expect(found['pretty.json']).toContain(`byte offset ${expected.pretty} of the input (byte offset ${expected.pretty - lineStart} of line ${lineOf(pretty, expected.pretty)}) is 0xFC`);
      expect(found['compact.json']).toContain(`byte offset ${expected.compact} of the input (byte offset ${expected.compact} of line 1) is 0xC0`);
      const big = readFileSync(join(dir, 'big.json'));
      expect(found['big.json']).toContain(`byte offset ${expected.big} of the input (byte offset ${expected.big - (big.lastIndexOf(0x0a, expected.big) + 1)} of line ${lineOf(big, expected.big)}) is 0xE2`);
    }
    // The table names it too.
    const table = await runCli(['validate', 'pretty.json'], { cwd: dir });
    expect(table.code).toBe(1);
    // Whatever the layout and wherever lines break: the file, the check, the value, the wording, the offset.
    expect(table.stdout).toMatch(/pretty\.json[\s│]+order[\s│]+utf8[\s│]+\/CustomerComments/);
    expect(table.stdout).toMatch(/error: not valid/);
    expect(table.stdout).toMatch(new RegExp(`\\b${expected.pretty}\\b`));
  }, 120_000);

  it('NDJSON: each bad line is named with the offset within the line; --jobs 1 and --jobs 2 agree byte for byte', async () => {
    const one = await validate(['--jobs', '1', 'orders.ndjson', 'small.ndjson']);
    const two = await validate(['--jobs', '2', 'orders.ndjson', 'small.ndjson']);
    for (const r of [one, two]) {
      expect(r.code).toBe(1);
      expect(JSON.parse(r.stdout).cases).toHaveLength(403);
    }
    expect(utf8Findings(one)).toEqual({
      'orders.ndjson:1': expect.stringContaining(`byte offset ${expected.line1} of line 1 is 0xC0`),
      'orders.ndjson:3': expect.stringContaining(`byte offset ${expected.line3} of line 3 is 0x80`),
      'orders.ndjson:300': expect.stringContaining(`byte offset ${expected.line300} of line 300 is 0xE2`),
      'orders.ndjson:400': expect.stringContaining(`byte offset ${expected.line400} of line 400 is 0xFC`),
      'small.ndjson:2': expect.stringContaining(`byte offset ${expected.small} of line 2 is 0x80`),
    });
    // The whole reports, not only the findings, are the same whatever the threads.
    expect(two.stdout).toBe(one.stdout);
    // The same input on stdin (streamed, unknown size) gives the same findings.
    const piped = await validate(['--jobs', '2', '-'], readFileSync(join(dir, 'orders.ndjson')));
    expect(Object.values(utf8Findings(piped))).toEqual(Object.entries(utf8Findings(one)).filter(([k]) => k.startsWith('orders')).map(([, v]) => v));
  }, 180_000);

  it('many small files: the bad ones are named, the same with --jobs 1 and --jobs 2', async () => {
    const files = Array.from({ length: 250 }, (_, i) => `f${String(i).padStart(3, '0')}.json`);
    const one = await validate(['--jobs', '1', ...files]);
    const two = await validate(['--jobs', '2', ...files]);
    expect(one.code).toBe(1);
    expect(utf8Findings(one)).toEqual({
      'f007.json': expect.stringContaining(`byte offset ${expected.f7} of the input`),
      'f240.json': expect.stringContaining(`byte offset ${expected.f240} of the input`),
    });
    expect(two.stdout).toBe(one.stdout);
  }, 180_000);

  it('a valid file with non-Latin text and a U+FFFD written as UTF-8 passes: no utf8 check', async () => {
    writeFileSync(join(dir, 'fine.json'), orderText(6000, true).replace('MARK', 'Grüße € 日本 \uFFFD 🎁'));
    const r = await validate(['fine.json']);
    expect(r.code).toBe(0);
    expect(utf8Findings(r)).toEqual({});
  });

  it('invalid bytes where JSON allows none in an NDJSON line: its utf8 and json checks fail (exit 1), the lines after it judged', async () => {
    const text = orderText(7000, false);
    writeFileSync(join(dir, 'broken.ndjson'), Buffer.concat([Buffer.from(`${text}\n{`), Buffer.from([0xff]), Buffer.from(`${text.slice(1)}\n${text}\n`)]));
    const r = await runCli(['validate', '--json', 'broken.ndjson'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('');
    const report = JSON.parse(r.stdout);
    expect(report.cases.map((c: any) => c.source)).toEqual(['broken.ndjson:1', 'broken.ndjson:2', 'broken.ndjson:3']);
    const [utf8, json] = report.cases[1].checks;
    expect(utf8.findings[0].message).toContain('byte offset 1 of line 2 is 0xFF');
    // No value holds the byte: the line does not parse, so no path is named.
    expect(utf8.findings[0].path).toBeUndefined();
    expect(json.findings[0].message).toBe('malformed JSON at column 2: expected a property name in double quotes');
  });
});
