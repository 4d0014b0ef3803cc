/**
 * Credentials refused: when the merchant answers an auth mode's first positive case (the cart GET)
 * with 401, the run says so once at the top, naming the environment variable the configuration took
 * the credential from, and the mode's other positive cases are skipped with that reason instead of
 * failing one by one. Nothing more is sent with the refused key; the negatives and the other modes run.
 *
 * The merchant is the reference merchant expecting another header key, behind a recorder that
 * counts the requests carrying each X-Merchant-Key.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResult, XborderConfig } from '../../src/model.js';
import { startMockMerchant, type MockMerchantServer } from '../../src/mock/merchant/server.js';
import { merchantConfig } from '../helpers/merchant-config.js';
import { runCli } from '../helpers/run-cli.js';

const RIGHT = { header: 'right-Header-Key-4d5e6f', password: 'basic-Pass-1a2b3c' };
const WRONG_HEADER = 'stale-Header-Key-9z8y7x';
const GUID = 'a1b2c3d4-0000-4000-8000-00000000abcd';

let merchant: MockMerchantServer;
let front: Server;
let url: string;
/** X-Merchant-Key of every request the merchant received, in order ('' when absent). */
const keys: string[] = [];
let dir: string;

function serverConfig(): XborderConfig {
  return merchantConfig({
    guid: GUID,
    cartToken: 'cart-token-0001',
    auth: [
    { mode: 'header', name: 'X-Merchant-Key', value: RIGHT.header },
    { mode: 'basic', username: 'platform', password: RIGHT.password },
  ],
  });
}

beforeAll(async () => {
  merchant = await startMockMerchant({ config: serverConfig() });
  const target = new URL(merchant.url);
  front = createServer((req, res) => {
    keys.push(String(req.headers['x-merchant-key'] ?? ''));
    const upstream = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((r) => front.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  dir = mkdtempSync(join(tmpdir(), 'xb-auth-refused-'));
  writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({
    merchantGUID: GUID,
    merchant: { baseUrl: url, cartMethods: ['GET', 'POST'], cartToken: 'cart-token-0001', countryCode: 'DE', currencyCode: 'EUR' },
    auth: [
      { mode: 'header', name: 'X-Merchant-Key', value: '${XB_HEADER_KEY}' },
      { mode: 'basic', username: 'platform', password: '${XB_BASIC_PASSWORD}' },
    ],
    timeoutMs: 5000,
  }));
});
afterAll(async () => {
  front.closeAllConnections();
  await new Promise((r) => front.close(r));
  await merchant.close();
});

const ENV = { XB_HEADER_KEY: WRONG_HEADER, XB_BASIC_PASSWORD: RIGHT.password };
const LINE = 'header auth refused on the cart GET (401): check XB_HEADER_KEY';

describe('an auth mode whose credentials the merchant refuses', () => {
  it('is said once at the top, its other cases skipped and never sent; the negatives and other modes run', async () => {
    keys.length = 0;
    const result = await runCli(['check', '--no-save'], { cwd: dir, env: ENV, timeoutMs: 120_000 });
    expect(result.stderr).not.toMatch(/at .*\.js:\d+/);
    // Refused credentials are "could not judge", not "does not conform": exit 3, not 1.
    expect(result.code).toBe(3);
    // Once, and first (the skipped rows give it as their reason, within their detail).
    expect(result.stdout.split('\n').filter((l) => l.startsWith(LINE))).toHaveLength(1);
    expect(result.stdout.trimStart().startsWith(LINE)).toBe(true);
    expect(result.stdout).not.toContain(WRONG_HEADER);
    // The probe could not judge (errored), the rest skipped: no failure at all.
    expect(result.stdout).toMatch(/status-200 +│ header +│ ERROR/);
    expect(result.stdout).not.toMatch(/│ FAIL/);
  }, 150_000);

  it('the JSON report holds the notice and each skipped case with its reason', async () => {
    keys.length = 0;
    const result = await runCli(['check', '--no-save', '--json'], { cwd: dir, env: ENV, timeoutMs: 120_000 });
    expect(result.code).toBe(3);
    const run = JSON.parse(result.stdout) as RunResult;
    expect(run.notices).toEqual([LINE]);
    const header = run.cases.filter((c) => c.authMode === 'header');
    const probe = header.find((c) => c.endpoint === 'GetCheckoutCartInfo' && c.variant === 'GET')!;
    expect(probe.response?.status).toBe(401);
    expect(probe.checks.find((k) => k.id === 'status-200')).toMatchObject({ status: 'errored', findings: [{ message: 'not judged: the merchant refused these credentials (401): check XB_HEADER_KEY' }] });
    const unsent = header.filter((c) => c.response === undefined);
    expect(unsent.map((c) => `${c.endpoint} ${c.variant}`)).toEqual(expect.arrayContaining(['GetCheckoutCartInfo POST', 'SendOrderToMerchant order-minimal', 'SendOrderToMerchant order-full', 'SendOrderToMerchant redelivery', 'SendOrderToMerchant invalid-order']));
    for (const c of unsent) {
      expect(c.checks).toHaveLength(1);
      expect(c.checks[0]).toMatchObject({ id: 'status-200', status: 'skipped', findings: [{ severity: 'info', message: `not sent: ${LINE}` }] });
    }
    // Nothing failed: twenty refusals are not twenty failures, and the probe's is not one either.
    expect(run.cases.filter((c) => c.checks.some((k) => k.status === 'failed'))).toEqual([]);
    // On the wire: the refused key went out with the probe and with the negatives that lean on the
    // first mode (the carts of negative orders, another GUID); no positive order carried it.
    const sentWithIt = run.cases.filter((c) => c.authMode === 'header' && c.response && !(c.variant.includes('wrong-header-value') && !c.variant.startsWith('for ')));
    expect(sentWithIt.filter((c) => !c.variant.includes('negative') && !/^(for |POST wrong-merchant-guid|wrong-merchant-guid)/.test(c.variant)).map((c) => c.variant)).toEqual(['GET']);
    expect(keys.filter((k) => k === WRONG_HEADER)).toHaveLength(sentWithIt.length);
    // Those negatives that lean on the refused credentials say so rather than judge a refusal of them.
    for (const c of sentWithIt.filter((k) => k !== probe)) expect(c.checks[0]!.findings[0]!.message).toBe(`not judged: ${LINE}`);
    // basic ran in full and passed; the negatives ran and passed.
    const basic = run.cases.filter((c) => c.authMode === 'basic' && c.response);
    expect(basic.length).toBeGreaterThanOrEqual(5);
    const negatives = run.cases.filter((c) => c.checks.some((k) => k.id === 'auth-enforced'));
    expect(negatives.length).toBeGreaterThan(0);
    expect(negatives.every((c) => c.checks.find((k) => k.id === 'auth-enforced')!.status === 'passed')).toBe(true);
  }, 150_000);

  it('without a cart case the first order is the probe: the sequences that follow it are not sent', async () => {
    keys.length = 0;
    const result = await runCli(['post-order', '--sample', 'order-minimal', '--sequences', '--no-save', '--json'], { cwd: dir, env: ENV, timeoutMs: 120_000 });
    const run = JSON.parse(result.stdout) as RunResult;
    const line = 'header auth refused on the first order (order-minimal) (401): check XB_HEADER_KEY';
    expect(run.notices).toEqual([line]);
    const header = run.cases.filter((c) => c.authMode === 'header' && c.endpoint === 'SendOrderToMerchant');
    // The invalid order is a negative of its own, sent before the orders that must be accepted (it
    // needs the one configured cart first): it runs before the probe's verdict is known.
    expect(header.filter((c) => c.response).map((c) => c.variant)).toEqual([expect.stringMatching(/^order-minimal/), 'invalid-order']);
    const unsent = header.filter((c) => !c.response);
    expect(unsent.map((c) => c.variant)).toEqual(expect.arrayContaining(['redelivery', 'update', 'unknown-properties']));
    for (const c of unsent) expect(c.checks[0]!.findings[0]!.message).toBe(`not sent: ${line}`);
    // The order went out once with the refused key (and its cart fetch); basic ran its sequences.
    expect(keys.filter((k) => k === WRONG_HEADER).length).toBe(run.cases.filter((c) => c.authMode === 'header' && c.response).length);
    expect(run.cases.filter((c) => c.authMode === 'basic' && c.variant.startsWith('redelivery') && c.response)).toHaveLength(1);
  }, 150_000);

  it('every mode refused: at most 15 lines, exit 3, the variables named; the negatives judged stay in the JSON', async () => {
    const env = { XB_HEADER_KEY: WRONG_HEADER, XB_BASIC_PASSWORD: 'stale-Pass-000' };
    const result = await runCli(['check', '--no-save'], { cwd: dir, env: { ...env, COLUMNS: '80' }, timeoutMs: 120_000 });
    expect(result.code).toBe(3);
    expect(`${result.stdout}${result.stderr}`.trimEnd().split('\n').length).toBeLessThanOrEqual(15);
    expect(result.stdout).toContain(LINE);
    expect(result.stdout).toContain('basic auth refused on the cart GET (401): check XB_BASIC_PASSWORD');
    expect(result.stdout).not.toContain('┌');
    const json = await runCli(['check', '--no-save', '--json'], { cwd: dir, env, timeoutMs: 120_000 });
    expect(json.code).toBe(3);
    const run = JSON.parse(json.stdout) as RunResult;
    expect(run.credentialsRefused).toBe(true);
    expect(run.summary.failed).toBe(0);
    expect(run.cases.filter((c) => c.checks.some((k) => k.id === 'auth-enforced' && k.status === 'passed')).length).toBeGreaterThan(0);
  }, 150_000);

  it('says nothing when the credentials are right', async () => {
    const result = await runCli(['check', '--no-save', '--json'], { cwd: dir, env: { ...ENV, XB_HEADER_KEY: RIGHT.header }, timeoutMs: 120_000 });
    expect(result.code).toBe(0);
    const run = JSON.parse(result.stdout) as RunResult;
    expect(run.notices).toBeUndefined();
    expect(run.cases.filter((c) => c.authMode === 'header' && c.response).length).toBeGreaterThanOrEqual(5);
  }, 150_000);
});
