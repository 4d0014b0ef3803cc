/**
 * The reference merchant without faults: routes, cart GET/POST, SendOrderToMerchant's idempotency,
 * update, payment answer, ClearCart and decoding. Real server on 127.0.0.1:0, real fetch.
 */
import { describe, expect, it } from 'vitest';
import { PAYMENT_DETAILS, SAMPLE_ORDER_TOTAL, TOKEN, GUID, getCart, postOrder, sampleOrder, start, testConfig } from './merchant-fixtures.js';
import { startMockMerchant } from '../../src/mock/merchant/server.js';
import { UsageError } from '../../src/errors.js';
import { listSamples, loadSample } from '../../src/samples/catalog.js';

describe('reference merchant: routing', () => {
  it('listens on 127.0.0.1 with a free port and answers 404 JSON elsewhere', async () => {
    const server = await start();
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${server.url}/nowhere`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await res.json()).ResponseInfo).toMatchObject({ Success: false, ErrorCode: '404' });
  });

  it('uses the configured paths', async () => {
    const config = testConfig();
    config.merchant.cartPath = '/shop/cart';
    config.merchant.orderPath = '/shop/order';
    const server = await start({ config });
    expect((await postOrder(server, sampleOrder(), { path: '/shop/order' })).status).toBe(200);
    expect((await fetch(`${server.url}/shop/cart?merchantCartToken=${TOKEN}`)).status).toBe(200);
    expect((await postOrder(server, sampleOrder())).status).toBe(404);
  });

  it('answers 405 with Allow for a method that is not configured', async () => {
    const server = await start({ cartMethods: ['GET'] });
    const post = await getCart(server, {}, { method: 'POST', body: { MerchantGUID: GUID, OrderID: 'GE1' } });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
    expect(post.json.ResponseInfo.Success).toBe(false);
    const getOrder = await fetch(`${server.url}/order-update-create-url`);
    expect(getOrder.status).toBe(405);
    await getOrder.body?.cancel();
  });

  it('refuses an unknown fault with a UsageError saying where the faults are listed', async () => {
    const attempt = startMockMerchant({ config: testConfig(), fault: 'no-such-fault' });
    await expect(attempt).rejects.toBeInstanceOf(UsageError);
    await expect(attempt).rejects.toThrow(/--list-faults/);
  });

  it('closes promptly although fetch keeps the connection alive', async () => {
    const server = await startMockMerchant({ config: testConfig() });
    await getCart(server);
    const t0 = Date.now();
    await server.close();
    expect(Date.now() - t0).toBeLessThan(3000); // a kept-alive connection would hold it for 5 s
    await expect(fetch(`${server.url}/get-checkout-cart-info-url`)).rejects.toThrow();
  });
});

describe('reference merchant: GetCheckoutCartInfo', () => {
  it('GET answers the full cart in the requested country and currency', async () => {
    const server = await start();
    const res = await getCart(server, { countryCode: 'US', currencyCode: 'USD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Array.isArray(res.json.productsList)).toBe(true);
    expect(res.json.productsList.length).toBeGreaterThan(1);
    expect(res.json.currencyCode).toBe('USD');
    expect(res.json.CountryCode).toBe('US');
    // The merchant's own currency does not change with the shopper's.
    expect(res.json.originalCurrencyCode).toBe('EUR');
  });

  it('POST with this merchant\'s GUID (any case) answers the cart', async () => {
    const server = await start();
    const res = await getCart(server, {}, { method: 'POST', body: { OrderID: 'GE92799319GB', MerchantGUID: GUID.toUpperCase() } });
    expect(res.status).toBe(200);
    expect(res.json.currencyCode).toBe('EUR');
  });

  it('POST without or with another GUID, or with a malformed body, is refused', async () => {
    const server = await start();
    const missing = await getCart(server, {}, { method: 'POST', body: { OrderID: 'GE1' } });
    expect(missing.status).toBe(401);
    expect(missing.json.ResponseInfo.Success).toBe(false);
    const other = await getCart(server, {}, { method: 'POST', body: { OrderID: 'GE1', MerchantGUID: '00000000-0000-0000-0000-000000000000' } });
    expect(other.status).toBe(403);
    expect(other.json.ResponseInfo.Success).toBe(false);
    const malformed = await getCart(server, {}, { method: 'POST', body: '{"MerchantGUID": ' });
    expect(malformed.status).toBe(400);
  });

  it('unknown cart token -> 404 JSON, missing token -> 400', async () => {
    const server = await start();
    const unknown = await getCart(server, { merchantCartToken: 'ffffffffffffffffffffffffffffffff' });
    expect(unknown.status).toBe(404);
    expect(unknown.json.ResponseInfo).toMatchObject({ Success: false, ErrorCode: '404' });
    const res = await fetch(`${server.url}/get-checkout-cart-info-url?countryCode=DE`);
    expect(res.status).toBe(400);
    expect((await res.json()).ResponseInfo.Success).toBe(false);
  });
});

describe('reference merchant: SendOrderToMerchant', () => {
  it('creates an order and answers ResponseInfo with Success, InternalOrderId, OrderId and StatusCode N/A', async () => {
    const server = await start();
    const res = await postOrder(server, sampleOrder());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const info = res.json.ResponseInfo;
    expect(info.Success).toBe(true);
    expect(info.InternalOrderId).toMatch(/^\d+$/);
    expect(typeof info.OrderId).toBe('string');
    expect(info.StatusCode).toBe('N/A');
    // No payment was asked for, so none is reported.
    expect(info).not.toHaveProperty('PaymentAmount');
    expect(server.orderCount()).toBe(1);
  });

  it('stores the end customer\'s fields decoded and leaves the hub address as sent', async () => {
    const server = await start();
    await postOrder(server, sampleOrder());
    const [stored] = server.state().orders;
    const order = stored!.order as any;
    expect(order.SecondaryShipping.FirstName).toBe('José');
    expect(order.SecondaryShipping.LastName).toBe('García López');
    expect(order.SecondaryShipping.Email).toBe('jose.garcia@example.com');
    expect(order.SecondaryShipping.Phone1).toBe('+1 212 555 0100');
    expect(order.SecondaryShipping.Zip).toBe('10001');
    expect(order.PrimaryShipping.Address2).toBe('Unit 5\r\nGE92799319GB');
    expect(order.InternationalDetails.OrderTrackingUrl).toBe('https://track.example.com/?id=1');
  });

  it('decodes the Primary blocks when the end customer is primary', async () => {
    const server = await start();
    await postOrder(server, sampleOrder({ Customer: { IsEndCustomerPrimary: true }, PrimaryShipping: { FirstName: 'Zo%C3%AB', Email: 'zoe%40example.com' }, SecondaryShipping: { FirstName: 'Global Hub', Phone1: '+1 (212) 634-3952' } }));
    const order = server.state().orders[0]!.order as any;
    expect(order.PrimaryShipping.FirstName).toBe('Zoë');
    expect(order.PrimaryShipping.Email).toBe('zoe@example.com');
    // The hub's raw values carry no evidence of encoding: a `+` beside spaces stays a `+`.
    expect(order.SecondaryShipping.FirstName).toBe('Global Hub');
    expect(order.SecondaryShipping.Phone1).toBe('+1 (212) 634-3952');
  });

  it('a re-delivery of the same OrderId answers the same InternalOrderId and stores no second order', async () => {
    const server = await start();
    const first = await postOrder(server, sampleOrder());
    const again = await postOrder(server, sampleOrder());
    expect(again.status).toBe(200);
    expect(again.json.ResponseInfo.InternalOrderId).toBe(first.json.ResponseInfo.InternalOrderId);
    expect(again.json.ResponseInfo.OrderId).toBe(first.json.ResponseInfo.OrderId);
    expect(server.orderCount()).toBe(1);
    expect(server.state().orders[0]!.deliveries).toBe(2);
    const other = await postOrder(server, sampleOrder({ OrderId: 'GE11111111GB' }));
    expect(other.json.ResponseInfo.InternalOrderId).not.toBe(first.json.ResponseInfo.InternalOrderId);
    expect(server.orderCount()).toBe(2);
  });

  it('an update (MerchantOrderId = InternalOrderId) updates that order and answers the same id', async () => {
    const server = await start();
    const first = await postOrder(server, sampleOrder());
    const id = first.json.ResponseInfo.InternalOrderId;
    const updated = await postOrder(server, sampleOrder({ MerchantOrderId: id, StatusCode: 'N/A', CustomerComments: 'Please+gift+wrap' }));
    expect(updated.status).toBe(200);
    expect(updated.json.ResponseInfo.InternalOrderId).toBe(id);
    expect(server.orderCount()).toBe(1);
    const stored = server.state().orders[0]!;
    expect(stored.updates).toBe(1);
    expect((stored.order as any).CustomerComments).toBe('Please+gift+wrap');
  });

  it('an update naming no order -> 404 Success false', async () => {
    const server = await start();
    const res = await postOrder(server, sampleOrder({ MerchantOrderId: '999999' }));
    expect(res.status).toBe(404);
    expect(res.json.ResponseInfo).toMatchObject({ Success: false, ErrorCode: '404' });
    expect(server.orderCount()).toBe(0);
  });

  it('charges in the order currency for the order total when PaymentDetails are given', async () => {
    const server = await start();
    const res = await postOrder(server, sampleOrder({ PaymentDetails: PAYMENT_DETAILS }));
    expect(res.status).toBe(200);
    expect(res.json.ResponseInfo).toMatchObject({ Success: true, PaymentCurrencyCode: 'EUR', PaymentAmount: SAMPLE_ORDER_TOTAL });
    // A re-delivery answers the same charge rather than charging again.
    const again = await postOrder(server, sampleOrder({ PaymentDetails: PAYMENT_DETAILS }));
    expect(again.json.ResponseInfo.PaymentAmount).toBe(SAMPLE_ORDER_TOTAL);
  });

  it('without CurrencyCode charges the shopper-side transaction total', async () => {
    const server = await start();
    const order = sampleOrder({ PaymentDetails: PAYMENT_DETAILS });
    delete order.CurrencyCode;
    const res = await postOrder(server, order);
    expect(res.json.ResponseInfo).toMatchObject({ PaymentCurrencyCode: 'USD', PaymentAmount: '63.20' });
  });

  it('ClearCart true empties the cart named by CartId; false leaves it', async () => {
    const server = await start();
    await postOrder(server, sampleOrder({ ClearCart: false }));
    expect((await getCart(server)).json.productsList.length).toBeGreaterThan(0);
    const cleared = await postOrder(server, sampleOrder({ OrderId: 'GE22222222GB', ClearCart: true }));
    // Said in the answer: the one cart of the plain reference merchant is empty from now on.
    expect(cleared.headers.get('warning')).toContain(`cart ${TOKEN} cleared (ClearCart true): GetCheckoutCartInfo answers it empty`);
    const cart = await getCart(server);
    expect(cart.status).toBe(200);
    expect(cart.json.productsList).toEqual([]);
    expect(server.state().carts).toEqual([expect.objectContaining({ token: TOKEN, cleared: true })]);
  });

  it('tolerates unknown properties, top level and nested', async () => {
    const server = await start();
    const order = sampleOrder({ SomethingNew: { Deep: [1, 2] } });
    (order.Products as any[])[0].AlsoNew = 'x';
    const res = await postOrder(server, order);
    expect(res.status).toBe(200);
    expect(res.json.ResponseInfo.Success).toBe(true);
  });

  it('reads property names ignoring case', async () => {
    const server = await start();
    const res = await postOrder(server, { merchantguid: GUID, orderid: 'GE33333333GB' });
    expect(res.status).toBe(200);
    expect(res.json.ResponseInfo.Success).toBe(true);
  });

  it.each([
    ['malformed JSON', '{"OrderId": "GE1", ', 400],
    ['an empty body', '', 400],
    ['a JSON array', '[]', 400],
    ['no OrderId', JSON.stringify({ MerchantGUID: GUID }), 400],
    ['no MerchantGUID', JSON.stringify({ OrderId: 'GE1' }), 401],
    ['another merchant\'s GUID', JSON.stringify({ OrderId: 'GE1', MerchantGUID: '11111111-2222-3333-4444-555555555555' }), 403],
  ])('refuses %s with a non-200 status and Success false', async (_label, body, status) => {
    const server = await start();
    const res = await postOrder(server, body);
    expect(res.status).toBe(status);
    expect(res.json.ResponseInfo.Success).toBe(false);
    expect(res.json.ResponseInfo.ErrorCode).toBe(String(status));
    expect(typeof res.json.ResponseInfo.Description).toBe('string');
    expect(server.orderCount()).toBe(0);
  });

  it('state() is a copy: changing it changes nothing stored', async () => {
    const server = await start();
    await postOrder(server, sampleOrder());
    const snapshot = server.state();
    snapshot.orders.pop();
    expect(server.state().orders).toHaveLength(1);
  });
});

describe('reference merchant: the built-in samples', () => {
  it('charges what samples/order-payment.json implies: the amount of order-response-payment', async () => {
    const server = await start();
    const order = loadSample('order-payment') as Record<string, unknown>;
    const expected = (loadSample('order-response-payment') as { ResponseInfo: Record<string, unknown> }).ResponseInfo;
    const res = await postOrder(server, { ...order, MerchantGUID: GUID });
    expect(res.status).toBe(200);
    expect(res.json.ResponseInfo.PaymentCurrencyCode).toBe(expected.PaymentCurrencyCode);
    expect(res.json.ResponseInfo.PaymentAmount).toBe(expected.PaymentAmount);
    expect(res.json.ResponseInfo.PaymentAmount).toBe('97.35');
  });

  it('accepts every built-in order sample', async () => {
    const server = await start();
    const orders = listSamples().filter((s) => s.kind === 'order');
    expect(orders.length).toBeGreaterThan(3);
    for (const sample of orders) {
      const res = await postOrder(server, { ...(loadSample(sample.name) as object), MerchantGUID: GUID });
      expect(res.status, sample.name).toBe(200);
      expect(res.json.ResponseInfo.Success, sample.name).toBe(true);
    }
  });
});
