/**
 * One generated SendOrderToMerchant case: the auth mode it is sent in, the order's plan, and, for an
 * invalid variant, the one rule it breaks. The cart token is used only when the run has no real
 * carts (then it names a cart no merchant issued, and the case says so).
 */
import fc from 'fast-check';
import { orderPlan, type OrderPlan } from './order-plan.js';
import { invalidRule, type InvalidRule } from './invalid.js';

/** A generated order case. */
export interface FuzzCase {
  /** Index into the run's auth modes (shrinks to the first). */
  mode: number;
  plan: OrderPlan;
  /** The rule an invalid variant breaks; null for a valid order. */
  broken: InvalidRule | null;
  /** The synthetic cart token, when the run has no real carts. */
  cartToken: string;
}

const hex32 = fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 32, maxLength: 32 });

/** The arbitrary of order cases: about one in five is an invalid variant. */
export function fuzzCases(options: { merchantCurrency: string; modes: number }): fc.Arbitrary<FuzzCase> {
  return fc.record({
    mode: fc.nat(Math.max(0, options.modes - 1)),
    plan: orderPlan({ merchantCurrency: options.merchantCurrency }),
    // Valid first: shrinking an invalid case that failed stops at the same broken rule, since a
    // valid order is not a counterexample of a refusal.
    broken: fc.oneof({ withCrossShrink: true }, { arbitrary: fc.constant(null), weight: 4 }, { arbitrary: invalidRule(), weight: 1 }),
    cartToken: hex32,
  });
}
