/** Telling a payload's kind from its shape. */
import { describe, expect, it } from 'vitest';
import { detectKind, isPayloadKind, PAYLOAD_KINDS } from '../../src/validation/index.js';
import { sample, sampleIndex } from './fixtures.js';

describe('detectKind', () => {
  it('tells the kind of every shipped sample as samples/index.json lists it', () => {
    const index = sampleIndex();
    expect(index.length).toBeGreaterThan(0);
    for (const entry of index) expect([entry.file, detectKind(sample(entry.file))]).toEqual([entry.file, entry.kind]);
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

  it.each([[null], [[]], ['order'], [42], [{}], [{ MerchantGUID: 'g' }], [{ Code: '1' }]])('%j has no kind', (doc) => {
    expect(detectKind(doc)).toBeUndefined();
  });
});

describe('isPayloadKind', () => {
  it('accepts exactly the six kinds', () => {
    expect(PAYLOAD_KINDS).toEqual(['order', 'cart', 'order-response', 'gift-card-request', 'gift-card-response', 'error-info']);
    for (const kind of PAYLOAD_KINDS) expect(isPayloadKind(kind)).toBe(true);
    expect(isPayloadKind('config')).toBe(false);
    expect(isPayloadKind('Order')).toBe(false);
  });
});
