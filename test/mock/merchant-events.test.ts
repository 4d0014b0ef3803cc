/**
 * The order lifecycle events of the reference merchant, over real HTTP: each event against an order
 * created through the order endpoint (answers and stored state), orders the merchant never received,
 * auth and MerchantGUID refusals, refund idempotency and limits, both spellings of cancelled, the
 * routing by `merchant.events`, and each event fault's misbehaviour.
 */
import { describe, expect, it } from 'vitest';
import type { AuthConfig, XborderConfig } from '../../src/model.js';
import { startMockMerchant } from '../../src/mock/merchant/server.js';
import { EVENT_KINDS, eventPath, servedEvents, type EventKind } from '../../src/mock/merchant/events/paths.js';
import { GUID, PAYMENT_DETAILS, SAMPLE_ORDER_TOTAL, getCart, postOrder, sampleOrder, start, testConfig } from './merchant-fixtures.js';

type Res = Awaited<ReturnType<typeof postOrder>>;

/** The test config with every event served (and these auth modes). */
function eventsConfig(auth?: AuthConfig[], events: readonly EventKind[] = EVENT_KINDS): XborderConfig {
  const config = testConfig(auth);
  config.merchant.events = [...events];
  return config;
}

/** Starts the reference merchant serving every event. */
function startEvents(opts: { auth?: AuthConfig[]; fault?: string; config?: XborderConfig } = {}) {
  return start({ config: opts.config ?? eventsConfig(opts.auth), fault: opts.fault });
}

const DEFAULT_PATHS: Record<EventKind, string> = {
  payment: '/order-payment-only-url',
  status: '/order-status-update-only-url',
  'shipping-info': '/order-shipping-info-update-only-url',
  documents: '/send-additional-required-documents-url',
  refund: '/order-refund-url',
};

/** POSTs an event body to the event's default path (or `init.path`). */
function postEvent(server: { url: string }, event: EventKind, body: unknown, init: { headers?: Record<string, string>; path?: string } = {}): Promise<Res> {
  return postOrder(server, body, { headers: init.headers, path: init.path ?? DEFAULT_PATHS[event] });
}

/** Creates the sample order (2 x CartItemId 1, 1 x CartItemId 2; total 57.45 EUR) and returns its InternalOrderId. */
async function createOrder(server: { url: string }, overrides: Record<string, unknown> = {}, headers?: Record<string, string>): Promise<string> {
  const res = await postOrder(server, sampleOrder(overrides), { headers });
  expect(res.status).toBe(200);
  return res.json.ResponseInfo.InternalOrderId as string;
}

/** A valid body of each event for the order `ref` names (MerchantOrderId when given). */
function eventBody(event: EventKind, ref: { OrderId?: string; MerchantOrderId?: string } = { OrderId: 'GE92799319GB' }, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const base = { MerchantGUID: GUID, OrderId: ref.OrderId ?? 'GE92799319GB', MerchantOrderId: ref.MerchantOrderId ?? null };
  switch (event) {
    case 'payment':
      return { ...sampleOrder({ MerchantOrderId: ref.MerchantOrderId ?? null, PaymentDetails: PAYMENT_DETAILS }), OrderId: base.OrderId, ...extra };
    case 'status':
      return { ...base, StatusCode: 'processing', OrderStatusReason: { Name: 'Picked' }, ...extra };
    case 'shipping-info':
      return { ...base, InternationalDetails: { ShippingMethodName: 'DHL+Express', OrderTrackingNumber: 'TRK1', OrderTrackingUrl: 'https%3a%2f%2ftrack.example.com%2f%3fid%3dTRK1' }, ...extra };
    case 'documents':
      return { ...base, CountryCode: 'US', AdditionalRequiredDocuments: [{ DocumentCode: 'ID', DocumentTypeCode: 'pdf', DocumentData: 'JVBERi0xLjQK' }], ...extra };
    case 'refund':
      return { ...base, RefundId: 'R-1', TotalRefundAmount: '25.00', OriginalTotalRefundAmount: '27.50', CurrencyCode: 'EUR', Products: [{ CartItemId: '1', RefundQuantity: 1, RefundAmount: '25.00' }], ...extra };
  }
}

/** A refund body for the sample order. */
function refund(refundId: string, products: { CartItemId: unknown; RefundQuantity: unknown }[], amount: string, ref: { OrderId?: string; MerchantOrderId?: string } = {}): Record<string, unknown> {
  return eventBody('refund', ref.OrderId || ref.MerchantOrderId ? ref : undefined, { RefundId: refundId, TotalRefundAmount: amount, Products: products });
}

function info(res: Res): Record<string, unknown> {
  return res.json.ResponseInfo;
}

describe('routing', () => {
  it('serves the events merchant.events lists, all five when the key is absent, none when it is empty', async () => {
    const some = await start({ config: eventsConfig(undefined, ['status', 'refund']) });
    await createOrder(some);
    expect((await postEvent(some, 'status', eventBody('status'))).status).toBe(200);
    expect((await postEvent(some, 'refund', eventBody('refund'))).status).toBe(200);
    for (const event of ['payment', 'shipping-info', 'documents'] as const) {
      const res = await postEvent(some, event, eventBody(event));
      expect(res.status, event).toBe(404);
      expect(info(res)).toMatchObject({ Success: false, Message: 'Not found' });
    }

    const none = await start({ config: eventsConfig(undefined, []) });
    await createOrder(none);
    for (const event of EVENT_KINDS) expect((await postEvent(none, event, eventBody(event))).status, event).toBe(404);

    const absent = eventsConfig();
    delete (absent.merchant as Partial<XborderConfig['merchant']>).events;
    expect(servedEvents(absent)).toEqual([...EVENT_KINDS]);
    const all = await start({ config: absent });
    await createOrder(all);
    for (const event of EVENT_KINDS) expect((await postEvent(all, event, eventBody(event))).status, event).toBe(200);
  });

  it('uses the configured paths (defaults when absent), under the base URL path; POST only', async () => {
    const config = eventsConfig();
    config.merchant.baseUrl = 'http://merchant.invalid/shop/api/';
    config.merchant.statusPath = '/custom/status';
    delete (config.merchant as Partial<XborderConfig['merchant']>).refundPath;
    expect(eventPath(config, 'refund')).toBe('/order-refund-url');
    expect(eventPath(config, 'status')).toBe('/custom/status');
    const server = await start({ config });
    expect((await postOrder(server, sampleOrder(), { path: '/shop/api/order-update-create-url' })).status).toBe(200);
    expect((await postEvent(server, 'status', eventBody('status'), { path: '/shop/api/custom/status' })).status).toBe(200);
    expect((await postEvent(server, 'status', eventBody('status'), { path: '/shop/api/order-status-update-only-url' })).status).toBe(404);
    expect((await postEvent(server, 'refund', eventBody('refund'), { path: '/shop/api/order-refund-url' })).status).toBe(200);
    const get = await fetch(`${server.url}/shop/api/order-refund-url`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });
});

describe('PerformOrderPayment', () => {
  it('charges the order once: currency and amount as the order endpoint charges, the same answer on re-delivery', async () => {
    const server = await startEvents();
    const id = await createOrder(server);
    const res = await postEvent(server, 'payment', eventBody('payment'));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      ResponseInfo: { Success: true, InternalOrderId: id, OrderId: 'XB-000001', StatusCode: 'N/A', PaymentCurrencyCode: 'EUR', PaymentAmount: SAMPLE_ORDER_TOTAL },
    });
    // A re-delivery, even one whose body would charge another amount, answers the first charge.
    const again = await postEvent(server, 'payment', eventBody('payment', undefined, { DiscountedShippingPrice: 100 }));
    expect(again.json).toEqual(res.json);
    expect(server.state().orders[0]!.payment).toEqual({ PaymentCurrencyCode: 'EUR', PaymentAmount: SAMPLE_ORDER_TOTAL });
    expect(server.orderCount()).toBe(1);
  });

  it('answers the charge of an order that came with PaymentDetails; names the order by MerchantOrderId', async () => {
    const server = await startEvents();
    const id = await createOrder(server, { PaymentDetails: PAYMENT_DETAILS, CurrencyCode: 'USD' });
    const res = await postEvent(server, 'payment', eventBody('payment', { OrderId: 'GE-OTHER', MerchantOrderId: id }));
    expect(info(res)).toMatchObject({ Success: true, InternalOrderId: id, PaymentCurrencyCode: 'USD', PaymentAmount: SAMPLE_ORDER_TOTAL });
  });

  it('refuses a body without OrderId or PaymentDetails with 400', async () => {
    const server = await startEvents();
    await createOrder(server);
    const noDetails = await postEvent(server, 'payment', eventBody('payment', undefined, { PaymentDetails: null }));
    expect(noDetails.status).toBe(400);
    expect(info(noDetails)).toMatchObject({ Success: false, ErrorCode: '400', Message: 'Bad request' });
    const body = eventBody('payment');
    delete body.OrderId;
    expect((await postEvent(server, 'payment', body)).status).toBe(400);
    expect(server.state().orders[0]!.payment).toBeUndefined();
  });
});

describe('UpdateOrderStatus', () => {
  it('sets the status, answers it, and the same update again answers the same', async () => {
    const server = await startEvents();
    const id = await createOrder(server);
    const res = await postEvent(server, 'status', eventBody('status'));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ResponseInfo: { Success: true, InternalOrderId: id, OrderId: 'XB-000001', StatusCode: 'processing' } });
    expect(await postEvent(server, 'status', eventBody('status'))).toMatchObject({ status: 200, json: res.json });
    const [order] = server.state().orders;
    expect(order).toMatchObject({ status: 'processing', statusReason: { Name: 'Picked' } });
    // The order endpoint answers the current status too (a re-delivery of the order).
    expect(info(await postOrder(server, sampleOrder()))).toMatchObject({ InternalOrderId: id, StatusCode: 'processing' });
  });

  it('handles both "canceled" and "cancelled", codes ignoring case', async () => {
    const server = await startEvents();
    const a = await createOrder(server, { OrderId: 'GE-A' });
    const b = await createOrder(server, { OrderId: 'GE-B' });
    const canceled = await postEvent(server, 'status', eventBody('status', { MerchantOrderId: a }, { StatusCode: 'canceled' }));
    const cancelled = await postEvent(server, 'status', eventBody('status', { OrderId: 'GE-B' }, { StatusCode: 'cancelled' }));
    expect([canceled.status, cancelled.status]).toEqual([200, 200]);
    expect(info(canceled)).toMatchObject({ Success: true, InternalOrderId: a, StatusCode: 'canceled' });
    expect(info(cancelled)).toMatchObject({ Success: true, InternalOrderId: b, StatusCode: 'cancelled' });
    for (const code of ['N/A', 'Shipped', 'DELIVERED', 'returned']) {
      expect(info(await postEvent(server, 'status', eventBody('status', { MerchantOrderId: a }, { StatusCode: code }))), code).toMatchObject({ Success: true, StatusCode: code });
    }
  });

  it('refuses an unknown or missing StatusCode cleanly with 400, and changes nothing', async () => {
    const server = await startEvents();
    await createOrder(server);
    const unknown = await postEvent(server, 'status', eventBody('status', undefined, { StatusCode: 'lost-in-transit' }));
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get('content-type')).toMatch(/^application\/json/);
    expect(info(unknown)).toMatchObject({ Success: false, ErrorCode: '400', Message: 'Unknown StatusCode lost-in-transit' });
    expect((await postEvent(server, 'status', eventBody('status', undefined, { StatusCode: null }))).status).toBe(400);
    expect(server.state().orders[0]!.status).toBe('N/A');
  });
});

describe('UpdateOrderShippingInfo and the documents webhook', () => {
  it('stores the shipping info (URLs decoded) and refuses a body without InternationalDetails', async () => {
    const server = await startEvents();
    const id = await createOrder(server);
    const res = await postEvent(server, 'shipping-info', eventBody('shipping-info'));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ResponseInfo: { Success: true, InternalOrderId: id, OrderId: 'XB-000001', StatusCode: 'N/A' } });
    expect(server.state().orders[0]!.shippingInfo).toMatchObject({ OrderTrackingNumber: 'TRK1', OrderTrackingUrl: 'https://track.example.com/?id=TRK1' });
    const missing = await postEvent(server, 'shipping-info', eventBody('shipping-info', undefined, { InternationalDetails: 'TRK1' }));
    expect(missing.status).toBe(400);
    expect(info(missing)).toMatchObject({ Success: false, Description: 'InternationalDetails (an object) is required.' });
  });

  it('stores the documents of an order that listed AdditionalRequiredDocuments; an empty list is a 400', async () => {
    const server = await startEvents();
    const id = await createOrder(server, { AdditionalRequiredDocuments: [{ DocumentCode: 'ID', Name: 'Passport' }] });
    const res = await postEvent(server, 'documents', eventBody('documents', { MerchantOrderId: id }));
    expect(res.json).toEqual({ ResponseInfo: { Success: true, InternalOrderId: id, OrderId: 'XB-000001', StatusCode: 'N/A' } });
    expect(await postEvent(server, 'documents', eventBody('documents', { MerchantOrderId: id }))).toMatchObject({ status: 200, json: res.json });
    expect(server.state().orders[0]!.documents).toEqual([{ DocumentCode: 'ID', DocumentTypeCode: 'pdf', DocumentData: 'JVBERi0xLjQK' }]);
    for (const bad of [[], null, 'doc']) {
      expect((await postEvent(server, 'documents', eventBody('documents', undefined, { AdditionalRequiredDocuments: bad }))).status).toBe(400);
    }
  });
});

describe('NotifyOrderRefund', () => {
  it('a partial refund, its re-delivery (no second effect), the rest, then one beyond the order refused', async () => {
    const server = await startEvents();
    const id = await createOrder(server);
    const first = await postEvent(server, 'refund', refund('R-1', [{ CartItemId: '1', RefundQuantity: 1 }], '25.00'));
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ ResponseInfo: { Success: true, InternalOrderId: id, OrderId: 'XB-000001', StatusCode: 'N/A' } });

    // Re-delivered, even after the status changed: the same answer, nothing booked again.
    await postEvent(server, 'status', eventBody('status', undefined, { StatusCode: 'returned' }));
    const again = await postEvent(server, 'refund', refund('R-1', [{ CartItemId: '1', RefundQuantity: 1 }], '25.00'));
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    let [order] = server.state().orders;
    expect(order!.refundedQuantities).toEqual({ 1: 1 });
    expect(order!.refundedAmount).toBe(25);
    expect(order!.refunds).toMatchObject([{ refundId: 'R-1', deliveries: 2, applied: 1, amount: 25, quantities: { 1: 1 } }]);

    // The rest: numbers as text, named by MerchantOrderId; the amounts reach the order total exactly.
    const rest = await postEvent(server, 'refund', refund('R-2', [{ CartItemId: 1, RefundQuantity: '1' }, { CartItemId: '2', RefundQuantity: '1' }], '32.45', { MerchantOrderId: id }));
    expect(rest.status).toBe(200);
    expect(info(rest)).toMatchObject({ Success: true, InternalOrderId: id, StatusCode: 'returned' });

    const beyond = await postEvent(server, 'refund', refund('R-3', [{ CartItemId: '2', RefundQuantity: 1 }], '0'));
    expect(beyond.status).toBe(400);
    expect(info(beyond)).toMatchObject({ Success: false, ErrorCode: '400', Message: 'Refund exceeds what was ordered' });
    [order] = server.state().orders;
    expect(order!.refundedQuantities).toEqual({ 1: 2, 2: 1 });
    expect(order!.refundedAmount).toBe(57.45);
    expect(order!.refunds.map((r) => r.refundId)).toEqual(['R-1', 'R-2']);
  });

  it('refuses quantities summed within one refund over the order, amounts over the total, unknown items, no RefundId', async () => {
    const server = await startEvents();
    await createOrder(server);
    const summed = await postEvent(server, 'refund', refund('R-1', [{ CartItemId: '1', RefundQuantity: 2 }, { CartItemId: '1', RefundQuantity: 1 }], '0'));
    expect(summed.status).toBe(400);
    expect(info(summed).Message).toBe('Refund exceeds what was ordered');
    // The total plus a cent passes; more does not (amounts summed over refunds).
    expect((await postEvent(server, 'refund', refund('R-2', [], '50.00'))).status).toBe(200);
    const over = await postEvent(server, 'refund', refund('R-3', [], '7.47'));
    expect(over.status).toBe(400);
    expect(info(over)).toMatchObject({ Message: 'Refund exceeds what was ordered', Description: expect.stringContaining('57.45') });
    expect((await postEvent(server, 'refund', refund('R-4', [], '7.46'))).status).toBe(200);
    const unknownItem = await postEvent(server, 'refund', refund('R-5', [{ CartItemId: '99', RefundQuantity: 1 }], '0'));
    expect(unknownItem.status).toBe(400);
    expect(info(unknownItem)).toMatchObject({ Success: false, Description: 'Unknown CartItemId 99: the order has no such item.' });
    const noId = eventBody('refund');
    delete noId.RefundId;
    expect((await postEvent(server, 'refund', noId)).status).toBe(400);
    for (const bad of [{ Products: 'all' }, { Products: [{ CartItemId: '1', RefundQuantity: 'one' }] }, { Products: [{ CartItemId: '1', RefundQuantity: -1 }] }, { TotalRefundAmount: 'ten' }]) {
      expect((await postEvent(server, 'refund', eventBody('refund', undefined, { RefundId: 'R-bad', ...bad }))).status, JSON.stringify(bad)).toBe(400);
    }
    const [order] = server.state().orders;
    expect(order!.refundedQuantities).toEqual({});
    expect(order!.refundedAmount).toBe(57.46);
    expect(order!.refunds.map((r) => r.refundId)).toEqual(['R-2', 'R-4']);
  });
});

describe('every event', () => {
  it('refuses an order the merchant never received: 404, Success false, "Order not found"', async () => {
    const server = await startEvents();
    const id = await createOrder(server);
    for (const event of EVENT_KINDS) {
      const byOrderId = await postEvent(server, event, eventBody(event, { OrderId: 'GE-NEVER-SENT' }));
      expect(byOrderId.status, event).toBe(404);
      expect(byOrderId.json, event).toEqual({ ResponseInfo: { Success: false, ErrorCode: '404', Message: 'Order not found', Description: 'OrderId GE-NEVER-SENT names no order this merchant received.' } });
      // MerchantOrderId, when given, names the order: an unknown one is not found even with a known OrderId.
      const byMerchantId = await postEvent(server, event, eventBody(event, { OrderId: 'GE92799319GB', MerchantOrderId: `${id}9` }));
      expect(byMerchantId.status, event).toBe(404);
      expect(info(byMerchantId).Description, event).toBe(`MerchantOrderId ${id}9 names no order this merchant received.`);
    }
    const [order] = server.state().orders;
    expect(order).toMatchObject({ status: 'N/A', refunds: [], refundedAmount: 0 });
    expect(order!.payment).toBeUndefined();
  });

  it('answers flat in the flat shape', async () => {
    const server = await startMockMerchant({ config: eventsConfig(), responseShape: 'flat' });
    try {
      await postOrder(server, sampleOrder());
      const ok = await postEvent(server, 'payment', eventBody('payment'));
      expect(ok.json).toEqual({ Success: true, InternalOrderId: '100001', OrderId: 'XB-000001', StatusCode: 'N/A', PaymentCurrencyCode: 'EUR', PaymentAmount: SAMPLE_ORDER_TOTAL });
      const missing = await postEvent(server, 'refund', eventBody('refund', { OrderId: 'GE-NEVER-SENT' }));
      expect(missing.status).toBe(404);
      expect(missing.json).toMatchObject({ Success: false, ErrorCode: '404', Message: 'Order not found' });
    } finally {
      await server.close();
    }
  });

  it('refuses a body that is not a JSON object or names no order with 400', async () => {
    const server = await startEvents();
    for (const event of EVENT_KINDS) {
      expect((await postEvent(server, event, '{"OrderId":')).status, event).toBe(400);
      expect((await postEvent(server, event, [1])).status, event).toBe(400);
    }
    const noOrder = eventBody('status');
    delete noOrder.OrderId;
    const res = await postEvent(server, 'status', noOrder);
    expect(res.status).toBe(400);
    expect(info(res).Description).toMatch(/OrderId or MerchantOrderId is required/);
  });

  it('checks the MerchantGUID: 401 missing, 403 another merchant\'s, case ignored', async () => {
    const server = await startEvents();
    await createOrder(server);
    for (const event of EVENT_KINDS) {
      const missing = await postEvent(server, event, eventBody(event, undefined, { MerchantGUID: undefined }));
      expect(missing.status, event).toBe(401);
      expect(info(missing), event).toMatchObject({ Success: false, ErrorCode: '401' });
      const other = await postEvent(server, event, eventBody(event, undefined, { MerchantGUID: '00000000-0000-0000-0000-000000000000' }));
      expect(other.status, event).toBe(403);
      expect(info(other), event).toMatchObject({ Success: false, ErrorCode: '403' });
      expect((await postEvent(server, event, eventBody(event, undefined, { MerchantGUID: GUID.toUpperCase() }))).status, event).toBe(200);
    }
  });

  const AUTH: { auth: AuthConfig; right: { headers?: Record<string, string>; query?: string }; wrong: { headers?: Record<string, string>; query?: string } }[] = [
    { auth: { mode: 'header', name: 'X-Merchant-Key', value: 'h-secret' }, right: { headers: { 'X-Merchant-Key': 'h-secret' } }, wrong: { headers: { 'X-Merchant-Key': 'nope' } } },
    { auth: { mode: 'basic', username: 'platform', password: 'b-secret' }, right: { headers: { Authorization: `Basic ${Buffer.from('platform:b-secret').toString('base64')}` } }, wrong: { headers: { Authorization: `Basic ${Buffer.from('platform:nope').toString('base64')}` } } },
    { auth: { mode: 'query', name: 'key', value: 'q-secret' }, right: { query: 'key=q-secret' }, wrong: { query: 'key=nope' } },
  ];

  it.each(AUTH)('enforces auth mode $auth.mode: 401 without or with wrong credentials', async ({ auth, right, wrong }) => {
    const server = await startEvents({ auth: [auth] });
    const withQuery = (event: EventKind, query?: string) => (query ? `${DEFAULT_PATHS[event]}?${query}` : DEFAULT_PATHS[event]);
    expect((await postOrder(server, sampleOrder(), { headers: right.headers, path: right.query ? `/order-update-create-url?${right.query}` : undefined })).status).toBe(200);
    for (const event of EVENT_KINDS) {
      const none = await postEvent(server, event, eventBody(event));
      expect(none.status, event).toBe(401);
      expect(info(none), event).toMatchObject({ Success: false, ErrorCode: '401', Message: 'Unauthorized' });
      expect((await postEvent(server, event, eventBody(event), { headers: wrong.headers, path: withQuery(event, wrong.query) })).status, event).toBe(401);
      const ok = await postEvent(server, event, eventBody(event), { headers: right.headers, path: withQuery(event, right.query) });
      expect(ok.status, event).toBe(200);
      expect(info(ok).Success, event).toBe(true);
    }
  });

  it('accepts any one of several configured auth modes', async () => {
    const server = await startEvents({ auth: [AUTH[0]!.auth, AUTH[1]!.auth] });
    await createOrder(server, {}, AUTH[1]!.right.headers);
    expect((await postEvent(server, 'status', eventBody('status'), { headers: AUTH[0]!.right.headers })).status).toBe(200);
    expect((await postEvent(server, 'status', eventBody('status'), { headers: AUTH[1]!.right.headers })).status).toBe(200);
    expect((await postEvent(server, 'status', eventBody('status'))).status).toBe(401);
  });
});

describe('event faults', () => {
  it('event-unknown-order-accepted: events for an order never received answer Success true, and store nothing', async () => {
    const server = await startEvents({ fault: 'event-unknown-order-accepted' });
    for (const event of EVENT_KINDS) {
      const res = await postEvent(server, event, eventBody(event, { OrderId: 'GE-NEVER-SENT' }));
      expect(res.status, event).toBe(200);
      expect(info(res).Success, event).toBe(true);
    }
    expect(info(await postEvent(server, 'payment', eventBody('payment', { OrderId: 'GE-NEVER-SENT' })))).toMatchObject({ PaymentCurrencyCode: 'EUR', PaymentAmount: SAMPLE_ORDER_TOTAL });
    expect(server.orderCount()).toBe(0);
    // A known order is still handled properly.
    await createOrder(server);
    expect(info(await postEvent(server, 'status', eventBody('status')))).toMatchObject({ Success: true, StatusCode: 'processing' });
  });

  it('refund-applied-twice: a re-delivered RefundId is booked again, so the rest of the order is then refused', async () => {
    const server = await startEvents({ fault: 'refund-applied-twice' });
    await createOrder(server);
    const first = await postEvent(server, 'refund', refund('R-1', [{ CartItemId: '1', RefundQuantity: 1 }], '25.00'));
    const again = await postEvent(server, 'refund', refund('R-1', [{ CartItemId: '1', RefundQuantity: 1 }], '25.00'));
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    const [order] = server.state().orders;
    expect(order!.refundedQuantities).toEqual({ 1: 2 });
    expect(order!.refundedAmount).toBe(50);
    expect(order!.refunds[0]).toMatchObject({ deliveries: 2, applied: 2 });
    const rest = await postEvent(server, 'refund', refund('R-2', [{ CartItemId: '1', RefundQuantity: 1 }, { CartItemId: '2', RefundQuantity: 1 }], '32.45'));
    expect(rest.status).toBe(400);
    expect(info(rest).Message).toBe('Refund exceeds what was ordered');
  });

  it('refund-over-total-accepted: quantities and amounts beyond the order are accepted (unknown items still refused)', async () => {
    const server = await startEvents({ fault: 'refund-over-total-accepted' });
    await createOrder(server);
    expect((await postEvent(server, 'refund', refund('R-1', [{ CartItemId: '2', RefundQuantity: 5 }], '500.00'))).status).toBe(200);
    expect((await postEvent(server, 'refund', refund('R-2', [{ CartItemId: '1', RefundQuantity: 3 }], '1.00'))).status).toBe(200);
    expect(server.state().orders[0]).toMatchObject({ refundedQuantities: { 1: 3, 2: 5 }, refundedAmount: 501 });
    expect((await postEvent(server, 'refund', refund('R-3', [{ CartItemId: '99', RefundQuantity: 1 }], '0'))).status).toBe(400);
  });

  it('event-payment-fields-missing: PerformOrderPayment answers without PaymentCurrencyCode and PaymentAmount', async () => {
    const server = await startEvents({ fault: 'event-payment-fields-missing' });
    await createOrder(server);
    const res = await postEvent(server, 'payment', eventBody('payment'));
    expect(res.status).toBe(200);
    expect(info(res).Success).toBe(true);
    expect(info(res)).not.toHaveProperty('PaymentCurrencyCode');
    expect(info(res)).not.toHaveProperty('PaymentAmount');
    // The order endpoint still answers its payment fields.
    expect(info(await postOrder(server, sampleOrder({ OrderId: 'GE2', PaymentDetails: PAYMENT_DETAILS })))).toMatchObject({ PaymentAmount: SAMPLE_ORDER_TOTAL });
  });

  it('event-error-200: 400s and 404s of the events are answered HTTP 200 with Success false (401/403 untouched)', async () => {
    const server = await startEvents({ fault: 'event-error-200' });
    await createOrder(server);
    const unknown = await postEvent(server, 'refund', eventBody('refund', { OrderId: 'GE-NEVER-SENT' }));
    expect(unknown.status).toBe(200);
    expect(info(unknown)).toMatchObject({ Success: false, ErrorCode: '404', Message: 'Order not found' });
    const badCode = await postEvent(server, 'status', eventBody('status', undefined, { StatusCode: 'lost' }));
    expect(badCode.status).toBe(200);
    expect(info(badCode)).toMatchObject({ Success: false, Message: 'Unknown StatusCode lost' });
    expect((await postEvent(server, 'payment', '{')).status).toBe(200);
    expect((await postEvent(server, 'refund', refund('R-9', [{ CartItemId: '2', RefundQuantity: 9 }], '0'))).status).toBe(200);
    expect((await postEvent(server, 'status', eventBody('status', undefined, { MerchantGUID: undefined }))).status).toBe(401);
    // The order endpoint is not affected.
    expect((await postOrder(server, { MerchantGUID: GUID })).status).toBe(400);
  });

  it('event-auth-ignored: the event endpoints accept requests without credentials; cart and order still refuse them', async () => {
    const auth: AuthConfig[] = [{ mode: 'header', name: 'X-Merchant-Key', value: 'h-secret' }];
    const strict = await startEvents({ auth });
    expect((await postEvent(strict, 'status', eventBody('status'))).status).toBe(401);
    const server = await startEvents({ auth, fault: 'event-auth-ignored' });
    expect((await postOrder(server, sampleOrder())).status).toBe(401);
    expect((await getCart(server)).status).toBe(401);
    await createOrder(server, {}, { 'X-Merchant-Key': 'h-secret' });
    for (const event of EVENT_KINDS) {
      const res = await postEvent(server, event, eventBody(event), { headers: { 'X-Merchant-Key': 'nope' } });
      expect(res.status, event).toBe(200);
      expect(info(res).Success, event).toBe(true);
    }
  });

  it('status-cancelled-crash: "cancelled" crashes with an HTML 500, "canceled" works', async () => {
    const server = await startEvents({ fault: 'status-cancelled-crash' });
    await createOrder(server);
    const crash = await postEvent(server, 'status', eventBody('status', undefined, { StatusCode: 'Cancelled' }));
    expect(crash.status).toBe(500);
    expect(crash.headers.get('content-type')).toMatch(/^text\/html/);
    expect(crash.text).toContain('Oops! An Error Occurred');
    expect(crash.json).toBeUndefined();
    expect(server.state().orders[0]!.status).toBe('N/A');
    expect(info(await postEvent(server, 'status', eventBody('status', undefined, { StatusCode: 'canceled' })))).toMatchObject({ Success: true, StatusCode: 'canceled' });
  });

  it('the conforming merchant does none of it', async () => {
    const server = await startEvents();
    await createOrder(server);
    expect((await postEvent(server, 'status', eventBody('status', undefined, { StatusCode: 'cancelled' }))).status).toBe(200);
    expect(info(await postEvent(server, 'payment', eventBody('payment')))).toHaveProperty('PaymentAmount', SAMPLE_ORDER_TOTAL);
    expect((await postEvent(server, 'refund', eventBody('refund', { OrderId: 'GE-NEVER-SENT' }))).status).toBe(404);
  });
});
