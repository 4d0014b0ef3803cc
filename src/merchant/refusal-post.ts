/** Posting an order the merchant must refuse, judged by refusal rather than acceptance. */
import type { AuthConfig, CaseResult, CheckResult } from '../model.js';
import { applyAuth } from '../auth/index.js';
import { send } from '../http/send.js';
import { caseResult } from '../engine/case-result.js';
import type { RefusalCase } from '../checks/refusal.js';
import { judgeRefusalExchange } from './judge-refusal.js';
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
  const verdict = judgeRefusalExchange(ctx, exchange, refusal);
  const checks = [...extraChecks, ...verdict.checks];
  const result = caseResult({ endpoint: 'SendOrderToMerchant', variant: variant, authMode: auth.mode, exchange, checks, bodyText: verdict.text }, ctx);
  if (carted) result.cart = cartNote(carted);
  return { result, accepted: verdict.accepted };
}

