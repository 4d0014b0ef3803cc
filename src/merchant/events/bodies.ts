/**
 * The lifecycle calls the platform makes after the order, as table rows: which endpoint, where it
 * lives in the configuration, and its body for an order the merchant has (ids carried from the
 * order and from the merchant's answer, per public-facts).
 */
import type { Endpoint, LifecycleEvent, XborderConfig } from '../../model.js';
import { loadSample } from '../../samples/catalog.js';
import { getProp, isObject, toNumber, type JsonObject } from '../../json/props.js';

/** The ids an event carries: the platform's OrderId and the merchant's InternalOrderId. */
export interface OrderIds {
  orderId: string;
  merchantOrderId?: string;
}

/** One lifecycle call. */
export interface EventSpec {
  event: LifecycleEvent;
  endpoint: Endpoint;
  path(config: XborderConfig): string;
}

export const EVENT_SPECS: Record<LifecycleEvent, EventSpec> = {
  payment: { event: 'payment', endpoint: 'PerformOrderPayment', path: (c) => c.merchant.paymentPath },
  status: { event: 'status', endpoint: 'UpdateOrderStatus', path: (c) => c.merchant.statusPath },
  'shipping-info': { event: 'shipping-info', endpoint: 'UpdateOrderShippingInfo', path: (c) => c.merchant.shippingInfoPath },
  documents: { event: 'documents', endpoint: 'SendAdditionalRequiredDocumentsToMerchant', path: (c) => c.merchant.documentsPath },
  refund: { event: 'refund', endpoint: 'NotifyOrderRefund', path: (c) => c.merchant.refundPath },
};

function common(config: XborderConfig, ids: OrderIds): JsonObject {
  return { MerchantGUID: config.merchantGUID, OrderId: ids.orderId, MerchantOrderId: ids.merchantOrderId ?? null };
}

/** PerformOrderPayment: the order itself, with the platform's test card in PaymentDetails. */
export function paymentBody(order: JsonObject, ids: OrderIds): JsonObject {
  const payment = getProp(loadSample('order-payment') as JsonObject, 'PaymentDetails');
  return { ...order, OrderId: ids.orderId, MerchantOrderId: ids.merchantOrderId ?? null, PaymentDetails: payment };
}

/** UpdateOrderStatus with `statusCode`. */
export function statusBody(config: XborderConfig, ids: OrderIds, statusCode: string): JsonObject {
  return { ...common(config, ids), StatusCode: statusCode, OrderStatusReason: { OrderStatusReasonCode: 'CUSTOMER-REQUEST', Name: 'Requested by the customer' } };
}

/** UpdateOrderShippingInfo: the order's InternationalDetails with its tracking fields. */
export function shippingInfoBody(config: XborderConfig, ids: OrderIds, order: JsonObject): JsonObject {
  const intl = isObject(order.InternationalDetails) ? order.InternationalDetails : (loadSample('order-full') as JsonObject).InternationalDetails;
  return { ...common(config, ids), InternationalDetails: intl };
}

/** SendAdditionalRequiredDocumentsToMerchant: the documents the order said it would need. */
export function documentsBody(config: XborderConfig, ids: OrderIds, order: JsonObject): JsonObject {
  const docs = Array.isArray(order.AdditionalRequiredDocuments) && order.AdditionalRequiredDocuments.length > 0
    ? order.AdditionalRequiredDocuments
    : (loadSample('order-additional-documents') as JsonObject).AdditionalRequiredDocuments;
  return { ...common(config, ids), CountryCode: config.merchant.countryCode, AdditionalRequiredDocuments: docs };
}

/** A product line of an order that can be refunded: CartItemId, quantity and unit price. */
export interface RefundLine {
  cartItemId: string;
  quantity: number;
  price: number;
}

/**
 * The priced, top-level lines of an order (children and zero-priced items are not refunded alone),
 * at what the shopper paid for them: DiscountedPrice when the order says, so refunding every line
 * stays within the order total.
 */
export function refundableLines(order: JsonObject): RefundLine[] {
  const products = Array.isArray(order.Products) ? order.Products.filter(isObject) : [];
  return products.flatMap((p) => {
    const id = getProp(p, 'CartItemId');
    const price = toNumber(getProp(p, 'DiscountedPrice')) ?? toNumber(getProp(p, 'Price')) ?? 0;
    const quantity = toNumber(getProp(p, 'Quantity')) ?? 1;
    return typeof id === 'string' && price > 0 && quantity > 0 ? [{ cartItemId: id, quantity, price }] : [];
  });
}

/** NotifyOrderRefund of `lines` (quantities given), amounts written as text as the platform does. */
export function refundBody(config: XborderConfig, ids: OrderIds, refundId: string, currency: string, lines: { cartItemId: string; quantity: number; price: number }[]): JsonObject {
  const total = lines.reduce((s, l) => s + l.price * l.quantity, 0);
  return {
    ...common(config, ids),
    RefundId: refundId,
    TotalRefundAmount: total.toFixed(2),
    OriginalTotalRefundAmount: total.toFixed(2),
    CurrencyCode: currency,
    RefundReason: { OrderRefundReasonCode: 'DAMAGED', Name: 'Arrived damaged' },
    RefundComments: 'Refund issued by xborder',
    Products: lines.map((l) => ({ CartItemId: l.cartItemId, RefundQuantity: l.quantity, RefundAmount: (l.price * l.quantity).toFixed(2), OriginalRefundAmount: (l.price * l.quantity).toFixed(2) })),
  };
}
