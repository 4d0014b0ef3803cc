/** One positive GetCheckoutCartInfo case: a method in an auth mode, judged completely. */
import type { AuthConfig, CaseResult, CheckResult, HttpMethod } from '../model.js';
import { cartRequest } from './requests.js';
import { sendJudged, type JudgedExchange } from './send-judged.js';
import { judgePayload } from '../checks/payload.js';
import { judgeCartMatchesRequest } from '../checks/cart-request-match.js';
import { judgeErrorStatus } from '../checks/order-outcome.js';
import { readResponseInfo } from '../checks/response-info.js';
import { caseResult } from '../engine/case-result.js';
import type { MerchantContext } from './context.js';
import { decodePayload } from '../decode/payload-decode.js';
import { getProp, isObject, type JsonObject } from '../json/props.js';

/**
 * GET or POST the cart with `auth`'s credentials and run every cart check on the answer. With real
 * carts (merchant.carts or newCart) the cart comes from them, since a store may delete the configured
 * one once ordered; it is handed back for an order to convert (which fetches it again, as a case of
 * its own: see orderOnCart).
 */
export async function runCartCase(ctx: MerchantContext, method: HttpMethod, auth: AuthConfig): Promise<CaseResult> {
  if (!ctx.carts.real) return (await fetchCart(ctx, { method, auth, token: ctx.config.merchant.cartToken, variant: method })).result;
  const lease = await ctx.carts.take();
  const fetched = await fetchCart(ctx, { method, auth, token: lease.token, variant: method });
  ctx.carts.giveBack(lease);
  return { ...fetched.result, cart: { origin: lease.origin } };
}

/** Which cart to fetch, how, and what to call the case. */
export interface CartFetch {
  method: HttpMethod;
  auth: AuthConfig;
  token: string;
  variant: string;
}

/**
 * Fetches one cart as a judged GetCheckoutCartInfo case. `cart` is the answer when it is a cart
 * worth converting into an order: HTTP 2xx, a JSON object with a non-empty productsList.
 */
export async function fetchCart(ctx: MerchantContext, fetch: CartFetch): Promise<{ result: CaseResult; cart?: JsonObject }> {
  const spec = cartRequest(ctx.config, fetch.method, ctx.newOrderId(), fetch.token);
  const judged = await sendJudged(ctx, spec, fetch.auth, { expect200: true });
  const checks = [...judged.checks, ...cartChecks(ctx, judged)];
  const result = caseResult({ endpoint: 'GetCheckoutCartInfo', variant: fetch.variant, authMode: fetch.auth.mode, exchange: judged.exchange, checks, bodyText: judged.bodyText }, ctx);
  if (ctx.verbose && judged.json !== undefined) {
    // -v shows what the encoded values of the cart mean, as the platform will read them.
    result.decodedValues = decodePayload(judged.json).values.map(({ path, raw, decoded }) => ({ path, raw, decoded }));
  }
  const status = judged.exchange.response?.status ?? 0;
  const usable = status >= 200 && status < 300 && isObject(judged.json) && list(judged.json, 'productsList').length > 0;
  return usable ? { result, cart: judged.json as JsonObject } : { result };
}

function list(obj: JsonObject, name: string): unknown[] {
  const value = getProp(obj, name);
  return Array.isArray(value) ? value : [];
}

/**
 * The cart checks, run only on an answer that is meant to be a cart. An error answer (a non-2xx
 * status, or a ResponseInfo saying Success false) is no cart: judging it against the cart schema
 * would bury the one real problem under "productsList missing" findings. status-200 (or, for an
 * error sent with a 2xx status, error-status) says what went wrong instead.
 */
function cartChecks(ctx: MerchantContext, judged: JudgedExchange): CheckResult[] {
  return judgeCartAnswer(ctx, judged, ctx.config.merchant);
}

/**
 * The cart checks of an answer already judged up to its body, for the country and currency the
 * request asked for (a recorded exchange asked for its own, not the configured ones).
 */
export function judgeCartAnswer(ctx: Pick<MerchantContext, 'strict'>, judged: JudgedExchange, requested: { countryCode: string; currencyCode: string }): CheckResult[] {
  const status = judged.exchange.response?.status;
  if (judged.json === undefined || status === undefined || status < 200 || status >= 300) return [];
  const errorStatus = judgeErrorStatus(judged.exchange, readResponseInfo(judged.json));
  if (errorStatus) return [errorStatus];
  return [...judgePayload('cart', judged.json, ctx.strict), judgeCartMatchesRequest(judged.json, requested)];
}
