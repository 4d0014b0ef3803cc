/**
 * SendOrderToMerchant as a conforming merchant implements it: check the MerchantGUID, decode the
 * end customer's URL-encoded fields, store the order idempotently by the platform OrderId, apply
 * an update named by MerchantOrderId, clear the cart, charge when PaymentDetails are given.
 * Order faults change one of these steps.
 */
import type { XborderConfig } from '../../model.js';
import { decodePayload } from '../../decode/payload-decode.js';
import { errorReply, parseJson, type Reply } from './http-io.js';
import { getProp, getString, isObject, type JsonObject } from '../../json/props.js';
import { unknownOrderFields } from './order-fields.js';
import { chargeFor } from './payment.js';
import { latentCrash } from './latent-faults.js';
import { schemaErrors } from '../../validation/index.js';
import { describeFinding } from '../../report/finding-text.js';
import type { MerchantStore, StoredOrder } from './store.js';

/** What the order route needs besides the body. */
export interface OrderContext {
  config: XborderConfig;
  fault: string | undefined;
  store: MerchantStore;
  /** Store mode: a new order must convert a cart this merchant issued, once, with its CartHash. */
  storeMode?: boolean;
  /** Race faults: the slow work between looking the order up and inserting it (race-faults.ts). */
  pauseBeforeInsert?: (orderId: string) => Promise<void>;
}

/** Handles one SendOrderToMerchant body (raw bytes) and returns the answer. */
export async function handleOrder(body: Buffer, ctx: OrderContext): Promise<Reply> {
  const parsed = parseJson(body);
  if (!parsed.ok) return bodyError(ctx, 400, 'Bad request', parsed.reason);
  if (!isObject(parsed.value)) return bodyError(ctx, 400, 'Bad request', 'The order must be a JSON object.');
  const order = parsed.value;

  const guidProblem = checkGuid(order, ctx);
  if (guidProblem) return guidProblem;
  const orderId = getString(order, 'OrderId');
  if (!orderId) return bodyError(ctx, 400, 'Bad request', 'OrderId is required.');

  if (ctx.fault === 'order-rejects-unknown-properties') {
    const unknown = unknownOrderFields(order);
    if (unknown.length > 0) return errorReply(400, 'Bad request', `Unknown properties: ${unknown.join(', ')}.`);
  }

  // A conforming merchant refuses an order that breaks the schema (a wrong type, a string over
  // its limit) rather than storing half of it; tolerated forms and unknown properties pass.
  const invalid = schemaError(order);
  if (invalid) return bodyError(ctx, 400, 'Bad request', `The order is not valid: ${invalid}.`);

  const decoded = decodePayload(order).decoded as JsonObject;
  const crash = latentCrash(decoded, ctx.fault);
  if (crash) return crash;
  const stored = await storeOrder(orderId, decoded, ctx);
  if (!('internalOrderId' in stored)) return stored;

  let note: string | undefined;
  if (getProp(order, 'ClearCart') === true) {
    const cartId = getString(order, 'CartId');
    const wasFilled = cartId !== undefined && ctx.store.cart(cartId)?.cleared === false;
    if (cartId && ctx.store.clearCart(cartId) && wasFilled && !ctx.storeMode) {
      // Said out loud: the one cart of a plain reference merchant answers empty from now on.
      note = `cart ${cartId} cleared (ClearCart true): GetCheckoutCartInfo answers it empty until the reference merchant restarts; --store issues a fresh cart per order`;
    }
  }
  const paymentDetails = getProp(order, 'PaymentDetails');
  // A re-delivery is not charged twice: the first charge is answered again.
  if (isObject(paymentDetails) && !stored.payment) stored.payment = chargeFor(decoded, ctx.config.merchant.currencyCode);
  const reply = successReply(stored, isObject(paymentDetails), ctx.fault);
  return note ? { ...reply, note, headers: { ...reply.headers, Warning: `199 xborder-mock "${note}"` } } : reply;
}

/** The first schema error of `order` (tolerated forms are not errors), described. */
function schemaError(order: JsonObject): string | undefined {
  const error = schemaErrors('order', order)[0];
  return error ? describeFinding(error) : undefined;
}

/**
 * 401 when the GUID is missing, 403 when it names another merchant (compared ignoring case). The
 * lifecycle events check their bodies the same way.
 */
export function checkGuid(order: JsonObject, ctx: Pick<OrderContext, 'config' | 'fault'>): Reply | undefined {
  if (ctx.fault === 'guid-ignored') return undefined;
  const guid = getString(order, 'MerchantGUID');
  if (!guid) return errorReply(401, 'Unauthorized', 'MerchantGUID is required.');
  if (guid.trim().toLowerCase() !== ctx.config.merchantGUID.trim().toLowerCase()) {
    return errorReply(403, 'Forbidden', 'MerchantGUID does not identify this merchant.');
  }
  return undefined;
}

/** Creates, re-finds or updates the stored order; a Reply when the update names no order. */
async function storeOrder(orderId: string, decoded: JsonObject, ctx: OrderContext): Promise<StoredOrder | Reply> {
  const { store, fault } = ctx;
  const merchantOrderId = getString(decoded, 'MerchantOrderId');
  if (merchantOrderId) {
    const existing = store.byInternalId(merchantOrderId);
    if (!existing) return bodyError(ctx, 404, 'Not found', `MerchantOrderId ${merchantOrderId} names no order of this merchant.`);
    return fault === 'order-update-new-id' ? store.create(orderId, decoded) : store.update(existing, orderId, decoded);
  }
  const existing = store.byOrderId(orderId);
  if (existing && fault !== 'order-duplicate') return store.redelivered(existing);
  if (ctx.storeMode) {
    const problem = checkCart(decoded, ctx);
    if (problem) return problem;
  }
  // Only the race faults wait here; without them lookup and insert stay one synchronous step.
  if (ctx.pauseBeforeInsert) await ctx.pauseBeforeInsert(orderId);
  if (ctx.storeMode) useCart(decoded, ctx);
  return store.create(orderId, decoded);
}

/**
 * Store mode: the order converts a cart this merchant issued and has not converted yet, and repeats
 * its merchantCartHash (when the order carries one). useCart then uses it up, whatever ClearCart
 * says, as real stores delete it.
 */
function checkCart(order: JsonObject, ctx: OrderContext): Reply | undefined {
  const cartId = getString(order, 'CartId');
  const cart = cartId === undefined ? undefined : ctx.store.cart(cartId);
  if (!cart) {
    if (ctx.fault === 'unknown-cart-accepted') return undefined;
    return bodyError(ctx, 400, 'Unknown cart', cartId === undefined ? 'CartId is required: the order converts a cart of this store.' : `No cart ${cartId} was issued by this store.`);
  }
  if (cart.cleared && ctx.fault !== 'cart-reuse-accepted') return bodyError(ctx, 400, 'Cart already ordered', `No filled cart found for token ${cart.token}: it was converted into an order already.`);
  const hash = getString(order, 'CartHash');
  if (hash !== undefined && hash !== cart.hash && ctx.fault !== 'cart-hash-ignored') return bodyError(ctx, 400, 'Cart changed', 'CartHash does not match the cart: it changed since GetCheckoutCartInfo answered it.');
  return undefined;
}

/** Uses up the cart the order converted (checked by checkCart), as real stores delete it. */
function useCart(order: JsonObject, ctx: OrderContext): void {
  const cartId = getString(order, 'CartId');
  const cart = cartId === undefined ? undefined : ctx.store.cart(cartId);
  if (cart) cart.cleared = true;
}

function successReply(stored: StoredOrder, charged: boolean, fault: string | undefined): Reply {
  const info: Record<string, unknown> = {
    Success: fault === 'order-response-string-success' ? 'true' : true,
    InternalOrderId: stored.internalOrderId,
    OrderId: stored.displayOrderId,
    // A merchant that serialises its status entity instead of the code breaks the schema.
    StatusCode: fault === 'order-response-status-object' ? { Code: 'N/A', Name: 'New' } : stored.status,
  };
  if (fault === 'order-no-internal-id') delete info.InternalOrderId;
  if (charged && stored.payment && fault !== 'order-missing-payment-fields') {
    info.PaymentCurrencyCode = stored.payment.PaymentCurrencyCode;
    info.PaymentAmount =
      fault === 'order-payment-amount-mismatch' ? (Number(stored.payment.PaymentAmount) + 1).toFixed(2) : stored.payment.PaymentAmount;
  }
  return { status: 200, body: { ResponseInfo: info } };
}

/** An error about the order body; `order-error-200` answers it with HTTP 200. */
function bodyError(ctx: OrderContext, status: number, message: string, description: string): Reply {
  const reply = errorReply(status, message, description);
  return ctx.fault === 'order-error-200' ? { ...reply, status: 200 } : reply;
}
