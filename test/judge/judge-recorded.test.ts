/**
 * The one judge of recorded exchanges: the endpoint told from the configured paths (under the base
 * URL's path, any host), and the answer judged by check's own functions.
 */
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/defaults.js';
import { recognise } from '../../src/judge/recognise.js';
import { judgeRecorded } from '../../src/judge/judge-recorded.js';
import { loadSample } from '../../src/samples/catalog.js';
import { orderIdFactory, type MerchantContext } from '../../src/merchant/context.js';
import { cartSourceOf } from '../../src/merchant/cart-source.js';
import type { Exchange, XborderConfig } from '../../src/model.js';

function config(baseUrl: string): XborderConfig {
  const c = defaultConfig();
  return { ...c, merchant: { ...c.merchant, baseUrl } };
}

function ctx(c: XborderConfig): MerchantContext {
  return { config: c, modes: c.auth, strict: false, verbose: false, mask: (s) => s, newOrderId: orderIdFactory('GB'), carts: cartSourceOf(c) };
}

function exchange(method: 'GET' | 'POST', url: string, body: unknown, status: number, answer: unknown): Exchange {
  return {
    request: { method, url, headers: { 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) },
    response: { status, headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify(answer)), truncated: false, timeToFirstByteMs: 3 },
    durationMs: 12,
  };
}

const failedIds = (checks: { id: string; status: string }[]) => checks.filter((c) => c.status === 'failed').map((c) => c.id);

describe('recognise', () => {
  const c = config('https://shop.example.com/api/');
  it('tells each endpoint from its configured path under the base path, whatever the host', () => {
    expect(recognise(c, 'POST', `http://127.0.0.1:9/api/${c.merchant.orderPath.replace(/^\//, '')}`)?.endpoint).toBe('SendOrderToMerchant');
    expect(recognise(c, 'GET', `https://x.test/api/${c.merchant.cartPath.replace(/^\//, '')}?merchantCartToken=a`)?.endpoint).toBe('GetCheckoutCartInfo');
    expect(recognise(c, 'POST', `https://x.test/api/${c.merchant.refundPath.replace(/^\//, '')}`)).toMatchObject({ endpoint: 'NotifyOrderRefund', kind: 'refund' });
  });
  it('leaves out other paths, other prefixes and GETs of the order path', () => {
    expect(recognise(c, 'POST', 'https://x.test/api/favicon.ico')).toBeUndefined();
    expect(recognise(c, 'POST', `https://x.test/${c.merchant.orderPath.replace(/^\//, '')}`)).toBeUndefined();
    expect(recognise(c, 'GET', `https://x.test/api/${c.merchant.orderPath.replace(/^\//, '')}`)).toBeUndefined();
  });
});

describe('judgeRecorded', () => {
  const c = config('http://merchant.test/');
  const orderUrl = `http://merchant.test${c.merchant.orderPath}`;
  const order: Record<string, unknown> = { ...(loadSample('order-full') as Record<string, unknown>), MerchantGUID: c.merchantGUID };
  const accepted = { ResponseInfo: { Success: true, InternalOrderId: '100', OrderId: order.OrderId, StatusCode: 'N/A' } };

  it('passes a valid order answered with an acceptance, and names its OrderId', () => {
    const v = judgeRecorded(ctx(c), exchange('POST', orderUrl, order, 200, accepted), '#1', 'recorded')!;
    expect(v.recognised.endpoint).toBe('SendOrderToMerchant');
    expect(v.orderId).toBe(order.OrderId);
    expect(failedIds(v.result.checks)).toEqual([]);
    expect(v.result.checks.map((k) => k.id)).toContain('platform-request');
  });

  it('fails an error answered with HTTP 200 (error-status), as check does', () => {
    const refused = { ResponseInfo: { Success: false, ErrorCode: '500', Message: 'Oops', Description: 'down' } };
    const v = judgeRecorded(ctx(c), exchange('POST', orderUrl, order, 200, refused), '#1', 'recorded')!;
    expect(failedIds(v.result.checks).length).toBeGreaterThan(0);
  });

  it('expects an invalid order to be refused', () => {
    const broken = { ...order, Products: 'none' };
    const v = judgeRecorded(ctx(c), exchange('POST', orderUrl, broken, 200, accepted), '#1', 'recorded')!;
    expect(failedIds(v.result.checks)).toContain('rejects-invalid-order');
  });

  it('judges a cart answer as a cart, for the country and currency the request asked', () => {
    const cart = loadSample('cart-full') as Record<string, unknown>;
    const url = `http://merchant.test${c.merchant.cartPath}?merchantCartToken=t&countryCode=DE&currencyCode=EUR`;
    const v = judgeRecorded(ctx(c), exchange('GET', url, undefined, 200, cart), '#1', 'recorded')!;
    expect(v.recognised.endpoint).toBe('GetCheckoutCartInfo');
    expect(failedIds(v.result.checks)).toEqual([]);
    const wrong = judgeRecorded(ctx(c), exchange('GET', url.replace('currencyCode=EUR', 'currencyCode=USD'), undefined, 200, cart), '#2', 'recorded')!;
    expect(wrong.result.checks.find((k) => k.id === 'cart-currency-country')?.status).toBe('warning');
  });

  it('returns undefined for a request to no endpoint', () => {
    expect(judgeRecorded(ctx(c), exchange('GET', 'http://merchant.test/robots.txt', undefined, 200, {}), '#1', 'recorded')).toBeUndefined();
  });
});
