/**
 * Positive SendOrderToMerchant cases: post one order on its cart and judge the answer (status,
 * ResponseInfo schema and rules, acceptance, error status, payment). The follow-up sequences live
 * in order-sequences.ts.
 */
import type { AuthConfig, CaseResult, CheckResult } from '../model.js';
import { orderRequest } from './requests.js';
import { sendJudged, type JudgedExchange } from './send-judged.js';
import { judgePayload } from '../checks/payload.js';
import { judgeErrorStatus, judgeOrderAccepted } from '../checks/order-outcome.js';
import { judgePayment } from '../checks/payment.js';
import { readResponseInfo, type ResponseInfoView } from '../checks/response-info.js';
import { caseResult } from '../engine/case-result.js';
import type { MerchantContext } from './context.js';
import type { OrderSource } from './order-source.js';
import { cartNote, orderOnCart, releaseUnlessUsed, type CartedOrder } from './order-cart.js';
import { postToRefuse } from './refusal-post.js';
import { resolveOrderParams } from './order-params.js';
import { judgeOrderParams } from '../checks/order-params.js';

/** A posted order with its judged answer. */
export interface PostedOrder {
  judged: JudgedExchange;
  info?: ResponseInfoView;
  checks: CheckResult[];
  /** True when the merchant accepted the order (Success true). */
  accepted: boolean;
}

/** What the caller knows about the order being posted. */
export interface PostOptions {
  /** The order names a cart the merchant never issued: a refusal cannot be judged. */
  synthetic?: boolean;
  /**
   * On a synthetic cart, a crash (a 5xx without Success false) is still a finding: the generated
   * orders of `fuzz` must never crash the merchant, whatever cart they name.
   */
  crashIsFinding?: boolean;
  /** A likely cause to name when the status is wrong. */
  hint?: string;
  /** merchant.payments: with `platform` no payment check runs, whatever the order carries. */
  payments?: 'merchant' | 'platform';
}

/** The one line that says how to stop sending PaymentDetails to a merchant that does not charge. */
export const PAYMENTS_SWITCH = 'the merchant answered as if it charged nothing: if the platform charges the card for this merchant, set merchant.payments to "platform" in the configuration (orders then carry no PaymentDetails and no payment check runs)';

/** The reason and the way out, for an order on a synthetic cart that the merchant refused. */
export const SYNTHETIC_CART_SKIP = 'refused on a synthetic cart (a CartId the merchant never issued), which may be the reason; give xborder real carts with merchant.carts or merchant.newCart';

/** Posts `order` with `auth` and judges the answer as a valid order's answer. */
export async function postOrder(ctx: MerchantContext, order: Record<string, unknown>, auth: AuthConfig, options: PostOptions = {}): Promise<PostedOrder> {
  ctx.noteSecrets?.(order);
  const judged = await sendJudged(ctx, orderRequest(ctx.config, order), auth, { expect200: true, hint: options.hint });
  const posted = judgeOrderAnswer(ctx, order, judged, { payments: ctx.config.merchant.payments, ...options });
  const params = judgeOrderParams(resolveOrderParams(ctx.config, order.UrlParameters));
  if (params) posted.checks.unshift(params);
  if (posted.accepted && typeof order.OrderId === 'string' && order.UrlParameters !== undefined) ctx.urlParametersByOrder?.set(order.OrderId, order.UrlParameters);
  return posted;
}

/**
 * Judges the answer to a valid order, already judged up to its body (transport, status, JSON): the
 * ResponseInfo's schema and rules, acceptance, error status, the charge. The exchange may come from
 * anywhere: posted by xborder, seen by the proxy, read from a HAR file.
 */
export function judgeOrderAnswer(ctx: Pick<MerchantContext, 'strict'>, order: Record<string, unknown>, judged: JudgedExchange, options: PostOptions = {}): PostedOrder {
  let checks = [...judged.checks];
  if (judged.json === undefined) return { judged, checks: skipIfSynthetic(checks, judged, options), accepted: false };
  const info = readResponseInfo(judged.json);
  checks.push(...judgePayload('order-response', judged.json, ctx.strict));
  checks.push(...withoutRepeats(judgeOrderAccepted(info), checks));
  const errorStatus = judgeErrorStatus(judged.exchange, info);
  if (errorStatus) checks.push(errorStatus);
  const payment = order.PaymentDetails;
  if (payment && typeof payment === 'object' && info?.success === true && options.payments !== 'platform') checks.push(...judgePayment(order, info, PAYMENTS_SWITCH));
  checks = skipIfSynthetic(checks, judged, options, info);
  return { judged, info, checks, accepted: info?.success === true };
}

/**
 * On a synthetic cart, a refusal (a 4xx or 5xx, or Success false) skips the checks that say "a valid
 * order must be accepted": the merchant may rightly refuse a cart it never issued. What the answer
 * itself got wrong (its schema, an error sent with HTTP 200) is still judged.
 */
function skipIfSynthetic(checks: CheckResult[], judged: JudgedExchange, options: PostOptions, info?: ResponseInfoView): CheckResult[] {
  const status = judged.exchange.response?.status;
  if (!options.synthetic || status === undefined) return checks;
  const refused = status >= 400 || info?.success === false;
  if (!refused) return checks;
  if (options.crashIsFinding && status >= 500 && info?.success !== false) return checks;
  const acceptance = new Set(['status-200', 'order-accepted']);
  const kept = checks.filter((c) => !acceptance.has(c.id));
  return [...kept, { id: 'order-accepted', status: 'skipped', findings: [{ severity: 'info', message: `the order was ${SYNTHETIC_CART_SKIP}` }] }];
}

/**
 * `check` unless its failure only repeats one the schema or the ResponseInfo rules already report at
 * the same JSON pointer (no ResponseInfo, Success not a boolean, no InternalOrderId): one problem,
 * one row. A valid order refused with Success false is order-accepted's own finding and stays.
 */
function withoutRepeats(check: CheckResult, earlier: CheckResult[]): CheckResult[] {
  if (check.status !== 'failed') return [check];
  const reported = new Set(earlier.filter((c) => c.status === 'failed').flatMap((c) => c.findings.map((f) => f.path)));
  return check.findings.every((f) => reported.has(f.path)) ? [] : [check];
}

/** The report case of a posted order (on its cart). */
export function orderCase(ctx: MerchantContext, variant: string, auth: AuthConfig, posted: PostedOrder, checks: CheckResult[] = posted.checks, carted?: CartedOrder): CaseResult {
  const result = caseResult({ endpoint: 'SendOrderToMerchant', variant: variant, authMode: auth.mode, exchange: posted.judged.exchange, checks, bodyText: posted.judged.bodyText }, ctx);
  if (carted) result.cart = cartNote(carted);
  return result;
}

/** One positive order case for the report: the cart's case (when fetched for it), then the order's. */
export async function runOrderCase(ctx: MerchantContext, source: OrderSource, auth: AuthConfig): Promise<CaseResult[]> {
  const pre = source.preChecks ?? [];
  if (source.mustRefuse) return [(await postToRefuse(ctx, source.variant, source.build(), auth, source.mustRefuse, undefined, pre)).result];
  if (!source.onCart) {
    const posted = await postOrder(ctx, source.build(), auth);
    return [orderCase(ctx, source.variant, auth, posted, [...pre, ...posted.checks])];
  }
  const carted = await orderOnCart(ctx, source.build(), auth, source.variant);
  if (source.finish) carted.order = source.finish(carted.order);
  const posted = await postOrder(ctx, carted.order, auth, { synthetic: carted.lease.origin === 'synthetic' });
  releaseUnlessUsed(ctx, carted, posted.accepted);
  return [...(carted.cartCase ? [carted.cartCase] : []), orderCase(ctx, source.variant, auth, posted, posted.checks, carted)];
}
