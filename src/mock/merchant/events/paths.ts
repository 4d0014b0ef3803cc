/**
 * Where the lifecycle events live and which of them the reference merchant serves. The config keys
 * (`merchant.paymentPath` … `merchant.refundPath`, `merchant.events`) are read defensively, so the
 * mock works with a config that predates them: a missing path is the public-facts default, a missing
 * `events` list means all five.
 */
import type { XborderConfig } from '../../../model.js';

/** The order lifecycle calls the platform makes to the merchant besides SendOrderToMerchant. */
export const EVENT_KINDS = ['payment', 'status', 'shipping-info', 'documents', 'refund'] as const;

/** One lifecycle event. */
export type EventKind = (typeof EVENT_KINDS)[number];

/** The config key of each event's path and its default (public-facts, "How the platform calls the merchant"). */
const PATHS: Record<EventKind, { key: string; default: string; call: string }> = {
  payment: { key: 'paymentPath', default: '/order-payment-only-url', call: 'PerformOrderPayment' },
  status: { key: 'statusPath', default: '/order-status-update-only-url', call: 'UpdateOrderStatus' },
  'shipping-info': { key: 'shippingInfoPath', default: '/order-shipping-info-update-only-url', call: 'UpdateOrderShippingInfo' },
  documents: { key: 'documentsPath', default: '/send-additional-required-documents-url', call: 'SendAdditionalRequiredDocumentsToMerchant' },
  refund: { key: 'refundPath', default: '/order-refund-url', call: 'NotifyOrderRefund' },
};

/** The configured path of `event` (relative to the base URL's path), or its default. */
export function eventPath(config: XborderConfig, event: EventKind): string {
  const value = (config.merchant as Record<string, unknown>)[PATHS[event].key];
  return typeof value === 'string' && value.trim() !== '' ? value : PATHS[event].default;
}

/** The platform's name of the call (`PerformOrderPayment`), for messages. */
export function eventCall(event: EventKind): string {
  return PATHS[event].call;
}

/** The events `merchant.events` lists (all five when the key is absent); unknown names are ignored. */
export function servedEvents(config: XborderConfig): EventKind[] {
  const listed = (config.merchant as Record<string, unknown>).events;
  if (!Array.isArray(listed)) return [...EVENT_KINDS];
  return EVENT_KINDS.filter((event) => listed.includes(event));
}

/**
 * The served event whose path is `pathname`, or undefined. `join` puts a configured path under the
 * base URL's path, as the server does for the cart and order paths.
 */
export function eventAt(config: XborderConfig, pathname: string, join: (path: string) => string): EventKind | undefined {
  return servedEvents(config).find((event) => join(eventPath(config, event)) === pathname);
}
