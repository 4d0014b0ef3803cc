/**
 * The `order-large` case: the large order (large-order.ts) posted once, on a cart like every
 * order, judged like every valid order and by `accepts-large-order`. A refusal is one problem, so it
 * is one failed row: the status-200 and order-accepted failures that only repeat it (and the
 * reachable error of a connection cut mid-upload) give way to accepts-large-order, which names the
 * size refused and the limits that refuse it. A cut is the merchant's refusal only when the merchant
 * still answers afterwards: one that went down under another request took this one with it.
 */
import type { AuthConfig, CaseResult, CheckResult } from '../model.js';
import { probeMerchant } from './liveness.js';
import type { MerchantContext } from './context.js';
import { judgeLargeOrder, LARGE_ORDER_CHECK } from '../checks/large-order.js';
import { orderOnCart, releaseUnlessUsed } from './order-cart.js';
import { orderCase, postOrder, SYNTHETIC_CART_SKIP } from './order-case.js';
import { LARGE_ORDER_VARIANT, largeOrderBase, withInvoice } from './large-order.js';

/** The checks a refusal of the large order would fail again, in its own words. */
const REPEATS = new Set(['reachable', 'status-200', 'order-accepted']);

/** Posts the large order of `bytes` bytes in `auth`: its cart's case (when fetched), then its own. */
export async function runLargeOrderCase(ctx: MerchantContext, bytes: number, auth: AuthConfig): Promise<CaseResult[]> {
  const carted = await orderOnCart(ctx, largeOrderBase(ctx.config, ctx.newOrderId(), bytes), auth, LARGE_ORDER_VARIANT);
  // The invoice is sized last, on the order as it is after its cart (whose lines may be fewer or more).
  const sized = withInvoice(carted.order, bytes);
  carted.order = sized.order;
  const synthetic = carted.lease.origin === 'synthetic';
  const posted = await postOrder(ctx, sized.order, auth, { synthetic });
  releaseUnlessUsed(ctx, carted, posted.accepted);
  const exchange = posted.judged.exchange;
  const cut = exchange.error?.code === 'ECONNRESET' && !exchange.response;
  const verdict = judgeLargeOrder(exchange, posted.judged.json, {
    bytes: sized.bytes,
    ...(synthetic ? { syntheticCart: SYNTHETIC_CART_SKIP } : {}),
    ...(cut ? { answeredAfterCut: await probeMerchant(ctx.config) } : {}),
  });
  const result = orderCase(ctx, LARGE_ORDER_VARIANT, auth, posted, verdict ? withVerdict(posted.checks, verdict) : posted.checks, carted);
  // The size is part of the case in every report (the finding says it in words).
  result.request.bodyBytes = sized.bytes;
  return [...(carted.cartCase ? [carted.cartCase] : []), result];
}

/** `checks` with the verdict; when it is a refusal, without the failures that repeat it. */
function withVerdict(checks: CheckResult[], verdict: CheckResult): CheckResult[] {
  if (verdict.status === 'passed') return [...checks, verdict];
  return [...checks.filter((c) => !(REPEATS.has(c.id) && c.status !== 'passed') && c.id !== LARGE_ORDER_CHECK), verdict];
}
