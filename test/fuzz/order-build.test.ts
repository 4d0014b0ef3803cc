/**
 * Every generated order is valid: no schema error, no warning of any rule (only information such as
 * its unknown properties), and its money adds up the way the payment checks read it.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { orderPlan } from '../../src/fuzz/order-plan.js';
import { buildOrder } from '../../src/fuzz/order-build.js';
import { validatePayload } from '../../src/validation/index.js';
import { candidateTotals } from '../../src/checks/order-totals.js';
import { decodePayload } from '../../src/decode/payload-decode.js';
import { formEncode } from '../../src/decode/form-decode.js';

const RUNS = Number(process.env.XBORDER_FUZZ_RUNS ?? 150);
const identity = { merchantGUID: 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77', orderId: 'GE000000001DE', merchantCurrency: 'EUR', cartId: '2c5c7b3db2ed101426cba38d9c534086' };

describe('generated orders', () => {
  it('are valid orders: no errors, no warnings', () => {
    fc.assert(
      fc.property(orderPlan({ merchantCurrency: 'EUR' }), (plan) => {
        const order = buildOrder(plan, identity);
        const problems = validatePayload('order', order, { strict: true }).flatMap((c) => c.findings.filter((f) => f.severity !== 'info').map((f) => `${c.id} ${f.path}: ${f.message}`));
        expect(problems).toEqual([]);
      }),
      { numRuns: RUNS, seed: 42 },
    );
  });

  it('add up: the shopper total and the payment agree with the products, discounts and shipping', () => {
    fc.assert(
      fc.property(orderPlan({ merchantCurrency: 'EUR' }), (plan) => {
        const order = buildOrder(plan, identity);
        const totals = candidateTotals(order).get('EUR')!;
        // By price, by discounted price and the payment in the merchant's currency: one total, but for
        // the half cent each discounted unit price may be rounded by.
        const units = (order.Products as { Quantity: number }[]).reduce((s, p) => s + p.Quantity, 0);
        expect(Math.max(...totals) - Math.min(...totals)).toBeLessThanOrEqual(0.005 * units + 0.001);
        expect(totals[0]).toBeGreaterThan(0);
      }),
      { numRuns: RUNS, seed: 7 },
    );
  });

  it('encode the end customer once, as the platform does, and decode back to what was generated', () => {
    fc.assert(
      fc.property(orderPlan({ merchantCurrency: 'EUR' }), (plan) => {
        const order = buildOrder(plan, identity);
        const decoded = decodePayload(order).decoded as Record<string, Record<string, unknown>>;
        const block = plan.endCustomerPrimary === true ? 'PrimaryShipping' : 'SecondaryShipping';
        for (const [key, value] of Object.entries(plan.endCustomer.shipping)) {
          if (typeof value === 'string') expect(decoded[block]![key]).toBe(key === 'StateCode' ? value : value.trimStart());
        }
      }),
      { numRuns: RUNS, seed: 3 },
    );
  });

  it('form-encodes like the platform: + for a space, lower-case %xx of UTF-8', () => {
    expect(formEncode('Müller Straße 1', { lowerHex: true })).toBe('M%c3%bcller+Stra%c3%9fe+1');
    expect(formEncode('+49 30', { lowerHex: true })).toBe('%2b49+30');
    expect(formEncode('😀', { lowerHex: true })).toBe('%f0%9f%98%80');
  });

  it('are the same orders for the same seed', () => {
    const a = fc.sample(orderPlan({ merchantCurrency: 'EUR' }), { seed: 99, numRuns: 5 }).map((p) => buildOrder(p, identity));
    const b = fc.sample(orderPlan({ merchantCurrency: 'EUR' }), { seed: 99, numRuns: 5 }).map((p) => buildOrder(p, identity));
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });
});
