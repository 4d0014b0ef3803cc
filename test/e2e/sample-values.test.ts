/**
 * The sample MerchantGUID and cart token are known only to the reference merchant. A run that sends
 * them to another merchant warns once on stderr, naming only the values its requests carried;
 * against the reference merchant (`mock merchant`, which marks its answers), or with the merchant's
 * own values, it says nothing.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockMerchant, type MockMerchantServer } from '../../src/mock/merchant/server.js';
import { loadSample } from '../../src/samples/catalog.js';
import { testConfig } from '../mock/merchant-fixtures.js';
import { runCli } from '../helpers/run-cli.js';

const SAMPLE_GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';
const SAMPLE_TOKEN = '2c5c7b3db2ed101426cba38d9c534086';
let store: Server;
let storeUrl: string;
let reference: MockMerchantServer;
/** Each request to the store: its URL and body (where a cart token or a MerchantGUID travels). */
const seen: string[] = [];

beforeAll(async () => {
  // A store that knows neither sample value: every cart is unknown to it.
  store = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (d: string) => (body += d));
    req.on('end', () => {
      seen.push(`${req.url ?? ''} ${body}`);
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"Success":false,"Message":"no such cart"}');
    });
  });
  await new Promise<void>((r) => store.listen(0, '127.0.0.1', r));
  storeUrl = `http://127.0.0.1:${(store.address() as AddressInfo).port}`;
  const config = testConfig();
  config.merchantGUID = SAMPLE_GUID;
  config.merchant.cartToken = SAMPLE_TOKEN;
  reference = await startMockMerchant({ config });
});
afterAll(async () => {
  store.closeAllConnections();
  await new Promise((r) => store.close(r));
  await reference.close();
});

function dirWith(config: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'xb-sample-values-'));
  writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify(config));
  return dir;
}

/** Each sample-value warning, its wrapped lines (indented under the first) joined back. */
const warnings = (stderr: string) => stderr.replace(/\n +/g, ' ').split('\n').filter((l) => l.startsWith('warning: this run sent the sample'));

describe('sample values sent to a merchant that is not the reference merchant', () => {
  it('the defaults (sample GUID and cart token): one warning naming both and what to set', async () => {
    seen.length = 0;
    const dir = dirWith({ merchant: { baseUrl: storeUrl, cartMethods: ['GET', 'POST'] }, auth: [{ mode: 'none' }], timeoutMs: 5000 });
    const r = await runCli(['check-cart', '--no-save', '--json'], { cwd: dir });
    expect(r.stderr).not.toMatch(/at .*\.js:\d+/);
    JSON.parse(r.stdout);
    // They were sent (the warning is about what happened).
    expect(seen.some((u) => u.includes(SAMPLE_TOKEN))).toBe(true);
    const lines = warnings(r.stderr);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`the sample MerchantGUID ${SAMPLE_GUID} and the sample cart token ${SAMPLE_TOKEN}`);
    // Wrapped to 80 columns in a pipe without COLUMNS (it ran to 440 on one line), the GUID and the token whole.
    expect(r.stderr.split('\n').filter((l) => [...l].length > 80)).toEqual([]);
    expect(r.stderr).toMatch(new RegExp(`(^|\\s)${SAMPLE_GUID}(\\s|,|$)`, 'm'));
    expect(r.stderr).toMatch(new RegExp(`(^|\\s)${SAMPLE_TOKEN}(\\s|,|$)`, 'm'));
    expect(lines[0]).toContain('XBORDER_MERCHANT_GUID');
    expect(lines[0]).toContain('merchant.cartToken');
  });

  it('only the GUID when the cart token is the store\'s own', async () => {
    seen.length = 0;
    // POST carts carry the MerchantGUID in their body (a GET cart carries no GUID at all).
    const dir = dirWith({ merchant: { baseUrl: storeUrl, cartToken: 'store-cart-1', cartMethods: ['GET', 'POST'] }, auth: [{ mode: 'none' }], timeoutMs: 5000 });
    const lines = warnings((await runCli(['check-cart', '--no-save'], { cwd: dir })).stderr);
    expect(seen.some((r) => r.includes(SAMPLE_GUID))).toBe(true);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`the sample MerchantGUID ${SAMPLE_GUID},`);
    expect(lines[0]).not.toContain('cart token');
  });

  it('a GUID from an ${ENV} reference is shown, not masked: GUIDs are no credentials (docs/security.md)', async () => {
    const dir = dirWith({ merchantGUID: '${XB_MERCHANT_GUID}', merchant: { baseUrl: storeUrl, cartToken: '${XB_CART}', cartMethods: ['POST'] }, auth: [{ mode: 'header', name: 'X-Key', value: '${XB_KEY}' }], timeoutMs: 5000 });
    const r = await runCli(['check-cart', '--no-save', '-v'], { cwd: dir, env: { XB_MERCHANT_GUID: SAMPLE_GUID, XB_CART: 'store-cart-9', XB_KEY: 'key-Secret-71c3' } });
    const text = (r.stdout + r.stderr).replace(/\s+/g, ' ');
    expect(text).toContain(`the sample MerchantGUID ${SAMPLE_GUID}`);
    expect(text).not.toContain('MerchantGUID ****');
    // The cart token stays visible too; the credential from the environment does not.
    expect(text).toContain('store-cart-9');
    expect(text).not.toContain('key-Secret-71c3');
  });

  it('nothing with the merchant\'s own values', async () => {
    const dir = dirWith({ merchantGUID: 'a1b2c3d4-0000-4000-8000-00000000abd2', merchant: { baseUrl: storeUrl, cartToken: 'store-cart-1' }, auth: [{ mode: 'none' }], timeoutMs: 5000 });
    const r = await runCli(['check-cart', '--no-save'], { cwd: dir });
    expect(r.stderr).not.toContain('sample');
  });

  it('the sample GUID in the configuration but never sent (GET carts only): no warning', async () => {
    seen.length = 0;
    const dir = dirWith({ merchant: { baseUrl: storeUrl, cartToken: 'store-cart-1' }, auth: [{ mode: 'none' }], timeoutMs: 5000 });
    const r = await runCli(['check-cart', '--no-save'], { cwd: dir });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.some((q) => q.includes(SAMPLE_GUID))).toBe(false);
    expect(r.stderr).not.toContain('sample');
  });

  // The configuration keeps the sample cart token (no merchant.carts): only what was sent decides.
  const ownGuid = 'a1b2c3d4-0000-4000-8000-00000000abd3';
  const ownOrder = { ...(loadSample('order-full') as Record<string, unknown>), MerchantGUID: ownGuid, OrderId: 'GE770000033DE', CartId: 'store-cart-33' };

  it('post-order --file of the user\'s own order sends no sample value: no warning, whatever the configuration holds', async () => {
    seen.length = 0;
    const dir = dirWith({ merchantGUID: ownGuid, merchant: { baseUrl: storeUrl }, auth: [{ mode: 'none' }], timeoutMs: 5000 });
    writeFileSync(join(dir, 'order.json'), JSON.stringify(ownOrder));
    const r = await runCli(['post-order', '--file', 'order.json', '--no-save'], { cwd: dir });
    expect(r.stderr).not.toMatch(/at .*\.js:\d+/);
    // The order reached the store, and neither sample value went with it.
    expect(seen).toHaveLength(1);
    expect(seen[0]).toContain('store-cart-33');
    expect(seen.some((q) => q.includes(SAMPLE_TOKEN) || q.includes(SAMPLE_GUID))).toBe(false);
    expect(r.stderr).not.toContain('sample');
  });

  it('post-order --sample with the same configuration fetches the sample cart first: the warning names the cart token only', async () => {
    seen.length = 0;
    const dir = dirWith({ merchantGUID: ownGuid, merchant: { baseUrl: storeUrl }, auth: [{ mode: 'none' }], timeoutMs: 5000 });
    const r = await runCli(['post-order', '--sample', 'order-full', '--no-save'], { cwd: dir });
    expect(seen.some((q) => q.includes(SAMPLE_TOKEN))).toBe(true);
    const lines = warnings(r.stderr);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`this run sent the sample cart token ${SAMPLE_TOKEN},`);
    expect(lines[0]).not.toContain('MerchantGUID');
    expect(lines[0]).toContain('merchant.cartToken');
  });

  it('nothing against the reference merchant, which knows the sample values', async () => {
    const dir = dirWith({ merchant: { baseUrl: reference.url, cartMethods: ['GET', 'POST'] }, auth: [{ mode: 'none' }], timeoutMs: 5000 });
    const r = await runCli(['check-cart', '--no-save'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stderr).not.toContain('sample');
  });
});
