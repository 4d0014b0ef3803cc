/**
 * `refund-concurrent`: the same RefundId delivered N times at once must be applied once. The
 * source places an order on a fresh cart, sends one unit of its largest line as a refund N times
 * at once, then refunds everything left (accepted only if the copies were applied once) and one
 * unit more (refused by the lifecycle's refund ceiling).
 */
import type { AuthConfig, CaseResult } from '../../model.js';
import { applyAuth } from '../../auth/index.js';
import { send } from '../../http/send.js';
import { judgeRefundGroup } from '../../checks/refund-concurrent.js';
import { cartNote } from '../order-cart.js';
import { orderCase, postOrder } from '../order-case.js';
import type { MerchantContext } from '../context.js';
import { EVENT_SPECS, refundableLines, refundBody, type RefundLine } from '../events/bodies.js';
import { eventRequest } from '../events/send-event.js';
import { freshOrder } from './fresh-cart.js';
import { judgedDelivery, sendAtOnce, withWait } from './deliver.js';
import { groupCase, groupTransport, skippedCase } from './group-case.js';

/** The refund group's case name in reports. */
export const REFUND_VARIANT = 'refund-concurrent';
/** The case name of the order the refunds are for. */
export const REFUND_ORDER_VARIANT = 'refund-concurrent order';

const ENDPOINT = EVENT_SPECS.refund.endpoint;

/** Runs the concurrent refund on an order of its own: the cart's and order's cases, then the refund group's. */
export async function runRefundConcurrent(ctx: MerchantContext, build: () => Record<string, unknown>, auth: AuthConfig, count: number): Promise<CaseResult[]> {
  const skipped = (reason: string, body: Record<string, unknown>) => [skippedCase(ENDPOINT, REFUND_VARIANT, auth, eventRequest(ctx, EVENT_SPECS.refund, body), 'refund-concurrent', reason)];
  const fresh = await freshOrder(ctx, build(), auth, REFUND_ORDER_VARIANT);
  if ('skip' in fresh) return skipped(fresh.skip, build());
  const { carted } = fresh;
  const order = carted.order;
  const posted = await postOrder(ctx, order, auth);
  const placed = [...(carted.cartCase ? [carted.cartCase] : []), orderCase(ctx, REFUND_ORDER_VARIANT, auth, posted, posted.checks, carted)];
  const ids = { orderId: String(order.OrderId), ...(posted.info?.internalOrderId ? { merchantOrderId: posted.info.internalOrderId } : {}) };
  const lines = refundableLines(order);
  const currency = String(order.CurrencyCode ?? ctx.config.merchant.currencyCode);
  if (!posted.accepted) return [...placed, ...skipped('the order to refund was not accepted (see its case), so there is nothing to refund', refundBody(ctx.config, ids, `RF-${ids.orderId}-C`, currency, []))];
  // The line with the most units: after one unit the rest of it can still be refunded.
  const line = [...lines].sort((a, b) => b.quantity - a.quantity)[0];
  if (!line) return [...placed, ...skipped('the order has no priced line with a CartItemId to refund', refundBody(ctx.config, ids, `RF-${ids.orderId}-C`, currency, []))];

  const unit: RefundLine = { ...line, quantity: 1 };
  const copy = refundBody(ctx.config, ids, `RF-${ids.orderId}-C`, currency, [unit]);
  ctx.noteSecrets?.(copy);
  const copies = (await sendAtOnce(eventRequest(ctx, EVENT_SPECS.refund, copy), auth, count, withWait(ctx.config.http)))
    .map((e, i) => ({ ...judgedDelivery(ctx, e, `copy ${i + 1}`, auth.mode), label: `copy ${i + 1}` }));

  const rest = [...(line.quantity > 1 ? [{ ...line, quantity: line.quantity - 1 }] : []), ...lines.filter((l) => l !== line)];
  const restSent = rest.length > 0 ? await sendOne(ctx, refundBody(ctx.config, ids, `RF-${ids.orderId}-R`, currency, rest), auth, 'the refund of the rest') : undefined;
  const beyond = await sendOne(ctx, refundBody(ctx.config, ids, `RF-${ids.orderId}-B`, currency, [unit]), auth, 'one more unit');

  const verdict = judgeRefundGroup({
    refundId: String(copy.RefundId),
    unit: line.cartItemId,
    copies: copies.map((c) => c.delivery),
    ...(restSent ? { rest: restSent.delivery } : {}),
    beyond: beyond.delivery,
  });
  const telling = (restSent && restSent.delivery.info?.success !== true ? restSent : undefined) ?? (beyond.delivery.info?.success === true ? beyond : undefined) ?? copies[0]!;
  const transport = groupTransport([...copies, ...(restSent ? [restSent] : []), beyond]);
  const checks = [...transport, verdict];
  const result = groupCase(ctx, { endpoint: ENDPOINT, variant: REFUND_VARIANT, auth, shown: telling.judged, checks });
  result.cart = cartNote(carted);
  return [...placed, result];
}

async function sendOne(ctx: MerchantContext, body: Record<string, unknown>, auth: AuthConfig, label: string) {
  ctx.noteSecrets?.(body);
  const exchange = await send(await applyAuth(eventRequest(ctx, EVENT_SPECS.refund, body), auth), ctx.config.http);
  return { ...judgedDelivery(ctx, exchange, label, auth.mode), label };
}
