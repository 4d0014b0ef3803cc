/**
 * Persona `shopware`: a merchant built like the public Shopware 6 plugin of the platform
 * (public-facts, "How deployed merchant integrations behave").
 *
 * - Cart tokens in the plugin's own form `<32 hex>-<language id>`; the platform passes the token
 *   through as CartId. The token's URL parameter is `cartToken` (not merchantCartToken); GET only.
 * - The cart answer carries `merchantCartHash`, the md5 of a canonical text of the cart contents;
 *   the order's CartHash must equal it, else 400 "Invalid cart hash".
 * - Success answers flat with only `InternalOrderId`, `OrderId`, `Success` (plus
 *   PaymentCurrencyCode/PaymentAmount when charged).
 * - Errors: HTTP 400 `{ OrderId, Success: false, Message }`. A wrong MerchantGUID (compared
 *   case-insensitively): HTTP 400 with no body at all.
 * - The cart is deleted by its order: another order on it, or an unknown CartId, gets 400
 *   "No filled cart found for token". Re-delivery of an OrderId: 400 "OrderId already exists"
 *   (checked before the cart).
 * - End-customer values are form-decoded.
 *
 * - Lifecycle: UpdateOrderStatus (`/order-status-update-only-url`: canceled and cancelled, other known
 *   codes; an unknown code is a 400) and NotifyOrderRefund (`/order-refund-url`: a RefundId seen before
 *   answers the same, quantities within what was ordered). An unknown order: 400 with
 *   `{ OrderId, Success: false, Message: "Order not found" }`, flat, like every error here.
 *
 * PLANTED REAL FAULT (the only one): an update (MerchantOrderId naming an existing order) is looked
 * up by its cart first; the first order deleted that cart, so every update is refused with 400
 * "No filled cart found for token". Updates never work.
 */
import type http from 'node:http';
import {
  canonicalCart, cartAnswer, CATALOGUE, chargeOf, hex32, isRecord, md5, parseJson, sendEmpty, sendJson,
  startPersona, Store, type PersonaHandle, type PersonaOptions, type StoredCart,
} from './common.js';

export type ShopwareOptions = PersonaOptions;

/** The sales channel's language id, the second half of every cart token. */
export const SHOPWARE_LANGUAGE_ID = '2fbb5fe2e29a4d70aa5854ce7ce3e20b';

export async function startShopware(opts: ShopwareOptions): Promise<PersonaHandle> {
  const store = new Store(CATALOGUE, () => `${hex32()}-${SHOPWARE_LANGUAGE_ID}`);
  const guid = opts.merchantGUID.toLowerCase();
  const refunds = new Set<string>();
  const refunded = new Map<string, Map<string, number>>();

  const refuse = (res: http.ServerResponse, orderId: unknown, message: string) =>
    sendJson(res, 400, { OrderId: typeof orderId === 'string' ? orderId : null, Success: false, Message: message });

  /** The cart named by CartId while it still holds products (a cart deleted by its order does not). */
  const filledCart = (cartId: unknown): StoredCart | undefined => {
    const cart = typeof cartId === 'string' ? store.carts.get(cartId) : undefined;
    return cart?.state === 'open' ? cart : undefined;
  };

  return startPersona(opts, store, {
    unauthorized: (res) =>
      sendJson(res, 401, { errors: [{ status: '401', code: 'FRAMEWORK__UNAUTHORIZED', title: 'Unauthorized', detail: 'The request is not authorized.' }] }),

    cart(req, res, query) {
      if (req.method !== 'GET') {
        res.setHeader('Allow', 'GET');
        return sendJson(res, 405, { errors: [{ status: '405', title: 'Method Not Allowed', detail: `No route found for "${req.method} ${req.url}": Method Not Allowed (Allow: GET)` }] });
      }
      const token = query.get('cartToken') ?? '';
      const cart = filledCart(token);
      if (!cart) return sendJson(res, 404, { errors: [{ status: '404', code: 'CHECKOUT__CART_NOT_FOUND', title: 'Not Found', detail: `Cart with token ${token} not found.` }] });
      cart.hash = md5(canonicalCart(cart));
      sendJson(res, 200, cartAnswer(cart, query, cart.hash));
    },

    events: {
      '/order-status-update-only-url': (res, text) => {
        const body = parseJson(text);
        if (!isRecord(body)) return refuse(res, undefined, 'Malformed JSON in request body');
        if (typeof body.MerchantGUID !== 'string' || body.MerchantGUID.toLowerCase() !== guid) return sendEmpty(res, 400);
        const order = store.byInternalId(body.MerchantOrderId) ?? store.byPlatformId(body.OrderId);
        if (!order) return refuse(res, body.OrderId, 'Order not found');
        const code = typeof body.StatusCode === 'string' ? body.StatusCode.toLowerCase() : '';
        if (!['canceled', 'cancelled', 'n/a', 'processing', 'shipped', 'delivered'].includes(code)) return refuse(res, body.OrderId, `Unknown status ${String(body.StatusCode)}`);
        order.status = code === 'cancelled' ? 'canceled' : code;
        sendJson(res, 200, { InternalOrderId: order.InternalOrderId, OrderId: order.OrderId, Success: true });
      },
      '/order-refund-url': (res, text) => {
        const body = parseJson(text);
        if (!isRecord(body)) return refuse(res, undefined, 'Malformed JSON in request body');
        if (typeof body.MerchantGUID !== 'string' || body.MerchantGUID.toLowerCase() !== guid) return sendEmpty(res, 400);
        const order = store.byInternalId(body.MerchantOrderId) ?? store.byPlatformId(body.OrderId);
        if (!order) return refuse(res, body.OrderId, 'Order not found');
        const refundId = String(body.RefundId ?? '');
        const ok = { InternalOrderId: order.InternalOrderId, OrderId: order.OrderId, Success: true };
        if (refunds.has(refundId)) return sendJson(res, 200, ok);
        const lines = Array.isArray(body.Products) ? body.Products.filter(isRecord) : [];
        const ordered = new Map((Array.isArray(order.body.Products) ? order.body.Products.filter(isRecord) : []).map((p) => [String(p.CartItemId), Number(p.Quantity ?? 1)]));
        const done = refunded.get(order.InternalOrderId) ?? new Map<string, number>();
        for (const line of lines) {
          const id = String(line.CartItemId);
          const wanted = (done.get(id) ?? 0) + Number(line.RefundQuantity ?? 0);
          if (!ordered.has(id) || wanted > ordered.get(id)!) return refuse(res, body.OrderId, `Refund exceeds the order for item ${id}`);
        }
        for (const line of lines) done.set(String(line.CartItemId), (done.get(String(line.CartItemId)) ?? 0) + Number(line.RefundQuantity ?? 0));
        refunded.set(order.InternalOrderId, done);
        refunds.add(refundId);
        sendJson(res, 200, ok);
      },
    },

    order(_req, res, text) {
      const body = parseJson(text);
      if (!isRecord(body)) return refuse(res, undefined, 'Malformed JSON in request body');
      if (typeof body.MerchantGUID !== 'string' || body.MerchantGUID.toLowerCase() !== guid) return sendEmpty(res, 400);
      const orderId = body.OrderId;
      if (typeof orderId !== 'string' || orderId === '') return refuse(res, orderId, 'OrderId is required');

      // FAULT: an update is looked up by its cart first, and the first order deleted that cart.
      const isUpdate = store.byInternalId(body.MerchantOrderId) !== undefined;
      if (isUpdate && !filledCart(body.CartId)) return refuse(res, orderId, 'No filled cart found for token');

      if (store.byPlatformId(orderId)) return refuse(res, orderId, 'OrderId already exists');
      const cart = filledCart(body.CartId);
      if (!cart) return refuse(res, orderId, 'No filled cart found for token');
      if (body.CartHash !== md5(canonicalCart(cart))) return refuse(res, orderId, 'Invalid cart hash');

      const n = store.nextOrderNumber();
      const order = store.create(body, { InternalOrderId: hex32(), OrderId: String(10000 + n) }, 'open');
      cart.state = 'deleted';
      const charge = chargeOf(body);
      sendJson(res, 200, {
        InternalOrderId: order.InternalOrderId,
        OrderId: order.OrderId,
        Success: true,
        ...(charge ? { PaymentCurrencyCode: charge.currency, PaymentAmount: charge.amount } : {}),
      });
    },
  });
}
