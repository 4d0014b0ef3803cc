/** `refund-amounts`: what a NotifyOrderRefund body adds up to. */
import type { Finding } from '../model.js';
import type { PayloadRule } from './types.js';
import { asObject, joinPointer, objectItems } from './util.js';

const DECIMAL_TEXT = /^\s*\d+(\.\d+)?\s*$/;

/** A refund amount (decimal text, or a number the schema step already turned into text), or undefined. */
function amountOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  return typeof value === 'string' && DECIMAL_TEXT.test(value) ? Number(value) : undefined;
}

/** Cents, to compare decimal sums without floating-point dust. */
const cents = (n: number): number => Math.round(n * 100);

/**
 * `refund-amounts`: the parts of a refund stay within its totals. TotalRefundAmount includes every
 * product's RefundAmount (and the service gesture); OriginalTotalRefundAmount every product's
 * OriginalRefundAmount. A merchant that books the parts would refund more than the platform did.
 */
export const refundAmountsRule: PayloadRule = {
  id: 'refund-amounts',
  title: 'Refunded products and the service gesture stay within the refund totals',
  check(doc) {
    const root = asObject(doc);
    if (!root) return [];
    const findings: Finding[] = [];
    const products = objectItems(root, 'Products');
    for (const [totalName, partName] of [
      ['TotalRefundAmount', 'RefundAmount'],
      ['OriginalTotalRefundAmount', 'OriginalRefundAmount'],
    ] as const) {
      const total = amountOf(root[totalName]);
      const parts = products.map(({ item }) => amountOf(item[partName])).filter((n): n is number => n !== undefined);
      if (total === undefined || parts.length === 0) continue;
      const sum = parts.reduce((a, b) => a + cents(b), 0);
      if (sum > cents(total)) {
        findings.push({
          path: '/Products',
          message: `the products' ${partName} add up to ${(sum / 100).toFixed(2)}, more than ${totalName} (${root[totalName]})`,
          expected: `at most ${root[totalName]} in all`,
          actual: (sum / 100).toFixed(2),
          severity: 'warning',
        });
      }
    }
    const total = amountOf(root.TotalRefundAmount);
    const gesture = amountOf(root.ServiceGestureAmount);
    if (total !== undefined && gesture !== undefined && cents(gesture) > cents(total)) {
      findings.push({
        path: joinPointer('', 'ServiceGestureAmount'),
        message: `ServiceGestureAmount (${root.ServiceGestureAmount}) is part of TotalRefundAmount (${root.TotalRefundAmount}) and cannot exceed it`,
        expected: `at most ${root.TotalRefundAmount}`,
        actual: String(root.ServiceGestureAmount),
        severity: 'warning',
      });
    }
    return findings;
  },
};
