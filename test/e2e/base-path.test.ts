/** A merchant whose endpoints live under a path prefix (`https://shop/shop-api/...`) is checked there. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/defaults.js';
import { startMockMerchant } from '../../src/mock/merchant/server.js';
import { runCli } from '../helpers/run-cli.js';

describe('merchant.baseUrl with a path prefix', () => {
  it('the reference merchant serves under the prefix and check passes there; elsewhere is 404', async () => {
    const config = defaultConfig();
    config.merchant.baseUrl = 'http://127.0.0.1:1/shop-api/';
    config.merchant.cartMethods = ['GET', 'POST'];
    const merchant = await startMockMerchant({ config });
    try {
      const dir = mkdtempSync(join(tmpdir(), 'xb-prefix-'));
      writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({ merchant: { baseUrl: `${merchant.url}/shop-api/`, cartMethods: ['GET', 'POST'] } }));
      const ok = await runCli(['check', '--json'], { cwd: dir });
      expect(JSON.parse(ok.stdout).summary.failed).toBe(0);
      expect(ok.code).toBe(0);
      const wrong = await runCli(['check-cart', '--json', '--merchant-url', merchant.url], { cwd: dir });
      expect(wrong.code).toBe(1);
      expect(wrong.stdout).toContain('no endpoint at this URL');
    } finally {
      await merchant.close();
    }
  });
});
