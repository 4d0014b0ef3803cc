/**
 * Order behaviours that take more than one request, all measured against a first delivery that was
 * accepted: re-delivery of the same OrderId (the platform may deliver twice; no second order), the
 * update path (MerchantOrderId set: same order) and tolerance of unknown properties. Apart from
 * them, rejection of an invalid order with a non-200 status.
 *
 * A follow-up is judged only when its request was answered: a refused connection or a timeout is
 * what `reachable` / `within-timeout` report, never a conformance failure of the behaviour itself.
 */
import type { AuthConfig, CaseResult, CheckResult, Finding } from '../model.js';
import { checkFrom } from '../checks/result.js';
import { describeError, infoPath } from '../checks/response-info.js';
import { readErrorAnswer } from '../checks/error-answer.js';
import { answerChecks } from '../checks/order-outcome.js';
import { orderCase, postOrder, SYNTHETIC_CART_SKIP, type PostedOrder } from './order-case.js';
import { orderOnCart, releaseUnlessUsed, type CartedOrder } from './order-cart.js';
import { postToRefuse } from './refusal-post.js';
import type { MerchantContext } from './context.js';

/**
 * Words of an explicit "this order is a duplicate" answer; "does not exist" must not count, and
 * neither does "already" said of the cart ("Cart already ordered"): a merchant that refuses a
 * re-delivery because its cart is used up has not recognised the order (demo --fault
 * order-duplicate in store mode answers just that).
 */
const DUPLICATE = /duplicat/i;
const EXISTS = /\bexists?\b/i;
const NEGATED_EXISTS = /\b(not|n't|no longer)\s+exists?\b/i;
const ALREADY = /\balready\b/i;
const CART = /\bcart\b/i;

/** True when a refusal's text says the order is already there. */
export function saysDuplicate(text: string): boolean {
  if (DUPLICATE.test(text) || (EXISTS.test(text) && !NEGATED_EXISTS.test(text))) return true;
  return ALREADY.test(text) && !CART.test(text);
}

/** Each follow-up case and the check it carries. */
const SEQUENCE = [['redelivery', 'idempotent-redelivery'], ['update', 'update-same-order'], ['unknown-properties', 'unknown-properties-tolerated']] as const;

function report(ctx: MerchantContext, variant: string, auth: AuthConfig, posted: PostedOrder, checks: CheckResult[], carted?: CartedOrder): CaseResult {
  return orderCase(ctx, variant, auth, posted, checks, carted);
}

/** What a follow-up keeps of its own answer's checks: transport and error-status. */
function transportOnly(posted: PostedOrder): CheckResult[] {
  return answerChecks(posted.checks);
}

/** The follow-up's transport and error-status checks, plus `judge`'s verdict when the follow-up was answered. */
function followUp(id: string, posted: PostedOrder, judge: () => Finding[]): CheckResult[] {
  const checks = transportOnly(posted);
  if (posted.judged.answered) checks.push(checkFrom(id, judge()));
  return checks;
}

/**
 * Follow-ups of a first delivery that was not accepted with an InternalOrderId are not sent: there
 * is nothing to compare them with. The skipped cases show that first delivery and why.
 */
function notJudged(ctx: MerchantContext, auth: AuthConfig, first: PostedOrder, carted: CartedOrder): CaseResult[] {
  const { exchange } = first.judged;
  const outcome = first.info?.success === true
    ? 'was accepted without an InternalOrderId to compare with'
    : `was not accepted (${exchange.response ? `HTTP ${exchange.response.status}: ${describeError(first.info)}` : exchange.error?.message ?? 'no answer'})`;
  const message = carted.lease.origin === 'synthetic' && first.judged.answered
    ? `the first delivery of the order was ${SYNTHETIC_CART_SKIP}`
    : `the first delivery of the order ${outcome}, so this cannot be judged`;
  const skipped = (id: string): CheckResult => ({ id, status: 'skipped', findings: [{ severity: 'info', message }] });
  // The first delivery's own error answered with HTTP 200 is still judged, once.
  const errorStatus = first.checks.filter((c) => c.id === 'error-status');
  return SEQUENCE.map(([variant, id], i) => report(ctx, variant, auth, first, [...(i === 0 ? errorStatus : []), skipped(id)], carted));
}

/**
 * Posts the order on a cart, then the same order again (re-delivery), then as an update, then a copy
 * on a cart of its own with a fresh OrderId and properties the interface does not name. `build`
 * gives the order to post.
 */
export async function runOrderSequences(ctx: MerchantContext, build: () => Record<string, unknown>, auth: AuthConfig): Promise<CaseResult[]> {
  const carted = await orderOnCart(ctx, build(), auth, 'redelivery');
  const order = carted.order;
  const first = await postOrder(ctx, order, auth, { synthetic: carted.lease.origin === 'synthetic' });
  const cartCases = carted.cartCase ? [carted.cartCase] : [];
  const firstId = first.info?.success === true ? first.info.internalOrderId : undefined;
  releaseUnlessUsed(ctx, carted, first.accepted);
  if (!firstId) return [...cartCases, ...notJudged(ctx, auth, first, carted)];
  const expectSame = 'the same InternalOrderId, or an explicit duplicate answer';

  const again = await postOrder(ctx, order, auth);
  const redelivery = followUp('idempotent-redelivery', again, () => {
    const info = again.info;
    if (!info) return [{ message: `the re-delivery got no ResponseInfo (${readErrorAnswer(again.judged.exchange.response!, again.judged.json).text})`, expected: expectSame, actual: `HTTP ${again.judged.exchange.response!.status}` }];
    if (info.success === true) {
      return info.internalOrderId === firstId ? [] : [{ message: `delivering OrderId ${String(order.OrderId)} again created a second order`, path: infoPath(info, 'InternalOrderId'), expected: firstId, actual: info.internalOrderId ?? 'missing' }];
    }
    if (saysDuplicate(describeError(info))) return [];
    // The platform alerts its operations team on every refused delivery: a merchant that refuses an
    // order it has, for another reason (its cart is used up), has not recognised it.
    return [{ message: `the re-delivery of an order the merchant accepted (${firstId}) was refused without saying it already exists: ${describeError(info)}`, expected: expectSame, actual: `HTTP ${again.judged.exchange.response!.status}: ${describeError(info)}` }];
  });

  const updated = await postOrder(ctx, { ...order, MerchantOrderId: firstId, StatusCode: 'N/A' }, auth);
  const sameOrder = followUp('update-same-order', updated, () => {
    const info = updated.info;
    if (info?.success !== true) return [{ message: `the update of order ${firstId} was not accepted: ${info ? describeError(info) : readErrorAnswer(updated.judged.exchange.response!, updated.judged.json).text}`, path: infoPath(info, 'Success'), expected: true, actual: info?.success ?? 'missing' }];
    if (info.internalOrderId !== firstId) return [{ message: 'posting the order with its MerchantOrderId answered another order', path: infoPath(info, 'InternalOrderId'), expected: firstId, actual: info.internalOrderId ?? 'missing' }];
    return [];
  });

  // A new order (fresh OrderId, a cart of its own) so the merchant cannot answer from the order it has.
  const fresh = await orderOnCart(ctx, { ...build(), OrderId: ctx.newOrderId() }, auth, 'unknown-properties');
  const probed = await postOrder(ctx, withUnknownProperties(fresh.order), auth);
  releaseUnlessUsed(ctx, fresh, probed.accepted);
  // A merchant that accepted the first order on a synthetic cart does not check carts: its refusal
  // of the probe is about the probe. Otherwise a synthetic cart leaves the refusal unexplained.
  const tolerated = fresh.lease.origin === 'synthetic' && carted.lease.origin !== 'synthetic' && !probed.accepted && probed.judged.answered
    ? [...transportOnly(probed), { id: 'unknown-properties-tolerated', status: 'skipped' as const, findings: [{ severity: 'info' as const, message: `the order with extra properties was ${SYNTHETIC_CART_SKIP}` }] }]
    : followUp('unknown-properties-tolerated', probed, () =>
      probed.accepted ? [] : [{ message: `the same order with extra properties was refused, though without them it was accepted: ${describeError(probed.info)}`, expected: 'Success true (receivers must tolerate unknown properties)', actual: `HTTP ${probed.judged.exchange.response!.status}${probed.info ? ` Success ${String(probed.info.success)}` : ''}` }]);

  return [
    ...cartCases,
    report(ctx, 'redelivery', auth, again, redelivery, carted),
    report(ctx, 'update', auth, updated, sameOrder, carted),
    ...(fresh.cartCase ? [fresh.cartCase] : []),
    report(ctx, 'unknown-properties', auth, probed, tolerated, fresh),
  ];
}

/** The order with properties the interface does not name, at the top level and nested. */
function withUnknownProperties(order: Record<string, unknown>): Record<string, unknown> {
  const extended: Record<string, unknown> = { ...order, XborderProbeField: 'receivers must tolerate unknown properties', XborderProbeObject: { Nested: true } };
  if (Array.isArray(extended.Products) && extended.Products[0] && typeof extended.Products[0] === 'object') {
    extended.Products = [{ ...(extended.Products[0] as object), XborderProbeField: 1 }, ...extended.Products.slice(1)];
  }
  return extended;
}

/**
 * An order without OrderId must be refused (and not with HTTP 200). It converts a real cart when the
 * run has one, so a refusal can only be for the missing OrderId.
 */
export async function runInvalidOrder(ctx: MerchantContext, build: () => Record<string, unknown>, auth: AuthConfig): Promise<CaseResult[]> {
  const carted = await orderOnCart(ctx, build(), auth, 'invalid-order', 'refusal');
  const invalid = { ...carted.order };
  delete invalid.OrderId;
  const sent = await postToRefuse(ctx, 'invalid-order', invalid, auth, { id: 'rejects-invalid-order', what: 'no OrderId (required)' }, carted);
  releaseUnlessUsed(ctx, carted, sent.accepted);
  return [...(carted.cartCase ? [carted.cartCase] : []), sent.result];
}
