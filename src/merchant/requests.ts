/**
 * The requests the platform sends to a merchant, before auth is applied: the cart call (GET, or
 * POST with OrderID and MerchantGUID in the payload) and the order post.
 */
import type { HttpMethod, RequestSpec, XborderConfig } from '../model.js';
import { resolveOrderParams, withParams } from './order-params.js';

/**
 * Joins the merchant base URL and a configured path without doubling or dropping slashes. A query
 * on the base URL (`https://shop/x?apikey=K`) is kept on every request, before the call's own.
 */
export function merchantUrl(config: XborderConfig, path: string): URL {
  const base = new URL(config.merchant.baseUrl);
  if (!base.pathname.endsWith('/')) base.pathname = `${base.pathname}/`;
  const url = new URL(path.replace(/^\//, ''), base);
  url.search = base.search;
  return url;
}

/**
 * GetCheckoutCartInfo with countryCode, currencyCode, the cart token (under the merchant's own
 * parameter name, merchantCartToken by default) and the extra parameters. `token` defaults to the
 * configured cartToken.
 */
export function cartRequest(config: XborderConfig, method: HttpMethod, orderId: string, token = config.merchant.cartToken): RequestSpec {
  const m = config.merchant;
  const url = merchantUrl(config, m.cartPath);
  url.searchParams.set('countryCode', m.countryCode);
  url.searchParams.set('currencyCode', m.currencyCode);
  url.searchParams.set(m.cartTokenParam, token);
  for (const [key, value] of Object.entries(m.cartParams)) url.searchParams.set(key, value);
  const spec: RequestSpec = { method, url: url.toString(), headers: { Accept: 'application/json' } };
  if (method === 'POST') {
    spec.headers['Content-Type'] = 'application/json';
    spec.body = JSON.stringify({ OrderID: orderId, MerchantGUID: config.merchantGUID });
  }
  return spec;
}

/** SendOrderToMerchant with `order` as the JSON body. */
export function orderRequest(config: XborderConfig, order: unknown): RequestSpec {
  const urlParameters = order && typeof order === 'object' ? (order as Record<string, unknown>).UrlParameters : undefined;
  return {
    method: 'POST',
    url: withParams(merchantUrl(config, config.merchant.orderPath), resolveOrderParams(config, urlParameters).resolved).toString(),
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(order),
  };
}

/**
 * A built-in sample made ready to send: this merchant's GUID, a fresh OrderId (so runs never
 * collide) and `MerchantOrderId: null` (samples describe new orders, and the platform sends the key
 * with null; the update check sets it itself), and no PaymentDetails when the platform charges the card
 * (merchant.payments "platform"). The cart fields are the cart's: see cart-order.ts.
 */
export function prepareSampleOrder(sample: unknown, config: XborderConfig, orderId: string): Record<string, unknown> {
  // A shallow copy: only top-level fields change, and orders are never mutated below the top level
  // (they are serialised and read), so nested blocks can be shared with the sample.
  const order = { ...(sample as Record<string, unknown>) };
  order.MerchantGUID = config.merchantGUID;
  order.OrderId = orderId;
  order.MerchantOrderId = null;
  // The platform sends PaymentDetails only to merchants that charge the card themselves.
  if (config.merchant.payments === 'platform') delete order.PaymentDetails;
  if (Array.isArray(order.Subs)) {
    order.Subs = order.Subs.map((sub, i) => (sub && typeof sub === 'object' ? { ...sub, MerchantGUID: config.merchantGUID, OrderId: `${orderId}-${i + 1}` } : sub));
  }
  return order;
}
