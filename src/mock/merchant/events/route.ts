/**
 * The lifecycle events as a conforming merchant handles them, after the server's method and auth
 * checks: parse the JSON body, check its MerchantGUID as the order endpoint does (401 missing, 403
 * another merchant's), check the event's own fields (400), find the order the event names (404
 * "Order not found" when the merchant never received it), then apply the event (see each handler).
 */
import { decodePayload } from '../../../decode/payload-decode.js';
import { isObject, type JsonObject } from '../../../json/props.js';
import { parseJson, type Reply } from '../http-io.js';
import { checkGuid } from '../order-route.js';
import { badRequest, eventError, findOrder, orderReference, type EventContext, type EventHandler } from './common.js';
import { documentsEvent } from './documents.js';
import type { EventKind } from './paths.js';
import { paymentEvent } from './payment.js';
import { refundEvent } from './refund.js';
import { shippingInfoEvent } from './shipping-info.js';
import { statusEvent } from './status.js';

export type { EventContext } from './common.js';

const HANDLERS: Record<EventKind, EventHandler> = {
  payment: paymentEvent,
  status: statusEvent,
  'shipping-info': shippingInfoEvent,
  documents: documentsEvent,
  refund: refundEvent,
};

/** Handles one event body (raw bytes) and returns the answer. */
export function handleEvent(event: EventKind, raw: Buffer, ctx: EventContext): Reply {
  const parsed = parseJson(raw);
  if (!parsed.ok) return badRequest(ctx, parsed.reason);
  if (!isObject(parsed.value)) return badRequest(ctx, 'The request body must be a JSON object.');
  const guidProblem = checkGuid(parsed.value, ctx);
  if (guidProblem) return guidProblem;

  // URL-encoded values (InternationalDetails URLs, address blocks of a payment's order) decoded as for orders.
  const body = decodePayload(parsed.value).decoded as JsonObject;
  const handler = HANDLERS[event];
  const problem = handler.validate(body, ctx);
  if (problem) return problem;
  const ref = orderReference(body);
  if (!ref) return badRequest(ctx, 'OrderId or MerchantOrderId is required: the event names the order it is about.');

  const order = findOrder(ctx.store, ref);
  if (!order) {
    if (ctx.fault === 'event-unknown-order-accepted') {
      return { status: 200, body: { ResponseInfo: { Success: true, InternalOrderId: ref.id, StatusCode: 'N/A', ...handler.acceptUnknown?.(body, ctx) } } };
    }
    return eventError(ctx, 404, 'Order not found', `${ref.by} ${ref.id} names no order this merchant received.`);
  }
  return handler.apply(order, body, ctx);
}
