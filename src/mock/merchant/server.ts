/**
 * The reference merchant: a node:http server implementing GetCheckoutCartInfo, SendOrderToMerchant
 * and the order lifecycle events `merchant.events` lists (events/: PerformOrderPayment,
 * UpdateOrderStatus, UpdateOrderShippingInfo, SendAdditionalRequiredDocumentsToMerchant,
 * NotifyOrderRefund) correctly, or with exactly one named fault (see faults.ts). xborder's own
 * tests and `xborder demo` run the suite against it; `--fault` proves each check can fail.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { HttpMethod, XborderConfig } from '../../model.js';
import { verifyRequest } from '../../auth/index.js';
import { listen, type RunningServer } from '../running-server.js';
import { handleCart } from './cart-route.js';
import { DEFAULT_SLOW_MS, resolveFault } from './faults.js';
import { errorReply, MAX_BODY_BYTES, readBody, writeReply, type Reply, type ResponseShape } from './http-io.js';
import { handleOrder } from './order-route.js';
import { eventAt, type EventKind } from './events/paths.js';
import { handleEvent } from './events/route.js';
import { MerchantStore, type MerchantStateSnapshot } from './store.js';
import { KeyedLock } from './keyed-lock.js';
import { orderKeyOf, pauseBeforeInsert, racesOrders, RaceWindow, refundIdsAtArrival } from './race-faults.js';
import { leakInternals } from './leak-fault.js';
import { OverlapTrap } from './overlap-exit.js';
import { BODY_LIMIT_BYTES, PAYLOAD_TOO_LARGE } from './body-limit.js';

/** Options of the reference merchant. */
export interface MockMerchantOptions {
  /** GUID, paths, cart methods, cart token and auth modes come from here. */
  config: XborderConfig;
  /** One fault name from MERCHANT_FAULTS; unknown -> UsageError. */
  fault?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** How long the `slow` fault sleeps before answering (default 3000 ms). */
  slowMs?: number;
  /**
   * Store mode: behaves like a real store. It issues carts (`POST {base}/xborder/new-cart` answers a
   * fresh token), looks every new order up by its CartId, refuses carts it never issued or already
   * converted and a CartHash that is not the cart's.
   */
  store?: boolean;
  /** `flat` (what deployed merchants send; the default in store mode) or `wrapped` (the documented form; the default otherwise). */
  responseShape?: ResponseShape;
  /** Called after each answer (the CLI prints a line per request; no bodies: they carry card data). */
  onRequest?: (entry: MerchantLogEntry) => void;
  /**
   * A URL parameter every order must carry (as the platform adds merchant.orderParams from the
   * cart): an order without it is refused with 400.
   */
  requireOrderParam?: string;
  /**
   * Called when the `exit-on-concurrent` fault kills the merchant (two deliveries of `orderId`
   * overlapped), once the server has stopped listening and cut every connection. `xborder mock
   * merchant` exits the process there, as the merchant's would; in-process (demo, tests) the closed
   * server is the whole effect.
   */
  onFatal?: (orderId: string) => void;
}

/** One handled request, for a log line. */
export interface MerchantLogEntry {
  method: string;
  path: string;
  status: number;
  /** The auth mode that accepted the request, when one did. */
  authMode?: string;
  /** What the person running the mock should know about this request. */
  note?: string;
}

/** The running reference merchant. */
export interface MockMerchantServer extends RunningServer {
  /** The fault in effect, or undefined. */
  readonly fault: string | undefined;
  /** Store mode: the URL that issues a fresh cart (POST; the token comes back as text). */
  readonly newCartUrl: string | undefined;
  /** A deep copy of the stored orders and carts. */
  state(): MerchantStateSnapshot;
  /** Number of distinct orders stored. */
  orderCount(): number;
}

/** Starts the reference merchant; resolves once it listens. */
export async function startMockMerchant(options: MockMerchantOptions): Promise<MockMerchantServer> {
  const fault = resolveFault(options.fault)?.name;
  const { config } = options;
  const store = new MerchantStore();
  store.addCart(config.merchant.cartToken);
  const storeMode = options.store === true;
  const shape = options.responseShape ?? (storeMode ? 'flat' : 'wrapped');
  const slowMs = options.slowMs ?? DEFAULT_SLOW_MS;
  const ctx: HandlerContext = { config, fault, store, storeMode, slowMs, requireOrderParam: options.requireOrderParam, orderLock: new KeyedLock(), refundWindow: new RaceWindow(), pauseBeforeInsert: pauseBeforeInsert(fault, slowMs) };
  // Set once listening: the fault that kills the merchant closes what listen opened.
  let running: RunningServer | undefined;
  if (fault === 'exit-on-concurrent') {
    ctx.overlapTrap = new OverlapTrap((orderId) => {
      void running?.close();
      options.onFatal?.(orderId);
    });
  }

  const server = createServer((req, res) => {
    handle(req, ctx)
      .catch((error: unknown): Outcome => ({ reply: errorReply(500, 'Internal error', error instanceof Error ? error.message : String(error)) }))
      .then(({ reply, authMode }) => {
        writeReply(res, fault === 'error-leaks' ? leakInternals(reply) : reply, fault, shape);
        options.onRequest?.({ method: req.method ?? 'GET', path: (req.url ?? '/').split('?')[0]!, status: res.statusCode, authMode, ...(reply.note ? { note: reply.note } : {}) });
      })
      .catch(() => res.destroy());
  });
  running = await listen(server, options.port ?? 0, options.host ?? '127.0.0.1');
  return { ...running, fault, newCartUrl: storeMode ? `${running.url}${joinPath(basePath(config.merchant.baseUrl), NEW_CART_PATH)}` : undefined, state: () => store.snapshot(), orderCount: () => store.orderCount };
}

/** A route's answer and the auth mode that let the request in. */
interface Outcome {
  reply: Reply;
  authMode?: string;
}

interface HandlerContext {
  config: XborderConfig;
  fault: string | undefined;
  store: MerchantStore;
  storeMode: boolean;
  slowMs: number;
  requireOrderParam?: string;
  /** Deliveries of one OrderId, one at a time (the race faults go without). */
  orderLock: KeyedLock;
  /** `refund-race`: copies of one order's refund miss each other while they keep arriving. */
  refundWindow: RaceWindow;
  pauseBeforeInsert?: (orderId: string) => Promise<void>;
  /** `exit-on-concurrent`: deliveries without a lock, and death when two of one order overlap. */
  overlapTrap?: OverlapTrap;
}

/** Where store mode issues carts: the stand-in for a store's own API, so no platform auth applies. */
export const NEW_CART_PATH = '/xborder/new-cart';

/** Routes one request: path, method, (slow fault), auth, then the endpoint itself. */
async function handle(req: IncomingMessage, ctx: HandlerContext): Promise<Outcome> {
  const url = new URL(req.url ?? '/', 'http://merchant.invalid');
  const method = (req.method ?? 'GET').toUpperCase();
  const { merchant } = ctx.config;
  if (ctx.fault === 'slow') await sleep(ctx.slowMs);

  // The endpoints live under the path of merchant.baseUrl, as `xborder check` calls them.
  const prefix = basePath(merchant.baseUrl);
  if (ctx.storeMode && url.pathname === joinPath(prefix, NEW_CART_PATH)) {
    if (method !== 'POST') return { reply: { ...errorReply(405, 'Method not allowed', 'POST issues a new cart.'), headers: { Allow: 'POST' } } };
    return { reply: { status: 200, body: ctx.store.issueCart().token, text: true } };
  }
  const isCart = url.pathname === joinPath(prefix, merchant.cartPath);
  const isOrder = url.pathname === joinPath(prefix, merchant.orderPath);
  // Only the events merchant.events lists are served; the others are unknown paths.
  const event: EventKind | undefined = isCart || isOrder ? undefined : eventAt(ctx.config, url.pathname, (path) => joinPath(prefix, path));
  if (!isCart && !isOrder && !event) return { reply: errorReply(404, 'Not found', `No endpoint at ${url.pathname}.`) };
  const allowed: HttpMethod[] = isCart ? merchant.cartMethods : ['POST'];
  if (!allowed.includes(method as HttpMethod)) {
    const reply = errorReply(405, 'Method not allowed', `${method} is not configured for ${url.pathname}; allowed: ${allowed.join(', ')}.`);
    return { reply: { ...reply, headers: { Allow: allowed.join(', ') } } };
  }

  // The body is read before judging credentials so a refused client still gets a clean answer.
  const body = await readBody(req, ctx.fault === 'body-limit' ? BODY_LIMIT_BYTES : MAX_BODY_BYTES);
  // express.json() parses before any route or auth middleware runs, and refuses past its limit.
  if (body === undefined && ctx.fault === 'body-limit') return { reply: PAYLOAD_TOO_LARGE };
  const auth = event && ctx.fault === 'event-auth-ignored' ? IGNORED : await authenticate(req, ctx);
  if (!auth.ok) return { reply: errorReply(401, 'Unauthorized', auth.reason ?? 'Missing or invalid credentials.') };
  if (body === undefined) return { reply: errorReply(413, 'Payload too large', 'The request body is over 10 MB.'), authMode: auth.mode };
  const reply = isCart
    ? handleCart({ method: method as HttpMethod, query: url.searchParams, body: method === 'POST' ? body : undefined }, ctx)
    : event
      ? await eventReply(event, body, ctx)
      : ctx.requireOrderParam && !url.searchParams.get(ctx.requireOrderParam)
        ? errorReply(400, 'Bad request', `The order URL has no ${ctx.requireOrderParam} parameter (the platform adds it from the cart's urlParameters).`)
        : await orderReply(body, ctx);
  return { reply, authMode: auth.mode };
}

/** An order, serialised per OrderId unless a race fault is on (then lookup and insert race). */
function orderReply(body: Buffer, ctx: HandlerContext): Promise<Reply> {
  if (racesOrders(ctx.fault)) return handleOrder(body, ctx);
  if (ctx.overlapTrap) return ctx.overlapTrap.run(orderKeyOf(body), () => handleOrder(body, ctx));
  return ctx.orderLock.run(orderKeyOf(body), () => handleOrder(body, ctx));
}

/** An event; under `refund-race` a refund is looked up on arrival and applied after the slow part. */
async function eventReply(event: EventKind, body: Buffer, ctx: HandlerContext): Promise<Reply> {
  if (ctx.fault !== 'refund-race' || event !== 'refund') return handleEvent(event, body, ctx);
  const known = refundIdsAtArrival(body, ctx.store);
  await ctx.refundWindow.pause(orderKeyOf(body));
  return handleEvent(event, body, known ? { ...ctx, refundIdsAtArrival: known } : ctx);
}

/** The outcome of judging a request's credentials. */
interface AuthOutcome {
  ok: boolean;
  mode?: string;
  reason?: string;
}

/** What `auth-ignored` (every endpoint) and `event-auth-ignored` (the event endpoints) decide. */
const IGNORED: AuthOutcome = { ok: true, mode: 'ignored' };

/** Any configured mode with valid credentials accepts; `auth-ignored` accepts everything. */
async function authenticate(req: IncomingMessage, ctx: HandlerContext): Promise<AuthOutcome> {
  if (ctx.fault === 'auth-ignored') return IGNORED;
  return verifyRequest({ headers: req.headers, url: req.url ?? '/', remoteAddress: req.socket.remoteAddress }, ctx.config.auth);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The path part of the configured base URL, without a trailing slash ('' when none or unset). */
function basePath(baseUrl: string): string {
  try {
    return new URL(baseUrl).pathname.replace(/\/+$/, '');
  } catch {
    return '';
  }
}

function joinPath(prefix: string, path: string): string {
  return `${prefix}/${path.replace(/^\//, '')}`;
}
