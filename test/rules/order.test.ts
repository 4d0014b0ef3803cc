/** The order's named rules, each passing on shipped orders and failing on a broken one. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/model.js';
import { orderIdentityRule, orderOriginalOrderRule, orderSubsRule } from '../../src/rules/order-rules.js';
import { cartDiscountTargetsRule, orderDiscountTargetsRule } from '../../src/rules/discount-targets.js';
import { rulesFor } from '../../src/rules/index.js';
import { asArray, asObject, asText, isGiven, itemTexts, objectItems, quoted, received } from '../../src/rules/util.js';
import { joinPointer } from '../../src/validation/pointer.js';
import { runs } from '../helpers/fuzz-runs.js';
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

/** objectItems as it was first written: every item through forEach and joinPointer. */
function referenceObjectItems(doc: Record<string, unknown> | undefined, key: string, base = ''): { item: Record<string, unknown>; path: string }[] {
  const out: { item: Record<string, unknown>; path: string }[] = [];
  asArray(doc?.[key]).forEach((value, i) => {
    const item = asObject(value);
    if (item) out.push({ item, path: joinPointer(base, key, i) });
  });
  return out;
}

/** discount-targets as it was first written: the product ids gathered up front, every item with its pointer. */
function referenceDiscountTargets(doc: unknown, productsKey: string, discountKeys: string[]): Finding[] {
  const root = asObject(doc);
  if (!Array.isArray(root?.[productsKey])) return [];
  const ids = new Set(referenceObjectItems(root, productsKey).map((p) => asText(p.item.CartItemId)).filter((id): id is string => id !== undefined));
  const findings: Finding[] = [];
  for (const key of discountKeys) {
    for (const { item, path } of referenceObjectItems(root, key)) {
      const target = item.ProductCartItemId;
      if (!isGiven(target) || (typeof target === 'string' && ids.has(target))) continue;
      findings.push({
        path: joinPointer(path, 'ProductCartItemId'),
        message: `ProductCartItemId ${quoted(target)} names no product of ${productsKey} (cart-level discounts leave it null)`,
        expected: ids.size ? [...ids] : `the CartItemId of a product in ${productsKey}`,
        actual: received(target),
        severity: 'error',
      });
    }
  }
  return findings;
}

describe('discount-targets and the item readers, against their first (allocating) versions', () => {
  // Mostly a few ids, so that discounts often name (or nearly name) a product of the document.
  const id = fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom('1', '2', ' 1', '', ' ', 'a/b') },
    { weight: 1, arbitrary: fc.string() },
    { weight: 1, arbitrary: fc.constantFrom(null, undefined, 1, 'x'.repeat(90)) },
  );
  const item = fc.oneof(
    { weight: 4, arbitrary: fc.record({ CartItemId: id, ProductCartItemId: id }, { requiredKeys: [] }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );
  const list = fc.oneof({ weight: 4, arbitrary: fc.array(item, { maxLength: 6 }) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) });
  const keys = ['Products', 'Discounts', 'Markups', 'productsList', 'discountsList', 'a/b'] as const;
  const doc = fc.oneof({ weight: 9, arbitrary: fc.record(Object.fromEntries(keys.map((k) => [k, list])), { requiredKeys: [] }) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) });

  it('the same findings, in the same order, for any document', () => {
    fc.assert(
      fc.property(doc, (d) => {
        expect(orderDiscountTargetsRule.check(d)).toStrictEqual(referenceDiscountTargets(d, 'Products', ['Discounts', 'Markups']));
        expect(cartDiscountTargetsRule.check(d)).toStrictEqual(referenceDiscountTargets(d, 'productsList', ['discountsList']));
      }),
      runs(300),
    );
  });

  it('objectItems and itemTexts read the items the first objectItems read', () => {
    fc.assert(
      fc.property(doc, fc.constantFrom(...keys), fc.constantFrom('', '/Subs/0', '/a~1b'), (d, key, base) => {
        const root = asObject(d);
        expect(objectItems(root, key, base)).toStrictEqual(referenceObjectItems(root, key, base));
        const ids = new Set(referenceObjectItems(root, key).map((p) => asText(p.item.CartItemId)).filter((t): t is string => t !== undefined));
        expect([...itemTexts(asArray(root?.[key]), 'CartItemId')]).toStrictEqual([...ids]);
      }),
      runs(300),
    );
  });
});
