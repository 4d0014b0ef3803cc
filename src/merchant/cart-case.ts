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

/** GET or POST the cart with `auth`'s credentials and run every cart check on the answer. */
export async function runCartCase(ctx: MerchantContext, method: HttpMethod, auth: AuthConfig): Promise<CaseResult> {
  const spec = cartRequest(ctx.config, method, ctx.newOrderId());
  const judged = await sendJudged(ctx, spec, auth, { expect200: true });
  const checks = [...judged.checks, ...cartChecks(ctx, judged)];
  const result = caseResult({ endpoint: 'GetCheckoutCartInfo', variant: method, authMode: auth.mode, exchange: judged.exchange, checks, bodyText: judged.bodyText }, ctx);
  if (ctx.verbose && judged.json !== undefined) {
    // -v shows what the encoded values of the cart mean, as the platform will read them.
    result.decodedValues = decodePayload(judged.json).values.map(({ path, raw, decoded }) => ({ path, raw, decoded }));
  }
  return result;
}

/**
 * The cart checks, run only on an answer that is meant to be a cart. An error answer (a non-2xx
 * status, or a ResponseInfo saying Success false) is no cart: judging it against the cart schema
 * would bury the one real problem under "productsList missing" findings. status-200 (or, for an
 * error sent with a 2xx status, error-status) says what went wrong instead.
 */
function cartChecks(ctx: MerchantContext, judged: JudgedExchange): CheckResult[] {
  const status = judged.exchange.response?.status;
  if (judged.json === undefined || status === undefined || status < 200 || status >= 300) return [];
  const errorStatus = judgeErrorStatus(judged.exchange, readResponseInfo(judged.json));
  if (errorStatus) return [errorStatus];
  return [...judgePayload('cart', judged.json, ctx.strict), judgeCartMatchesRequest(judged.json, ctx.config.merchant)];
}
