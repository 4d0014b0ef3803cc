/**
 * xborder's own labels are never masked: a header key that is literally "header" (a word every row
 * of the report carries) is masked where it is sent (the request header, -v's dump, the curl and the
 * JSON report's headers) and nowhere else: `GET header` stays `GET header`, the auth column `header`.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../../src/model.js';
import { startMockMerchant, type MockMerchantServer } from '../../src/mock/merchant/server.js';
import { merchantConfig } from '../helpers/merchant-config.js';
import { runCli } from '../helpers/run-cli.js';

const GUID = 'a1b2c3d4-0000-4000-8000-00000000abce';
let merchant: MockMerchantServer;
let dir: string;

beforeAll(async () => {
  const server = merchantConfig({ guid: GUID, cartToken: 'cart-token-0002', auth: [{ mode: 'header', name: 'X-Merchant-Key', value: 'header' }] });
  // A negative price in the cart: a failed case, so the curl reproduction (with the header) is printed.
  merchant = await startMockMerchant({ config: server, fault: 'cart-negative-price' });
  dir = mkdtempSync(join(tmpdir(), 'xb-own-labels-'));
  writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({
    merchantGUID: GUID,
    merchant: { baseUrl: merchant.url, cartMethods: ['GET', 'POST'], cartToken: 'cart-token-0002', countryCode: 'DE', currencyCode: 'EUR' },
    auth: [{ mode: 'header', name: 'X-Merchant-Key', value: '${XB_HEADER_KEY}' }],
    timeoutMs: 5000,
  }));
});
afterAll(async () => {
  await merchant.close();
});

describe('a secret equal to one of xborder\'s own words', () => {
  it('leaves the labels readable and masks the header it is sent in', async () => {
    const result = await runCli(['check-cart', '-v', '--no-save'], { cwd: dir, env: { XB_HEADER_KEY: 'header' } });
    expect(result.stderr).not.toMatch(/at .*\.js:\d+/);
    expect(result.stdout).toMatch(/│ GET +│ \S.* │ header +│/);
    expect(result.stdout).toContain('[auth header]');
    expect(result.stdout).not.toMatch(/│ \*\*\*\* +│|auth \*\*\*\*|GET \*\*\*\*/);
    // Where it is sent, it is masked: the request header in -v's dump and the curl.
    expect(result.stdout).toContain('X-Merchant-Key: ****');
    expect(result.stdout).not.toMatch(/X-Merchant-Key: header/i);
  });

  it('the JSON report keeps auth modes and variants, and masks the header value', async () => {
    const result = await runCli(['check-cart', '--json', '--no-save'], { cwd: dir, env: { XB_HEADER_KEY: 'header' } });
    const run = JSON.parse(result.stdout) as RunResult;
    expect(run.cases.length).toBeGreaterThan(0);
    expect(new Set(run.cases.map((c) => c.authMode))).toContain('header');
    const sent = run.cases.map((c) => c.request.headers['X-Merchant-Key']).filter((v) => v !== undefined);
    expect(sent).toContain('****');
    expect(sent).not.toContain('header');
    expect(result.stdout).not.toMatch(/"X-Merchant-Key": "header"/);
  });
});
