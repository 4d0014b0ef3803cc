/**
 * Persona `rails`: a merchant built like the public Rails commerce (Solidus/Spree-style) plugin of
 * the platform (public-facts, "How deployed merchant integrations behave").
 *
 * - Answers flat, always with all nine ResponseInfo keys, unused ones `null`; success is HTTP 200.
 * - Errors: HTTP 500 with the full nine-key body (`Success: false`, `ErrorCode: null`, a Message such
 *   as "Cart not found", "Cart already checked out", "OrderId is required"); a wrong or missing
 *   MerchantGUID on the order: HTTP 401 with the nine-key body. Bad credentials: 401, same body.
 * - The order is looked up by `CartId`, falling back to `MerchantOrderId`, then `OrderId`. The cart is
 *   completed by its order; another OrderId on it is refused. Re-delivery of the same OrderId
 *   re-places the same order (same InternalOrderId, 200); MerchantOrderId naming it updates it.
 * - No CartHash (the cart answer has no merchantCartHash). End-customer values are form-decoded.
 * - GetCheckoutCartInfo by GET and POST, token in `merchantCartToken`; unknown cart: 404.
 *
 * PLANTED REAL FAULT (the only one): the cart POST never checks the body's MerchantGUID (the plugin
 * treats POST like GET, which carries no GUID), so another merchant's GUID gets the cart with 200.
 */
import type http from 'node:http';
import {
  cartAnswer, CATALOGUE, chargeOf, isRecord, parseJson, sendJson, startPersona, Store,
  type PersonaHandle, type PersonaOptions, type StoredOrder,
} from './common.js';

export type RailsOptions = PersonaOptions;

const NINE_KEYS = ['Success', 'InternalOrderId', 'OrderId', 'StatusCode', 'PaymentCurrencyCode', 'PaymentAmount', 'ErrorCode', 'Message', 'Description'] as const;
type ResponseInfo = Partial<Record<(typeof NINE_KEYS)[number], unknown>>;

/** All nine keys, in order, unused ones null. */
function nine(fields: ResponseInfo): Record<string, unknown> {
  return Object.fromEntries(NINE_KEYS.map((k) => [k, fields[k] ?? null]));
}

function fail(res: http.ServerResponse, status: number, message: string, description?: string): void {
  sendJson(res, status, nine({ Success: false, Message: message, Description: description }));
}

function placed(res: http.ServerResponse, order: StoredOrder, body: Record<string, unknown>): void {
  const charge = chargeOf(body);
  sendJson(res, 200, nine({
    Success: true,
    InternalOrderId: order.InternalOrderId,
    OrderId: order.OrderId,
    StatusCode: order.status,
    PaymentCurrencyCode: charge?.currency,
    PaymentAmount: charge?.amount,
  }));
}

export async function startRails(opts: RailsOptions): Promise<PersonaHandle> {
  const store = new Store(CATALOGUE);

  /** The spree order for this request: by CartId, then MerchantOrderId (id or number), then OrderId. */
  function findExisting(body: Record<string, unknown>): StoredOrder | undefined {
    const byCart = store.orders.find((o) => typeof body.CartId === 'string' && o.cartId === body.CartId);
    if (byCart) return byCart;
    if (typeof body.CartId === 'string' && store.carts.has(body.CartId)) return undefined;
    const m = body.MerchantOrderId;
    return store.orders.find((o) => typeof m === 'string' && (o.InternalOrderId === m || o.OrderId === m)) ?? store.byPlatformId(body.OrderId);
  }

  return startPersona(opts, store, {
    unauthorized: (res) => fail(res, 401, 'Unauthorized'),

    cart(req, res, query) {
      if (req.method !== 'GET' && req.method !== 'POST') {
        res.setHeader('Allow', 'GET, POST');
        return sendJson(res, 405, { error: 'Method Not Allowed' });
      }
      // FAULT: a POST body (with its MerchantGUID) is never read.
      const cart = store.carts.get(query.get('merchantCartToken') ?? '');
      if (!cart || cart.state !== 'open') return sendJson(res, 404, { error: 'Cart not found' });
      sendJson(res, 200, cartAnswer(cart, query));
    },

    order(_req, res, text) {
      const body = parseJson(text);
      if (!isRecord(body)) return fail(res, 500, 'Invalid request body', 'JSON::ParserError: the body is not a JSON object');
      if (body.MerchantGUID !== opts.merchantGUID) return fail(res, 401, 'Unauthorized', 'MerchantGUID is missing or wrong');
      if (typeof body.OrderId !== 'string' || body.OrderId === '') return fail(res, 500, 'OrderId is required');

      const existing = findExisting(body);
      if (existing) {
        const same = existing.platformOrderId === body.OrderId || body.MerchantOrderId === existing.InternalOrderId || body.MerchantOrderId === existing.OrderId;
        if (!same) return fail(res, 500, 'Cart already checked out');
        return placed(res, store.touch(existing, body), body);
      }
      const cart = typeof body.CartId === 'string' ? store.carts.get(body.CartId) : undefined;
      if (!cart) return fail(res, 500, 'Cart not found');
      const n = store.nextOrderNumber();
      const order = store.create(body, { InternalOrderId: String(4000 + n), OrderId: `R${String(100000000 + n * 7919).slice(-9)}` }, 'complete');
      cart.state = 'completed';
      placed(res, order, body);
    },
  });
}
