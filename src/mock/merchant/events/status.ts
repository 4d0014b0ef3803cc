/**
 * UpdateOrderStatus: `StatusCode` (required; compared ignoring case) is one of the codes the
 * platform sends, both spellings of cancelled included; anything else is refused cleanly with 400.
 * The order keeps the code as sent, and the answer carries it; the same update again changes
 * nothing and answers the same.
 */
import { getProp, getString } from '../../../json/props.js';
import type { Reply } from '../http-io.js';
import { badRequest, eventError, okReply, type EventHandler } from './common.js';

/** The status codes the platform sends (public-facts: "N/A" on new orders; "canceled" and "cancelled" both occur). */
export const KNOWN_STATUS_CODES = ['N/A', 'canceled', 'cancelled', 'processing', 'shipped', 'delivered', 'returned'] as const;

const KNOWN = new Set<string>(KNOWN_STATUS_CODES.map((code) => code.toLowerCase()));

export const statusEvent: EventHandler = {
  validate(body, ctx) {
    const code = getString(body, 'StatusCode');
    if (!code) return badRequest(ctx, 'StatusCode is required.');
    if (!KNOWN.has(code.trim().toLowerCase())) {
      return eventError(ctx, 400, `Unknown StatusCode ${code.trim()}`, `Known status codes: ${KNOWN_STATUS_CODES.join(', ')}.`);
    }
    return undefined;
  },
  apply(order, body, ctx) {
    const code = getString(body, 'StatusCode')!.trim();
    if (ctx.fault === 'status-cancelled-crash' && code.toLowerCase() === 'cancelled') return CRASH;
    order.status = code;
    const reason = getProp(body, 'OrderStatusReason');
    if (reason !== undefined && reason !== null) order.statusReason = reason;
    return okReply(order);
  },
  acceptUnknown(body) {
    return { StatusCode: getString(body, 'StatusCode')?.trim() };
  },
};

/** `status-cancelled-crash`: the framework's page for an unhandled exception (no ResponseInfo at all). */
const CRASH: Reply = {
  status: 500,
  html: true,
  body:
    '<!DOCTYPE html>\n<html><head><title>An Error Occurred: Internal Server Error</title></head>\n' +
    '<body><h1>Oops! An Error Occurred</h1><h2>The server returned a "500 Internal Server Error".</h2>\n' +
    '<p>Something is broken. Please let us know what you were doing when this error occurred.</p></body></html>\n',
};
