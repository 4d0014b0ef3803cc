/**
 * The order a lifecycle call is about: order-full with the documents it will need, converted from
 * a cart of the run's source and accepted by the merchant, whose ids the calls then carry.
 */
import type { AuthConfig, CaseResult, LifecycleEvent } from '../../model.js';
import { loadSample } from '../../samples/catalog.js';
import type { JsonObject } from '../../json/props.js';
import type { MerchantContext } from '../context.js';
import { prepareSampleOrder } from '../requests.js';
import { orderOnCart, releaseUnlessUsed } from '../order-cart.js';
import { orderCase, postOrder } from '../order-case.js';
import { documentsBody, paymentBody, refundableLines, refundBody, shippingInfoBody, statusBody, type OrderIds } from './bodies.js';

/** An order placed for lifecycle calls: its cases, and its ids when the merchant accepted it. */
export interface PlacedOrder {
  order: JsonObject;
  cases: CaseResult[];
  ids?: OrderIds;
}

/** Builds order-full with AdditionalRequiredDocuments, posts it on a cart, and reports it as `variant`. */
export async function placeOrder(ctx: MerchantContext, auth: AuthConfig, variant: string): Promise<PlacedOrder> {
  const docs = (loadSample('order-additional-documents') as JsonObject).AdditionalRequiredDocuments;
  const base = { ...prepareSampleOrder(loadSample('order-full'), ctx.config, ctx.newOrderId()), AdditionalRequiredDocuments: docs };
  const carted = await orderOnCart(ctx, base, auth, variant);
  const posted = await postOrder(ctx, carted.order, auth, { synthetic: carted.lease.origin === 'synthetic' });
  releaseUnlessUsed(ctx, carted, posted.accepted);
  const cases = [...(carted.cartCase ? [carted.cartCase] : []), orderCase(ctx, variant, auth, posted, posted.checks, carted)];
  const merchantOrderId = posted.info?.internalOrderId;
  return { order: carted.order, cases, ...(posted.accepted ? { ids: { orderId: String(carted.order.OrderId), ...(merchantOrderId ? { merchantOrderId } : {}) } } : {}) };
}

/** The body of `event` for the placed order (`statusCode` for status updates). */
export function eventBody(ctx: MerchantContext, event: LifecycleEvent, placed: { order: JsonObject; ids?: OrderIds }, statusCode: string): JsonObject {
  const ids = placed.ids ?? { orderId: String(placed.order.OrderId) };
  switch (event) {
    case 'payment': return paymentBody(placed.order, ids);
    case 'status': return statusBody(ctx.config, ids, statusCode);
    case 'shipping-info': return shippingInfoBody(ctx.config, ids, placed.order);
    case 'documents': return documentsBody(ctx.config, ids, placed.order);
    case 'refund': {
      const line = refundableLines(placed.order)[0] ?? { cartItemId: '1', quantity: 1, price: 1 };
      return refundBody(ctx.config, ids, `RF-${ids.orderId}-1`, String(placed.order.CurrencyCode ?? ctx.config.merchant.currencyCode), [{ ...line, quantity: 1 }]);
    }
  }
}
