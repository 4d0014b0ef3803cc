/**
 * Persona `check-then-insert`: a merchant built like every public merchant integration of the
 * platform we could read (public-facts, "How deployed merchant integrations behave"): a delivery
 * looks its OrderId up and, when it finds nothing, does the slow work of creating an order
 * (inventory, fraud checks, payment: `createMs`) and inserts it, with no lock in between. A refund
 * does the same with its RefundId (`refundMs`).
 *
 * - Delivered again after the answer: the order is found, nothing is created (idempotent-redelivery
 *   passes). Delivered while the first is still being created: a second order.
 * - `lock: true`: the fix, a lock per OrderId (and per order for refunds) around lookup and insert.
 * - Flat answers `{ Success, InternalOrderId, OrderId, StatusCode }`; errors 400/404 with
 *   `{ Success: false, ErrorCode, Message }`. The cart is used up by its first order.
 * - `log()`: every delivery of an order or a refund with the times it arrived and was answered, so
 *   a test can tell from the merchant's side that deliveries overlapped.
 */
import type http from 'node:http';
import { cartAnswer, CATALOGUE, isRecord, parseJson, sendJson, startPersona, Store, type PersonaHandle, type PersonaOptions } from './common.js';

export interface CheckThenInsertOptions extends PersonaOptions {
  /** Milliseconds between the lookup and the insert of a new order. */
  createMs: number;
  /** Milliseconds between the lookup and the booking of a new refund (default createMs). */
  refundMs?: number;
  /** Serialise per OrderId (the fix); default false (what the public integrations do). */
  lock?: boolean;
  /** Default `/order-refund-url`. */
  refundPath?: string;
}

/** One delivery as the merchant saw it. */
export interface DeliveryLog {
  kind: 'order' | 'refund';
  /** The platform OrderId (orders) or the RefundId (refunds). */
  key: string;
  /** performance.now() at arrival and when answered. */
  start: number;
  end: number;
  status: number;
  /** What the answer named: the InternalOrderId, or the error code. */
  answer: string;
}

export interface CheckThenInsertHandle extends PersonaHandle {
  log(): DeliveryLog[];
}

interface Refunds {
  ids: Map<string, unknown>;
  quantities: Map<string, number>;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Per-key serialisation (the persona's own, independent of xborder's code). */
function keyedLock() {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(key: string, task: () => Promise<T>): Promise<T> => {
    const run = (tails.get(key) ?? Promise.resolve()).then(task, task);
    tails.set(key, run.catch(() => undefined));
    return run;
  };
}

export async function startCheckThenInsert(opts: CheckThenInsertOptions): Promise<CheckThenInsertHandle> {
  const store = new Store(CATALOGUE);
  const refunds = new Map<string, Refunds>();
  const entries: DeliveryLog[] = [];
  const lock = keyedLock();
  const serialised = <T>(key: string, task: () => Promise<T>) => (opts.lock ? lock(key, task) : task());

  /** Answers and logs one delivery. */
  const answer = (res: http.ServerResponse, kind: DeliveryLog['kind'], key: string, start: number, status: number, body: Record<string, unknown>) => {
    sendJson(res, status, body);
    entries.push({ kind, key, start, end: performance.now(), status, answer: String(body.InternalOrderId ?? body.ErrorCode) });
  };
  const fail = (code: string, message: string) => ({ Success: false, ErrorCode: code, Message: message });

  async function createOrder(body: Record<string, unknown>): Promise<[number, Record<string, unknown>]> {
    const existing = store.byPlatformId(body.OrderId);
    if (existing) {
      store.touch(existing, body);
      return [200, { Success: true, InternalOrderId: existing.InternalOrderId, OrderId: existing.OrderId, StatusCode: existing.status }];
    }
    const cart = typeof body.CartId === 'string' ? store.carts.get(body.CartId) : undefined;
    if (!cart) return [400, fail('CART_NOT_FOUND', 'Cart not found')];
    if (cart.state !== 'open') return [400, fail('CART_USED', 'Cart already checked out')];
    // The slow part: inventory, fraud check, payment. The lookup above is stale by its end.
    await sleep(opts.createMs);
    const n = store.nextOrderNumber();
    const order = store.create(body, { InternalOrderId: String(7000 + n), OrderId: `CTI-${n}` }, 'N/A');
    cart.state = 'completed';
    return [200, { Success: true, InternalOrderId: order.InternalOrderId, OrderId: order.OrderId, StatusCode: order.status }];
  }

  async function refund(body: Record<string, unknown>): Promise<[number, Record<string, unknown>]> {
    const order = store.byInternalId(body.MerchantOrderId) ?? store.byPlatformId(body.OrderId);
    if (!order) return [404, fail('ORDER_NOT_FOUND', 'Order not found')];
    const refundId = typeof body.RefundId === 'string' ? body.RefundId : '';
    if (!refundId) return [400, fail('BAD_REQUEST', 'RefundId is required')];
    const booked = refunds.get(order.InternalOrderId) ?? { ids: new Map(), quantities: new Map() };
    refunds.set(order.InternalOrderId, booked);
    if (booked.ids.has(refundId)) return [200, booked.ids.get(refundId) as Record<string, unknown>];
    const ordered = new Map<string, number>();
    for (const p of Array.isArray(order.body.Products) ? order.body.Products.filter(isRecord) : []) ordered.set(String(p.CartItemId), Number(p.Quantity ?? 1));
    const lines = (Array.isArray(body.Products) ? body.Products.filter(isRecord) : []).map((p) => [String(p.CartItemId), Number(p.RefundQuantity ?? 0)] as const);
    for (const [item, quantity] of lines) {
      if ((booked.quantities.get(item) ?? 0) + quantity > (ordered.get(item) ?? 0)) return [400, fail('REFUND_EXCEEDS', `Refund exceeds what was ordered of item ${item}`)];
    }
    await sleep(opts.refundMs ?? opts.createMs);
    for (const [item, quantity] of lines) booked.quantities.set(item, (booked.quantities.get(item) ?? 0) + quantity);
    const ok = { Success: true, InternalOrderId: order.InternalOrderId, OrderId: order.OrderId, StatusCode: order.status };
    booked.ids.set(refundId, ok);
    return [200, ok];
  }

  const handle = await startPersona(opts, store, {
    unauthorized: (res) => sendJson(res, 401, fail('UNAUTHORIZED', 'Unauthorized')),
    cart(_req, res, query) {
      const cart = store.carts.get(query.get('merchantCartToken') ?? '');
      if (!cart || cart.state !== 'open') return sendJson(res, 404, fail('CART_NOT_FOUND', 'Cart not found'));
      sendJson(res, 200, cartAnswer(cart, query));
    },
    order(_req, res, text) {
      const start = performance.now();
      const body = parseJson(text);
      if (!isRecord(body)) return answer(res, 'order', '', start, 400, fail('BAD_REQUEST', 'The body is not a JSON object'));
      if (body.MerchantGUID !== opts.merchantGUID) return answer(res, 'order', String(body.OrderId), start, 401, fail('UNAUTHORIZED', 'MerchantGUID is missing or wrong'));
      if (typeof body.OrderId !== 'string' || body.OrderId === '') return answer(res, 'order', '', start, 400, fail('BAD_REQUEST', 'OrderId is required'));
      const key = body.OrderId;
      void serialised(`order:${key}`, () => createOrder(body)).then(([status, reply]) => answer(res, 'order', key, start, status, reply));
    },
    events: {
      [opts.refundPath ?? '/order-refund-url']: (res, text) => {
        const start = performance.now();
        const body = parseJson(text);
        if (!isRecord(body) || body.MerchantGUID !== opts.merchantGUID) return answer(res, 'refund', '', start, 400, fail('BAD_REQUEST', 'A JSON body with this merchant\'s MerchantGUID is required'));
        const key = String(body.RefundId ?? '');
        // With the lock, refunds of one order are serialised (any RefundId): the ceiling is per order.
        void serialised(`refund:${String(body.MerchantOrderId ?? body.OrderId)}`, () => refund(body)).then(([status, reply]) => answer(res, 'refund', key, start, status, reply));
      },
    },
  });
  return { ...handle, log: () => entries.map((e) => ({ ...e })) };
}
