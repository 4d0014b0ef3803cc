/**
 * End to end: `merchant.orderParams` reach the merchant on the order URL, filled from the cart's
 * urlParameters (`{cart:NAME}`) or as written; a reference the cart does not provide is a finding
 * on the case (`order-params`), not a crash. The reference merchant requires the parameter
 * (`requireOrderParam`), so a missing one is refused as a real merchant would.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { defaultConfig } from '../../src/config/defaults.js';
import { startMockMerchant, type MockMerchantServer } from '../../src/mock/merchant/server.js';
import { resolveOrderParams, urlParameterValues } from '../../src/merchant/order-params.js';

const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';
const running: MockMerchantServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

interface Report { cases: { endpoint: string; variant: string; request: { url: string }; checks: { id: string; status: string; findings: { message: string }[] }[] }[] }

async function run(orderParams: Record<string, string>): Promise<{ code: number | null; report: Report }> {
  const server = await startMockMerchant({ config: defaultConfig(), requireOrderParam: 'locale' });
  running.push(server);
  const dir = mkdtempSync(join(tmpdir(), 'xb-order-params-'));
  writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({ merchantGUID: GUID, merchant: { baseUrl: server.url, orderParams }, auth: [{ mode: 'none' }] }));
  const r = await runCli(['post-order', '--sample', 'order-full', '--json', '--no-save'], { cwd: dir });
  return { code: r.code, report: JSON.parse(r.stdout) as Report };
}

describe('merchant.orderParams', () => {
  it('fills {cart:locale} from the cart and sends fixed values as written; the merchant that requires it accepts', async () => {
    const { code, report } = await run({ locale: '{cart:locale}', channel: 'xborder' });
    expect(code).toBe(0);
    const order = report.cases.find((c) => c.endpoint === 'SendOrderToMerchant')!;
    const url = new URL(order.request.url);
    expect(url.searchParams.get('locale')).toBe('de-DE');
    expect(url.searchParams.get('channel')).toBe('xborder');
    expect(order.checks.find((c) => c.id === 'order-params')!.status).toBe('passed');
  });

  it('a reference the cart does not provide is a finding on the case; the order goes without it and is refused', async () => {
    const { code, report } = await run({ locale: '{cart:language}' });
    expect(code).toBe(1);
    const order = report.cases.find((c) => c.endpoint === 'SendOrderToMerchant')!;
    const params = order.checks.find((c) => c.id === 'order-params')!;
    expect(params.status).toBe('failed');
    expect(params.findings[0]!.message).toMatch(/merchant\.orderParams\.locale is \{cart:language\}, but the cart's urlParameters have no "language" entry/);
    expect(new URL(order.request.url).searchParams.has('locale')).toBe(false);
    expect(order.checks.find((c) => c.id === 'status-200')!.status).toBe('failed');
  });
});

describe('resolveOrderParams', () => {
  it('reads the order\'s UrlParameters (a JSON string) and the cart\'s urlParameters (a list)', () => {
    const config = defaultConfig();
    config.merchant.orderParams = { locale: '{cart:locale}', store: '{cart:store}', fixed: 'x' };
    expect(resolveOrderParams(config, '[{"Key":"locale","Value":"de-DE"}]')).toEqual({ resolved: [['locale', 'de-DE'], ['fixed', 'x']], missing: [{ name: 'store', entry: 'store' }] });
    expect([...urlParameterValues([{ Key: 'store', Value: 'eu' }])]).toEqual([['store', 'eu']]);
    expect([...urlParameterValues('not json')]).toEqual([]);
  });
});
