/**
 * What every lifecycle event shares: the context, how an event names its order, the success answer
 * (ResponseInfo with the order's ids and status) and the error answer, which the `event-error-200`
 * fault sends with HTTP 200.
 */
import type { XborderConfig } from '../../../model.js';
import { getString, type JsonObject } from '../../../json/props.js';
import { errorReply, type Reply } from '../http-io.js';
import type { MerchantStore, StoredOrder } from '../store.js';

/** What an event handler needs besides the body. */
export interface EventContext {
  config: XborderConfig;
  fault: string | undefined;
  store: MerchantStore;
  /** `refund-race`: the RefundIds the order had when this refund arrived (a stale lookup). */
  refundIdsAtArrival?: ReadonlySet<string>;
}

/** How an event named its order: by the merchant's InternalOrderId when it gave one, else by the platform OrderId. */
export interface OrderReference {
  by: 'MerchantOrderId' | 'OrderId';
  id: string;
}

/** One event's own rules, around the shared steps (parse, GUID, order lookup) of route.ts. */
export interface EventHandler {
  /** Checks the body's own fields (before the order is looked up): a 400 Reply, or undefined. */
  validate(body: JsonObject, ctx: EventContext): Reply | undefined;
  /** Applies the event to the stored order and answers. */
  apply(order: StoredOrder, body: JsonObject, ctx: EventContext): Reply;
  /** `event-unknown-order-accepted`: extra ResponseInfo fields of the acceptance (no order, no effect). */
  acceptUnknown?(body: JsonObject, ctx: EventContext): Record<string, unknown>;
}

/** MerchantOrderId when given (not null, not empty), else OrderId; undefined when neither. */
export function orderReference(body: JsonObject): OrderReference | undefined {
  const merchantOrderId = getString(body, 'MerchantOrderId');
  if (merchantOrderId) return { by: 'MerchantOrderId', id: merchantOrderId.trim() };
  const orderId = getString(body, 'OrderId');
  return orderId ? { by: 'OrderId', id: orderId.trim() } : undefined;
}

/** The stored order the reference names, or undefined. */
export function findOrder(store: MerchantStore, ref: OrderReference): StoredOrder | undefined {
  return ref.by === 'MerchantOrderId' ? store.byInternalId(ref.id) : store.byOrderId(ref.id);
}

/** Success: the order's ids and its status after the event, plus the event's own fields. */
export function okReply(order: StoredOrder, extra: Record<string, unknown> = {}): Reply {
  return {
    status: 200,
    body: { ResponseInfo: { Success: true, InternalOrderId: order.internalOrderId, OrderId: order.displayOrderId, StatusCode: order.status, ...extra } },
  };
}

/** A refusal of the event (ResponseInfo, Success false); `event-error-200` answers a 400 or 404 with HTTP 200. */
export function eventError(ctx: EventContext, status: number, message: string, description: string): Reply {
  const reply = errorReply(status, message, description);
  return ctx.fault === 'event-error-200' && (status === 400 || status === 404) ? { ...reply, status: 200 } : reply;
}

/** 400 Bad request with `description`. */
export function badRequest(ctx: EventContext, description: string): Reply {
  return eventError(ctx, 400, 'Bad request', description);
}
