/**
 * Positive SendOrderToMerchant cases: post one order and judge the answer (status, ResponseInfo
 * schema and rules, acceptance, error status, payment). The follow-up sequences live in
 * order-sequences.ts.
 */
import type { AuthConfig, CaseResult, CheckResult } from '../model.js';
import { orderRequest } from './requests.js';
import { sendJudged, type JudgedExchange } from './send-judged.js';
import { judgePayload } from '../checks/payload.js';
import { judgeErrorStatus, judgeOrderAccepted } from '../checks/order-outcome.js';
import { judgePayment } from '../checks/payment.js';
import { readResponseInfo, type ResponseInfoView } from '../checks/response-info.js';
import { caseResult } from '../engine/case-result.js';
import type { MerchantContext } from './context.js';

/** A posted order with its judged answer. */
export interface PostedOrder {
  judged: JudgedExchange;
  info?: ResponseInfoView;
  checks: CheckResult[];
}

/** Posts `order` with `auth` and judges the answer as a valid order's answer. */
export async function postOrder(ctx: MerchantContext, order: Record<string, unknown>, auth: AuthConfig): Promise<PostedOrder> {
  ctx.noteSecrets?.(order);
  const judged = await sendJudged(ctx, orderRequest(ctx.config, order), auth, { expect200: true });
  const checks = [...judged.checks];
  if (judged.json === undefined) return { judged, checks };
  const info = readResponseInfo(judged.json);
  checks.push(...judgePayload('order-response', judged.json, ctx.strict));
  checks.push(...withoutRepeats(judgeOrderAccepted(info), checks));
  const errorStatus = judgeErrorStatus(judged.exchange, info);
  if (errorStatus) checks.push(errorStatus);
  const payment = order.PaymentDetails;
  if (payment && typeof payment === 'object' && info?.success === true) checks.push(...judgePayment(order, info));
  return { judged, info, checks };
}

/**
 * `check` unless its failure only repeats one the schema or the ResponseInfo rules already report at
 * the same JSON pointer (no ResponseInfo, Success not a boolean, no InternalOrderId): one problem,
 * one row. A valid order refused with Success false is order-accepted's own finding and stays.
 */
function withoutRepeats(check: CheckResult, earlier: CheckResult[]): CheckResult[] {
  if (check.status !== 'failed') return [check];
  const reported = new Set(earlier.filter((c) => c.status === 'failed').flatMap((c) => c.findings.map((f) => f.path)));
  return check.findings.every((f) => reported.has(f.path)) ? [] : [check];
}

/** One positive order case for the report. */
export async function runOrderCase(ctx: MerchantContext, variant: string, order: Record<string, unknown>, auth: AuthConfig): Promise<CaseResult> {
  const posted = await postOrder(ctx, order, auth);
  return caseResult({ endpoint: 'SendOrderToMerchant', variant, authMode: auth.mode, exchange: posted.judged.exchange, checks: posted.checks, bodyText: posted.judged.bodyText }, ctx);
}
