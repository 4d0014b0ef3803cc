/**
 * End to end: `xborder storefront` against pages served on 127.0.0.1 and the reference merchant's
 * cart. A correct page passes; each broken attribute is named with its element (CSS path, product,
 * line): malformed JSON with its position, the documentation's quoting mistake, an unknown country
 * code, a VAT of 150, a data-pc code the cart lacks; the cart token the page renders is reported.
 */
import http from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { defaultConfig } from '../../src/config/defaults.js';
import { startMockMerchant, type MockMerchantServer } from '../../src/mock/merchant/server.js';

const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

/** Serves `pages` (path -> HTML) and sets a cart cookie on every answer. */
async function shop(pages: Record<string, string>): Promise<string> {
  const server = http.createServer((req, res) => {
    const page = pages[req.url ?? ''];
    if (!page) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Set-Cookie': 'merchant_cart=2c5c7b3db2ed101426cba38d9c534086; Path=/' });
    res.end(page);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => server.close(() => r())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const page = (body: string) => `<!DOCTYPE html>\n<html><head><title>Shop</title></head>\n<body>\n<main id="catalog">\n${body}\n</main>\n</body></html>\n`;

const GOOD = page(`<div class="product" data-sku="TSHIRT-RED-M" data-pc="APPAREL" data-countries='{"IT":{"restricted":true,"vat":10},"DE":{"vat":7},"all":{"forbidden":false}}'>T-shirt</div>
<div class="product" data-sku="MUG" data-manipulate="{&quot;CH&quot;:&quot;.price{display:none}&quot;}">Mug</div>
<span data-ge-shippingswitcher-flag="true"></span>
<input type="hidden" name="merchantCartToken" value="2c5c7b3db2ed101426cba38d9c534086">`);

interface Report { cases: { endpoint: string; variant: string; checks: { id: string; status: string; findings: { message: string; severity?: string }[] }[] }[] }
const check = (report: Report, id: string) => report.cases.flatMap((c) => c.checks).find((k) => k.id === id)!;
const messages = (report: Report, id: string) => check(report, id).findings.filter((f) => f.severity !== 'info').map((f) => f.message);

async function project(merchantUrl?: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'xb-storefront-'));
  writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({ merchantGUID: GUID, merchant: merchantUrl ? { baseUrl: merchantUrl } : {}, auth: [{ mode: 'none' }] }));
  return dir;
}

async function merchant(): Promise<string> {
  const server: MockMerchantServer = await startMockMerchant({ config: defaultConfig() });
  closers.push(() => server.close());
  return server.url;
}

describe('xborder storefront', () => {
  it('a correct page passes, with the switcher and the rendered cart token as information; with --cart its data-pc is in the cart', async () => {
    const base = await shop({ '/p/tshirt': GOOD });
    const dir = await project(await merchant());
    const r = await runCli(['storefront', `${base}/p/tshirt`, '--cart', '--json', '--no-save'], { cwd: dir });
    const report = JSON.parse(r.stdout) as Report;
    expect(r.code, r.stdout.slice(0, 3000)).toBe(0);
    for (const id of ['storefront-countries', 'storefront-pc', 'storefront-manipulate', 'storefront-switcher', 'storefront-cart-token', 'storefront-pc-in-cart']) expect(check(report, id).status, id).toBe('passed');
    const token = check(report, 'storefront-cart-token').findings.map((f) => f.message).join('\n');
    expect(token).toContain('cookie merchant_cart');
    expect(token).toContain('[name="merchantCartToken"]');
    expect(check(report, 'storefront-switcher').findings[0]!.message).toMatch(/country switcher goes in <main#catalog > span>/);
    expect(report.cases.map((c) => c.endpoint)).toEqual(['Storefront', 'GetCheckoutCartInfo', 'Storefront']);
  });

  it('names each broken attribute with its element, product and line', async () => {
    const broken = page(`<div id="p-1" data-sku="A-1" data-countries="{"IT":{"vat":10}}">the documentation's quoting</div>
<div id="p-2" data-sku="A-2" data-countries='{"IT":{"vat":10},}'>trailing comma</div>
<div id="p-3" data-sku="A-3" data-countries='{"XZ":{"vat":10},"it":{"vat":4}}'>unknown and lower-case codes</div>
<div id="p-4" data-sku="A-4" data-countries='{"DE":{"vat":150,"restricted":"yes","discount":5}}'>a VAT of 150</div>
<div id="p-5" data-sku="A-5" data-pc="">empty class</div>
<div id="p-6" data-manipulate='{"GERMANY":"x"}'>bad manipulate</div>`);
    const base = await shop({ '/broken': broken });
    const r = await runCli(['storefront', `${base}/broken`, '--json', '--no-save'], { cwd: await project() });
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as Report;
    const countries = messages(report, 'storefront-countries');
    expect(countries.find((m) => m.includes('div#p-1'))).toMatch(/data-countries of <div#p-1> \(data-sku="A-1"\) at line 5 is cut at its first inner quote.*&quot; or quote the attribute with single quotes/);
    expect(countries.find((m) => m.includes('div#p-2'))).toMatch(/<div#p-2> \(data-sku="A-2"\) at line 6 is not JSON: .* at line 1, column 1\d of the value/);
    expect(countries.filter((m) => m.includes('div#p-3'))).toEqual([
      expect.stringMatching(/key "XZ" is not an ISO 3166-1 alpha-2 country code/),
      expect.stringMatching(/key "it" is written in lower case/),
    ]);
    const vat = countries.filter((m) => m.includes('div#p-4'));
    expect(vat).toEqual([expect.stringMatching(/"DE"\.vat must be a percentage from 0 to 100/), expect.stringMatching(/"DE"\.restricted must be true or false/)]);
    expect(check(report, 'storefront-countries').findings.find((f) => f.message.includes('discount'))!.severity).toBe('info');
    expect(messages(report, 'storefront-pc')).toEqual([expect.stringMatching(/data-pc of <div#p-5> \(data-sku="A-5"\) at line 9 is empty/)]);
    expect(messages(report, 'storefront-manipulate')).toEqual([expect.stringMatching(/<div#p-6> at line 10: key "GERMANY" is not an ISO/)]);
  });

  it('--cart: a data-pc code no product of the cart carries fails; a cart code on no page warns', async () => {
    const base = await shop({ '/p/1': page('<div data-sku="X" data-pc="extra-charge">X</div>') });
    const r = await runCli(['storefront', `${base}/p/1`, '--cart', '--json', '--no-save'], { cwd: await project(await merchant()) });
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as Report;
    const compared = check(report, 'storefront-pc-in-cart');
    expect(compared.status).toBe('failed');
    expect(compared.findings.map((f) => f.message)).toEqual([
      expect.stringMatching(/data-pc "extra-charge" of <main#catalog > div> \(data-sku="X"\) at line 5 is the ProductClassCode of no product in the merchant's cart/),
      expect.stringMatching(/the cart's ProductClassCode "APPAREL" is on no element/),
    ]);
  });

  it('a page that cannot be fetched is errored (exit 3); a URL that is not one is a usage error (exit 2)', async () => {
    const dir = await project();
    const down = await runCli(['storefront', 'http://127.0.0.1:9/p', '--no-save'], { cwd: dir });
    expect(down.code).toBe(3);
    const bad = await runCli(['storefront', 'shop.example.com/p'], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/not an http\(s\) URL/);
  });
});
