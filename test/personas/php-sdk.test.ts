/**
 * The PHP SDK persona on its own, over real HTTP (no xborder): it sends the forms its doc comment
 * lists, and it behaves as a conforming merchant, so the end-to-end test that runs xborder against
 * it (test/e2e/php-sdk-persona.test.ts) judges the forms alone.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { PersonaHandle } from './common.js';
import { startPhpSdk } from './php-sdk.js';

const GUID = '3e9b2c71-6d4a-4f05-8a1c-2b7e9d0f4c68';
const KEY = { 'X-Sdk-Key': 'php-Secret-51e' };

const running: PersonaHandle[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((h) => h.close()));
});

async function start(): Promise<PersonaHandle> {
  const h = await startPhpSdk({ merchantGUID: GUID, auth: { mode: 'header', name: 'X-Sdk-Key', value: KEY['X-Sdk-Key'] } });
  running.push(h);
  return h;
}

async function call(url: string, init: RequestInit = {}): Promise<{ status: number; json: any }> {
  const res = await fetch(url, init);
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

function post(h: PersonaHandle, body: unknown, headers: Record<string, string> = KEY) {
  return call(h.orderUrl, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

describe('php-sdk persona', () => {
  it('answers the cart the SDK way: unset values "", numbers and booleans as strings, camelCase names', async () => {
    const h = await start();
    const token = h.issueCart();
    const cart = await call(`${h.cartUrl}?merchantCartToken=${token}&currencyCode=EUR&countryCode=DE`, { headers: KEY });
    expect(cart.status).toBe(200);
    const product = cart.json.productsList[0];
    expect(product).toMatchObject({ Brand: '', Volume: '', ImageHeight: '', ImageWidth: '', Categories: '', OrderedQuantity: '2.0000', salePrice: '49.9000', IsBackOrdered: 'false', IsVirtual: 'False', productCode: 'SKU1', cartItemId: expect.any(String) });
    expect(cart.json.productsList[1].salePrice).toBe('12.50');
    expect(cart.json.CurrencyCode).toBe('EUR');
    expect((await call(`${h.cartUrl}?merchantCartToken=${'0'.repeat(32)}`, { headers: KEY })).status).toBe(404);
    expect((await call(`${h.cartUrl}?merchantCartToken=${token}`)).status).toBe(401);
    const otherGuid = await call(`${h.cartUrl}?merchantCartToken=${token}`, { method: 'POST', headers: { ...KEY, 'Content-Type': 'application/json' }, body: JSON.stringify({ MerchantGUID: '00000000-0000-4000-8000-000000000000' }) });
    expect(otherGuid.status).toBe(401);
  });

  it('places an order flat with success "True" and every key, re-places it, refuses a reused cart and a wrong GUID', async () => {
    const h = await start();
    const token = h.issueCart();
    const order = { MerchantGUID: GUID, OrderId: 'GE100001GB', MerchantOrderId: null, CartId: token, PaymentDetails: null, Products: [] };
    const placed = await post(h, order);
    expect(placed.status).toBe(200);
    expect(placed.json).toEqual({ success: 'True', InternalOrderId: '7001', OrderId: 'PHP000001', StatusCode: 'processing', PaymentCurrencyCode: '', PaymentAmount: '', ErrorCode: '', Message: '', Description: '' });
    const again = await post(h, order);
    expect(again.json.InternalOrderId).toBe('7001');
    const reuse = await post(h, { ...order, OrderId: 'GE100002GB' });
    expect(reuse.status).toBe(400);
    expect(reuse.json).toMatchObject({ success: 'False', ErrorCode: 'CartNotActive', errorMessage: 'Cart already checked out' });
    expect((await post(h, { ...order, MerchantGUID: 'other' })).status).toBe(401);
    expect((await post(h, order, {})).status).toBe(401);
    expect(h.orders()).toHaveLength(1);
  });

  it('charges with the amount in 4 decimals when the order carries PaymentDetails', async () => {
    const h = await start();
    const token = h.issueCart();
    const paid = await post(h, { MerchantGUID: GUID, OrderId: 'GE100003GB', CartId: token, CurrencyCode: 'EUR', PaymentDetails: { CardNumber: '4111111111111111' }, Products: [{ Price: 12.5, Quantity: 2 }] });
    expect(paid.json).toMatchObject({ success: 'True', PaymentCurrencyCode: 'EUR', PaymentAmount: '25.0000' });
  });
});
