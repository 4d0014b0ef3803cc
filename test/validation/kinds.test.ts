/** Telling a payload's kind from its shape. */
import { describe, expect, it } from 'vitest';
import { detectKind, isPayloadKind, PAYLOAD_KINDS } from '../../src/validation/index.js';
import { sample, sampleIndex, shapeKind } from './fixtures.js';

describe('detectKind', () => {
  it('tells the kind of every shipped sample as samples/index.json lists it (a payment request reads as the order it is)', () => {
    const index = sampleIndex();
    expect(index.length).toBeGreaterThan(0);
    for (const entry of index) expect([entry.file, detectKind(sample(entry.file))]).toEqual([entry.file, shapeKind(entry.kind)]);
  });

  it.each([
    [{ ResponseInfo: { Success: true } }, 'order-response'],
    [{ responseInfo: { Success: true } }, 'order-response'],
    [{ MerchantGUID: 'g', ShippingCountryCode: 'DE', CardFields: { CardId: '1' } }, 'gift-card-request'],
    [{ IsValid: false }, 'gift-card-response'],
    [{ isvalid: true }, 'gift-card-response'],
    [{ Code: '401', Error: 'Unauthorized' }, 'error-info'],
    [{ productsList: [] }, 'cart'],
    [{ ProductsList: [] }, 'cart'],
    [{ PRODUCTSLIST: [] }, 'cart'],
    // A cart POST request carries MerchantGUID and OrderID too; the product list decides.
    [{ productsList: [], MerchantGUID: 'g', OrderId: 'o' }, 'cart'],
    [{ MerchantGUID: 'g', OrderId: 'GE1' }, 'order'],
    [{ merchantGuid: 'g', orderID: 'GE1' }, 'order'],
  ])('%j is %s', (doc, kind) => {
    expect(detectKind(doc)).toBe(kind);
  });

  it.each([
    [{ MerchantGUID: 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77', Products: [], Customer: null }, 'order'],
    [{ OrderId: 'GE1', CartId: 'c' }, 'order'],
    [{ SecondaryShipping: { City: 'Berlin' } }, 'order'],
    [{ discountsList: [], userDetails: {} }, 'cart'],
    [{ shippingOptionsList: [] }, 'cart'],
    [{ Success: true, InternalOrderId: '1001' }, 'order-response'],
    [{ success: false, errorCode: 'E1' }, 'order-response'],
    // Flat answers as deployed merchants send them (public-facts), and a partial one.
    [{ OrderId: 'GE1', Success: false, Message: 'OrderId already exists' }, 'order-response'],
    [{ Success: true, InternalOrderId: '1001', OrderId: 'NW-1001' }, 'order-response'],
    [{ Success: false }, 'order-response'],
    [{ success: true }, 'order-response'],
    // Framework error bodies stand for the answer the crashed code did not give.
    [{ status: 500, error: 'Internal Server Error' }, 'order-response'],
    [{ timestamp: '2024-01-30T10:55:21.123+00:00', status: 500, error: 'Internal Server Error', message: 'NullPointerException', path: '/order-update-create-url' }, 'order-response'],
    [{ type: 'https://tools.ietf.org/html/rfc7231#section-6.6.1', title: 'An error occurred', status: 500, detail: 'boom' }, 'order-response'],
    [{ MerchantGUID: 'g', ShippingCountryCode: 'DE' }, 'gift-card-request'],
    [{ IsGlobalEGiftCard: false, Balance: 5 }, 'gift-card-response'],
  ])('%j lacks its first marker but is still %s', (doc, kind) => {
    expect(detectKind(doc)).toBe(kind);
  });

  it('an order missing OrderId fails its schema naming OrderId, not "cannot tell which payload"', () => {
    const order = sample('order-full.json');
    delete order.OrderId;
    expect(detectKind(order)).toBe('order');
    const cart = sample('cart-full.json');
    delete cart.productsList;
    expect(detectKind(cart)).toBe('cart');
  });

  it.each([[null], [[]], ['order'], [42], [{}], [{ MerchantGUID: 'g' }], [{ Code: '1' }], [{ OrderId: 'GE1' }], [{ status: 200, message: 'ok' }], [{ status: 500 }], [{ error: 'x' }]])('%j has no kind', (doc) => {
    expect(detectKind(doc)).toBeUndefined();
  });
});

describe('isPayloadKind', () => {
  it('accepts exactly the six kinds and the five lifecycle events after them', () => {
    expect(PAYLOAD_KINDS).toEqual([
      'order', 'cart', 'order-response', 'gift-card-request', 'gift-card-response', 'error-info',
      'payment-request', 'status-update', 'shipping-info', 'refund', 'documents',
    ]);
    for (const kind of PAYLOAD_KINDS) expect(isPayloadKind(kind)).toBe(true);
    expect(isPayloadKind('config')).toBe(false);
    expect(isPayloadKind('Order')).toBe(false);
  });
});
