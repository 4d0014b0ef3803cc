/**
 * The byte-level reader and --jobs give the report the plain path gives: on a corpus with valid,
 * invalid, non-ASCII (Latin-1, other scripts, emoji), CRLF, blank, invalid-UTF-8 and broken lines,
 * and on many files of every form, the built CLI's JSON report is byte-identical for --jobs 1, 2 and
 * 3 and the default, and equal to a report made here by the plain path: the whole file decoded with
 * toString('utf8'), split on "\n", JSON.parse per line, invalid UTF-8 located in the raw bytes of the
 * file or line, each document judged and written by the same report writer. The corpora are over 2 MiB, so --jobs N really runs worker threads.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judge, type JudgedInput } from '../../src/bulk/judge.js';
import { MalformedLine } from '../../src/bulk/malformed-line.js';
import { bytesText, pointerAt } from '../../src/bulk/pointer-at.js';
import { firstInvalidUtf8 } from '../../src/http/utf8.js';
import { createOutput } from '../../src/cli/output.js';
import { Totals, jsonReport } from '../../src/cli/validate-report.js';
import { Redactor } from '../../src/redact/redactor.js';
import { runCli } from '../helpers/run-cli.js';

const samples = new URL('../../samples/', import.meta.url);
const order = (): Record<string, any> => JSON.parse(readFileSync(new URL('order-full.json', samples), 'utf8'));
const cart = (): Record<string, any> => JSON.parse(readFileSync(new URL('cart-full.json', samples), 'utf8'));
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'xb-bulk-eq-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Line `i` of the corpus (bytes, without its line end) and its line end. */
function corpusLine(i: number): { bytes: Buffer; end: string } {
  const doc = order();
  doc.OrderId = `GE${70000000 + i}GB`;
  let end = '\n';
  switch (i % 10) {
    case 0:
      doc.CurrencyCode = 'EUX';
      break;
    case 1:
      doc.Products[0].Quantity = '2';
      break;
    case 2:
      doc.Customer = { ...(doc.Customer ?? {}), FirstName: '東京', LastName: 'Ωmega 😀' };
      break;
    case 3:
      end = '\r\n';
      break;
    case 4:
      end = '\n\n   \n';
      break;
    case 5: {
      // A raw 0xFF inside a string value: invalid UTF-8, read as U+FFFD.
      const text = Buffer.from(JSON.stringify(doc));
      const at = text.indexOf('"GE');
      return { bytes: Buffer.concat([text.subarray(0, at + 1), Buffer.from([0xff, 0xfe]), text.subarray(at + 1)]), end };
    }
    case 6:
      return { bytes: Buffer.from(JSON.stringify(cart())), end };
    case 7:
      return { bytes: Buffer.from(JSON.stringify({ hello: 'wörld', n: i })), end };
    default:
      break;
  }
  return { bytes: Buffer.from(JSON.stringify(doc)), end };
}

function writeCorpus(name: string, lines: number, tail = ''): string {
  const parts: Buffer[] = [Buffer.from('\ufeff')];
  for (let i = 0; i < lines; i++) {
    const { bytes, end } = corpusLine(i);
    parts.push(bytes, Buffer.from(end));
  }
  parts.push(Buffer.from(tail));
  const file = join(dir, name);
  writeFileSync(file, Buffer.concat(parts));
  return file;
}

/**
 * The plain path's documents of a file: whole-file UTF-8 decoding, split, parse line by line; invalid
 * UTF-8 found by scanning the raw bytes of the whole file or of each line (an LF byte is always a line
 * end in both: it never occurs inside a UTF-8 sequence, and the decoder never makes one).
 */
function plainDocuments(file: string, bytes: Buffer): JudgedInput[] {
  const text = bytes.toString('utf8').replace(/^\ufeff/, '');
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const lineStarts = [0];
  for (let nl = bytes.indexOf(0x0a); nl >= 0; nl = bytes.indexOf(0x0a, nl + 1)) lineStarts.push(nl + 1);
  const firstLine = lines.findIndex((l) => l.trim() !== '');
  const first = lines[firstLine].replace(/\r$/, '').trim();
  let isNdjson = true;
  try {
    JSON.parse(first);
  } catch {
    isNdjson = false;
  }
  if (!isNdjson) {
    const at = firstInvalidUtf8(bytes);
    const line = lineStarts.filter((s) => s <= at).length;
    const invalidUtf8 = at < 0 ? undefined : { line, lineOffset: at - lineStarts[line - 1], fileOffset: at, value: bytes[at], path: pointerAt(bytesText(bytes, 0, bytes.length), at) };
    return [{ source: file, doc: JSON.parse(text), ...(invalidUtf8 ? { invalidUtf8 } : {}) }];
  }
  const docs: JudgedInput[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].replace(/\r$/, '');
    if (line.trim() === '') continue;
    const raw = bytes.subarray(lineStarts[i], i + 1 < lineStarts.length ? lineStarts[i + 1] - 1 : bytes.length);
    const at = firstInvalidUtf8(raw);
    const invalidUtf8 = at < 0 ? undefined : { line: i + 1, lineOffset: at, fileOffset: lineStarts[i] + at, value: raw[at] };
    try {
      const doc = JSON.parse(line);
      docs.push({ source: file, line: i + 1, doc, ...(invalidUtf8 ? { invalidUtf8: { ...invalidUtf8, path: pointerAt(bytesText(raw, 0, raw.length), at) } } : {}) });
    } catch (error) {
      // A line that is no JSON is a document failing the json check; the bad byte has no value to be in.
      docs.push({ source: file, line: i + 1, doc: undefined, malformed: MalformedLine.of(line, error as Error), ...(invalidUtf8 ? { invalidUtf8 } : {}) });
    }
  }
  if (docs.length === 1) delete docs[0].line;
  return docs;
}

/** The JSON report of the plain path, written by the CLI's own report writer and masking. */
function plainReport(files: string[], tool: { name: 'xborder'; version: string }): string {
  let text = '';
  const redactor = new Redactor();
  const output = createOutput({ globals: {}, mask: (t) => redactor.text(t), stdout: { write: (t: string) => ((text += t), true) } as never, env: {} });
  const report = jsonReport(output, new Totals(), tool, (v) => v);
  for (const file of files) {
    for (const input of plainDocuments(file, readFileSync(file))) report.document(judge(input, undefined, false));
  }
  void report.finish();
  return text;
}

async function reports(args: string[]): Promise<{ stdout: string; stderr: string; code: number | null }[]> {
  const runs = [];
  for (const jobs of ['1', '2', '3']) runs.push(await runCli(['validate', '--json', '--jobs', jobs, ...args], { cwd: dir }));
  // The default --jobs (threads only when they pay) too.
  runs.push(await runCli(['validate', '--json', ...args], { cwd: dir }));
  return runs;
}

// Each test runs the CLI four to six times on megabytes: on a loaded machine that outlasts the default 30 s.
describe('bulk validate: the same report for every --jobs, and as the plain path', () => {
  it('an NDJSON corpus with valid, invalid, non-ASCII, CRLF, blank and invalid-UTF-8 lines', async () => {
    const file = writeCorpus('mixed.ndjson', 400);
    expect(readFileSync(file).length).toBeGreaterThan(3 * 1024 * 1024);
    const [one, two, three] = await reports([file]);
    expect(one.code).toBe(1);
    expect(two).toEqual(one);
    expect(three).toEqual(one);
    const tool = JSON.parse(one.stdout).tool;
    expect(one.stdout).toBe(plainReport([file], tool));
    // The table report too.
    const table1 = await runCli(['validate', '--jobs', '1', file], { cwd: dir });
    const table2 = await runCli(['validate', '--jobs', '2', file], { cwd: dir });
    expect(table2).toEqual(table1);
    expect(table1.stdout).toContain('400 documents: ');
  }, 120_000);

  it('broken lines (one in the middle, a truncated last line without newline): failed json documents, every other line judged, exit 1, whatever --jobs', async () => {
    const file = writeCorpus('broken.ndjson', 300, '{"MerchantGUID":"f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77","OrderId":"GE1');
    // The first document line from line 150 on, broken in place (one byte changed: the line numbers stay).
    const bytes = readFileSync(file);
    let at = 0;
    let line = 1;
    for (; line < 150 || bytes[at] !== 0x7b; line++) at = bytes.indexOf(0x0a, at) + 1;
    bytes[at + 1] = 0x78; // {x"...: an unquoted name
    writeFileSync(file, bytes);
    const [one, two, three] = await reports([file]);
    expect(one.code).toBe(1);
    expect(one.stderr).toBe('');
    expect(two).toEqual(one);
    expect(three).toEqual(one);
    const report = JSON.parse(one.stdout);
    expect(report.error).toBeUndefined();
    expect(one.stdout).toBe(plainReport([file], report.tool));
    const broken = report.cases.filter((c: any) => c.checks.some((k: any) => k.id === 'json'));
    expect(broken.map((c: any) => c.source)).toEqual([`${file}:${line}`, report.cases.at(-1).source]);
    const json = (c: any): any => c.checks.find((k: any) => k.id === 'json');
    expect(json(broken[0]).findings[0].message).toBe('malformed JSON at column 2: expected a property name in double quotes');
    expect(json(broken[1]).findings[0].message).toMatch(/^malformed JSON at column \d+: the text ends before the JSON value is complete \(a truncated line\)$/);
  }, 120_000);

  it('many files of every form: pretty, compact, small NDJSON, CRLF, BOM, invalid UTF-8', async () => {
    const files: string[] = [];
    for (let i = 0; i < 320; i++) {
      const { bytes } = corpusLine(i);
      const doc = JSON.parse(bytes.toString('utf8'));
      const form = i % 5;
      const text =
        form === 0 ? JSON.stringify(doc, null, 2)
        : form === 1 ? JSON.stringify(doc, null, 2).replace(/\n/g, '\r\n')
        : form === 2 ? `\ufeff${JSON.stringify(doc)}\n`
        : form === 3 ? `${JSON.stringify(doc)}\n${JSON.stringify(cart())}\n`
        : undefined;
      const file = join(dir, `f${String(i).padStart(3, '0')}.json`);
      writeFileSync(file, text ?? bytes);
      files.push(file);
    }
    const [one, two, three] = await reports(files);
    expect(one.code).toBe(1);
    expect(two).toEqual(one);
    expect(three).toEqual(one);
    expect(one.stdout).toBe(plainReport(files, JSON.parse(one.stdout).tool));
    expect(JSON.parse(one.stdout).cases).toHaveLength(320 + 64);
  }, 120_000);
});
