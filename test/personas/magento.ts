/**
 * Persona `magento`: a merchant built like the platform's own PHP SDK and Magento module
 * (public-facts, "How deployed merchant integrations behave").
 *
 * - Writes JSON the PHP way: every `/` as `\/`, every non-ASCII character as `\uXXXX` (valid JSON).
 *   Product names carry non-ASCII (`Größe`, `Café`) and the products carry URLs, so it shows.
 * - Answers wrapped, `{ "ResponseInfo": {...} }`, with only the keys it uses.
 * - A wrong MerchantGUID (order, or cart POST body): HTTP 400 with no body. A body that is not a
 *   JSON object (an array, or not JSON): HTTP 500 with the Symfony-style HTML page
 *   "Oops! An Error Occurred".
 * - The order is looked up by CartId; the cart is cleared by its order. Re-delivery of an OrderId
 *   answers the same order (same InternalOrderId); MerchantOrderId naming an order updates it.
 *   No CartHash. End-customer values are form-decoded.
 * - GetCheckoutCartInfo by GET and POST (POST checks the body's MerchantGUID), token in
 *   `merchantCartToken`; an unknown or cleared cart: 404.
 *
 * PLANTED REAL FAULT (the only one): validation errors (missing OrderId, unknown CartId, a second
 * order on a cleared cart) are answered with HTTP 200 and
 * `{ "ResponseInfo": { "Success": false, "ErrorCode": "...", "Message": "..." } }`; the interface
 * forbids an error with HTTP 200.
 */
import type http from 'node:http';
import {
  cartAnswer, chargeOf, isRecord, parseJson, sendEmpty, sendJson, sendText, startPersona, Store,
  type CatalogueItem, type PersonaHandle, type PersonaOptions, type StoredOrder,
} from './common.js';

export type MagentoOptions = PersonaOptions;

/** A catalogue with non-ASCII names and URLs (so the PHP escaping shows). */
export const MAGENTO_CATALOGUE: CatalogueItem[] = [
  { ProductCode: 'MG-TEE-L', Name: 'T-Shirt Größe L', Price: 29, ListPrice: 35, Quantity: 1, GenericHSCode: '610910', Weight: 180, URL: 'https://magento.example/de/t-shirt-groesse-l.html', ImageURL: 'https://magento.example/media/catalog/product/t/e/tee.jpg', Brand: 'Müller & Söhne', Category: 'Oberteile' },
  { ProductCode: 'MG-CAFE-500', Name: 'Café Crème Bohnen 500 g', Price: 14.99, ListPrice: 14.99, Quantity: 2, GenericHSCode: '090121', Weight: 520, URL: 'https://magento.example/de/cafe-creme-bohnen.html', ImageURL: 'https://magento.example/media/catalog/product/c/a/cafe.jpg', Brand: 'Rösterei Nord', Category: 'Kaffee' },
];

/** PHP json_encode's default escaping over JSON.stringify's output. */
export function phpJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\//g, '\\/')
    .replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const send = (res: http.ServerResponse, status: number, body: unknown) => sendJson(res, status, body, phpJson);

/** FAULT: a refused order is answered with HTTP 200. */
function refuse(res: http.ServerResponse, errorCode: string, message: string): void {
  send(res, 200, { ResponseInfo: { Success: false, ErrorCode: errorCode, Message: message } });
}

const OOPS = `<!DOCTYPE html>
<html>
    <head>
        <meta charset="UTF-8" />
        <title>An Error Occurred: Internal Server Error</title>
    </head>
    <body>
        <h1>Oops! An Error Occurred</h1>
        <h2>The server returned a "500 Internal Server Error".</h2>
        <div>
            Something is broken. Please let us know what you were doing when this error occurred.
            We will fix it as soon as possible. Sorry for any inconvenience caused.
        </div>
    </body>
</html>
`;

function placed(res: http.ServerResponse, order: StoredOrder, body: Record<string, unknown>): void {
  const charge = chargeOf(body);
  send(res, 200, {
    ResponseInfo: {
      Success: true,
      InternalOrderId: order.InternalOrderId,
      OrderId: order.OrderId,
      StatusCode: order.status,
      ...(charge ? { PaymentCurrencyCode: charge.currency, PaymentAmount: charge.amount } : {}),
    },
  });
}

export async function startMagento(opts: MagentoOptions): Promise<PersonaHandle> {
  const store = new Store(MAGENTO_CATALOGUE);

  return startPersona(opts, store, {
    unauthorized: (res) =>
      send(res, 401, { message: "The consumer isn't authorized to access %resources.", parameters: { resources: 'Globale_Connector::api' } }),

    cart(req, res, query, text) {
      if (req.method !== 'GET' && req.method !== 'POST') {
        res.setHeader('Allow', 'GET, POST');
        return send(res, 405, { message: 'Request does not match any route.' });
      }
      if (req.method === 'POST') {
        const body = parseJson(text);
        if (!isRecord(body) || body.MerchantGUID !== opts.merchantGUID) return sendEmpty(res, 400);
      }
      const token = query.get('merchantCartToken') ?? '';
      const cart = store.carts.get(token);
      if (!cart || cart.state !== 'open') return send(res, 404, { message: 'No such entity with %fieldName = %fieldValue', parameters: { fieldName: 'cartId', fieldValue: token } });
      send(res, 200, cartAnswer(cart, query));
    },

    order(_req, res, text) {
      const body = parseJson(text);
      if (!isRecord(body)) return sendText(res, 500, OOPS, 'text/html; charset=UTF-8');
      if (body.MerchantGUID !== opts.merchantGUID) return sendEmpty(res, 400);
      if (typeof body.OrderId !== 'string' || body.OrderId === '') return refuse(res, 'ValidationError', 'OrderId is required');

      const known = store.byInternalId(body.MerchantOrderId) ?? store.byPlatformId(body.OrderId);
      if (known) return placed(res, store.touch(known, body), body);

      const cart = typeof body.CartId === 'string' ? store.carts.get(body.CartId) : undefined;
      if (!cart) return refuse(res, 'CartNotFound', `No such entity with cartId = ${String(body.CartId)}`);
      if (cart.state !== 'open') return refuse(res, 'CartNotActive', `The cart ${cart.token} is no longer active`);
      const n = store.nextOrderNumber();
      const order = store.create(body, { InternalOrderId: String(n), OrderId: String(n).padStart(9, '0') }, 'pending');
      cart.state = 'deleted';
      placed(res, order, body);
    },
  });
}
