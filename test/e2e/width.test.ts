/**
 * End to end: every line a table-mode report prints fits the terminal (COLUMNS when not a TTY, 120
 * by default), and many cases failing for one cause collapse into one row.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { defaultConfig } from '../../src/config/defaults.js';
import { startMockMerchant, type MockMerchantServer } from '../../src/mock/merchant/server.js';

const AUTH = [
  { mode: 'header', name: 'X-Merchant-Key', value: 'width-Secret-1' },
  { mode: 'basic', username: 'platform', password: 'width-Secret-2' },
  { mode: 'query', name: 'key', value: 'width-Secret-3' },
];

let merchant: MockMerchantServer;
let faulty: string;
let closed: string;
beforeAll(async () => {
  const config = defaultConfig();
  config.auth = AUTH as typeof config.auth;
  config.merchant.cartMethods = ['GET', 'POST'];
  merchant = await startMockMerchant({ config, fault: 'cart-bundle-prices' });
  const project = (baseUrl: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'xb-width-'));
    writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({ merchant: { baseUrl, cartMethods: ['GET', 'POST'] }, auth: AUTH, timeoutMs: 5000 }));
    return dir;
  };
  faulty = project(merchant.url);
  closed = project('http://127.0.0.1:1');
});
afterAll(async () => merchant.close());

const widest = (text: string) => Math.max(...text.split('\n').map((l) => [...l].length));

describe('reports fit the terminal', () => {
  it.each([80, 100, 140])('check, decode and checks at %i columns: no line wider', async (columns) => {
    const env = { COLUMNS: String(columns) };
    const check = await runCli(['check'], { cwd: faulty, env });
    expect(check.code).toBe(1);
    expect(check.stdout).toContain('cart-bundles');
    expect(widest(check.stdout)).toBeLessThanOrEqual(columns);
    const decode = await runCli(['decode', 'samples/order-full.json'], { cwd: process.cwd(), env });
    expect(decode.code).toBe(0);
    expect(widest(decode.stdout)).toBeLessThanOrEqual(columns);
    expect(widest((await runCli(['checks'], { env })).stdout)).toBeLessThanOrEqual(columns);
  });

  it.each([80, 100, 140])('validate, samples list, platform list, platform call (ErrorInfo) and runs at %i columns: no line wider', async (columns) => {
    const env = { COLUMNS: String(columns) };
    const bad = join(faulty, 'bad-order.json');
    writeFileSync(bad, JSON.stringify({ MerchantGUID: 'not-a-guid', OrderId: '', CurrencyCode: 'EUX', Products: [{ Quantity: 'abc', Name: 'x'.repeat(200) }] }));
    const validate = await runCli(['validate', bad, 'samples/order-full.json'], { cwd: process.cwd(), env });
    expect(validate.code).toBe(1);
    expect(validate.stdout).toMatch(/EUX/);
    expect(widest(validate.stdout)).toBeLessThanOrEqual(columns);
    for (const args of [['samples', 'list'], ['platform', 'list']]) {
      const r = await runCli(args, { env });
      expect(r.code, args.join(' ')).toBe(0);
      expect(widest(r.stdout), args.join(' ')).toBeLessThanOrEqual(columns);
    }
    const errorInfo = createServer((_req, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ Code: '1001', Error: 'Validation failed for the request body', Description: `The merchant could not be identified: ${'a long explanation '.repeat(8)}` }));
    });
    await new Promise<void>((r) => errorInfo.listen(0, '127.0.0.1', r));
    try {
      const call = await runCli(['platform', 'call', '/Some/Operation', '--body', '-', '--platform-url', `http://127.0.0.1:${(errorInfo.address() as AddressInfo).port}`], { cwd: faulty, env, input: '{}' });
      expect(call.stdout).toContain('ErrorInfo Description');
      expect(widest(call.stdout)).toBeLessThanOrEqual(columns);
    } finally {
      errorInfo.close();
    }
    await runCli(['check'], { cwd: faulty, env });
    const runs = await runCli(['runs'], { cwd: faulty, env });
    expect(runs.code).toBe(0);
    expect(runs.stdout).toMatch(/\.xborder\/runs\//);
    expect(widest(runs.stdout)).toBeLessThanOrEqual(columns);
  });

  it('not on a terminal and without COLUMNS: 120', async () => {
    const check = await runCli(['check'], { cwd: faulty });
    expect(widest(check.stdout)).toBeLessThanOrEqual(120);
  });
});

describe('identical outcomes collapse', () => {
  it('a closed port: the URL, the error once and "Is it running?" in under 10 lines, exit 3', async () => {
    const result = await runCli(['check'], { cwd: closed });
    expect(result.code).toBe(3);
    const lines = result.stdout.trimEnd().split('\n');
    // Nothing was judged: no table of errored rows, the headline and the summary.
    expect(lines.length).toBeLessThan(10);
    expect(result.stdout).toMatch(/^Nothing answers at http:\/\/127\.0\.0\.1:\d+: connection refused/);
    expect(result.stdout.match(/ECONNREFUSED/g)).toHaveLength(1);
    expect(result.stdout).not.toContain('┌');
    expect(result.stdout).toMatch(/0 passed, 0 failed, 0 warnings, \d+ errored, \d+ skipped in \d+ cases/);
  });
});
