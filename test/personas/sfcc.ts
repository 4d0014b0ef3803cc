/**
 * Persona `sfcc`: a merchant built like the public Salesforce Commerce Cloud cartridge of the
 * platform (public-facts, "How deployed merchant integrations behave").
 *
 * - Answers flat and omits unused keys: success is `{ Success, InternalOrderId, OrderId,
 *   StatusCode: "N/A" }` (plus PaymentCurrencyCode/PaymentAmount when charged), HTTP 200.
 * - Errors: HTTP 400 `{ Success: false, ErrorCode: 100, Message: <a Java-style stack trace> }`,
 *   ErrorCode a number (missing OrderId, body not a JSON object). A wrong MerchantGUID (compared
 *   exactly, case-sensitive): HTTP 403 with that shape.
 * - An unknown CartId crashes the endpoint: HTTP 500 with the framework's JSON
 *   `{ timestamp, status: 500, error: "Internal Server Error", path }`.
 * - Re-delivery of an OrderId answers the same order (same InternalOrderId); MerchantOrderId naming
 *   an order updates it. End-customer values are form-decoded.
 * - GetCheckoutCartInfo: GET only, token in `merchantCartToken`; the answer carries a
 *   merchantCartHash (md5 of the contents). Unknown cart: 404 framework JSON.
 *
 * PLANTED REAL FAULTS (the only ones):
 *  (a) the cart is never cleared: a second order (new OrderId) on a cart already ordered is
 *      accepted and creates another order;
 *  (b) the CartHash is never checked: an order with a wrong CartHash is accepted.
 */
import type http from 'node:http';
import {
  canonicalCart, cartAnswer, CATALOGUE, chargeOf, isRecord, md5, parseJson, sendJson, startPersona, Store,
  type PersonaHandle, type PersonaOptions, type StoredOrder,
} from './common.js';

export type SfccOptions = PersonaOptions;

/** A Java-style stack trace, as the cartridge puts in Message. */
function stackTrace(message: string): string {
  return [
    `dw.order.CreateOrderException: ${message}`,
    '\tat dw.order.OrderMgr.createOrder(OrderMgr.java:212)',
    '\tat dw.order.OrderMgr.failOrder(OrderMgr.java:377)',
    '\tat dw.order.BasketMgr.getCurrentOrNewBasket(BasketMgr.java:88)',
    '\tat dw.system.Pipeline.execute(Pipeline.java:61)',
    '\tat int_globale/cartridge/controllers/GlobaleOrder.js:142 (SendOrderToMerchant)',
  ].join('\n');
}

function sfccError(res: http.ServerResponse, status: number, message: string): void {
  sendJson(res, status, { Success: false, ErrorCode: 100, Message: stackTrace(message) });
}

function frameworkError(res: http.ServerResponse, status: number, error: string, path: string): void {
  sendJson(res, status, { timestamp: new Date().toISOString(), status, error, path });
}

function placed(res: http.ServerResponse, order: StoredOrder, body: Record<string, unknown>): void {
  const charge = chargeOf(body);
  sendJson(res, 200, {
    Success: true,
    InternalOrderId: order.InternalOrderId,
    OrderId: order.OrderId,
    StatusCode: order.status,
    ...(charge ? { PaymentCurrencyCode: charge.currency, PaymentAmount: charge.amount } : {}),
  });
}

export async function startSfcc(opts: SfccOptions): Promise<PersonaHandle> {
  const store = new Store(CATALOGUE);
  const cartPath = opts.cartPath ?? '/get-checkout-cart-info-url';
  const orderPath = opts.orderPath ?? '/order-update-create-url';

  return startPersona(opts, store, {
    unauthorized: (res, path) => frameworkError(res, 401, 'Unauthorized', path),

    cart(req, res, query) {
      if (req.method !== 'GET') {
        res.setHeader('Allow', 'GET');
        return frameworkError(res, 405, 'Method Not Allowed', cartPath);
      }
      const cart = store.carts.get(query.get('merchantCartToken') ?? '');
      if (!cart) return frameworkError(res, 404, 'Not Found', cartPath);
      cart.hash = md5(canonicalCart(cart));
      sendJson(res, 200, cartAnswer(cart, query, cart.hash));
    },

    order(_req, res, text) {
      const body = parseJson(text);
      if (!isRecord(body)) return sfccError(res, 400, 'SyntaxError: the request body is not a JSON object');
      if (body.MerchantGUID !== opts.merchantGUID) return sfccError(res, 403, `Invalid MerchantGUID ${String(body.MerchantGUID)}`);
      if (typeof body.OrderId !== 'string' || body.OrderId === '') return sfccError(res, 400, 'OrderId is required');

      const updated = store.byInternalId(body.MerchantOrderId) ?? store.byPlatformId(body.OrderId);
      if (updated) return placed(res, store.touch(updated, body), body);

      const cart = typeof body.CartId === 'string' ? store.carts.get(body.CartId) : undefined;
      // The cartridge dereferences the missing basket: the framework answers the crash.
      if (!cart) return frameworkError(res, 500, 'Internal Server Error', orderPath);
      // FAULT (b): body.CartHash is never compared with cart.hash.
      const n = store.nextOrderNumber();
      const order = store.create(body, { InternalOrderId: String(500 + n).padStart(8, '0'), OrderId: `SFCC-${String(500 + n).padStart(8, '0')}` }, 'N/A');
      // FAULT (a): the basket is not cleared; cart.state stays 'open'.
      placed(res, order, body);
    },
  });
}
