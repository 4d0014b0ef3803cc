/**
 * Sends one generated order case to the merchant and judges it with the same functions as `check`:
 * a valid order through postOrder (on a real cart when the run has them, merged with it), an
 * invalid variant through postToRefuse. The fuzzer only decides what to send.
 */
import type { CaseResult, CheckResult } from '../model.js';
import type { JsonObject } from '../json/props.js';
import type { MerchantContext } from '../merchant/context.js';
import { orderCase, postOrder } from '../merchant/order-case.js';
import { orderOnCart, releaseUnlessUsed, type CartedOrder } from '../merchant/order-cart.js';
import { postToRefuse } from '../merchant/refusal-post.js';
import { buildOrder } from './order-build.js';
import { breakRule, refusalOf, ruleLabel } from './invalid.js';
import type { FuzzCase } from './fuzz-case.js';

/** What one generated case came to. */
export interface SentCase {
  /** The order as posted (after the merge with its cart, with the rule broken). */
  order: JsonObject;
  /** The cases for the report: the cart's (when fetched for it), then the order's. */
  cases: CaseResult[];
  /** The order case's checks that failed or errored: the property fails when there is one. */
  failing: CheckResult[];
  /** True when the case could not be judged (a synthetic cart refused): it counts as skipped. */
  skipped: boolean;
}

/** What the run has learnt about the merchant so far. */
export interface FuzzRunState {
  /**
   * The merchant accepted an order on a synthetic cart (a token it never issued): from then on a
   * synthetic cart is not why it refuses or crashes on another order, and such a refusal counts.
   */
  acceptedOnSynthetic: boolean;
}

/** Sends `fuzzCase` (named `variant` in the report) and judges the answer. */
export async function sendFuzzCase(ctx: MerchantContext, fuzzCase: FuzzCase, variant: string, state: FuzzRunState = { acceptedOnSynthetic: false }): Promise<SentCase> {
  const auth = ctx.modes[fuzzCase.mode % ctx.modes.length]!;
  const identity = { merchantGUID: ctx.config.merchantGUID, orderId: ctx.newOrderId(), merchantCurrency: ctx.config.merchant.currencyCode.toUpperCase(), cartId: fuzzCase.cartToken };
  const valid = buildOrder(fuzzCase.plan, identity);
  let carted: CartedOrder | undefined;
  let order = valid;
  if (ctx.carts.real) {
    carted = await orderOnCart(ctx, valid, auth, variant);
    order = carted.order;
  }
  if (fuzzCase.broken) {
    const broken = breakRule(order, fuzzCase.broken);
    const sent = await postToRefuse(ctx, `${variant} (${ruleLabel(fuzzCase.broken)})`, broken, auth, refusalOf(fuzzCase.broken), carted);
    if (carted) releaseUnlessUsed(ctx, carted, sent.accepted);
    return done(broken, carted, sent.result, false);
  }
  // Without real carts the order names a generated token no merchant issued: a refusal is skipped,
  // until the merchant shows it takes such carts by accepting an order on one.
  const synthetic = !carted || carted.lease.origin === 'synthetic';
  const posted = await postOrder(ctx, order, auth, { synthetic: synthetic && !state.acceptedOnSynthetic, crashIsFinding: true });
  if (synthetic && posted.accepted) state.acceptedOnSynthetic = true;
  if (carted) releaseUnlessUsed(ctx, carted, posted.accepted);
  const result = orderCase(ctx, variant, auth, posted, posted.checks, carted);
  const skipped = posted.checks.some((c) => c.id === 'order-accepted' && c.status === 'skipped');
  return done(order, carted, result, skipped);
}

function done(order: JsonObject, carted: CartedOrder | undefined, result: CaseResult, skipped: boolean): SentCase {
  const failing = result.checks.filter((c) => c.status === 'failed' || c.status === 'errored');
  return { order, cases: [...(carted?.cartCase ? [carted.cartCase] : []), result], failing, skipped };
}
