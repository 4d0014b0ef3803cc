/**
 * The HTML report, as text and in a real headless Chromium (Debian's package): it loads without a
 * console error or a network request, shows findings, filters, expands, and shows hostile text as text.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CaseResult } from '../../src/model.js';
import { renderHtml } from '../../src/report/html.js';
import { toRunResult } from '../../src/report/summary.js';
import { launchChromium, skipWithoutBrowser, type Chromium } from '../helpers/chromium.js';

const HOSTILE_SCRIPT = '</script><script>alert(1)</script>';
const HOSTILE_ATTR = '"><img src=x onerror=alert(2)>';
const CART_BODY = { productsList: [{ SKU: 'A-1', Quantity: 2, SalePrice: 10.5 }], currencyCode: 'EUR' };

const cases: CaseResult[] = [
  {
    endpoint: 'GetCheckoutCartInfo', variant: 'GET', authMode: 'basic',
    request: { method: 'GET', url: 'http://127.0.0.1:8080/cart?merchantCartToken=abc', headers: { Authorization: 'Basic ****' } },
    response: { status: 200, durationMs: 12.4 },
    checks: [
      { id: 'status-200', status: 'passed', findings: [] },
      { id: 'cart-schema', status: 'passed', findings: [{ severity: 'info', message: 'the cart has no discounts' }] },
    ],
    responseHeaders: { 'content-type': 'application/json' },
    responseBody: JSON.stringify(CART_BODY),
  },
  {
    endpoint: 'GetCheckoutCartInfo', variant: 'POST', authMode: 'basic',
    request: { method: 'POST', url: 'http://127.0.0.1:8080/cart', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
    response: { status: 200, durationMs: 30 },
    checks: [
      { id: 'status-200', status: 'passed', findings: [] },
      { id: 'cart-schema', status: 'failed', findings: [{ message: 'productsList must be an array', path: '/productsList', expected: 'array', actual: 'object' }] },
    ],
    curl: "curl -X POST 'http://127.0.0.1:8080/cart' --data 'merchantCartToken=abc'",
    requestBody: 'merchantCartToken=abc',
    responseBody: '{"productsList":{}}',
  },
  {
    endpoint: 'GetCheckoutCartInfo', variant: 'GET', authMode: 'header',
    request: { method: 'GET', url: 'http://127.0.0.1:8080/cart', headers: { 'X-Api-Key': '****' } },
    response: { status: 200, durationMs: 8 },
    checks: [{ id: 'cart-currency-country', status: 'warning', findings: [{ severity: 'warning', message: 'the cart is in USD, but EUR was requested', expected: 'EUR', actual: 'USD' }] }],
  },
  {
    endpoint: 'SendOrderToMerchant', variant: 'order-full', authMode: 'none',
    request: { method: 'POST', url: 'http://127.0.0.1:1/order', headers: {} },
    checks: [{ id: 'reachable', status: 'errored', findings: [{ message: 'could not reach the endpoint: connection refused', actual: 'ECONNREFUSED' }] }],
  },
  {
    endpoint: 'SendOrderToMerchant', variant: 'negative:missing-credentials', authMode: 'none',
    request: { method: 'POST', url: 'http://127.0.0.1:1/order', headers: {} },
    checks: [{ id: 'auth-enforced', status: 'skipped', findings: [{ severity: 'info', message: 'no credentials configured' }] }],
  },
  {
    endpoint: 'SendOrderToMerchant', variant: `order-${HOSTILE_ATTR}`, authMode: 'basic',
    cart: { origin: 'synthetic', label: HOSTILE_SCRIPT },
    request: { method: 'POST', url: `http://127.0.0.1:8080/order?x=${HOSTILE_ATTR}`, headers: { 'X-Evil': HOSTILE_ATTR, [HOSTILE_SCRIPT]: 'name too' } },
    response: { status: 500, durationMs: 101 },
    checks: [{
      id: 'order-accepted', status: 'failed',
      findings: [{ message: `refused: ${HOSTILE_SCRIPT}`, path: `/x${HOSTILE_ATTR}`, expected: HOSTILE_ATTR, actual: { html: HOSTILE_SCRIPT } }],
    }],
    curl: `curl -H 'X-Evil: ${HOSTILE_ATTR}' --data '${HOSTILE_SCRIPT}'`,
    requestBody: JSON.stringify({ note: HOSTILE_SCRIPT }),
    responseHeaders: { 'x-page': HOSTILE_SCRIPT },
    responseBody: `${HOSTILE_SCRIPT}<img src="http://evil.example/x.png" onerror="alert(6)">\u2028<script>window.__pwned = 1</script>`,
    decodedValues: [{ path: '/ResponseInfo', raw: '%3Cscript%3E', decoded: '<script>alert(7)</script>' }],
  },
];

const run = toRunResult(cases);

describe('renderHtml as text', () => {
  const html = renderHtml(run, { title: `Run ${HOSTILE_SCRIPT}`, generatedAt: '2025-01-02T03:04:05Z' });

  it('is one self-contained document that forbids the network', () => {
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:`);
    // Only in-page anchors: no src or href that could fetch.
    expect(html.match(/\s(src|href)\s*=\s*"(?!#)/gi) ?? []).toEqual([]);
    expect(html.match(/<script/gi)).toHaveLength(1);
    expect(html.match(/<img/gi)).toBeNull();
    expect(html).toContain('2025-01-02T03:04:05Z');
    expect(html).toContain(`Run &lt;/script&gt;`);
  });

  it('is pure: the same run gives the same text', () => {
    expect(renderHtml(run, { generatedAt: 'x' })).toBe(renderHtml(run, { generatedAt: 'x' }));
  });

  it('says a refused auth mode once, at the top, escaped', () => {
    const notice = `header auth refused on the cart GET (401): check XB_HEADER_KEY ${HOSTILE_SCRIPT}`;
    const page = renderHtml({ ...run, notices: [notice] });
    expect(page.split('auth refused on the cart GET').length - 1).toBe(1);
    expect(page.indexOf('auth refused on the cart GET')).toBeLessThan(page.indexOf('<main>'));
    expect(page).toContain('check XB_HEADER_KEY &lt;/script&gt;');
  });

  it('with nothing failed or errored, the filter shows every case', () => {
    const passing = renderHtml(toRunResult(cases.filter((c) => c.checks.every((k) => k.status === 'passed' || k.status === 'warning'))));
    expect(passing).not.toContain('id="opened-on"');
    expect(passing.match(/<input type="checkbox" data-status="\w+" checked>/g)).toHaveLength(5);
  });
});

describe.skipIf(skipWithoutBrowser())('renderHtml in headless Chromium', () => {
  let browser: Chromium;
  let page: Page;
  let dir: string;
  const consoleErrors: string[] = [];
  const pageErrors: string[] = [];
  const requests: string[] = [];
  const dialogs: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'xborder-html-'));
    const file = join(dir, 'report.html');
    writeFileSync(file, renderHtml(run, { title: 'xborder report', generatedAt: '2025-01-02T03:04:05Z' }));
    browser = await launchChromium();
    page = await browser.context.newPage();
    page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
    page.on('pageerror', (e) => pageErrors.push(e.message));
    page.on('request', (r) => { if (!/^(file|data):/.test(r.url())) requests.push(r.url()); });
    page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
  });

  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const caseOf = (status: string, nth = 0) => page.locator(`.case[data-status="${status}"]`).nth(nth);

  it('loads with the summary, a section per endpoint and auth mode, and nothing wrong', async () => {
    expect(await page.title()).toBe('xborder report');
    expect(await page.locator('.tile[data-count="cases"] .n').textContent()).toBe('6');
    expect(await page.locator('.tile[data-count="failed"] .n').textContent()).toBe('2');
    expect(await page.locator('.summary').textContent()).toContain(run.tool.version);
    const sections = await page.locator('section.group h2').allTextContents();
    expect(sections).toEqual(['GetCheckoutCartInfo · auth basic', 'GetCheckoutCartInfo · auth header', 'SendOrderToMerchant · auth none', 'SendOrderToMerchant · auth basic']);
    expect(await page.locator('#filters').isVisible()).toBe(true);
    expect({ consoleErrors, pageErrors, requests }).toEqual({ consoleErrors: [], pageErrors: [], requests: [] });
  });

  it('shows a failed case with its finding: path, expected, received, severity and the reproduction', async () => {
    const failed = caseOf('failed');
    const finding = failed.locator('.finding').first();
    expect(await finding.isVisible()).toBe(true);
    expect(await finding.locator('.msg').innerText()).toBe('productsList must be an array');
    expect(await finding.locator('.path').innerText()).toBe('/productsList');
    expect(await finding.locator('.sev').innerText()).toMatch(/error/i);
    expect(await finding.locator('.ev').innerText()).toMatch(/expected\s+array\s+received\s+object/);
    expect(await failed.locator('pre.curl').innerText()).toBe("curl -X POST 'http://127.0.0.1:8080/cart' --data 'merchantCartToken=abc'");
  });

  it('opens on what failed: the failed and errored cases, failing ones first in their section', async () => {
    const shown = await page.evaluate(() => Array.from(document.querySelectorAll('.case')).filter((c) => (c as HTMLElement).offsetParent !== null).map((c) => c.getAttribute('data-status')));
    expect(shown).toEqual(['failed', 'errored', 'failed']);
    expect(await caseOf('passed').isVisible()).toBe(false);
    expect(await caseOf('warning').isVisible()).toBe(false);
    expect(await page.locator('#shown-count').innerText()).toBe('3 of 6 cases shown');
    expect(await page.locator('#opened-on').isVisible()).toBe(true);
    // In the markup (what shows without script), the failed POST comes before the passed GET of its section.
    const order = await page.evaluate(() => Array.from(document.querySelectorAll('section.group')[0]!.querySelectorAll('.case')).map((c) => c.getAttribute('data-status')));
    expect(order).toEqual(['failed', 'passed']);
  });

  it('filters: hiding passed hides the passed case, failed-only hides the rest, all shows everything', async () => {
    const passed = caseOf('passed');
    await page.locator('#filters button[data-show="all"]').click();
    expect(await passed.isVisible()).toBe(true);
    await page.locator('#filters input[data-status="passed"]').uncheck();
    await passed.waitFor({ state: 'hidden' });
    expect(await caseOf('failed').isVisible()).toBe(true);
    expect(await caseOf('warning').isVisible()).toBe(true);

    await page.locator('#filters button[data-show="failed"]').click();
    expect(await caseOf('warning').isVisible()).toBe(false);
    expect(await caseOf('errored').isVisible()).toBe(false);
    expect(await caseOf('skipped').isVisible()).toBe(false);
    expect(await caseOf('failed', 1).isVisible()).toBe(true);
    // A section left without a visible case goes too.
    expect(await page.locator('section.group', { hasText: 'auth header' }).isVisible()).toBe(false);
    expect(await page.locator('#shown-count').innerText()).toBe('2 of 6 cases shown');

    await page.locator('#filters button[data-show="all"]').click();
    expect(await passed.isVisible()).toBe(true);
    expect(await page.locator('#shown-count').innerText()).toBe('6 of 6 cases shown');
  });

  it('expands a case to its request and its pretty-printed JSON response', async () => {
    const passed = caseOf('passed');
    const body = passed.locator('pre.body.json');
    expect(await body.isVisible()).toBe(false);
    await passed.locator('details.exchange > summary').click();
    await body.waitFor({ state: 'visible' });
    expect(await body.textContent()).toBe(JSON.stringify(CART_BODY, null, 2));
    expect(await passed.locator('.request').innerText()).toContain('GET http://127.0.0.1:8080/cart?merchantCartToken=abc');
    expect(await passed.locator('.request table.headers').innerText()).toContain('Authorization');
    expect(await passed.locator('.response').innerText()).toMatch(/HTTP 200 in 12 ms/);
  });

  it('shows hostile strings as text: nothing executes, nothing loads, no dialog opens', async () => {
    const hostile = caseOf('failed', 1);
    await hostile.locator('details.exchange > summary').click();
    expect(await hostile.locator('.case-name').textContent()).toBe(`order-${HOSTILE_ATTR} (${HOSTILE_SCRIPT})`);
    expect(await hostile.locator('.finding .msg').textContent()).toBe(`refused: ${HOSTILE_SCRIPT}`);
    expect(await hostile.locator('.finding .path').textContent()).toBe(`/x${HOSTILE_ATTR}`);
    expect(await hostile.locator('.finding .ev pre').allTextContents()).toEqual([HOSTILE_ATTR, JSON.stringify({ html: HOSTILE_SCRIPT }, null, 2)]);
    expect(await hostile.locator('pre.body:not(.json)').textContent()).toContain(`${HOSTILE_SCRIPT}<img src="http://evil.example/x.png"`);
    expect(await hostile.locator('pre.body.json').textContent()).toBe(JSON.stringify({ note: HOSTILE_SCRIPT }, null, 2));
    expect(await hostile.locator('.request table.headers').textContent()).toContain(HOSTILE_ATTR);
    expect(await hostile.locator('.response table.headers').textContent()).toContain(HOSTILE_SCRIPT);
    expect(await hostile.locator('table.decoded').textContent()).toContain('<script>alert(7)</script>');
    expect(await hostile.locator('pre.curl').textContent()).toContain(HOSTILE_SCRIPT);
    const dom = await page.evaluate(() => ({
      scripts: document.scripts.length,
      images: document.images.length,
      pwned: (window as unknown as { __pwned?: number }).__pwned ?? null,
    }));
    expect(dom).toEqual({ scripts: 1, images: 0, pwned: null });
    expect({ dialogs, consoleErrors, pageErrors, requests }).toEqual({ dialogs: [], consoleErrors: [], pageErrors: [], requests: [] });
  });

  it('takes a screenshot', async () => {
    const png = join(dir, 'report.png');
    await page.locator('#filters button[data-expand="open"]').click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: png, fullPage: true });
    expect(statSync(png).size).toBeGreaterThan(1000);
    expect(readFileSync(png).subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    // XBORDER_HTML_ARTIFACTS=DIR keeps the page and its screenshot for a person to look at.
    const keep = process.env.XBORDER_HTML_ARTIFACTS;
    if (keep) {
      mkdirSync(keep, { recursive: true });
      for (const name of ['report.html', 'report.png']) copyFileSync(join(dir, name), join(keep, name));
    }
  });
});
