/**
 * The order bodies a fuzz run sends, generated up front (no merchant involved): `npm run bench`
 * posts them with a bare undici loop to measure what generating and judging add per request.
 */
import fc from 'fast-check';
import { fuzzCases } from './fuzz-case.js';
import { buildOrder } from './order-build.js';
import { breakRule } from './invalid.js';

/** The JSON bodies of the first `runs` cases of `seed`, with fresh OrderIds from `orderId`. */
export function fuzzBodies(options: { seed: number; runs: number; merchantGUID: string; merchantCurrency: string; orderId: () => string }): string[] {
  const cases = fc.sample(fuzzCases({ merchantCurrency: options.merchantCurrency, modes: 1 }), { seed: options.seed, numRuns: options.runs });
  return cases.map((c) => {
    const order = buildOrder(c.plan, { merchantGUID: options.merchantGUID, orderId: options.orderId(), merchantCurrency: options.merchantCurrency, cartId: c.cartToken });
    return JSON.stringify(c.broken ? breakRule(order, c.broken) : order);
  });
}
