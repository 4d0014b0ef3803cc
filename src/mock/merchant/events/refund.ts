/**
 * NotifyOrderRefund. `RefundId` is required and is the refund's identity: a RefundId seen before is
 * answered exactly as the first time and changes nothing. A new refund takes back quantities per
 * `CartItemId` (`Products[].RefundQuantity`, numbers or numeric strings) and an amount
 * (`TotalRefundAmount`, a string): every CartItemId must be one of the order's, the quantities
 * refunded per item over all refunds may not exceed what was ordered, and the amounts refunded may
 * not exceed the order total (payment.ts `merchantTotal` of the stored order) plus 0.01.
 */
import { getProp, getString, isObject, toNumber, type JsonObject } from '../../../json/props.js';
import { formatAmount, merchantTotal } from '../payment.js';
import type { StoredOrder } from '../store.js';
import { badRequest, eventError, okReply, type EventContext, type EventHandler } from './common.js';

/** How far over the order total the refunds may go (a cent of rounding). */
const AMOUNT_TOLERANCE = 0.01;

/** A refund notification's content, read from the body. */
interface RefundLines {
  /** Quantity per CartItemId (lines naming the same item summed). */
  quantities: Map<string, number>;
  /** TotalRefundAmount (0 when absent). */
  amount: number;
}

export const refundEvent: EventHandler = {
  validate(body, ctx) {
    if (!getString(body, 'RefundId')) return badRequest(ctx, 'RefundId is required.');
    const lines = readLines(body);
    return typeof lines === 'string' ? badRequest(ctx, lines) : undefined;
  },
  apply(order, body, ctx) {
    const refundId = getString(body, 'RefundId')!.trim();
    // Under refund-race the lookup was made before the slow part, so a copy applied meanwhile is missed.
    const seen = order.refunds.find((refund) => refund.refundId === refundId && (ctx.refundIdsAtArrival?.has(refundId) ?? true));
    if (seen) {
      seen.deliveries += 1;
      if (ctx.fault === 'refund-applied-twice') {
        // The defect: the merchant does not remember RefundIds and books the same refund again.
        book(order, new Map(Object.entries(seen.quantities)), seen.amount);
        seen.applied += 1;
      }
      return { status: 200, body: structuredClone(seen.answer) };
    }

    const lines = readLines(body) as RefundLines;
    const ordered = orderedQuantities(order.order);
    for (const cartItemId of lines.quantities.keys()) {
      if (!ordered.has(cartItemId)) return badRequest(ctx, `Unknown CartItemId ${cartItemId}: the order has no such item.`);
    }
    if (ctx.fault !== 'refund-over-total-accepted') {
      const problem = overLimit(order, lines, ordered, ctx);
      if (problem) return problem;
    }

    book(order, lines.quantities, lines.amount);
    const reply = okReply(order);
    order.refunds.push({ refundId, amount: lines.amount, quantities: Object.fromEntries(lines.quantities), answer: structuredClone(reply.body), deliveries: 1, applied: 1 });
    return reply;
  },
};

/** The refund's lines and amount, or a sentence saying what is wrong with them. */
function readLines(body: JsonObject): RefundLines | string {
  const rawAmount = getProp(body, 'TotalRefundAmount');
  let amount = 0;
  if (rawAmount !== undefined && rawAmount !== null) {
    const value = toNumber(rawAmount);
    if (value === undefined || value < 0) return 'TotalRefundAmount must be a non-negative amount (a decimal written as text).';
    amount = value;
  }
  const products = getProp(body, 'Products');
  const quantities = new Map<string, number>();
  if (products === undefined || products === null) return { quantities, amount };
  if (!Array.isArray(products)) return 'Products must be a list of { CartItemId, RefundQuantity }.';
  for (const [index, product] of products.entries()) {
    if (!isObject(product)) return `Products[${index}] must be an object with CartItemId and RefundQuantity.`;
    const cartItemId = getString(product, 'CartItemId')?.trim();
    if (!cartItemId) return `Products[${index}].CartItemId is required.`;
    const rawQuantity = getProp(product, 'RefundQuantity');
    const quantity = rawQuantity === undefined || rawQuantity === null ? 0 : toNumber(rawQuantity);
    if (quantity === undefined || quantity < 0) return `Products[${index}].RefundQuantity must be a non-negative number.`;
    quantities.set(cartItemId, (quantities.get(cartItemId) ?? 0) + quantity);
  }
  return { quantities, amount };
}

/** Quantity ordered per CartItemId (a product without Quantity counts 1, as in merchantTotal). */
function orderedQuantities(order: unknown): Map<string, number> {
  const ordered = new Map<string, number>();
  const products = isObject(order) ? getProp(order, 'Products') : undefined;
  if (!Array.isArray(products)) return ordered;
  for (const product of products.filter(isObject)) {
    const cartItemId = getString(product, 'CartItemId')?.trim();
    if (cartItemId) ordered.set(cartItemId, (ordered.get(cartItemId) ?? 0) + (toNumber(getProp(product, 'Quantity')) ?? 1));
  }
  return ordered;
}

/** 400 "Refund exceeds what was ordered" when a quantity or the amount goes past the order. */
function overLimit(order: StoredOrder, lines: RefundLines, ordered: Map<string, number>, ctx: EventContext) {
  for (const [cartItemId, quantity] of lines.quantities) {
    const already = order.refundedQuantities[cartItemId] ?? 0;
    const limit = ordered.get(cartItemId)!;
    if (already + quantity > limit + 1e-9) {
      return eventError(ctx, 400, 'Refund exceeds what was ordered', `CartItemId ${cartItemId}: ${quantity} more after ${already} refunded would exceed the ${limit} ordered.`);
    }
  }
  const total = isObject(order.order) ? merchantTotal(order.order) : 0;
  const refunded = round(order.refundedAmount + lines.amount);
  if (refunded > total + AMOUNT_TOLERANCE + 1e-9) {
    return eventError(ctx, 400, 'Refund exceeds what was ordered', `TotalRefundAmount ${formatAmount(lines.amount)} would bring the refunds to ${formatAmount(refunded)}, over the order total ${formatAmount(total)}.`);
  }
  return undefined;
}

/** Adds a refund's quantities and amount to the order's refunded totals. */
function book(order: StoredOrder, quantities: Map<string, number>, amount: number): void {
  for (const [cartItemId, quantity] of quantities) {
    order.refundedQuantities[cartItemId] = (order.refundedQuantities[cartItemId] ?? 0) + quantity;
  }
  order.refundedAmount = round(order.refundedAmount + amount);
}

/** Six decimals: amounts arrive with up to six, and sums of floats drift. */
function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
