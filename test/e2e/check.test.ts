/**
 * End to end: the built CLI against the reference merchant on 127.0.0.1 port 0. The conforming
 * merchant passes in every auth mode; every fault is caught by the check that names it.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { XborderConfig } from '../../src/model.js';
import { startMockMerchant, type MockMerchantServer } from '../../src/mock/merchant/server.js';
import { MERCHANT_FAULTS } from '../../src/mock/merchant/faults.js';
import { curlNewCart } from '../helpers/new-cart-curl.js';
import { merchantConfig } from '../helpers/merchant-config.js';
import { runCli } from '../helpers/run-cli.js';

const SECRETS = { header: 'hdr-Secret-7f3a91', password: 'pw-Secret-2b8c44', jwt: 'jwt-Secret-9d1e55-long-enough', query: 'qk-Secret-5a6b77' };

/** The config as the merchant knows it (secrets in clear) and as the user's file says it (${ENV}). */
function configs(baseUrl: string): { server: XborderConfig; file: Record<string, unknown> } {
  const file = {
    merchantGUID: 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77',
    merchant: { baseUrl, cartMethods: ['GET', 'POST'], cartToken: '2c5c7b3db2ed101426cba38d9c534086', countryCode: 'DE', currencyCode: 'EUR' },
    auth: [
      { mode: 'header', name: 'X-Merchant-Key', value: '${XB_HEADER_KEY}' },
      { mode: 'basic', username: 'platform', password: '${XB_BASIC_PASSWORD}' },
      { mode: 'jwt', algorithm: 'HS256', secret: '${XB_JWT_SECRET}', issuer: 'platform', ttlSeconds: 300 },
      { mode: 'query', name: 'key', value: '${XB_QUERY_KEY}' },
      { mode: 'ip', localAddress: '127.0.0.1', deniedLocalAddress: '127.0.0.2' },
    ],
    timeoutMs: 5000,
  };
  const server = merchantConfig({
    guid: file.merchantGUID,
    cartToken: file.merchant.cartToken,
    auth: [
      { mode: 'header', name: 'X-Merchant-Key', value: SECRETS.header },
      { mode: 'basic', username: 'platform', password: SECRETS.password },
      { mode: 'jwt', algorithm: 'HS256', secret: SECRETS.jwt, issuer: 'platform', ttlSeconds: 300 },
      { mode: 'query', name: 'key', value: SECRETS.query },
      { mode: 'ip', localAddress: '127.0.0.1', deniedLocalAddress: '127.0.0.2' },
    ],
  });
  return { server, file };
}

const ENV = { XB_HEADER_KEY: SECRETS.header, XB_BASIC_PASSWORD: SECRETS.password, XB_JWT_SECRET: SECRETS.jwt, XB_QUERY_KEY: SECRETS.query };

/** Every lifecycle event, for the faults that live in them. */
const ALL_EVENTS = ['payment', 'status', 'shipping-info', 'documents', 'refund'] as const;

async function withMerchant<T>(fault: string | undefined, body: (dir: string, merchant: MockMerchantServer) => Promise<T>, store = false, events = false): Promise<T> {
  const placeholder = configs('http://127.0.0.1:1');
  if (events) placeholder.server.merchant.events = [...ALL_EVENTS];
  const merchant = await startMockMerchant({ config: placeholder.server, fault, slowMs: 2500, store });
  try {
    const dir = mkdtempSync(join(tmpdir(), 'xb-e2e-'));
    const file = configs(merchant.url).file;
    if (events) (file.merchant as Record<string, unknown>).events = [...ALL_EVENTS];
    writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify(file, null, 2));
    return await body(dir, merchant);
  } finally {
    await merchant.close();
  }
}

function assertNoSecrets(...texts: string[]): void {
  for (const text of texts) for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
}

interface Report { summary: Record<string, number>; cases: { endpoint: string; variant: string; authMode: string; checks: { id: string; status: string; findings: { message: string }[] }[] }[] }

describe('xborder check against the reference merchant', () => {
  it('passes the conforming merchant in every auth mode with exit 0, JSON and JUnit reports', async () => {
    await withMerchant(undefined, async (dir) => {
      const result = await runCli(['check', '--json', '--junit', 'report.xml'], { cwd: dir, env: ENV });
      // The one stderr line: which file discovery picked.
      expect(result.stderr).toBe('config: xborder.config.json\n');
      const report = JSON.parse(result.stdout) as Report;
      const failed = report.cases.flatMap((c) => c.checks.filter((k) => k.status === 'failed' || k.status === 'errored').map((k) => `${c.variant}/${c.authMode}/${k.id}: ${k.findings[0]?.message}`));
      expect(failed).toEqual([]);
      expect(result.code).toBe(0);
      expect(report.summary.failed).toBe(0);
      const modes = new Set(report.cases.map((c) => c.authMode));
      for (const mode of ['header', 'basic', 'jwt', 'query', 'ip']) expect(modes).toContain(mode);
      const ids = new Set(report.cases.flatMap((c) => c.checks.map((k) => k.id)));
      for (const id of ['cart-schema', 'order-response-schema', 'auth-enforced', 'guid-enforced', 'idempotent-redelivery', 'update-same-order', 'unknown-properties-tolerated', 'payment-fields', 'payment-amount', 'error-status']) expect(ids).toContain(id);
      const negatives = report.cases.filter((c) => c.checks.some((k) => k.id === 'auth-enforced'));
      for (const v of ['jwt-tampered', 'jwt-expired', 'jwt-alg-none', 'jwt-wrong-issuer', 'missing-credentials', 'ip-denied']) expect(negatives.some((c) => c.variant.endsWith(v))).toBe(true);
      const xml = readFileSync(join(dir, 'report.xml'), 'utf8');
      expect(XMLValidator.validate(xml)).toBe(true);
      assertNoSecrets(result.stdout, result.stderr, xml);
    });
  });

  it('prints a table with a summary line by default', async () => {
    await withMerchant(undefined, async (dir) => {
      const result = await runCli(['check-cart', '--auth', 'basic'], { cwd: dir, env: ENV });
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('GetCheckoutCartInfo');
      expect(result.stdout).toMatch(/\d+ passed, 0 failed, \d+ warnings?, 0 errored, \d+ skipped in \d+ cases/);
      assertNoSecrets(result.stdout, result.stderr);
    });
  });

  /** Flags a fault needs to show (the slow merchant is judged against a short timeout). */
  const flagsFor: Record<string, (merchant: MockMerchantServer) => string[]> = { slow: () => ['--timeout', '1s'] };
  /** The store faults show on a store, with orders on the carts it issues (as a user's newCart script gets them). */
  const storeFaults = new Set(['unknown-cart-accepted', 'cart-reuse-accepted', 'cart-hash-ignored']);
  /** The race faults show on fresh carts too: the race checks take only carts no other case had. */
  for (const name of ['redelivery-race', 'slow-redelivery', 'refund-race', 'exit-on-concurrent']) storeFaults.add(name);
  for (const name of storeFaults) flagsFor[name] = (merchant) => ['--new-cart', curlNewCart(merchant.newCartUrl!)];
  // Orders take slowMs to create: with a shorter timeout the platform's retry comes while the first is in flight.
  flagsFor['slow-redelivery'] = (merchant) => ['--timeout', '1s', '--new-cart', curlNewCart(merchant.newCartUrl!)];
  /** Lenient forms only warn by default; --strict makes them fail. */
  const strictFails = new Set(['cart-casing', 'order-response-string-success']);

  /** The faults of the lifecycle calls show when the merchant lists its events. */
  const eventFault = (name: string) => name.startsWith('event-') || name.startsWith('refund-') || name.startsWith('status-cancelled');
  // The latent faults only show on some generated orders: test/e2e/fuzz-faults.test.ts finds them.
  for (const fault of MERCHANT_FAULTS.filter((f) => !f.latent)) {
    const id = fault.catches;
    it(`catches fault ${fault.name}: ${id} ${fault.status}`, async () => {
      await withMerchant(fault.name, async (dir, merchant) => {
        const result = await runCli(['check', '--json', '--auth', 'header', ...(flagsFor[fault.name]?.(merchant) ?? [])], { cwd: dir, env: ENV });
        const report = JSON.parse(result.stdout) as Report;
        const hits = report.cases.flatMap((c) => c.checks.filter((k) => k.status === fault.status).map((k) => k.id));
        expect(hits, `${fault.name}: ${fault.status} checks were ${[...new Set(hits)].join(', ')}`).toContain(id);
        expect(result.code).toBe(fault.status === 'failed' ? 1 : 0);
        assertNoSecrets(result.stdout, result.stderr);
        if (strictFails.has(fault.name)) {
          const strict = await runCli(['check', '--json', '--strict', '--auth', 'header'], { cwd: dir, env: ENV });
          expect(strict.code).toBe(1);
          expect((JSON.parse(strict.stdout) as Report).cases.some((c) => c.checks.some((k) => k.id === id && k.status === 'failed'))).toBe(true);
        }
      }, storeFaults.has(fault.name), eventFault(fault.name));
    });
  }
});

describe('exit codes for what cannot be judged', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'xb-e2e-'));
  });
  afterAll(() => undefined);

  it('an unreachable merchant gives exit 3', async () => {
    const result = await runCli(['check-cart', '--merchant-url', 'http://127.0.0.1:9', '--no-negative'], { cwd: dir });
    expect(result.code).toBe(3);
    expect(result.stdout).toContain('Nothing answers at http://127.0.0.1:9');
  });

  it('a bad config gives exit 2 and lists every problem', async () => {
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ merchant: { baseUrl: 'nope', cartMethods: ['PUT'] }, auth: [{ mode: 'magic' }], timeoutMs: 'long' }));
    const result = await runCli(['check', '--config', 'bad.json'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/problems?:/);
    expect(result.stderr.split('\n').filter((l) => l.trim().startsWith('- ')).length).toBeGreaterThanOrEqual(3);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('no merchant URL is a usage error', async () => {
    const result = await runCli(['check'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('No merchant URL');
  });
});
