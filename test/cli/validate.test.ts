/**
 * `xborder validate`: unit tests of the input reader and JSON error locator, then end to end on the
 * built CLI (`npm run build` first) spawned as `node bin/xborder.js validate ...`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { MalformedLine } from '../../src/bulk/malformed-line.js';
import { findJsonSyntaxError as locateJsonError } from '../../src/io/json-position.js';
import { readDocuments, type InputDocument } from '../helpers/read-documents.js';
import { validatePayload } from '../../src/validation/index.js';
import { runCli } from '../helpers/run-cli.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const samples = join(root, 'samples');
let dir: string;
const order = (): Record<string, any> => JSON.parse(readFileSync(join(samples, 'order-full.json'), 'utf8'));
const write = (name: string, text: string): string => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'xborder-validate-'));
});

async function readAll(file: string, stdinText?: string): Promise<InputDocument[]> {
  const docs: InputDocument[] = [];
  await readDocuments(file, (d) => void docs.push(d), Readable.from([stdinText ?? '']));
  return docs;
}

describe('locateJsonError', () => {
  it.each([
    ['{"a": x}', 1, 7, 'unexpected character "x"'],
    ['{\n  "a": 1,\n}', 3, 1, 'expected a property name in double quotes'],
    ['{"a": 1', 1, 8, 'the text ends before the JSON value is complete'],
    ['{"a" 1}', 1, 6, "expected ':'"],
    ['[1, 2]]', 1, 7, 'after the JSON value'],
    ['{"a": "b\nc"}', 1, 9, 'control character'],
    ['{"a": 01}', 1, 8, "expected ',' or '}'"],
  ])('%j breaks at %i:%i', (text, line, column, reason) => {
    const found = locateJsonError(text);
    expect(found).toMatchObject({ line, column });
    expect(found?.reason).toContain(reason);
  });

  it('finds nothing in valid JSON', () => {
    expect(locateJsonError(JSON.stringify(order()))).toBeUndefined();
  });
});

describe('readDocuments', () => {
  it('reads a pretty-printed document whole, with no line number', async () => {
    const docs = await readAll(join(samples, 'order-full.json'));
    expect(docs).toHaveLength(1);
    expect(docs[0]).toEqual({ source: join(samples, 'order-full.json'), doc: order() });
  });

  it('streams NDJSON with line numbers, skipping blank lines', async () => {
    const file = write('three.ndjson', `${JSON.stringify({ a: 1 })}\n\n${JSON.stringify({ b: 2 })}\r\n${JSON.stringify({ c: 3 })}\n`);
    const docs = await readAll(file);
    expect(docs.map((d) => [d.line, d.doc])).toEqual([
      [1, { a: 1 }],
      [3, { b: 2 }],
      [4, { c: 3 }],
    ]);
  });

  it('reads stdin for "-"', async () => {
    const docs = await readAll('-', '{"x":1}\n{"y":2}\n');
    expect(docs.map((d) => [d.source, d.line])).toEqual([
      ['<stdin>', 1],
      ['<stdin>', 2],
    ]);
  });

  it('reads a malformed NDJSON line as a document of its own, with its column and reason, and reads on', async () => {
    const file = write('bad.ndjson', '{"a":1}\n{"b":2}\n{"c":,}\n{"d":4}\n');
    expect(await readAll(file)).toEqual([
      { source: file, line: 1, doc: { a: 1 } },
      { source: file, line: 2, doc: { b: 2 } },
      { source: file, line: 3, doc: undefined, malformed: new MalformedLine(6, 'unexpected character ",", expected a value', false) },
      { source: file, line: 4, doc: { d: 4 } },
    ]);
  });

  it('a malformed second line keeps the first its line number; a truncated last line is cut at its end', async () => {
    const file = write('first-then-bad.ndjson', '{"a":1}\n{"b":');
    expect(await readAll(file)).toEqual([
      { source: file, line: 1, doc: { a: 1 } },
      { source: file, line: 2, doc: undefined, malformed: new MalformedLine(6, 'the text ends before the JSON value is complete', true) },
    ]);
  });

  it("reads a BOM, CRLF line ends and blank or whitespace-only lines (a Windows capture)", async () => {
    const file = write('windows.ndjson', `\uFEFF{"a":1}\r\n\r\n   \r\n{"b":2}\r\n\r\n`);
    expect((await readAll(file)).map((d) => [d.line, d.doc])).toEqual([
      [1, { a: 1 }],
      [4, { b: 2 }],
    ]);
  });

  it('names the position of an error in a pretty-printed document and refuses an empty input', async () => {
    const file = write('broken.json', '{\n  "MerchantGUID": "g",\n  "OrderId": GE1\n}\n');
    await expect(readAll(file)).rejects.toMatchObject({ line: 3, column: 14 });
    await expect(readAll(write('empty.json', '\n  \n'))).rejects.toThrow(/no JSON document/);
  });
});

describe('xborder validate (built CLI)', () => {
  it('validates a conforming sample: exit 0 and a one-line summary', async () => {
    const r = await runCli(['validate', join(samples, 'order-full.json')]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    // As many checks as the order kind has (rules are added over time): all passed.
    const checks = validatePayload('order', order()).length;
    expect(r.stdout).toBe(`1 document: 0 failed, 0 with warnings, 1 passed; checks: ${checks} passed, 0 failed, 0 warnings, 0 errored\n`);
  });

  it('validates every shipped sample with no failure and no warning, telling each kind', async () => {
    const index: { file: string; kind: string }[] = JSON.parse(readFileSync(join(samples, 'index.json'), 'utf8'));
    const r = await runCli(['validate', '--json', ...index.map((e) => join(samples, e.file))]);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    // A PerformOrderPayment request is an order by its shape: told as one (--as payment-request names the call).
    expect(report.cases.map((c: { variant: string }) => c.variant)).toEqual(index.map((e) => (e.kind === 'payment-request' ? 'order' : e.kind)));
    expect(report.summary.failed).toBe(0);
    expect(report.summary.warnings).toBe(0);
  });

  it('prints the report shape with --json: tool, one case per document, checks, summary', async () => {
    const r = await runCli(['validate', '--json', join(samples, 'order-full.json'), join(samples, 'cart-full.json')]);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(Object.keys(report)).toEqual(['tool', 'cases', 'summary']);
    expect(report.tool).toEqual({ name: 'xborder', version: expect.any(String) });
    expect(report.cases).toHaveLength(2);
    expect(report.cases[0]).toMatchObject({ endpoint: 'offline', variant: 'order', authMode: 'none', source: join(samples, 'order-full.json') });
    expect(report.cases[0].checks.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining(['schema', 'lenient', 'unknown-properties', 'iso-codes', 'order-identity']));
    expect(report.cases[1].variant).toBe('cart');
    const checks = report.cases.flatMap((c: { checks: unknown[] }) => c.checks).length;
    expect(report.summary).toEqual({ passed: checks, failed: 0, warnings: 0, errored: 0, skipped: 0 });
  });

  it('fails a non-conforming order: exit 1, a row with path, expected and actual', async () => {
    const doc = order();
    doc.CurrencyCode = 'EUX';
    const file = write('bad-currency.json', JSON.stringify(doc, null, 2));
    // A wide terminal: the table.
    const r = await runCli(['validate', file], { env: { COLUMNS: '160' } });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/iso-codes\s*│\s*\/CurrencyCode\s*│\s*error: "EUX" is not an ISO 4217/);
    expect(r.stdout).toContain('1 document: 1 failed');
    // A narrower one (a pipe's 120 by default): one block per finding, the same facts.
    const narrow = await runCli(['validate', file]);
    expect(narrow.code).toBe(1);
    expect(narrow.stdout).toMatch(/bad-currency\.json {2}order {2}iso-codes {2}\/CurrencyCode\n {2}error: "EUX" is not an ISO 4217/);
    expect(narrow.stdout).toMatch(/\n {2}actual: {3}"EUX"\n/);
  });

  it('passes a tolerated form with a warning (exit 0) and fails it with --strict (exit 1)', async () => {
    const doc = order();
    doc.Products[0].Quantity = '2';
    const file = write('quantity-string.json', JSON.stringify(doc));
    const lax = await runCli(['validate', file]);
    expect(lax.code).toBe(0);
    expect(lax.stdout).toContain('warning: "2" is a string; documented as a number');
    const strict = await runCli(['validate', '--strict', file]);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain('error: "2" is a string; documented as a number');
  });

  it('exits 2 on broken JSON, naming file, line and column, with nothing on stdout', async () => {
    const file = write('broken-order.json', '{\n  "MerchantGUID": "g",\n  "OrderId": GE1\n}\n');
    const r = await runCli(['validate', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`xborder: ${file}:3:14: malformed JSON: unexpected character "G", expected a value.\n`);
    expect(r.stdout).toBe('');
  });

  it('exits 1 on an NDJSON line that is malformed: a failed json document naming its line and column, the lines after it judged', async () => {
    const good = JSON.stringify(order());
    const file = write('orders.ndjson', `${good}\n${good}\n{"MerchantGUID": "g", "OrderId": }\n${good}\n`);
    const r = await runCli(['validate', file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain(`${file}:3  ?  json\n  error: malformed JSON at column 34: unexpected character "}", expected a value\n`);
    expect(r.stdout).toContain('4 documents: 1 failed, 0 with warnings, 3 passed');
    expect(r.stdout).not.toContain('stopped early');
    const json = await runCli(['validate', '--json', file]);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout);
    expect(report.error).toBeUndefined();
    expect(report.cases.map((c: { source: string }) => c.source)).toEqual([1, 2, 3, 4].map((n) => `${file}:${n}`));
    expect(report.cases[2]).toEqual({
      endpoint: 'offline',
      variant: 'unknown',
      authMode: 'none',
      source: `${file}:3`,
      checks: [
        {
          id: 'json',
          title: 'JSON document',
          status: 'failed',
          findings: [{ message: 'malformed JSON at column 34: unexpected character "}", expected a value', expected: 'one JSON document per line', severity: 'error' }],
          docs: 'docs/checks/json.md',
        },
      ],
    });
    expect(report.summary.failed).toBe(1);
  });

  it('streams NDJSON from stdin and reports file:line for each finding', async () => {
    const good = order();
    const bad = order();
    bad.OrderId = '';
    const input = `${JSON.stringify(good)}\n${JSON.stringify(bad)}\n${JSON.stringify({ productsList: [] })}\n`;
    const r = await runCli(['validate', '-'], { input, env: { COLUMNS: '160' } });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/<stdin>:2\s*│\s*order\s*│\s*order-identity\s*│\s*\/OrderId/);
    expect(r.stdout).toMatch(/<stdin>:3\s*│\s*cart\s*│\s*cart-products-list/);
    expect(r.stdout).toContain('3 documents: 1 failed, 1 with warnings, 1 passed');
  });

  it('quotes a value of megabytes in a finding, never all of it', async () => {
    const doc = order();
    doc.CurrencyCode = 'E'.repeat(500_000);
    doc.SecondaryShipping.Email = 'x'.repeat(100_000);
    const r = await runCli(['validate', '--json', write('huge-values.json', JSON.stringify(doc))]);
    expect(r.code).toBe(1);
    expect(r.stdout.length).toBeLessThan(20000);
    const findings = JSON.parse(r.stdout).cases[0].checks.flatMap((c: { findings: { path: string; message: string; actual: unknown }[] }) => c.findings);
    expect(findings.map((f: { path: string }) => f.path)).toEqual(['/CurrencyCode', '/CurrencyCode', '/SecondaryShipping/Email']);
    expect(findings[0].actual).toMatch(/^E{200}… \(500000 characters\)$/);
  });

  it('an order without OrderId is judged as an order and fails naming OrderId', async () => {
    const doc = order();
    delete doc.OrderId;
    const r = await runCli(['validate', '--json', write('no-order-id.json', JSON.stringify(doc))]);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.cases[0].variant).toBe('order');
    expect(report.cases[0].checks.find((c: { id: string }) => c.id === 'schema').findings).toEqual([
      { path: '/OrderId', message: 'missing required property OrderId', expected: 'present', actual: 'absent', severity: 'error' },
    ]);
  });

  it('validates as the kind --as names, and fails a document whose kind it cannot tell', async () => {
    const forced = await runCli(['validate', '--as', 'cart', join(samples, 'order-full.json')]);
    expect(forced.code).toBe(1);
    expect(forced.stdout).toContain('missing required property productsList');
    const unknown = await runCli(['validate', '--json', '-'], { input: '{"hello": "world"}\n' });
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stdout).cases[0]).toMatchObject({ variant: 'unknown', checks: [{ id: 'kind', status: 'failed' }] });
  });

  it('rejects an unknown --as and an unreadable file with exit 2', async () => {
    const badKind = await runCli(['validate', '--as', 'invoice', join(samples, 'order-full.json')]);
    expect(badKind.code).toBe(2);
    expect(badKind.stderr).toContain('invoice');
    const missing = await runCli(['validate', join(dir, 'nope.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(`xborder: Cannot read ${join(dir, 'nope.json')}: no such file.\n`);
  });

  it('masks card data in findings: a card number and CVV sent as numbers', async () => {
    const doc = order();
    doc.PaymentDetails = { CardNumber: 4111111111111111, CVVNumber: 737, ExpirationDate: '2030-12-31', OwnerName: 'Anna Muller' };
    const file = write('card-as-numbers.json', JSON.stringify(doc));
    for (const args of [['validate', file], ['validate', '--json', file]]) {
      const r = await runCli(args);
      expect(r.code).toBe(0);
      expect(r.stdout).not.toContain('4111111111111111');
      expect(r.stdout).not.toContain('737');
      expect(r.stdout).toContain('1111');
      expect(r.stdout).toContain('/PaymentDetails/CVVNumber');
    }
  });

  it('masks every CardFields value but CardId in findings, whatever the field is called', async () => {
    const request = { MerchantGUID: 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77', ShippingCountryCode: 'DE', CardFields: { CardId: 'GC-1', SecurityCode: 987654, CardPin: 4821 } };
    for (const args of [['validate', '-'], ['validate', '--json', '-']]) {
      const r = await runCli(args, { input: JSON.stringify(request) });
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('/CardFields/SecurityCode');
      expect(r.stdout).not.toContain('987654');
      expect(r.stdout).not.toContain('4821');
    }
  });
});

describe('xborder validate on real-world answers and payloads (test/corpus/validate)', () => {
  const corpus = join(root, 'test/corpus/validate');
  const files = readdirSync(corpus).filter((f) => f.endsWith('.json')).sort();
  const kindOf = (f: string): string => (f.startsWith('platform-') ? 'order' : f.startsWith('cart-') ? 'cart' : 'order-response');

  it('tells every answer form as order-response without --as, and passes them all (warnings allowed)', async () => {
    const r = await runCli(['validate', '--json', ...files.map((f) => join(corpus, f))]);
    const report = JSON.parse(r.stdout);
    expect(report.cases.map((c: { variant: string }) => c.variant)).toEqual(files.map(kindOf));
    expect(report.summary.failed).toBe(0);
    expect(r.code).toBe(0);
  });

  it('fails the forms only merchants send with --strict, and passes what real platform payloads carry', async () => {
    const r = await runCli(['validate', '--strict', '--json', ...files.map((f) => join(corpus, f))]);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    const failed = (c: { checks: { status: string }[] }) => c.checks.some((k) => k.status === 'failed');
    const byFile = Object.fromEntries(report.cases.map((c: { source: string; checks: { status: string }[] }) => [c.source.split('/').pop(), failed(c)]));
    for (const f of files) expect([f, byFile[f]]).toEqual([f, !f.startsWith('platform-') && !f.startsWith('cart-') && !f.startsWith('wrapped-error-')]);
  });

  it('prints the flat-form note and the framework finding in the table', async () => {
    const r = await runCli(['validate', join(corpus, 'flat-success-minimal.json'), join(corpus, 'framework-error-minimal.json')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('order-response');
    expect(r.stdout).toContain('a flat ResponseInfo');
    expect(r.stdout).toContain('a framework error body');
  });
});
