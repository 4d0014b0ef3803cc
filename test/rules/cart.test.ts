/** The cart's named rules, each on a conforming cart (passes) and on a broken one (the finding). */
import { describe, expect, it } from 'vitest';
import { cartProductsListRule, cartQuantitiesPricesRule } from '../../src/rules/cart-products.js';
import { cartBundlesRule, cartChildItemsRule } from '../../src/rules/cart-items.js';
import { cartDimensionsRule, cartVirtualItemsRule } from '../../src/rules/cart-physical.js';
import { cartLoyaltyPointsRule } from '../../src/rules/cart-loyalty.js';
import { cartClientIpRule, cartInstallmentsRule } from '../../src/rules/cart-request-context.js';
import { cartDiscountTargetsRule } from '../../src/rules/discount-targets.js';
import { rulesFor } from '../../src/rules/index.js';
import { sample } from '../validation/fixtures.js';

const cart = () => sample('cart-full.json');
/** Index of the product with this CartItemId or CartItemOptionId. */
const at = (doc: Record<string, any>, id: string): number => doc.productsList.findIndex((p: any) => p.CartItemId === id || p.CartItemOptionId === id);

describe('every cart rule passes on the shipped carts', () => {
  it.each(['cart-full.json', 'cart-multi-address.json'])('%s', (file) => {
    const doc = sample(file);
    for (const rule of rulesFor('cart')) expect([rule.id, rule.check(doc)]).toEqual([rule.id, []]);
  });
});

describe('cart-products-list', () => {
  it('requires productsList as an array, and warns on an empty one', () => {
    expect(cartProductsListRule.check({})).toEqual([expect.objectContaining({ path: '/productsList', severity: 'error', actual: 'absent' })]);
    expect(cartProductsListRule.check({ productsList: {} })).toEqual([expect.objectContaining({ expected: 'array', actual: 'object', severity: 'error' })]);
    expect(cartProductsListRule.check({ productsList: [] })).toEqual([expect.objectContaining({ severity: 'warning' })]);
    expect(cartProductsListRule.check({ productsList: [{}] })).toEqual([]);
  });
});

describe('cart-quantities-prices', () => {
  it('flags a zero quantity, a negative delivery quantity, a negative price and a negative shipping price', () => {
    const doc = cart();
    doc.productsList[0].OrderedQuantity = 0;
    doc.productsList[0].DeliveryQuantity = -1;
    doc.productsList[1].SalePrice = -12.5;
    doc.shippingOptionsList[0].Price = -1;
    const findings = cartQuantitiesPricesRule.check(doc);
    expect(findings.map((f) => f.path)).toEqual(['/productsList/0/OrderedQuantity', '/productsList/0/DeliveryQuantity', '/productsList/1/SalePrice', '/shippingOptionsList/0/Price']);
    expect(findings.every((f) => f.severity === 'error')).toBe(true);
  });
});

describe('cart-bundles', () => {
  it('fails a priced bundle whose product carries a price too', () => {
    const doc = cart();
    const child = at(doc, '3-1');
    doc.productsList[child].SalePrice = 4;
    const findings = cartBundlesRule.check(doc);
    expect(findings).toEqual([expect.objectContaining({ path: `/productsList/${child}`, severity: 'error', expected: 'all prices 0' })]);
  });

  it('accepts a zero-priced bundle whose products carry the prices, and fails one where nothing is priced', () => {
    const doc = cart();
    const bundle = doc.productsList[at(doc, '3')];
    for (const k of Object.keys(bundle)) if (/Price$/.test(k) && k !== 'PriceCoefficientRate') bundle[k] = 0;
    for (const id of ['3-1', '3-2']) doc.productsList[at(doc, id)].SalePrice = 10;
    expect(cartBundlesRule.check(doc)).toEqual([]);
    for (const id of ['3-1', '3-2']) doc.productsList[at(doc, id)].SalePrice = 0;
    expect(cartBundlesRule.check(doc)).toEqual([expect.objectContaining({ path: `/productsList/${at(doc, '3')}`, severity: 'error', actual: 'no prices' })]);
  });
});

describe('cart-child-items', () => {
  it('fails a child option item with a CartItemId of its own or a parent that is not in the cart', () => {
    const doc = cart();
    const child = at(doc, '2-1');
    doc.productsList[child].CartItemId = '9';
    doc.productsList[at(doc, '3-1')].ParentCartItemId = '42';
    const findings = cartChildItemsRule.check(doc);
    expect(findings).toEqual([
      expect.objectContaining({ path: `/productsList/${child}/CartItemId`, actual: '9', severity: 'error' }),
      expect.objectContaining({ path: `/productsList/${at(doc, '3-1')}/ParentCartItemId`, actual: '42', severity: 'error' }),
    ]);
  });
});

describe('discount-targets (cart)', () => {
  it('fails a product-level discount naming no product, and accepts null for cart-level ones', () => {
    const doc = cart();
    expect(doc.discountsList[1].ProductCartItemId).toBeNull();
    doc.discountsList[0].ProductCartItemId = '77';
    expect(cartDiscountTargetsRule.check(doc)).toEqual([expect.objectContaining({ path: '/discountsList/0/ProductCartItemId', actual: '77', severity: 'error' })]);
  });
});

describe('cart-dimensions', () => {
  it('warns on a partial set of dimensions without Volume, and accepts Volume instead', () => {
    const doc = cart();
    delete doc.productsList[0].Width;
    expect(cartDimensionsRule.check(doc)).toEqual([expect.objectContaining({ path: '/productsList/0', severity: 'warning', actual: ['Height', 'Length'] })]);
    doc.productsList[0].Volume = 1500;
    expect(cartDimensionsRule.check(doc)).toEqual([]);
  });
});

describe('cart-virtual-items', () => {
  it('warns when a virtual item carries a weight', () => {
    const doc = cart();
    const engraving = at(doc, '2-1');
    expect(doc.productsList[engraving].IsVirtual).toBe(true);
    doc.productsList[engraving].Weight = 20;
    expect(cartVirtualItemsRule.check(doc)).toEqual([expect.objectContaining({ path: `/productsList/${engraving}/Weight`, actual: 20, severity: 'warning' })]);
  });
});

describe('cart-loyalty-points', () => {
  it('requires a money value for points that can be spent, and accepts either member of the pair', () => {
    const doc = { productsList: [{}], LoyaltyPoints: { LoyaltyPointsTotal: 500 } as Record<string, unknown> };
    expect(cartLoyaltyPointsRule.check(doc)).toEqual([expect.objectContaining({ path: '/LoyaltyPoints', severity: 'error', expected: 'LoyaltyPointsOriginalValueForSpend or LoyaltyPointsValueForSpend' })]);
    doc.LoyaltyPoints.LoyaltyPointsValueForSpend = 5;
    expect(cartLoyaltyPointsRule.check(doc)).toEqual([]);
  });

  it('requires a money value for points to earn once the cart says points are earned', () => {
    const doc = { productsList: [{}], loyaltyPointsEarned: 30, LoyaltyPoints: { LoyaltyPointsOriginalValueForSpend: 1 } as Record<string, unknown> };
    expect(cartLoyaltyPointsRule.check(doc)).toEqual([expect.objectContaining({ expected: 'LoyaltyPointsOriginalValueForEarn or LoyaltyPointsValueForEarn' })]);
    doc.LoyaltyPoints.LoyaltyPointsOriginalValueForEarn = 0.3;
    expect(cartLoyaltyPointsRule.check(doc)).toEqual([]);
  });
});

describe('cart-installments', () => {
  it.each(['{2,4,6}', '{3}', '{ 2, 4 }'])('accepts %s', (value) => {
    expect(cartInstallmentsRule.check({ paymentInstallments: value })).toEqual([]);
  });
  it.each(['2,4,6', '{2;4}', '{}', '{0,2}', '[2,4]'])('fails %s', (value) => {
    expect(cartInstallmentsRule.check({ paymentInstallments: value })).toEqual([expect.objectContaining({ path: '/paymentInstallments', actual: value, severity: 'error' })]);
  });
});

describe('cart-client-ip', () => {
  it('warns when neither a country nor clientIP is given, and accepts clientIP', () => {
    const doc = { productsList: [{}] } as Record<string, unknown>;
    expect(cartClientIpRule.check(doc)).toEqual([expect.objectContaining({ path: '/clientIP', severity: 'warning' })]);
    doc.clientIP = '203.0.113.9';
    expect(cartClientIpRule.check(doc)).toEqual([]);
    delete doc.clientIP;
    doc.shippingDetails = { CountryCode: 'DE' };
    expect(cartClientIpRule.check(doc)).toEqual([]);
  });

  it('fails a clientIP that is not an IP address', () => {
    expect(cartClientIpRule.check({ CountryCode: 'DE', clientIP: '999.1.1.1' })).toEqual([expect.objectContaining({ path: '/clientIP', actual: '999.1.1.1', severity: 'error' })]);
    expect(cartClientIpRule.check({ CountryCode: 'DE', clientIP: '2001:db8::1' })).toEqual([]);
  });
});
