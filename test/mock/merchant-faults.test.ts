/**
 * Every fault of the reference merchant: its observable misbehaviour happens, and only with the
 * fault on (the conforming behaviour is covered in merchant-server.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { GUID, PAYMENT_DETAILS, SAMPLE_ORDER_TOTAL, connectTo, getCart, postOrder, sampleOrder, start, testConfig } from './merchant-fixtures.js';
import { MERCHANT_FAULTS, resolveFault } from '../../src/mock/merchant/faults.js';
import { UsageError } from '../../src/errors.js';
import { isCheckId } from '../../src/checks/registry.js';

const CHECK_IDS = new Set([
  'auth-enforced', 'guid-enforced', 'status-200', 'content-type-json', 'json-body', 'cart-schema',
  // The payload rules, by the ids reports give them.
  'cart-bundles', 'cart-child-items', 'discount-targets', 'cart-dimensions', 'cart-virtual-items', 'cart-quantities-prices', 'iso-codes',
  'order-response-schema', 'response-outcome', 'error-status', 'payment-fields', 'payment-amount',
  'idempotent-redelivery', 'update-same-order', 'unknown-properties-tolerated', 'within-timeout', 'cart-currency-country',
  // Not in the first agreed list: casing and a boolean written as text are tolerated forms, which
  // the lenient checks report (warnings; failures with --strict).
  'cart-lenient', 'order-response-lenient',
  // What a store does with its carts (store mode).
  'unknown-cart-refused', 'cart-single-use', 'cart-hash-enforced',
  // The order lifecycle events (payment, status, shipping info, documents, refund).
  'event-unknown-order-refused', 'event-redelivery', 'refund-within-order', 'status-spellings',
  // Concurrent and retried deliveries, and error answers that give internals away.
  'redelivery-concurrent', 'redelivery-after-timeout', 'refund-concurrent', 'error-leaks-internals',
  // A body limit below the size of real orders.
  'accepts-large-order',
]);

/** The products of a cart answer, by ProductCode. */
function byCode(cart: any): Record<string, any> {
  return Object.fromEntries((cart.productsList as any[]).map((p) => [p.ProductCode, p]));
}

describe('fault list', () => {
  it('names each fault once, with a description and one of the agreed check ids', () => {
    const names = MERCHANT_FAULTS.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toHaveLength(49);
    expect(MERCHANT_FAULTS.filter((f) => f.latent).map((f) => f.name)).toEqual(['crash-astral', 'crash-many-products', 'crash-long-address', 'crash-discount-no-product', 'crash-empty-state']);
    for (const fault of MERCHANT_FAULTS) {
      expect(CHECK_IDS.has(fault.catches), fault.name).toBe(true);
      expect(fault.description.length).toBeGreaterThan(20);
    }
    // Every agreed check id is tripped by at least one fault.
    expect(new Set(MERCHANT_FAULTS.map((f) => f.catches))).toEqual(CHECK_IDS);
  });

  it('names every check it trips by the id reports give it (xborder checks ID finds each)', () => {
    for (const fault of MERCHANT_FAULTS) {
      for (const id of [fault.catches, ...(fault.alsoFails ?? []), ...(fault.alsoWarns ?? [])]) expect(isCheckId(id), `${fault.name}: ${id}`).toBe(true);
      expect(fault.alsoFails ?? [], fault.name).not.toContain(fault.catches);
    }
  });

  it('resolveFault: none/undefined is no fault; unknown is a UsageError with the closest name and where the list is', () => {
    expect(resolveFault(undefined)).toBeUndefined();
    expect(resolveFault('none')).toBeUndefined();
    expect(resolveFault('slow')?.catches).toBe('within-timeout');
    expect(() => resolveFault('sloww')).toThrow(UsageError);
    expect(() => resolveFault('sloww')).toThrow(/Did you mean slow\? `xborder mock merchant --list-faults` lists the \d+ faults/);
  });
});

describe('auth and GUID faults', () => {
  const header = [{ mode: 'header' as const, name: 'X-Merchant-Key', value: 'k3y-value' }];

  it('auth-ignored accepts requests without credentials', async () => {
    const strict = await start({ auth: header });
    expect((await postOrder(strict, sampleOrder())).status).toBe(401);
    const lax = await start({ auth: header, fault: 'auth-ignored' });
    const res = await postOrder(lax, sampleOrder());
    expect(res.status).toBe(200);
    expect(res.json.ResponseInfo.Success).toBe(true);
    expect((await getCart(lax)).status).toBe(200);
  });

  it('guid-ignored accepts an order and a cart POST from another merchant', async () => {
    const server = await start({ fault: 'guid-ignored' });
    const other = '00000000-0000-0000-0000-000000000000';
    const order = await postOrder(server, sampleOrder({ MerchantGUID: other }));
    expect(order.status).toBe(200);
    expect(order.json.ResponseInfo.Success).toBe(true);
    const cart = await getCart(server, {}, { method: 'POST', body: { OrderID: 'GE1', MerchantGUID: other } });
    expect(cart.status).toBe(200);
  });
});

describe('cart faults', () => {
  it('cart-schema-break: productsList is an object keyed by index', async () => {
    const { json } = await getCart(await start({ fault: 'cart-schema-break' }));
    expect(Array.isArray(json.productsList)).toBe(false);
    expect(json.productsList['0'].ProductCode).toBeTypeOf('string');
  });

  it('cart-casing: ProductsList instead of productsList', async () => {
    const { json } = await getCart(await start({ fault: 'cart-casing' }));
    expect(json).not.toHaveProperty('productsList');
    expect(Array.isArray(json.ProductsList)).toBe(true);
  });

  it('cart-bundle-prices: the bundle and its contents all have prices', async () => {
    const { json } = await getCart(await start({ fault: 'cart-bundle-prices' }));
    const bundle = (json.productsList as any[]).find((p) => p.IsBundle === true);
    const children = (json.productsList as any[]).filter((p) => p.ParentCartItemId === bundle.CartItemId);
    expect(bundle.SalePrice).toBeGreaterThan(0);
    expect(children.length).toBeGreaterThan(0);
    for (const child of children) expect(child.SalePrice).toBeGreaterThan(0);
  });

  it('cart-child-with-cartitemid: a child option item carries a CartItemId', async () => {
    const { json } = await getCart(await start({ fault: 'cart-child-with-cartitemid' }));
    const children = (json.productsList as any[]).filter((p) => p.ParentCartItemId);
    expect(children.some((p) => typeof p.CartItemId === 'string' && p.CartItemId !== '')).toBe(true);
  });

  it('cart-orphan-parent: a ParentCartItemId names no cart item', async () => {
    const { json } = await getCart(await start({ fault: 'cart-orphan-parent' }));
    const ids = new Set((json.productsList as any[]).map((p) => p.CartItemId).filter(Boolean));
    const orphans = (json.productsList as any[]).filter((p) => p.ParentCartItemId && !ids.has(p.ParentCartItemId));
    expect(orphans).toHaveLength(1);
  });

  it('cart-discount-orphan: a discount names a cart item that does not exist', async () => {
    const { json } = await getCart(await start({ fault: 'cart-discount-orphan' }));
    const ids = new Set((json.productsList as any[]).map((p) => p.CartItemId).filter(Boolean));
    const orphans = (json.discountsList as any[]).filter((d) => d.ProductCartItemId && !ids.has(d.ProductCartItemId));
    expect(orphans).toHaveLength(1);
  });

  it('cart-partial-dimensions: a product has Height and Length but neither Width nor Volume', async () => {
    const { json } = await getCart(await start({ fault: 'cart-partial-dimensions' }));
    const partial = (json.productsList as any[]).filter((p) => p.Height !== undefined && p.Length !== undefined && p.Width === undefined && p.Volume === undefined);
    expect(partial).toHaveLength(1);
  });

  it('cart-virtual-weight: a virtual product carries a weight', async () => {
    const conforming = await getCart(await start());
    expect((conforming.json.productsList as any[]).filter((p) => p.IsVirtual === true && p.Weight !== undefined)).toHaveLength(0);
    const { json } = await getCart(await start({ fault: 'cart-virtual-weight' }));
    expect((json.productsList as any[]).filter((p) => p.IsVirtual === true && p.Weight > 0)).toHaveLength(1);
  });

  it('cart-negative-price: a product has a negative sale price', async () => {
    const { json } = await getCart(await start({ fault: 'cart-negative-price' }));
    const negative = (json.productsList as any[]).filter((p) => p.SalePrice < 0);
    expect(negative).toHaveLength(1);
    expect(negative[0].OriginalSalePrice).toBeLessThan(0);
  });

  it('cart-bad-currency: currencyCode EUX', async () => {
    const { json } = await getCart(await start({ fault: 'cart-bad-currency' }));
    expect(json.currencyCode).toBe('EUX');
  });

  it('cart-wrong-currency: USD when EUR is asked, EUR when USD is asked', async () => {
    const server = await start({ fault: 'cart-wrong-currency' });
    expect((await getCart(server, { currencyCode: 'EUR' })).json.currencyCode).toBe('USD');
    expect((await getCart(server, { currencyCode: 'USD' })).json.currencyCode).toBe('EUR');
  });

  it('cart faults leave the other products alone', async () => {
    const conforming = byCode((await getCart(await start())).json);
    const faulty = byCode((await getCart(await start({ fault: 'cart-negative-price' }))).json);
    expect(faulty['MUG-BLUE']).toEqual(conforming['MUG-BLUE']);
  });
});

describe('order faults', () => {
  it('order-error-200: a body error is answered 200 with Success false', async () => {
    const server = await start({ fault: 'order-error-200' });
    const missing = await postOrder(server, { MerchantGUID: GUID });
    expect(missing.status).toBe(200);
    expect(missing.json.ResponseInfo.Success).toBe(false);
    const malformed = await postOrder(server, '{"OrderId":');
    expect(malformed.status).toBe(200);
    expect(malformed.json.ResponseInfo.Description).toBe('The request body is not valid JSON: it ends before the value is complete at line 1, column 12.');
    // Never a quote of the body: it carries card data.
    const echoed = await postOrder(server, 'x{"PaymentDetails":{"CardNumber":"4111111111111111","CVVNumber":"913"}}');
    expect(JSON.stringify(echoed.json)).not.toMatch(/4111|913/);
    // A good order still succeeds.
    expect((await postOrder(server, sampleOrder())).json.ResponseInfo.Success).toBe(true);
  });

  it('order-no-internal-id: success without InternalOrderId', async () => {
    const res = await postOrder(await start({ fault: 'order-no-internal-id' }), sampleOrder());
    expect(res.json.ResponseInfo.Success).toBe(true);
    expect(res.json.ResponseInfo).not.toHaveProperty('InternalOrderId');
  });

  it('order-missing-payment-fields: no PaymentCurrencyCode/PaymentAmount despite PaymentDetails', async () => {
    const res = await postOrder(await start({ fault: 'order-missing-payment-fields' }), sampleOrder({ PaymentDetails: PAYMENT_DETAILS }));
    expect(res.json.ResponseInfo.Success).toBe(true);
    expect(res.json.ResponseInfo).not.toHaveProperty('PaymentCurrencyCode');
    expect(res.json.ResponseInfo).not.toHaveProperty('PaymentAmount');
  });

  it('order-payment-amount-mismatch: PaymentAmount is the total plus 1.00', async () => {
    const res = await postOrder(await start({ fault: 'order-payment-amount-mismatch' }), sampleOrder({ PaymentDetails: PAYMENT_DETAILS }));
    expect(res.json.ResponseInfo.PaymentCurrencyCode).toBe('EUR');
    expect(res.json.ResponseInfo.PaymentAmount).toBe((Number(SAMPLE_ORDER_TOTAL) + 1).toFixed(2));
  });

  it('order-duplicate: a re-delivery creates a second order with a new id', async () => {
    const server = await start({ fault: 'order-duplicate' });
    const first = await postOrder(server, sampleOrder());
    const again = await postOrder(server, sampleOrder());
    expect(again.json.ResponseInfo.Success).toBe(true);
    expect(again.json.ResponseInfo.InternalOrderId).not.toBe(first.json.ResponseInfo.InternalOrderId);
    expect(server.orderCount()).toBe(2);
  });

  it('order-update-new-id: an update answers another InternalOrderId', async () => {
    const server = await start({ fault: 'order-update-new-id' });
    const first = await postOrder(server, sampleOrder());
    const id = first.json.ResponseInfo.InternalOrderId;
    const updated = await postOrder(server, sampleOrder({ MerchantOrderId: id }));
    expect(updated.json.ResponseInfo.Success).toBe(true);
    expect(updated.json.ResponseInfo.InternalOrderId).not.toBe(id);
    // Re-delivery without MerchantOrderId is still idempotent: only the update path is broken.
    const server2 = await start({ fault: 'order-update-new-id' });
    const a = await postOrder(server2, sampleOrder());
    const b = await postOrder(server2, sampleOrder());
    expect(b.json.ResponseInfo.InternalOrderId).toBe(a.json.ResponseInfo.InternalOrderId);
  });

  it('order-rejects-unknown-properties: an extra top-level property is refused with 400', async () => {
    const server = await start({ fault: 'order-rejects-unknown-properties' });
    expect((await postOrder(server, sampleOrder())).status).toBe(200);
    const res = await postOrder(server, sampleOrder({ OrderId: 'GE2', XborderProbeField: 'x' }));
    expect(res.status).toBe(400);
    expect(res.json.ResponseInfo.Success).toBe(false);
    expect(res.json.ResponseInfo.Description).toContain('XborderProbeField');
  });

  it('order-response-string-success: Success is the string "true"', async () => {
    const res = await postOrder(await start({ fault: 'order-response-string-success' }), sampleOrder());
    expect(res.json.ResponseInfo.Success).toBe('true');
  });

  it('order-response-status-object: StatusCode is an object', async () => {
    const res = await postOrder(await start({ fault: 'order-response-status-object' }), sampleOrder());
    expect(res.json.ResponseInfo.Success).toBe(true);
    expect(res.json.ResponseInfo.StatusCode).toEqual({ Code: 'N/A', Name: 'New' });
  });
});

describe('wire faults (every answer)', () => {
  it('html-500: an HTML page with status 500', async () => {
    const server = await start({ fault: 'html-500' });
    for (const res of [await postOrder(server, sampleOrder()), await getCart(server)]) {
      expect(res.status).toBe(500);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.text).toMatch(/^<!DOCTYPE html>/);
    }
  });

  it('non-json: text/plain that is not JSON', async () => {
    const res = await postOrder(await start({ fault: 'non-json' }), sampleOrder());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.json).toBeUndefined();
    expect(res.text).toContain('Success: true');
  });

  it('wrong-content-type: the right JSON labelled text/html', async () => {
    const res = await postOrder(await start({ fault: 'wrong-content-type' }), sampleOrder());
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.json.ResponseInfo.Success).toBe(true);
  });

  it('empty-body: JSON content type, no body', async () => {
    const res = await getCart(await start({ fault: 'empty-body' }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.text).toBe('');
  });

  it('truncated-json: the JSON ends early', async () => {
    const res = await getCart(await start({ fault: 'truncated-json' }));
    expect(res.status).toBe(200);
    expect(res.text.startsWith('{"productsList":[')).toBe(true);
    expect(() => JSON.parse(res.text)).toThrow();
  });

  it('body-limit: a body over 100 kB is refused with 413 and Express\'s page, whatever the credentials; one of 100 kB is not', async () => {
    const server = await start({ auth: [{ mode: 'header', name: 'X-Merchant-Key', value: 'k3y-value' }], fault: 'body-limit' });
    const padded = (bytes: number) => {
      const order = sampleOrder({ CustomerComments: '' });
      return JSON.stringify({ ...order, CustomerComments: 'x'.repeat(bytes - JSON.stringify(order).length) });
    };
    expect(Buffer.byteLength(padded(100 * 1024))).toBe(100 * 1024);
    const over = await postOrder(server, padded(100 * 1024 + 1));
    expect(over.status).toBe(413);
    expect(over.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(over.text).toContain('<pre>Payload Too Large</pre>');
    // Within the limit the merchant is what it always is: credentials checked, then the order.
    expect((await postOrder(server, padded(100 * 1024))).status).toBe(401);
    expect((await postOrder(server, padded(100 * 1024), { headers: { 'X-Merchant-Key': 'k3y-value' } })).json.ResponseInfo.Success).toBe(true);
    // Without the fault, a 1 MB order is taken.
    const clean = await start();
    expect((await postOrder(clean, padded(1024 * 1024))).json.ResponseInfo.Success).toBe(true);
  });

  it('slow: answers correctly after slowMs', async () => {
    const server = await start({ fault: 'slow', slowMs: 200 });
    const t0 = Date.now();
    const res = await postOrder(server, sampleOrder());
    expect(Date.now() - t0).toBeGreaterThanOrEqual(190);
    expect(res.json.ResponseInfo.Success).toBe(true);
  });
});

describe('race and leak faults', () => {
  /** The same order posted `n` times at once. */
  const atOnce = (server: { url: string }, n: number, order = sampleOrder()) => Promise.all(Array.from({ length: n }, () => postOrder(server, order)));

  it('the conforming merchant serialises deliveries of one OrderId: copies at once make one order', async () => {
    const server = await start();
    const answers = await atOnce(server, 6);
    expect(new Set(answers.map((a) => a.json.ResponseInfo.InternalOrderId)).size).toBe(1);
    expect(server.orderCount()).toBe(1);
    expect(server.state().orders[0]!.deliveries).toBe(6);
  });

  it('redelivery-race: copies at once each create an order; one after the answer finds it', async () => {
    const server = await start({ fault: 'redelivery-race' });
    const answers = await atOnce(server, 4);
    expect(answers.map((a) => a.json.ResponseInfo.Success)).toEqual([true, true, true, true]);
    const ids = new Set(answers.map((a) => a.json.ResponseInfo.InternalOrderId));
    expect(ids.size).toBe(4);
    expect(server.orderCount()).toBe(4);
    const later = await postOrder(server, sampleOrder());
    expect(server.orderCount()).toBe(4);
    expect(ids.has(later.json.ResponseInfo.InternalOrderId)).toBe(true);
  });

  it('redelivery-race in store mode: the cart check is stale too, so copies on one cart all pass it', async () => {
    const server = await start({ fault: 'redelivery-race', store: true });
    const token = (await (await fetch(server.newCartUrl!, { method: 'POST' })).text()).trim();
    const answers = await atOnce(server, 4, sampleOrder({ CartId: token }));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    // Store mode answers flat (ResponseInfo's fields at the top level).
    expect(new Set(answers.map((a) => a.json.InternalOrderId)).size).toBe(4);
    expect(server.orderCount()).toBe(4);
    // Once the orders exist, another OrderId on that cart is refused as before.
    expect((await postOrder(server, sampleOrder({ CartId: token, OrderId: 'GE1OTHERDE' }))).status).toBe(400);
  });

  it('slow-redelivery: creating takes slowMs and the lookup misses the order in flight', async () => {
    const server = await start({ fault: 'slow-redelivery', slowMs: 300 });
    const t0 = Date.now();
    const first = postOrder(server, sampleOrder());
    await new Promise((r) => setTimeout(r, 100));
    const retry = await postOrder(server, sampleOrder());
    const firstAnswer = await first;
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
    expect(retry.json.ResponseInfo.InternalOrderId).not.toBe(firstAnswer.json.ResponseInfo.InternalOrderId);
    expect(server.orderCount()).toBe(2);
  });

  it('refund-race: copies of one RefundId at once are each booked; one after them is not', async () => {
    const config = testConfig();
    config.merchant.events = ['refund'];
    const refund = (id: string) => ({ MerchantGUID: GUID, OrderId: 'GE92799319GB', RefundId: id, TotalRefundAmount: '22.50', Products: [{ CartItemId: '1', RefundQuantity: 1 }] });
    const post = (server: { url: string }, body: unknown) => postOrder(server, body, { path: '/order-refund-url' });
    for (const fault of [undefined, 'refund-race']) {
      const server = await start({ config, fault });
      expect((await postOrder(server, sampleOrder())).status).toBe(200);
      const copies = await Promise.all([post(server, refund('RF-1')), post(server, refund('RF-1'))]);
      expect(copies.map((c) => c.status)).toEqual([200, 200]);
      const stored = server.state().orders[0]!;
      expect(stored.refundedQuantities['1'], String(fault)).toBe(fault ? 2 : 1);
      expect((await post(server, refund('RF-1'))).status).toBe(200);
      expect(server.state().orders[0]!.refundedQuantities['1']).toBe(fault ? 2 : 1);
    }
  });

  it('exit-on-concurrent: copies of one order at once kill the merchant (in-process: the server closes, nothing listens); copies one after another do not', async () => {
    let died: string | undefined;
    const server = await start({ fault: 'exit-on-concurrent', onFatal: (orderId) => (died = orderId) });
    // One after another, the same order is found again: no overlap, no death.
    const first = await postOrder(server, sampleOrder());
    expect((await postOrder(server, sampleOrder())).json.ResponseInfo.InternalOrderId).toBe(first.json.ResponseInfo.InternalOrderId);
    expect(died).toBeUndefined();
    // Two at once: neither is answered, and the merchant is gone.
    const answers = await Promise.allSettled([postOrder(server, sampleOrder({ OrderId: 'GE2RACEDE' })), postOrder(server, sampleOrder({ OrderId: 'GE2RACEDE' }))]);
    expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected']);
    expect(died).toBe('GE2RACEDE');
    await expect(connectTo(server.url)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('error-leaks: error answers carry a stack trace with server paths in Message; successes are untouched', async () => {
    const server = await start({ fault: 'error-leaks' });
    const refused = await postOrder(server, sampleOrder({ OrderId: undefined }));
    expect(refused.status).toBe(400);
    expect(refused.json.ResponseInfo.Success).toBe(false);
    expect(refused.json.ResponseInfo.Message).toMatch(/^Error: Bad request: OrderId is required\.\n\s+at \S+ \(\/srv\/merchant\/.+\.js:\d+:\d+\)/);
    const ok = await postOrder(server, sampleOrder());
    expect(ok.json.ResponseInfo).not.toHaveProperty('Message');
    const clean = await start();
    expect((await postOrder(clean, sampleOrder({ OrderId: undefined }))).json.ResponseInfo.Message).toBe('Bad request');
  });
});
