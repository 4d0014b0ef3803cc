/** The order's named rules, each passing on shipped orders and failing on a broken one. */
import { describe, expect, it } from 'vitest';
import { orderIdentityRule, orderOriginalOrderRule, orderSubsRule } from '../../src/rules/order-rules.js';
import { orderDiscountTargetsRule } from '../../src/rules/discount-targets.js';
import { rulesFor } from '../../src/rules/index.js';
import { sample, sampleIndex } from '../validation/fixtures.js';

describe('every order rule passes on the shipped orders', () => {
  it.each(sampleIndex().filter((e) => e.kind === 'order').map((e) => e.file))('%s', (file) => {
    const doc = sample(file);
    for (const rule of rulesFor('order')) expect([rule.id, rule.check(doc)]).toEqual([rule.id, []]);
  });
});

describe('order-identity', () => {
  it('fails an empty OrderId or a missing MerchantGUID, and warns on a GUID of the wrong form', () => {
    expect(orderIdentityRule.check({ OrderId: ' ' })).toEqual([
      expect.objectContaining({ path: '/MerchantGUID', severity: 'error' }),
      expect.objectContaining({ path: '/OrderId', severity: 'error' }),
    ]);
    expect(orderIdentityRule.check({ MerchantGUID: 'merchant-1', OrderId: 'GE1' })).toEqual([expect.objectContaining({ path: '/MerchantGUID', severity: 'warning' })]);
  });
});

describe('order-subs', () => {
  it('accepts the sub-orders of a mixed order', () => {
    expect(orderSubsRule.check(sample('order-mixed.json'))).toEqual([]);
  });
  it('warns on an empty Subs and fails Subs nested in a sub-order', () => {
    expect(orderSubsRule.check({ Subs: [] })).toEqual([expect.objectContaining({ path: '/Subs', severity: 'warning' })]);
    const mixed = sample('order-mixed.json');
    mixed.Subs[0].Subs = [{ MerchantGUID: 'g', OrderId: 'GE2' }];
    expect(orderSubsRule.check(mixed)).toEqual([expect.objectContaining({ path: '/Subs/0/Subs', severity: 'error', actual: '1 sub-orders' })]);
  });
});

describe('order-subs: what makes an order mixed', () => {
  it('warns on a single sub-order: a mixed order splits into at least two', () => {
    const order = sample('order-full.json');
    order.Subs = [sample('order-minimal.json')];
    expect(orderSubsRule.check(order)).toEqual([expect.objectContaining({ path: '/Subs', severity: 'warning', actual: '1 sub-order' })]);
  });

  it('warns on a sub-order product that is not a product of the mixed order', () => {
    const mixed = sample('order-mixed.json');
    mixed.Subs[1].Products[0].CartItemId = '9';
    expect(orderSubsRule.check(mixed)).toEqual([
      expect.objectContaining({ path: '/Subs/1/Products/0/CartItemId', severity: 'warning', actual: '9', expected: ['1', '2'] }),
    ]);
  });
});

describe('what a rule received', () => {
  it('says null for an explicit null and absent for a missing property', () => {
    expect(orderIdentityRule.check({ MerchantGUID: 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77', OrderId: null })).toEqual([expect.objectContaining({ path: '/OrderId', actual: null })]);
    expect(orderIdentityRule.check({ MerchantGUID: 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77' })).toEqual([expect.objectContaining({ path: '/OrderId', actual: 'absent' })]);
  });
});

describe('order-original-order', () => {
  it('accepts OriginalOrder on a replacement order', () => {
    expect(orderOriginalOrderRule.check(sample('order-replacement.json'))).toEqual([]);
  });
  it('accepts an OriginalOrder of nulls on an ordinary order (a serializer emitting every record)', () => {
    const order = sample('order-full.json');
    order.OriginalOrder = { MerchantInternalOrderId: null, MerchantOrderId: null, OrderId: '' };
    expect(orderOriginalOrderRule.check(order)).toEqual([]);
  });

  it('fails OriginalOrder without IsReplacementOrder, and warns on a replacement that names no original', () => {
    const order = sample('order-replacement.json');
    order.IsReplacementOrder = false;
    expect(orderOriginalOrderRule.check(order)).toEqual([expect.objectContaining({ path: '/OriginalOrder', severity: 'error', actual: false })]);
    order.IsReplacementOrder = true;
    order.OriginalOrder = null;
    expect(orderOriginalOrderRule.check(order)).toEqual([expect.objectContaining({ path: '/OriginalOrder', severity: 'warning' })]);
  });
});

describe('discount-targets (order)', () => {
  it('fails a discount or markup naming a cart item that is not among the products', () => {
    const order = sample('order-full.json');
    order.Discounts[0].ProductCartItemId = 'missing';
    expect(orderDiscountTargetsRule.check(order)).toEqual([expect.objectContaining({ path: '/Discounts/0/ProductCartItemId', actual: 'missing', severity: 'error' })]);
  });

  it('says nothing when Products is not a list (the schema says so; every target would look dangling)', () => {
    const order = sample('order-full.json');
    order.Products = { 0: order.Products[0] };
    expect(orderDiscountTargetsRule.check(order)).toEqual([]);
    order.Products = null;
    expect(orderDiscountTargetsRule.check(order)).toEqual([]);
  });
});
