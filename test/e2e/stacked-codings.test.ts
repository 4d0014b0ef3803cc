/**
 * Issue 24, "nothing breaks it": a merchant that stacks content codings (`Content-Encoding: gzip,
 * gzip, ...`) is judged undecodable (json-body fails, exit 1) with a short finding that names the
 * layers, and the run ends; a body still decoding when `--timeout` strikes is cut there. The stack of
 * 1000 layers used to keep `check-cart --timeout 5s` busy for over a minute after the exchange had
 * ended: its finding listed every layer, and the table report took minutes to lay 6,000 characters out.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../src/mock/running-server.js';
import { runCli, type CliResult } from '../helpers/run-cli.js';

const cart = JSON.stringify({ productsList: [{ ProductCode: 'SKU-1', Name: 'Thing', OrderedQuantity: 1, SalePrice: 10, OriginalSalePrice: 10 }], currencyCode: 'EUR', CountryCode: 'DE' });

/** `text` gzipped `layers` times, and the header that says so. */
function stacked(text: string | Buffer, layers: number): { body: Buffer; header: string } {
  let body = Buffer.from(text);
  for (let i = 0; i < layers; i++) body = gzipSync(body);
  return { body, header: Array.from({ length: layers }, () => 'gzip').join(', ') };
}

const thousand = stacked(cart, 1000);
const six = stacked(cart, 6);
// 64 MiB of zeros in three layers (within the cap): a few hundred bytes, sent a few bytes at a time.
const slow = stacked(Buffer.alloc(64 * 1024 * 1024), 3);

let dir: string;
let server: RunningServer;
/** Requests each behaviour was asked, so a test can tell the CLI really reached it. */
const hits = new Map<string, number>();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'xb-codings-e2e-'));
  server = await listen(createServer((req, res) => {
    const behaviour = (req.url ?? '').split('/')[1] ?? '';
    hits.set(behaviour, (hits.get(behaviour) ?? 0) + 1);
    if (behaviour === 'echo') {
      // The merchant's key echoed as an unknown content coding, long enough to be cut when shown.
      const key = String(req.headers['x-merchant-key'] ?? '');
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': `gzip, ${key}${key}, ${key}` });
      return res.end(cart);
    }
    const answer = behaviour === 'thousand' ? thousand : behaviour === 'six' ? six : slow;
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': answer.header });
    if (behaviour !== 'drip') return res.end(answer.body);
    let at = 0;
    const timer = setInterval(() => {
      if (at >= answer.body.length) return void res.end();
      res.write(answer.body.subarray(at, (at += 1)));
    }, 100);
    res.on('close', () => clearInterval(timer));
  }));
});

afterAll(async () => server.close());

type Check = { id: string; status: string; findings: { message: string; actual?: unknown }[] };

function checksOf(r: CliResult): Check[] {
  return (JSON.parse(r.stdout) as { cases: { checks: Check[] }[] }).cases[0]!.checks;
}

const cartRun = (behaviour: string, ...flags: string[]) =>
  // The generous limit only stops a hung run; the assertions are on what the run printed.
  runCli(['check-cart', '--no-negative', '--no-save', '--merchant-url', `${server.url}/${behaviour}/`, ...flags], { cwd: dir, timeoutMs: 90_000 });

describe('stacked content codings', () => {
  it('1000 gzip layers under --timeout 5s: the table run ends, json-body fails naming the layers, exit 1', async () => {
    const r = await cartRun('thousand', '--timeout', '5s');
    expect(r.stderr).not.toMatch(/\n\s+at /);
    // A run killed by the test's limit has no exit code.
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/json-body\s+│ none │ FAIL/);
    const flat = r.stdout.replace(/[│\s]+/g, ' ');
    expect(flat).toContain('the body stacks 1000 content codings (gzip ×1000); xborder undoes at most 3');
    // The finding is short: the header's 1000 names are not repeated in the report.
    expect(r.stdout.split('gzip').length - 1).toBeLessThan(20);
    expect(hits.get('thousand')).toBe(1);
  }, 120_000);

  it('1000 gzip layers, --json: the same verdict, the received value named in runs', async () => {
    const r = await cartRun('thousand', '--timeout', '5s', '--json');
    expect(r.code).toBe(1);
    const body = checksOf(r).find((c) => c.id === 'json-body')!;
    expect(body.status).toBe('failed');
    expect(body.findings[0]!.message).toContain('the body stacks 1000 content codings (gzip ×1000); xborder undoes at most 3');
    expect(body.findings[0]!.actual).toBe('gzip ×1000');
    expect(checksOf(r).find((c) => c.id === 'reachable')!.status).toBe('passed');
  }, 120_000);

  it('6 gzip layers (one more than curl takes): undecodable, each layer named', async () => {
    const r = await cartRun('six', '--timeout', '5s', '--json');
    expect(r.code).toBe(1);
    const body = checksOf(r).find((c) => c.id === 'json-body')!;
    expect(body.status).toBe('failed');
    expect(body.findings[0]!.message).toContain('the body stacks 6 content codings (gzip, gzip, gzip, gzip, gzip, gzip); xborder undoes at most 3');
    const table = await cartRun('six', '--timeout', '5s');
    expect(table.code).toBe(1);
    expect(table.stdout).toMatch(/json-body\s+│ none │ FAIL/);
  }, 120_000);

  it('an echoed secret in Content-Encoding is masked before the names are cut: no piece of it in any output', async () => {
    const key = 'hdrKEY-0123456789abcdefghijklmnopqrstuv';
    const config = join(dir, 'echo.json');
    writeFileSync(config, JSON.stringify({ merchant: { baseUrl: `${server.url}/echo/` }, auth: [{ mode: 'header', name: 'X-Merchant-Key', value: '${XB_KEY}' }] }));
    for (const format of [[], ['--json'], ['-v']]) {
      const r = await runCli(['--config', config, 'check-cart', '--no-negative', '--no-save', ...format], { cwd: dir, env: { XB_KEY: key }, timeoutMs: 90_000 });
      expect(r.code, r.stderr).toBe(1);
      expect(r.stdout).toContain('cannot decode');
      // Not the key, nor the first 12 characters a cut name would have kept.
      expect(`${r.stdout}${r.stderr}`).not.toContain(key.slice(0, 12));
    }
  }, 120_000);

  it('a layered body still arriving and decoding when --timeout strikes fails within-timeout: exit 1', async () => {
    // At one byte every 100 ms the body would take about half a minute; the timeout is 1 s.
    const r = await cartRun('drip', '--timeout', '1s', '--json');
    expect(r.code).toBe(1);
    const within = checksOf(r).find((c) => c.id === 'within-timeout')!;
    expect(within.status).toBe('failed');
    expect(within.findings[0]!.actual).toBe('TIMEOUT_TOTAL');
    expect(slow.body.length * 100).toBeGreaterThan(20_000);
  }, 120_000);
});
