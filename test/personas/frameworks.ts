/**
 * Framework personas: merchants built on ASP.NET Core, Spring Boot, Laravel and Django REST
 * framework, conforming in everything but the form of their refusals, which is each framework's own:
 *
 * - `aspnet`: RFC 9457 ProblemDetails (`application/problem+json`): an unknown cart or order is
 *   404 `{ type, title: "Not Found", status: 404, detail, traceId }`; a cart already converted 409;
 *   a missing OrderId 400 with the validation form `{ title, status, errors: { OrderId: [...] } }`.
 * - `spring`: Spring Boot's error body `{ timestamp, status, error, path }`: 404 for an unknown cart,
 *   400 for a missing OrderId, 409 for a converted cart.
 * - `laravel`: 422 `{ message, errors: { Field: [...] } }` for every validation failure (an unknown
 *   or converted cart, a missing OrderId); `{ "message": "Not Found" }` 404 for an unknown cart GET.
 * - `django`: Django REST framework: 404 `{ "detail": "Not found." }` for an unknown cart, 400
 *   `{ "OrderId": ["This field is required."] }` for a missing field, 409 `{ "detail": ... }`.
 *
 * Every one refuses a wrong MerchantGUID with 403 and wrong credentials with 401, in its own form.
 * Success answers are the documented `{ "ResponseInfo": { ... } }`. No CartHash; re-delivery of an
 * OrderId answers the same order; MerchantOrderId naming an order updates it.
 */
import type http from 'node:http';
import {
  cartAnswer, CATALOGUE, chargeOf, isRecord, parseJson, sendJson, startPersona, Store,
  type PersonaHandle, type PersonaOptions, type StoredOrder,
} from './common.js';

/** The framework whose error forms the persona answers with. */
export type Framework = 'aspnet' | 'spring' | 'laravel' | 'django';

/** Why a request is refused, so each framework can word and shape it. */
type Refusal = 'unknown-cart' | 'cart-used' | 'no-order-id' | 'wrong-guid' | 'unauthorized';

const STATUS: Record<Framework, Record<Refusal, number>> = {
  aspnet: { 'unknown-cart': 404, 'cart-used': 409, 'no-order-id': 400, 'wrong-guid': 403, unauthorized: 401 },
  spring: { 'unknown-cart': 404, 'cart-used': 409, 'no-order-id': 400, 'wrong-guid': 403, unauthorized: 401 },
  laravel: { 'unknown-cart': 422, 'cart-used': 422, 'no-order-id': 422, 'wrong-guid': 403, unauthorized: 401 },
  django: { 'unknown-cart': 404, 'cart-used': 409, 'no-order-id': 400, 'wrong-guid': 403, unauthorized: 401 },
};

const TEXT: Record<Refusal, string> = {
  'unknown-cart': 'No cart with this id.',
  'cart-used': 'The cart was converted into an order already.',
  'no-order-id': 'The OrderId field is required.',
  'wrong-guid': 'You do not have permission to perform this action.',
  unauthorized: 'Authentication credentials were not provided.',
};

const FIELD: Partial<Record<Refusal, string>> = { 'unknown-cart': 'CartId', 'cart-used': 'CartId', 'no-order-id': 'OrderId' };

/** The refusal as `framework` writes it: status, content type and body. */
export function refusalBody(framework: Framework, refusal: Refusal, path: string): { status: number; type: string; body: unknown } {
  const status = STATUS[framework][refusal];
  const field = FIELD[refusal];
  switch (framework) {
    case 'aspnet': {
      const base = { type: `https://tools.ietf.org/html/rfc9110#section-15.5.${status === 404 ? 5 : status === 409 ? 10 : status === 400 ? 1 : status === 403 ? 4 : 2}`, status, traceId: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00' };
      const body = refusal === 'no-order-id'
        ? { ...base, title: 'One or more validation errors occurred.', errors: { OrderId: [TEXT[refusal]] } }
        : { ...base, title: { 404: 'Not Found', 409: 'Conflict', 403: 'Forbidden', 401: 'Unauthorized' }[status] ?? 'Bad Request', detail: TEXT[refusal] };
      return { status, type: 'application/problem+json; charset=utf-8', body };
    }
    case 'spring':
      return { status, type: 'application/json', body: { timestamp: '2026-11-26T11:58:03.120+00:00', status, error: { 404: 'Not Found', 409: 'Conflict', 400: 'Bad Request', 403: 'Forbidden', 401: 'Unauthorized' }[status], path } };
    case 'laravel':
      if (status === 422) return { status, type: 'application/json', body: { message: TEXT[refusal], errors: { [field ?? 'request']: [TEXT[refusal]] } } };
      return { status, type: 'application/json', body: { message: status === 401 ? 'Unauthenticated.' : 'This action is unauthorized.' } };
    case 'django':
      if (refusal === 'no-order-id') return { status, type: 'application/json', body: { OrderId: ['This field is required.'] } };
      return { status, type: 'application/json', body: { detail: refusal === 'unknown-cart' ? 'Not found.' : TEXT[refusal] } };
  }
}

function refuse(res: http.ServerResponse, framework: Framework, refusal: Refusal, path: string): void {
  const { status, type, body } = refusalBody(framework, refusal, path);
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

function placed(res: http.ServerResponse, order: StoredOrder, body: Record<string, unknown>): void {
  const charge = chargeOf(body);
  sendJson(res, 200, { ResponseInfo: { Success: true, InternalOrderId: order.InternalOrderId, OrderId: order.OrderId, StatusCode: order.status, ...(charge ? { PaymentCurrencyCode: charge.currency, PaymentAmount: charge.amount } : {}) } });
}

/** Starts the persona of `framework`. */
export async function startFramework(framework: Framework, opts: PersonaOptions): Promise<PersonaHandle> {
  const store = new Store(CATALOGUE);
  const orderPath = opts.orderPath ?? '/order-update-create-url';
  return startPersona(opts, store, {
    unauthorized: (res, path) => refuse(res, framework, 'unauthorized', path),

    cart(req, res, query, text) {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (req.method === 'POST') {
        const body = parseJson(text);
        if (!isRecord(body) || body.MerchantGUID !== opts.merchantGUID) return refuse(res, framework, 'wrong-guid', path);
      }
      const cart = store.carts.get(query.get('merchantCartToken') ?? '');
      if (!cart || cart.state !== 'open') return refuse(res, framework, 'unknown-cart', path);
      sendJson(res, 200, cartAnswer(cart, query));
    },

    order(_req, res, text) {
      const body = parseJson(text);
      if (!isRecord(body) || body.MerchantGUID !== opts.merchantGUID) return refuse(res, framework, 'wrong-guid', orderPath);
      if (typeof body.OrderId !== 'string' || body.OrderId === '') return refuse(res, framework, 'no-order-id', orderPath);
      const known = store.byInternalId(body.MerchantOrderId) ?? store.byPlatformId(body.OrderId);
      if (known) return placed(res, store.touch(known, body), body);
      const cart = typeof body.CartId === 'string' ? store.carts.get(body.CartId) : undefined;
      if (!cart) return refuse(res, framework, 'unknown-cart', orderPath);
      if (cart.state !== 'open') return refuse(res, framework, 'cart-used', orderPath);
      const n = store.nextOrderNumber();
      const order = store.create(body, { InternalOrderId: String(7000 + n), OrderId: `FW-${String(n).padStart(6, '0')}` }, 'New');
      cart.state = 'completed';
      placed(res, order, body);
    },
  });
}
