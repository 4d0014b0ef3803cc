/**
 * `cart-loyalty-points`: each original/customer value pair of LoyaltyPoints is given at least by one
 * member (the interface: "one is optional if the other exists"), when the pair is in use: the spend
 * pair once there are points to spend (LoyaltyPointsTotal or LoyaltyPointsMaxSpend), the earn pair once
 * the cart says points will be earned (loyaltyPointsEarned > 0).
 */
import type { Finding } from '../model.js';
import type { PayloadRule } from './types.js';
import { asNumber, asObject, isGiven } from './util.js';

/** `cart-loyalty-points`. */
export const cartLoyaltyPointsRule: PayloadRule = {
  id: 'cart-loyalty-points',
  title: 'Loyalty point values come with a money value',
  check(doc) {
    const root = asObject(doc);
    const points = asObject(root?.LoyaltyPoints);
    if (!points) return [];
    const findings: Finding[] = [];
    const pairInUse = {
      Spend: (asNumber(points.LoyaltyPointsTotal) ?? 0) > 0 || (asNumber(points.LoyaltyPointsMaxSpend) ?? 0) > 0,
      Earn: (asNumber(root?.loyaltyPointsEarned) ?? 0) > 0,
    };
    for (const use of ['Spend', 'Earn'] as const) {
      const original = `LoyaltyPointsOriginalValueFor${use}`;
      const customer = `LoyaltyPointsValueFor${use}`;
      if (!pairInUse[use] || isGiven(points[original]) || isGiven(points[customer])) continue;
      findings.push({
        path: '/LoyaltyPoints',
        message: `points to ${use.toLowerCase()} need a money value: give ${original} (merchant currency) or ${customer} (customer currency)`,
        expected: `${original} or ${customer}`,
        actual: 'neither',
        severity: 'error',
      });
    }
    return findings;
  },
};
