/** One positive GetCheckoutCartInfo case: a method in an auth mode, judged completely. */
import type { AuthConfig, CaseResult, HttpMethod } from '../model.js';
import { cartRequest } from './requests.js';
import { sendJudged } from './send-judged.js';
import { judgePayload } from '../checks/payload.js';
import { judgeCartMatchesRequest } from '../checks/cart-request-match.js';
import { caseResult } from '../engine/case-result.js';
import type { MerchantContext } from './context.js';
import { decodePayload } from '../decode/payload-decode.js';

/** GET or POST the cart with `auth`'s credentials and run every cart check on the answer. */
export async function runCartCase(ctx: MerchantContext, method: HttpMethod, auth: AuthConfig): Promise<CaseResult> {
  const spec = cartRequest(ctx.config, method, ctx.newOrderId());
  const judged = await sendJudged(ctx, spec, auth, { expect200: true });
  const checks = [...judged.checks];
  if (judged.json !== undefined) {
    checks.push(...judgePayload('cart', judged.json, ctx.strict));
    checks.push(judgeCartMatchesRequest(judged.json, ctx.config.merchant));
  }
  const result = caseResult({ endpoint: 'GetCheckoutCartInfo', variant: method, authMode: auth.mode, exchange: judged.exchange, checks, bodyText: judged.bodyText }, ctx);
  if (ctx.verbose && judged.json !== undefined) {
    // -v shows what the encoded values of the cart mean, as the platform will read them.
    result.decodedValues = decodePayload(judged.json).values.map(({ path, raw, decoded }) => ({ path, raw, decoded }));
  }
  return result;
}
