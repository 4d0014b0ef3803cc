/**
 * `redelivery-concurrent`: the same order (same OrderId, same cart) delivered N times at once, as
 * happens when the platform's copy reaches a merchant still working on the first. Public merchant
 * integrations look the OrderId up, then insert: each copy finds nothing and creates an order.
 */
import type { AuthConfig, CaseResult } from '../../model.js';
import { judgeOneOrder } from '../../checks/one-order.js';
import { orderRequest } from '../requests.js';
import type { MerchantContext } from '../context.js';
import { freshOrder } from './fresh-cart.js';
import { cartNote } from '../order-cart.js';
import { judgedDelivery, sendAtOnce, withWait } from './deliver.js';
import { groupCase, groupTransport, skippedCase } from './group-case.js';

/** The case's name in reports. */
export const CONCURRENT_VARIANT = 'redelivery-concurrent';

/** Delivers the order `count` times at once on a fresh cart; one case for the group (after the cart's). */
export async function runConcurrentRedelivery(ctx: MerchantContext, build: () => Record<string, unknown>, auth: AuthConfig, count: number): Promise<CaseResult[]> {
  const fresh = await freshOrder(ctx, build(), auth, CONCURRENT_VARIANT);
  if ('skip' in fresh) return [skippedCase('SendOrderToMerchant', CONCURRENT_VARIANT, auth, orderRequest(ctx.config, build()), 'redelivery-concurrent', fresh.skip)];
  const { carted } = fresh;
  ctx.noteSecrets?.(carted.order);
  // The cart is never handed back: whatever the copies did to it, no other case may use it.
  const exchanges = await sendAtOnce(orderRequest(ctx.config, carted.order), auth, count, withWait(ctx.config.http));
  const judged = exchanges.map((e, i) => ({ ...judgedDelivery(ctx, e, `delivery ${i + 1}`, auth.mode), label: `delivery ${i + 1}` }));
  const verdict = judgeOneOrder('redelivery-concurrent', String(carted.order.OrderId), judged.map((j) => j.delivery));
  // Shown: the first copy that made a second order, else the first answered one.
  const firstId = judged.find((j) => j.delivery.info?.success === true)?.delivery.info?.internalOrderId;
  const shown = judged.find((j) => j.delivery.info?.success === true && j.delivery.info.internalOrderId !== firstId) ?? judged.find((j) => j.delivery.answered) ?? judged[0]!;
  const result = groupCase(ctx, { endpoint: 'SendOrderToMerchant', variant: CONCURRENT_VARIANT, auth, shown: shown.judged, checks: [...groupTransport(judged), verdict] });
  result.cart = cartNote(carted);
  return [...(carted.cartCase ? [carted.cartCase] : []), result];
}
