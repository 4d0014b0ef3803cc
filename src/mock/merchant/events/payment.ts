/**
 * PerformOrderPayment: the body is an order with OrderId and PaymentDetails. The order is charged
 * once, as the order endpoint charges (payment.ts `chargeFor` on the body); a re-delivery, or a
 * payment for an order that came with PaymentDetails already, answers that same charge.
 */
import { getProp, getString, isObject, type JsonObject } from '../../../json/props.js';
import { chargeFor } from '../payment.js';
import { badRequest, okReply, type EventContext, type EventHandler } from './common.js';

export const paymentEvent: EventHandler = {
  validate(body, ctx) {
    if (!getString(body, 'OrderId')) return badRequest(ctx, 'OrderId is required.');
    if (!isObject(getProp(body, 'PaymentDetails'))) return badRequest(ctx, 'PaymentDetails (an object) is required: PerformOrderPayment pays with them.');
    return undefined;
  },
  apply(order, body, ctx) {
    order.payment ??= chargeFor(body, ctx.config.merchant.currencyCode);
    return okReply(order, paymentFields(order.payment, ctx));
  },
  acceptUnknown(body, ctx) {
    return paymentFields(chargeFor(body, ctx.config.merchant.currencyCode), ctx);
  },
};

/** PaymentCurrencyCode and PaymentAmount; none with the `event-payment-fields-missing` fault. */
function paymentFields(payment: { PaymentCurrencyCode: string; PaymentAmount: string }, ctx: EventContext): JsonObject {
  if (ctx.fault === 'event-payment-fields-missing') return {};
  return { PaymentCurrencyCode: payment.PaymentCurrencyCode, PaymentAmount: payment.PaymentAmount };
}
