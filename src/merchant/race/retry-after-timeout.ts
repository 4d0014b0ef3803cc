/**
 * `redelivery-after-timeout`: the platform's retry. When the first delivery is not answered within
 * the request timeout (timeoutMs), the same order is sent again at once, as the platform does, and
 * once more after both have answered. A slow merchant (inventory, fraud checks, payment) is still
 * creating the first order when the copy arrives; one order must result all the same.
 *
 * The source waits longer than the platform for the answers (withWait), so the ids can be compared;
 * each late answer is still judged against timeoutMs by within-timeout, as any order is.
 */
import type { AuthConfig, CaseResult, CheckResult } from '../../model.js';
import { applyAuth } from '../../auth/index.js';
import { send } from '../../http/send.js';
import { judgeOneOrder } from '../../checks/one-order.js';
import { checkFrom } from '../../checks/result.js';
import { orderRequest } from '../requests.js';
import { cartNote } from '../order-cart.js';
import { judgeOrderAnswer, orderCase } from '../order-case.js';
import type { MerchantContext } from '../context.js';
import { freshOrder } from './fresh-cart.js';
import { judgedDelivery, withWait } from './deliver.js';
import { groupCase, groupTransport, skippedCase } from './group-case.js';

/** The group's case name in reports. */
export const RETRY_VARIANT = 'retry-after-timeout';
/** The case name of the first delivery, whose lateness its within-timeout reports. */
export const RETRY_FIRST_VARIANT = 'retry-after-timeout first delivery';

/** Resolves true when `pending` settles within `ms`, false when the time runs out first. */
function settlesWithin(pending: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(false), ms); });
  return Promise.race([pending.then(() => true, () => true), timeout]).finally(() => clearTimeout(timer));
}

/** Runs the retry scenario on a fresh cart: the first delivery's case, then the group's. */
export async function runRetryAfterTimeout(ctx: MerchantContext, build: () => Record<string, unknown>, auth: AuthConfig): Promise<CaseResult[]> {
  const fresh = await freshOrder(ctx, build(), auth, RETRY_VARIANT);
  if ('skip' in fresh) return [skippedCase('SendOrderToMerchant', RETRY_VARIANT, auth, orderRequest(ctx.config, build()), 'redelivery-after-timeout', fresh.skip)];
  const { carted } = fresh;
  const order = carted.order;
  ctx.noteSecrets?.(order);
  const timeoutMs = ctx.config.http.timeoutMs;
  const http = withWait(ctx.config.http);
  const spec = orderRequest(ctx.config, order);
  const cartCases = carted.cartCase ? [carted.cartCase] : [];

  const firstSent = send(await applyAuth(spec, auth), http);
  const answeredInTime = await settlesWithin(firstSent, timeoutMs);
  if (answeredInTime) {
    const exchange = await firstSent;
    const first = judgeOrderAnswer(ctx, order, judgedDelivery(ctx, exchange, 'the first delivery', auth.mode).judged);
    const never = checkFrom('redelivery-after-timeout', [{ severity: 'info', message: `the first delivery ${exchange.response ? 'was answered' : 'ended'} within the ${timeoutMs} ms timeout, so the platform would not retry it: the retry never happened` }]);
    const result = orderCase(ctx, RETRY_VARIANT, auth, first, [...first.checks, never], carted);
    return [...cartCases, result];
  }

  // The platform's retry: at once, while the first delivery may still be in the merchant's hands.
  const retrySent = send(await applyAuth(spec, auth), http);
  const [firstExchange, retryExchange] = await Promise.all([firstSent, retrySent]);
  const againExchange = await send(await applyAuth(spec, auth), http);

  const firstDelivery = { ...judgedDelivery(ctx, firstExchange, 'the first delivery', auth.mode), label: 'the first delivery' };
  const first = judgeOrderAnswer(ctx, order, firstDelivery.judged);
  const retry = { ...judgedDelivery(ctx, retryExchange, 'the retry', auth.mode), label: 'the retry' };
  const again = { ...judgedDelivery(ctx, againExchange, 'the copy after both answered', auth.mode), label: 'the copy after both answered' };
  const verdict = judgeOneOrder('redelivery-after-timeout', String(order.OrderId), [firstDelivery.delivery, retry.delivery, again.delivery]);
  const shown = retry.delivery.answered || !again.delivery.answered ? retry : again;
  // The first delivery's lateness is its own case's within-timeout, not a second failure here.
  const checks: CheckResult[] = [...groupTransport([retry, again]), verdict];
  const group = groupCase(ctx, { endpoint: 'SendOrderToMerchant', variant: RETRY_VARIANT, auth, shown: shown.judged, checks });
  group.cart = cartNote(carted);
  return [...cartCases, orderCase(ctx, RETRY_FIRST_VARIANT, auth, first, first.checks, carted), group];
}
