/**
 * Shared parts of the persona merchants (test/personas/*.ts): merchants built the way the public
 * integrations of the platform are built (public-facts, "How deployed merchant integrations
 * behave"), so xborder's verdicts can be tested against merchants it was not designed for.
 *
 * Independent of xborder's own code on purpose (no src/ imports): a persona is a small store with
 * a cart store, an order store and the two endpoints, on a real node:http server at 127.0.0.1:0.
 * `POST /test/new-cart` issues a fresh cart and answers its token as text/plain: the stand-in for
 * "the store's own API" that the end-to-end tests' `merchant.newCart.command` (curl) calls.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';

export type PersonaAuth =
  | { mode: 'none' }
  | { mode: 'header'; name: string; value: string }
  | { mode: 'basic'; username: string; password: string };

export interface PersonaOptions {
  merchantGUID: string;
  /** Required on both endpoints unless `none` (the default). */
  auth?: PersonaAuth;
  /** Default `/get-checkout-cart-info-url`. */
  cartPath?: string;
  /** Default `/order-update-create-url`. */
  orderPath?: string;
  /**
   * A body limit in front of every route, as a body parser or a proxy sets one. Past `bytes`:
   * `413` reads the body to its end, then answers HTTP 413 with Express's error page (express.json()
   * with `limit`); `reset` closes the connection in the middle of the upload (a server that stops
   * reading). Without it, bodies of any size a test sends are read.
   */
  bodyLimit?: { bytes: number; refuse: '413' | 'reset' };
}

/** One catalogue entry: what every issued cart holds (a product line). */
export interface CatalogueItem {
  ProductCode: string;
  Name: string;
  /** Unit price in the store currency, incl. VAT. */
  Price: number;
  ListPrice: number;
  Quantity: number;
  GenericHSCode: string;
  /** Grams. */
  Weight: number;
  URL: string;
  ImageURL: string;
  Brand: string;
  Category: string;
}

/** The default catalogue (plain ASCII names). */
export const CATALOGUE: CatalogueItem[] = [
  { ProductCode: 'SKU1', Name: 'Linen Shirt', Price: 49.9, ListPrice: 59.9, Quantity: 2, GenericHSCode: '620520', Weight: 250, URL: 'https://shop.example/products/linen-shirt', ImageURL: 'https://cdn.shop.example/img/linen-shirt.jpg', Brand: 'Northwind', Category: 'Shirts' },
  { ProductCode: 'SKU2', Name: 'Ceramic Mug', Price: 12.5, ListPrice: 12.5, Quantity: 1, GenericHSCode: '691200', Weight: 400, URL: 'https://shop.example/products/ceramic-mug', ImageURL: 'https://cdn.shop.example/img/ceramic-mug.jpg', Brand: 'Northwind', Category: 'Kitchen' },
  { ProductCode: 'SKU3', Name: 'Wool Socks', Price: 9.95, ListPrice: 9.95, Quantity: 3, GenericHSCode: '611595', Weight: 80, URL: 'https://shop.example/products/wool-socks', ImageURL: 'https://cdn.shop.example/img/wool-socks.jpg', Brand: 'Northwind', Category: 'Socks' },
];

export type CartState = 'open' | 'completed' | 'deleted';

/** An issued cart. `hash` is the last merchantCartHash answered for it (personas that hash). */
export interface StoredCart {
  token: string;
  userId: string;
  state: CartState;
  items: Array<CatalogueItem & { CartItemId: string }>;
  hash?: string;
}

/** A created order. `OrderId` is the merchant's display number, `platformOrderId` the platform's. */
export interface StoredOrder {
  InternalOrderId: string;
  OrderId: string;
  platformOrderId: string;
  cartId?: string;
  status: string;
  /** Posts that re-placed or updated this order after it was created. */
  redeliveries: number;
  updates: number;
  payment?: { currency: string; amount: string };
  /** The end customer's shipping values, form-decoded. */
  customer: Record<string, string>;
  /** The last order body accepted for it. */
  body: Record<string, unknown>;
}

export interface PersonaHandle {
  url: string;
  cartUrl: string;
  orderUrl: string;
  issueCart(): string;
  carts(): StoredCart[];
  orders(): StoredOrder[];
  close(): Promise<void>;
}

/** 32 lowercase hex characters. */
export function hex32(): string {
  return randomBytes(16).toString('hex');
}

export function md5(text: string): string {
  return createHash('md5').update(text).digest('hex');
}

/** Carts and orders of one store. */
export class Store {
  readonly carts = new Map<string, StoredCart>();
  readonly orders: StoredOrder[] = [];
  private itemSeq = 1;
  private orderSeq = 0;

  constructor(private readonly catalogue: CatalogueItem[], private readonly newToken: () => string = hex32) {}

  issueCart(): string {
    const token = this.newToken();
    const items = this.catalogue.map((c) => ({ ...c, CartItemId: String(this.itemSeq++) }));
    this.carts.set(token, { token, userId: `user-${1000 + this.carts.size}`, state: 'open', items });
    return token;
  }

  /** The order counter, for persona-specific ids. */
  nextOrderNumber(): number {
    return ++this.orderSeq;
  }

  /** Records a new order converted from cart `cartId`. */
  create(body: Record<string, unknown>, ids: { InternalOrderId: string; OrderId: string }, status: string): StoredOrder {
    const order: StoredOrder = {
      ...ids,
      platformOrderId: String(body.OrderId),
      cartId: typeof body.CartId === 'string' ? body.CartId : undefined,
      status,
      redeliveries: 0,
      updates: 0,
      payment: chargeOf(body),
      customer: endCustomer(body),
      body,
    };
    this.orders.push(order);
    return order;
  }

  /** A later post accepted for an existing order: an update when MerchantOrderId names it, else a re-delivery. */
  touch(order: StoredOrder, body: Record<string, unknown>): StoredOrder {
    const m = body.MerchantOrderId;
    if (typeof m === 'string' && (m === order.InternalOrderId || m === order.OrderId)) order.updates++;
    else order.redeliveries++;
    order.body = body;
    order.customer = endCustomer(body);
    order.payment ??= chargeOf(body);
    return order;
  }

  byPlatformId(id: unknown): StoredOrder | undefined {
    return typeof id === 'string' ? this.orders.find((o) => o.platformOrderId === id) : undefined;
  }

  byInternalId(id: unknown): StoredOrder | undefined {
    return typeof id === 'string' ? this.orders.find((o) => o.InternalOrderId === id) : undefined;
  }
}

/** The GetCheckoutCartInfo answer for `cart`, echoing the requested country and currency. */
export function cartAnswer(cart: StoredCart, query: URLSearchParams, hash?: string): Record<string, unknown> {
  const currency = (query.get('currencyCode') || 'EUR').toUpperCase();
  const country = (query.get('countryCode') || 'DE').toUpperCase();
  return {
    productsList: cart.items.map((i) => ({
      ProductCode: i.ProductCode,
      ProductGroupCode: i.ProductCode.replace(/\d+$/, ''),
      CartItemId: i.CartItemId,
      Name: i.Name,
      NameEnglish: i.Name,
      Description: `${i.Name} (${i.Category})`,
      URL: i.URL,
      ImageURL: i.ImageURL,
      OrderedQuantity: i.Quantity,
      SalePrice: i.Price,
      OriginalSalePrice: i.Price,
      ListPrice: i.ListPrice,
      OriginalListPrice: i.ListPrice,
      GenericHSCode: i.GenericHSCode,
      Weight: i.Weight,
      OriginCountryCode: 'DE',
      IsBackOrdered: false,
      IsVirtual: false,
      VATRateType: { Name: 'Standard', Rate: 19, VATRateTypeCode: 'standard' },
      Brand: { BrandCode: i.Brand.toLowerCase(), Name: i.Brand },
      Categories: [{ CategoryCode: i.Category.toLowerCase(), Name: i.Category }],
    })),
    currencyCode: currency,
    originalCurrencyCode: 'EUR',
    CountryCode: country,
    cultureCode: 'en-GB',
    userDetails: {
      UserId: cart.userId,
      AddressDetails: [{
        FirstName: 'Anna', LastName: 'Schmidt', Email: 'anna+shop@example.com', Phone1: '+49 30 1234567',
        Address1: 'Hauptstrasse 5', City: 'Berlin', Zip: '10115', CountryCode: 'DE',
        IsShipping: true, IsBilling: true, IsDefaultShipping: true, IsDefaultBilling: true,
      }],
    },
    ...(hash !== undefined ? { merchantCartHash: hash } : {}),
  };
}

/** The canonical text of a cart's contents (hashed by the personas that hash). */
export function canonicalCart(cart: StoredCart): string {
  return [cart.token, ...cart.items.map((i) => `${i.CartItemId}:${i.ProductCode}:${i.Quantity}:${i.Price.toFixed(2)}`)].join('|');
}

function num(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : 0;
}

function list(v: unknown): Record<string, unknown>[] {
  return Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null) : [];
}

/** Products Price x Quantity + DiscountedShippingPrice - non-shipping Discounts, 2 decimals as text. */
export function paymentAmount(order: Record<string, unknown>): string {
  let cents = 0;
  for (const p of list(order.Products)) cents += Math.round(num(p.Price) * 100) * (p.Quantity == null ? 1 : num(p.Quantity));
  cents += Math.round(num(order.DiscountedShippingPrice) * 100);
  for (const d of list(order.Discounts)) if (num(d.DiscountType) !== 2) cents -= Math.round(num(d.Price) * 100);
  return (Math.round(cents) / 100).toFixed(2);
}

/** The payment to answer when the order carries PaymentDetails (an object). */
export function chargeOf(order: Record<string, unknown>): { currency: string; amount: string } | undefined {
  const pd = order.PaymentDetails;
  if (typeof pd !== 'object' || pd === null || Array.isArray(pd)) return undefined;
  return { currency: typeof order.CurrencyCode === 'string' ? order.CurrencyCode : 'EUR', amount: paymentAmount(order) };
}

/** Form decoding (`+` is a space), as Ruby CGI.unescape / PHP urldecode do. */
export function formDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value.replace(/\+/g, ' ');
  }
}

/** The end customer's shipping block (per Customer.IsEndCustomerPrimary), its strings form-decoded. */
export function endCustomer(order: Record<string, unknown>): Record<string, string> {
  const customer = order.Customer as Record<string, unknown> | null | undefined;
  const primary = typeof customer === 'object' && customer !== null && customer.IsEndCustomerPrimary === true;
  const block = order[primary ? 'PrimaryShipping' : 'SecondaryShipping'];
  const out: Record<string, string> = {};
  if (typeof block === 'object' && block !== null) {
    for (const [k, v] of Object.entries(block)) if (typeof v === 'string') out[k] = formDecode(v);
  }
  return out;
}

/** Whether the request carries the configured credentials. */
export function authorized(req: http.IncomingMessage, auth: PersonaAuth): boolean {
  if (auth.mode === 'none') return true;
  if (auth.mode === 'header') return req.headers[auth.name.toLowerCase()] === auth.value;
  const m = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  return m !== null && Buffer.from(m[1], 'base64').toString('utf8') === `${auth.username}:${auth.password}`;
}

/**
 * The request body as text; undefined when it passes `limit.bytes`, once it has been read to its end
 * (`413`) or at once, the connection destroyed mid-upload (`reset`). Without a limit, up to 64 MiB.
 */
export function readBody(req: http.IncomingMessage, limit: PersonaOptions['bodyLimit'] = { bytes: 64 << 20, refuse: '413' }): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= limit.bytes) chunks.push(c);
      else if (limit.refuse === 'reset') {
        req.socket.destroy();
        resolve(undefined);
      }
    });
    req.on('end', () => resolve(size > limit.bytes ? undefined : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** What Express (finalhandler, NODE_ENV=production) answers when express.json() refuses a body over its limit. */
const EXPRESS_413 = '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>Payload Too Large</pre>\n</body>\n</html>\n';

/** JSON.parse, or `undefined` when the text is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown, serialize: (v: unknown) => string = (v) => JSON.stringify(v)): void {
  const text = serialize(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

export function sendText(res: http.ServerResponse, status: number, text: string, type = 'text/plain; charset=utf-8'): void {
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** A status with no body at all. */
export function sendEmpty(res: http.ServerResponse, status: number): void {
  res.writeHead(status, { 'Content-Length': 0 });
  res.end();
}

/** What a persona answers; the common server does routing, auth and the test route. */
export interface PersonaRoutes {
  /** GetCheckoutCartInfo, credentials already checked. */
  cart(req: http.IncomingMessage, res: http.ServerResponse, query: URLSearchParams, body: string): void;
  /** SendOrderToMerchant (POST), credentials already checked. */
  order(req: http.IncomingMessage, res: http.ServerResponse, body: string): void;
  /** The answer to missing or wrong credentials (401). */
  unauthorized(res: http.ServerResponse, path: string): void;
  /** Lifecycle endpoints (POST) by path, credentials already checked. */
  events?: Record<string, (res: http.ServerResponse, body: string) => void>;
}

/** Starts a persona on 127.0.0.1:0. */
export async function startPersona(opts: PersonaOptions, store: Store, routes: PersonaRoutes): Promise<PersonaHandle> {
  const auth = opts.auth ?? { mode: 'none' };
  const cartPath = opts.cartPath ?? '/get-checkout-cart-info-url';
  const orderPath = opts.orderPath ?? '/order-update-create-url';
  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = await readBody(req, opts.bodyLimit);
      // Refused before any route sees it, as a body parser or a proxy in front does.
      if (body === undefined) return req.socket.destroyed ? undefined : sendText(res, 413, EXPRESS_413, 'text/html; charset=utf-8');
      if (url.pathname === '/test/new-cart' && req.method === 'POST') return sendText(res, 200, store.issueCart());
      const isCart = url.pathname === cartPath;
      const event = req.method === 'POST' ? routes.events?.[url.pathname] : undefined;
      if (!isCart && !event && !(url.pathname === orderPath && req.method === 'POST')) return sendText(res, 404, 'Not Found');
      if (!authorized(req, auth)) {
        if (auth.mode === 'basic') res.setHeader('WWW-Authenticate', 'Basic realm="store"');
        return routes.unauthorized(res, url.pathname);
      }
      if (isCart) routes.cart(req, res, url.searchParams, body);
      else if (event) event(res, body);
      else routes.order(req, res, body);
    } catch (err) {
      if (!res.headersSent) sendText(res, 500, `persona crashed: ${(err as Error).message}`);
      else res.destroy();
    }
  });
  const sockets = new Set<net.Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return {
    url,
    cartUrl: url + cartPath,
    orderUrl: url + orderPath,
    issueCart: () => store.issueCart(),
    carts: () => [...store.carts.values()],
    orders: () => [...store.orders],
    close: () => new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
  };
}
