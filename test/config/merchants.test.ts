/** `merchants` in the config file: an entry's keys over the top level, problems scoped to the entry that runs, selection. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { concernsRun, documentForMerchant, merchantListProblems, selectMerchants, selectsMerchants } from '../../src/config/merchants.js';
import { ConfigError, UsageError } from '../../src/errors.js';

const GUID_A = 'aaaaaaaa-7a1e-4c55-9d2b-3e8a6c1f0b77';
const GUID_B = 'bbbbbbbb-7a1e-4c55-9d2b-3e8a6c1f0b77';

/** A file of two merchants over a top level; b's key comes from a variable. */
const FILE = {
  merchantGUID: GUID_A,
  merchant: { baseUrl: 'https://top.example.com', cartPath: '/cart', countryCode: 'CH' },
  auth: [{ mode: 'none' }],
  timeoutMs: 1000,
  merchants: [
    { name: 'shop-a', merchant: { baseUrl: 'https://a.example.com' } },
    { name: 'shop-b', merchantGUID: GUID_B, merchant: { countryCode: 'AT' }, auth: [{ mode: 'header', name: 'X-Key', value: '${SHOP_B_KEY}' }], timeoutMs: 2000 },
  ],
};

function dirWith(config: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'xb-merchants-'));
  writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify(config));
  return dir;
}

async function problemsOf(promise: Promise<unknown>): Promise<string[]> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ConfigError);
  return (error as ConfigError).problems;
}

describe('documentForMerchant', () => {
  it('lays the entry over the top level: merchant key by key, other keys whole, the list left out', () => {
    const doc = documentForMerchant(FILE, 'shop-b') as Record<string, unknown>;
    expect(doc.merchants).toBeUndefined();
    expect(doc.merchantGUID).toBe(GUID_B);
    expect(doc.merchant).toEqual({ baseUrl: 'https://top.example.com', cartPath: '/cart', countryCode: 'AT' });
    expect(doc.auth).toEqual([{ mode: 'header', name: 'X-Key', value: '${SHOP_B_KEY}' }]);
    expect(doc.timeoutMs).toBe(2000);
    expect(doc.name).toBeUndefined();
    // The input is not changed.
    expect(FILE.merchant.countryCode).toBe('CH');
  });

  it('without a name is the top level alone', () => {
    const { merchants: _list, ...top } = FILE;
    expect(documentForMerchant(FILE, undefined)).toEqual(top);
  });
});

describe('concernsRun', () => {
  it("scopes a problem inside an entry's values to that entry's run; the list's shape and names concern every run", () => {
    expect(concernsRun('/merchants/1/auth/0/value: environment variable X is not set', FILE, undefined)).toBe(false);
    expect(concernsRun('/merchants/1/auth/0/value', FILE, 'shop-a')).toBe(false);
    expect(concernsRun('/merchants/1/auth/0/value', FILE, 'shop-b')).toBe(true);
    expect(concernsRun('/merchants/1', FILE, undefined)).toBe(true);
    expect(concernsRun('/merchants/1/name', FILE, undefined)).toBe(true);
    expect(concernsRun('/merchants/1/name: must match pattern', FILE, undefined)).toBe(true);
    expect(concernsRun('/auth/0/value', FILE, 'shop-b')).toBe(true);
  });
});

describe('merchantListProblems', () => {
  it('names a name used twice', () => {
    expect(merchantListProblems({ merchants: [{ name: 'a' }, { name: 'b' }, { name: 'a' }] })).toEqual([expect.stringContaining('"a" is used by 2 entries')]);
    expect(merchantListProblems(FILE)).toEqual([]);
  });
});

describe('selectMerchants', () => {
  const names = ['shop-de', 'shop-ch', 'shop-at'];
  it('picks by name (in the order given, once each), all of them, or by index', () => {
    expect(selectMerchants({ merchants: 'shop-at, shop-de,shop-at' }, names, 'x.json')).toEqual(['shop-at', 'shop-de']);
    expect(selectMerchants({ all: true }, names, 'x.json')).toEqual(names);
    expect(selectMerchants({ merchantIndex: '2' }, names, 'x.json')).toEqual(['shop-at']);
    expect(selectsMerchants({})).toBe(false);
    expect(selectsMerchants({ merchantIndex: '0' })).toBe(true);
  });

  it('refuses an unknown name with the closest ones, an index past the end, two ways at once and an empty list', () => {
    expect(() => selectMerchants({ merchants: 'shop-dee' }, names, 'x.json')).toThrow(/"shop-dee" is not in the merchants of x.json\. Did you mean shop-de\?/);
    expect(() => selectMerchants({ merchantIndex: '3' }, names, 'x.json')).toThrow(/lists 3 merchants \(indexes 0 to 2\)/);
    expect(() => selectMerchants({ merchantIndex: '-1' }, names, 'x.json')).toThrow(/a whole number from 0/);
    expect(() => selectMerchants({ all: true, merchants: 'shop-de' }, names, 'x.json')).toThrow(/give one of them/);
    expect(() => selectMerchants({ all: true }, [], 'x.json')).toThrow(UsageError);
    expect(() => selectMerchants({ merchants: ' , ' }, names, 'x.json')).toThrow(/name at least one/);
  });
});

describe('loadConfig with merchants', () => {
  it("loads an entry's config over the top level; flags still win", async () => {
    const dir = dirWith(FILE);
    const b = await loadConfig({ cwd: dir, env: { SHOP_B_KEY: 'b-secret-1' }, merchant: 'shop-b' });
    expect(b.merchantName).toBe('shop-b');
    expect(b.merchantNames).toEqual(['shop-a', 'shop-b']);
    expect(b.merchantGUID).toBe(GUID_B);
    expect(b.merchant.baseUrl).toBe('https://top.example.com');
    expect(b.merchant.cartPath).toBe('/cart');
    expect(b.merchant.countryCode).toBe('AT');
    expect(b.auth).toEqual([{ mode: 'header', name: 'X-Key', value: 'b-secret-1' }]);
    expect(b.http.timeoutMs).toBe(2000);
    const a = await loadConfig({ cwd: dir, env: {}, merchant: 'shop-a', flags: { merchantUrl: 'http://127.0.0.1:9' } });
    expect(a.merchant.baseUrl).toBe('http://127.0.0.1:9');
    expect(a.merchantGUID).toBe(GUID_A);
    expect(a.auth).toEqual([{ mode: 'none' }]);
  });

  it("XBORDER_* variables set what an entry leaves to the top level; the entry's own keys win over them", async () => {
    const dir = dirWith(FILE);
    const env = { XBORDER_MERCHANT_URL: 'http://127.0.0.1:7', XBORDER_COUNTRY: 'FR', XBORDER_TIMEOUT: '3000', SHOP_B_KEY: 'k' };
    const a = await loadConfig({ cwd: dir, env, merchant: 'shop-a' });
    expect([a.merchant.baseUrl, a.merchant.countryCode, a.http.timeoutMs]).toEqual(['https://a.example.com', 'FR', 3000]);
    const b = await loadConfig({ cwd: dir, env, merchant: 'shop-b' });
    expect([b.merchant.baseUrl, b.merchant.countryCode, b.http.timeoutMs]).toEqual(['http://127.0.0.1:7', 'AT', 2000]);
    const top = await loadConfig({ cwd: dir, env });
    expect([top.merchant.baseUrl, top.merchant.countryCode]).toEqual(['http://127.0.0.1:7', 'FR']);
  });

  it("another merchant's unset variable blocks neither the top level nor that merchant's neighbours; its own run is refused naming it", async () => {
    const dir = dirWith(FILE);
    const top = await loadConfig({ cwd: dir, env: {} });
    expect(top.merchantName).toBeUndefined();
    expect(top.merchant.baseUrl).toBe('https://top.example.com');
    expect((await loadConfig({ cwd: dir, env: {}, merchant: 'shop-a' })).merchant.baseUrl).toBe('https://a.example.com');
    expect(await problemsOf(loadConfig({ cwd: dir, env: {}, merchant: 'shop-b' }))).toEqual([expect.stringMatching(/^\/merchants\/1\/auth\/0\/value: environment variable SHOP_B_KEY is not set/)]);
  });

  it("an entry's bad value or unknown key is its own problem; a duplicate, missing or unsafe name is every run's", async () => {
    const bad = dirWith({ merchants: [{ name: 'ok' }, { name: 'broken', merchantGUID: 'nope', timeoutMs: 0 }] });
    expect((await loadConfig({ cwd: bad, env: {}, merchant: 'ok' })).merchantName).toBe('ok');
    const problems = await problemsOf(loadConfig({ cwd: bad, env: {}, merchant: 'broken' }));
    expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(/^\/merchants\/1\/merchantGUID/), expect.stringMatching(/^\/merchants\/1\/timeoutMs: .*accepted range is/)]));
    expect(await problemsOf(loadConfig({ cwd: dirWith({ merchants: [{ name: 'a' }, { name: 'a' }] }), env: {} }))).toEqual([expect.stringContaining('"a" is used by 2 entries')]);
    expect((await problemsOf(loadConfig({ cwd: dirWith({ merchants: [{ merchant: {} }] }), env: {} })))[0]).toMatch(/^\/merchants\/0/);
    // A misspelt key is said when its merchant runs (it would otherwise run on the top level's value).
    const typo = dirWith({ merchants: [{ name: 'a', merchnt: {} }, { name: 'b' }] });
    expect((await loadConfig({ cwd: typo, env: {}, merchant: 'b' })).merchantName).toBe('b');
    expect((await problemsOf(loadConfig({ cwd: typo, env: {}, merchant: 'a' })))[0]).toMatch(/^\/merchants\/0\/merchnt/);
    expect((await problemsOf(loadConfig({ cwd: dirWith({ merchants: [{ name: '../up' }] }), env: {} })))[0]).toMatch(/^\/merchants\/0\/name/);
  });

  it('a merchant not in the list is a usage error naming the closest', async () => {
    await expect(loadConfig({ cwd: dirWith(FILE), env: {}, merchant: 'shop-c' })).rejects.toThrow(/No merchant "shop-c" in xborder.config.json\. Did you mean/);
    await expect(loadConfig({ cwd: mkdtempSync(join(tmpdir(), 'xb-merchants-')), env: {}, merchant: 'shop-a' })).rejects.toThrow(UsageError);
  });

  it("a selected merchant's own newCart command is the command consent is asked for", async () => {
    const dir = dirWith({ merchants: [{ name: 'a', merchant: { newCart: { command: './cart-a.sh' } } }, { name: 'b' }] });
    expect((await loadConfig({ cwd: dir, env: {}, merchant: 'a' })).fileCommands?.commands).toEqual([{ setting: 'merchant.newCart.command', command: './cart-a.sh' }]);
    expect((await loadConfig({ cwd: dir, env: {}, merchant: 'b' })).fileCommands).toBeUndefined();
  });
});
