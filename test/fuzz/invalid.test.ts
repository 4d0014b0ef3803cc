/** Each invalid variant breaks exactly one rule: the schema (or the merchant's GUID) and nothing else. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { breakRule, invalidRule, limitedFields, refusalOf } from '../../src/fuzz/invalid.js';
import { orderPlan } from '../../src/fuzz/order-plan.js';
import { buildOrder } from '../../src/fuzz/order-build.js';
import { validatePayload } from '../../src/validation/index.js';
import { runs } from '../helpers/fuzz-runs.js';

const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';
const errors = (doc: unknown) => validatePayload('order', doc).flatMap((c) => c.findings.filter((f) => (f.severity ?? 'error') === 'error').map((f) => f.path));

describe('invalid variants', () => {
  it('reads the string limits from the shipped schema', () => {
    expect(limitedFields()).toEqual(expect.arrayContaining([{ field: 'FreeShippingCouponCode', limit: 50 }, { field: 'WebStoreCode', limit: 100 }]));
  });

  it('each makes a valid order fail exactly one way', () => {
    fc.assert(
      fc.property(orderPlan({ merchantCurrency: 'EUR' }), invalidRule(), (plan, rule) => {
        const order = buildOrder(plan, { merchantGUID: GUID, orderId: 'GE000000001DE', merchantCurrency: 'EUR', cartId: 'c' });
        expect(errors(order)).toEqual([]);
        const broken = breakRule(order, rule);
        if (rule.kind === 'wrong-guid') {
          expect(errors(broken)).toEqual([]);
          expect(broken.MerchantGUID).not.toBe(GUID);
          expect(refusalOf(rule).id).toBe('guid-enforced');
        } else {
          const paths = [...new Set(errors(broken).map((p) => (p ?? '').split('/')[1]))];
          expect(paths).toEqual([rule.kind === 'no-order-id' ? 'OrderId' : rule.field]);
          expect(refusalOf(rule).id).toBe('rejects-invalid-order');
        }
      }),
      { ...runs(100), seed: 5 },
    );
  });
});
