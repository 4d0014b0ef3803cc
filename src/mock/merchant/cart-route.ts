/**
 * GetCheckoutCartInfo as a conforming merchant implements it: the cart token from the URL names a
 * known cart; a POST also carries the MerchantGUID (and the OrderID) in its JSON body; the answer is
 * the cart in the requested country and currency.
 */
import type { XborderConfig } from '../../model.js';
import { buildCart } from './cart.js';
import { errorReply, parseJson, type Reply } from './http-io.js';
import { getString, isObject } from '../../json/props.js';
import type { MerchantStore } from './store.js';
import { isCountryCode, isCurrencyCode } from '../../rules/iso-codes.js';

/** What the cart route needs besides the request. */
export interface CartContext {
  config: XborderConfig;
  fault: string | undefined;
  store: MerchantStore;
  /** Store mode: a converted cart is gone, and every cart carries its merchantCartHash. */
  storeMode?: boolean;
}

/** One GetCheckoutCartInfo request, already past method and auth checks. */
export interface CartCall {
  method: 'GET' | 'POST';
  query: URLSearchParams;
  /** The POST body (raw bytes); undefined for GET. */
  body?: Buffer;
}

/** Handles one GetCheckoutCartInfo call and returns the answer. */
export function handleCart(call: CartCall, ctx: CartContext): Reply {
  if (call.method === 'POST') {
    const problem = checkPostBody(call.body ?? Buffer.alloc(0), ctx);
    if (problem) return problem;
  }
  const param = ctx.config.merchant.cartTokenParam;
  const token = queryParam(call.query, param);
  if (!token) return errorReply(400, 'Bad request', `The ${param} URL parameter is required.`);
  const cart = ctx.store.cart(token);
  if (!cart) return errorReply(404, 'Not found', `${param} names no cart of this merchant.`);
  if (ctx.storeMode && cart.cleared) return errorReply(404, 'Not found', `No filled cart found for token ${token}: it was converted into an order.`);
  const countryCode = queryParam(call.query, 'countryCode');
  const currencyCode = queryParam(call.query, 'currencyCode');
  // A conforming merchant answers a cart only in a currency and for a country that exist.
  if (countryCode && !isCountryCode(countryCode.trim().toUpperCase())) return errorReply(400, 'Bad request', `countryCode ${JSON.stringify(countryCode)} is not an ISO 3166-1 alpha-2 country code.`);
  if (currencyCode && !isCurrencyCode(currencyCode.trim().toUpperCase())) return errorReply(400, 'Bad request', `currencyCode ${JSON.stringify(currencyCode)} is not an ISO 4217 currency code.`);
  const body = buildCart(
    { countryCode: countryCode?.trim(), currencyCode: currencyCode?.trim(), cleared: cart.cleared },
    ctx.fault,
  );
  if (ctx.storeMode) body.merchantCartHash = cart.hash;
  return { status: 200, body };
}

/** The POST body must be a JSON object naming this merchant's GUID (compared ignoring case). */
function checkPostBody(body: Buffer, ctx: CartContext): Reply | undefined {
  const parsed = parseJson(body);
  if (!parsed.ok) return errorReply(400, 'Bad request', parsed.reason);
  if (!isObject(parsed.value)) return errorReply(400, 'Bad request', 'The request body must be a JSON object.');
  if (ctx.fault === 'guid-ignored') return undefined;
  const guid = getString(parsed.value, 'MerchantGUID');
  if (!guid) return errorReply(401, 'Unauthorized', 'MerchantGUID is required in the request body.');
  if (guid.trim().toLowerCase() !== ctx.config.merchantGUID.trim().toLowerCase()) {
    return errorReply(403, 'Forbidden', 'MerchantGUID does not identify this merchant.');
  }
  return undefined;
}

/** A URL parameter by name, ignoring case (`merchantcarttoken` works too); empty counts as absent. */
function queryParam(query: URLSearchParams, name: string): string | undefined {
  const exact = query.get(name);
  if (exact) return exact;
  const lower = name.toLowerCase();
  for (const [key, value] of query) if (key.toLowerCase() === lower && value) return value;
  return undefined;
}
