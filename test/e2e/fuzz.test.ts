/**
 * End to end: `xborder fuzz` as a user runs it. The conforming reference merchant passes 300
 * generated orders (and in store mode, every order converting a fresh cart); the same seed sends
 * the same orders; --time stops generating; the cart endpoint is fuzzed too; a persona merchant
 * built like the PHP integrations has its real fault found; bad flags exit 2, an unreachable
 * merchant 3.
 */
import http from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { defaultConfig } from '../../src/config/defaults.js';
import { startMockMerchant, type MockMerchantServer } from '../../src/mock/merchant/server.js';
import { curlNewCart } from '../helpers/new-cart-curl.js';
import { ALLOW_COMMANDS } from '../helpers/store-project.js';
import { startMagento } from '../personas/magento.js';
import { validatePayload } from '../../src/validation/index.js';

const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

async function mock(options: { fault?: string; store?: boolean } = {}): Promise<MockMerchantServer> {
  const server = await startMockMerchant({ config: defaultConfig(), ...options });
  closers.push(() => server.close());
  return server;
}

function project(merchant: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'xb-fuzz-'));
  writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({ merchantGUID: GUID, merchant, auth: [{ mode: 'none' }], timeoutMs: 10_000 }));
  return dir;
}

interface Report { summary: { failed: number; errored: number }; cases: { endpoint: string; variant: string; cart?: { origin: string }; checks: { id: string; status: string; findings: { message: string }[] }[] }[] }

/** A merchant that accepts every order and keeps each body it was sent. */
async function recorder(): Promise<{ url: string; bodies: string[] }> {
  const bodies: string[] = [];
  let n = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (d) => (body += d)).on('end', () => {
      bodies.push(body);
      // A strict merchant: it refuses what the schema refuses, and another merchant's GUID.
      let order: Record<string, any> | undefined;
      try {
        order = JSON.parse(body);
      } catch {}
      const ok = order?.MerchantGUID === GUID && validatePayload('order', order).every((c) => c.findings.every((f) => f.severity !== 'error'));
      // With PaymentDetails it charges what the order paid in the merchant's currency.
      const charge = ok && order!.PaymentDetails ? { PaymentCurrencyCode: order!.CurrencyCode, PaymentAmount: order!.OrderPaymentMethods[0].PaidAmountInMerchantCurrency.toFixed(2) } : {};
      res.writeHead(ok ? 200 : 400, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ Success: ok, InternalOrderId: ok ? String(++n) : null, OrderId: null, StatusCode: 'N/A', ...charge, ...(ok ? {} : { ErrorCode: '400', Message: 'Bad request' }) }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => server.close(() => r())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bodies };
}

describe('xborder fuzz', () => {
  it('passes 300 generated orders on the conforming reference merchant, prints the seed and saves it', async () => {
    const server = await mock();
    const dir = project({ baseUrl: server.url });
    const result = await runCli(['fuzz', '--runs', '300', '--json'], { cwd: dir, timeoutMs: 120_000 });
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as Report;
    expect(report.summary.failed + report.summary.errored).toBe(0);
    const variants = report.cases.map((c) => c.variant);
    expect(variants.some((v) => /^generated valid orders \(\d+\)$/.test(v))).toBe(true);
    expect(variants.some((v) => /^generated invalid orders \(each must be refused\) \(\d+\)$/.test(v))).toBe(true);
    const seed = /Seed (-?\d+): replay the whole run with `xborder fuzz --endpoint order --runs 300 --seed \1`/.exec(result.stderr);
    expect(seed).not.toBeNull();
    expect(result.stderr).toMatch(/300 runs in [\d.]+ s/);
    const runs = join(dir, '.xborder', 'runs');
    const folder = join(runs, readdirSync(runs)[0]!);
    expect(readFileSync(join(folder, 'seed.txt'), 'utf8')).toContain(`seed ${seed![1]}`);
  }, 150_000);

  it('store mode: every generated order converts a fresh cart the store issued, merged with it, and passes', async () => {
    const server = await mock({ store: true });
    const dir = project({ baseUrl: server.url, newCart: { command: curlNewCart(server.newCartUrl!) } });
    const result = await runCli(['fuzz', '--runs', '20', '--seed', '7', '--json', '--no-save'], { cwd: dir, env: { ...ALLOW_COMMANDS }, timeoutMs: 120_000 });
    expect(result.code, result.stdout.slice(0, 2000)).toBe(0);
    const report = JSON.parse(result.stdout) as Report;
    expect(report.summary.failed + report.summary.errored).toBe(0);
    expect(report.cases.find((c) => c.variant.startsWith('generated valid orders'))!.checks.find((k) => k.id === 'order-accepted')!.status).toBe('passed');
  }, 150_000);

  it('the same seed sends the same orders (but for the OrderIds the platform assigns per delivery)', async () => {
    const merchant = await recorder();
    const dir = project({ baseUrl: merchant.url });
    const a = await runCli(['fuzz', '--runs', '25', '--seed', '4242', '--no-save'], { cwd: dir });
    const first = merchant.bodies.splice(0);
    const b = await runCli(['fuzz', '--runs', '25', '--seed', '4242', '--no-save'], { cwd: dir });
    const second = merchant.bodies.splice(0);
    expect([a.code, b.code], a.stdout.slice(-3000)).toEqual([0, 0]);
    const strip = (body: string) => body.replace(/GE\d{9}[A-Z]{2}/g, 'GE…');
    expect(first).toHaveLength(25);
    // Sent several at a time, so they arrive in any order: the same set of orders.
    expect(second.map(strip).sort()).toEqual(first.map(strip).sort());
    const c = await runCli(['fuzz', '--runs', '25', '--seed', '4243', '--no-save'], { cwd: dir });
    expect(c.code).toBe(0);
    expect(merchant.bodies.map(strip).sort()).not.toEqual(first.map(strip).sort());
  }, 60_000);

  it('--time stops generating at its budget and says how many runs were made', async () => {
    const server = await startMockMerchant({ config: defaultConfig(), fault: 'slow', slowMs: 200 });
    closers.push(() => server.close());
    const dir = project({ baseUrl: server.url });
    const result = await runCli(['fuzz', '--runs', '1000', '--time', '1s', '--timeout', '10s', '--no-save'], { cwd: dir, timeoutMs: 60_000 });
    const made = /(\d+) runs? in [\d.]+ s .*--time stopped generating after (\d+) of 1000 runs/.exec(result.stderr);
    expect(made, result.stderr).not.toBeNull();
    expect(Number(made![2])).toBeLessThan(1000);
  }, 60_000);

  it('--endpoint cart: generated countryCode, currencyCode and tokens get a cart or a clean error from the reference merchant', async () => {
    const server = await mock();
    const result = await runCli(['fuzz', '--endpoint', 'cart', '--runs', '150', '--json', '--no-save'], { cwd: project({ baseUrl: server.url }), timeoutMs: 60_000 });
    expect(result.code, result.stdout.slice(0, 2000)).toBe(0);
    const report = JSON.parse(result.stdout) as Report;
    expect(report.cases[0]!.endpoint).toBe('GetCheckoutCartInfo');
    expect(report.cases[0]!.checks.find((k) => k.id === 'no-server-error')!.status).toBe('passed');
  }, 60_000);

  it('--endpoint cart: a merchant that crashes on a lower-case country code is found and shrunk to that one value', async () => {
    const server = http.createServer((req, res) => {
      const url = new URL(req.url!, 'http://x');
      const country = url.searchParams.get('countryCode') ?? '';
      if (country !== country.toUpperCase()) {
        res.writeHead(500, { 'Content-Type': 'text/html' });
        return res.end('<html><title>Fatal error</title>Undefined index: ' + country + '</html>');
      }
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end('{"error":"no cart"}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    closers.push(() => new Promise((r) => server.close(() => r())));
    const dir = project({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    const save = join(dir, 'found');
    const result = await runCli(['fuzz', '--endpoint', 'cart', '--runs', '200', '--seed', '3', '--save', save, '--json'], { cwd: dir, timeoutMs: 60_000 });
    expect(result.code).toBe(1);
    const saved = JSON.parse(readFileSync(join(save, 'no-server-error-1.cart-request.json'), 'utf8')) as { countryCode: string; currencyCode: string; cart: string };
    // Shrunk to the one offending value: a lower-case country (one letter is enough); the rest is the run's own.
    expect(saved.countryCode).toMatch(/^[a-z]{1,2}$/);
    expect(saved.cart).toMatch(/^the run's cart/);
  }, 60_000);

  it('a persona built like the PHP integrations (errors answered HTTP 200): the invalid variants show it', async () => {
    const persona = await startMagento({ merchantGUID: GUID });
    closers.push(() => persona.close());
    const tokens = Array.from({ length: 120 }, () => persona.issueCart());
    const dir = project({ baseUrl: persona.url, carts: tokens });
    const result = await runCli(['fuzz', '--runs', '60', '--seed', '11', '--json', '--no-save'], { cwd: dir, timeoutMs: 120_000 });
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as Report;
    const minimal = report.cases.find((c) => c.variant.startsWith('minimal failing invalid order'))!;
    expect(minimal.checks.find((k) => k.status === 'failed')!.id).toBe('error-status');
    // The valid orders, each on a cart the persona issued, were all accepted.
    expect(report.cases.find((c) => c.variant.startsWith('generated valid orders'))!.checks.find((k) => k.id === 'order-accepted')!.status).toBe('passed');
  }, 150_000);

  it('bad flags exit 2 with one paragraph; an unreachable merchant exits 3', async () => {
    const dir = project({ baseUrl: 'http://127.0.0.1:9' });
    for (const args of [['--runs', '0'], ['--seed', 'abc'], ['--time', '5 parsecs'], ['--endpoint', 'refund']]) {
      const r = await runCli(['fuzz', ...args], { cwd: dir });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
    const down = await runCli(['fuzz', '--runs', '3', '--no-save', '--json'], { cwd: dir, timeoutMs: 60_000 });
    expect(down.code).toBe(3);
  }, 60_000);
});
