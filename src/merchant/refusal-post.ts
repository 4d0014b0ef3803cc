/** Posting an order the merchant must refuse, judged by refusal rather than acceptance. */
import type { AuthConfig, CaseResult, CheckResult } from '../model.js';
import { applyAuth } from '../auth/index.js';
import { send } from '../http/send.js';
import { judgeTransport } from '../checks/transport.js';
import { judgeRefused, type RefusalCase } from '../checks/refusal.js';
import { judgeErrorStatus } from '../checks/order-outcome.js';
import { readResponseInfo } from '../checks/response-info.js';
import { readJsonBody } from '../http/body.js';
import { judgeRefusalAnswer } from '../checks/payload.js';
import { caseResult } from '../engine/case-result.js';
import type { MerchantContext } from './context.js';
import { orderRequest } from './requests.js';
import { cartNote, type CartedOrder } from './order-cart.js';

/**
 * Posts an order that must be refused; the case carries `extraChecks`, transport, the refusal and
 * error-status. `accepted` says whether the merchant took it (then its cart is used up).
 */
export async function postToRefuse(ctx: MerchantContext, variant: string, order: Record<string, unknown>, auth: AuthConfig, refusal: RefusalCase, carted?: CartedOrder, extraChecks: CheckResult[] = []): Promise<{ result: CaseResult; accepted: boolean }> {
  ctx.noteSecrets?.(order);
  const exchange = await send(await applyAuth(orderRequest(ctx.config, order), auth), ctx.config.http);
  const transport = judgeTransport(exchange, ctx.config.http.timeoutMs);
  const body = exchange.response ? readJsonBody(exchange.response) : undefined;
  const info = readResponseInfo(body?.json);
  const checks: CheckResult[] = [...extraChecks, ...(transport.answered ? [...transport.checks, judgeRefused(refusal, exchange, body?.json)] : transport.checks)];
  const errorStatus = transport.answered ? judgeErrorStatus(exchange, info) : undefined;
  if (errorStatus) checks.push(errorStatus);
  if (transport.answered) checks.push(...judgeRefusalAnswer(body?.json, ctx.strict));
  const result = caseResult({ endpoint: 'SendOrderToMerchant', variant: variant, authMode: auth.mode, exchange, checks, bodyText: body?.text }, ctx);
  if (carted) result.cart = cartNote(carted);
  return { result, accepted: info?.success === true };
}

