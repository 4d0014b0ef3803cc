/**
 * The HTML report opens on what failed: a run whose one failing case comes late in the plan (the
 * payment order, after the cart cases and most samples) writes a report whose first visible case, in a
 * real headless Chromium, is that case; `All` shows the rest.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../../src/model.js';
import { startMockMerchant, type MockMerchantServer } from '../../src/mock/merchant/server.js';
import { launchChromium, skipWithoutBrowser } from '../helpers/chromium.js';
import { merchantConfig } from '../helpers/merchant-config.js';
import { runCli } from '../helpers/run-cli.js';

const GUID = 'a1b2c3d4-0000-4000-8000-00000000abd0';
let merchant: MockMerchantServer;
let dir: string;

beforeAll(async () => {
  const server = merchantConfig({ guid: GUID, cartToken: 'cart-token-0003', auth: [{ mode: 'none' }] });
  merchant = await startMockMerchant({ config: server, fault: 'order-missing-payment-fields' });
  dir = mkdtempSync(join(tmpdir(), 'xb-html-first-'));
  writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({ merchantGUID: GUID, merchant: { baseUrl: merchant.url, cartMethods: ['GET', 'POST'], cartToken: 'cart-token-0003' }, auth: [{ mode: 'none' }], timeoutMs: 5000 }));
});
afterAll(async () => {
  await merchant.close();
});

describe.skipIf(skipWithoutBrowser())('the HTML report of a run with one failing case', () => {
  it('shows that case first', async () => {
    const result = await runCli(['check', '--no-save', '--html', 'report.html', '--json'], { cwd: dir, timeoutMs: 120_000 });
    expect(result.code).toBe(1);
    const run = JSON.parse(result.stdout) as RunResult;
    const failing = run.cases.filter((c) => c.checks.some((k) => k.status === 'failed' || k.status === 'errored'));
    expect(failing.map((c) => c.variant)).toEqual([expect.stringMatching(/^order-payment/)]);
    // Late in the run's own order: what the page used to open on was a dozen passing rows.
    expect(run.cases.indexOf(failing[0]!)).toBeGreaterThan(5);

    const browser = await launchChromium();
    try {
      const page = await browser.context.newPage();
      await page.goto(pathToFileURL(join(dir, 'report.html')).href, { waitUntil: 'load' });
      const visible = () => page.evaluate(() => Array.from(document.querySelectorAll('.case')).filter((c) => (c as HTMLElement).offsetParent !== null).map((c) => `${c.getAttribute('data-status')} ${c.querySelector('.case-name')?.textContent ?? ''}`));
      const first = await visible();
      expect(first[0]).toMatch(/^failed order-payment/);
      expect(first).toHaveLength(1);
      // Everything else is one click away.
      await page.locator('#filters button[data-show="all"]').click();
      expect(await visible()).toHaveLength(run.cases.length);
      // Within its endpoint's section, the failing case is the first row even with every case shown.
      expect((await visible()).find((v) => /^\w+ order-/.test(v))).toMatch(/^failed order-payment/);
    } finally {
      await browser.close();
    }
  }, 150_000);
});
