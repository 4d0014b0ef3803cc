/**
 * Order behaviours that take more than one request: re-delivery of the same OrderId (the platform
 * may deliver twice; no second order), the update path (MerchantOrderId set: same order), tolerance
 * of unknown properties, and rejection of an invalid order with a non-200 status.
 */
import type { AuthConfig, CaseResult, CheckResult } from '../model.js';
import { checkFrom } from '../checks/result.js';
import { caseResult } from '../engine/case-result.js';
import { describeError } from '../checks/response-info.js';
import { judgeErrorStatus } from '../checks/order-outcome.js';
import { postOrder, type PostedOrder } from './order-case.js';
import type { MerchantContext } from './context.js';

const DUPLICATE_WORDS = /duplic|already|exist/i;

function report(ctx: MerchantContext, variant: string, auth: AuthConfig, posted: PostedOrder, checks: CheckResult[]): CaseResult {
  return caseResult({ endpoint: 'SendOrderToMerchant', variant, authMode: auth.mode, exchange: posted.judged.exchange, checks, bodyText: posted.judged.bodyText }, ctx);
}

function transportOnly(posted: PostedOrder): CheckResult[] {
  return posted.checks.filter((c) => c.id === 'reachable' || c.id === 'within-timeout');
}

function skippedBecause(id: string, first: PostedOrder): CheckResult {
  return { id, status: 'skipped', findings: [{ severity: 'info', message: `the first delivery was not accepted (${describeError(first.info)}), so this cannot be judged` }] };
}

/** Posts `order` twice, then again as an update; returns the re-delivery and update cases. */
export async function runRedeliveryAndUpdate(ctx: MerchantContext, order: Record<string, unknown>, auth: AuthConfig): Promise<CaseResult[]> {
  const first = await postOrder(ctx, order, auth);
  const firstId = first.info?.success === true ? first.info.internalOrderId : undefined;

  const again = await postOrder(ctx, order, auth);
  let redelivery: CheckResult;
  if (!firstId) redelivery = skippedBecause('idempotent-redelivery', first);
  else if (!again.info) redelivery = checkFrom('idempotent-redelivery', [{ message: 'the re-delivery got no ResponseInfo', expected: 'the same InternalOrderId, or an explicit duplicate answer', actual: again.judged.exchange.response?.status ?? again.judged.exchange.error?.code }]);
  else if (again.info.success === true && again.info.internalOrderId === firstId) redelivery = checkFrom('idempotent-redelivery', []);
  else if (again.info.success === true) redelivery = checkFrom('idempotent-redelivery', [{ message: `delivering OrderId ${String(order.OrderId)} again created a second order`, path: '/ResponseInfo/InternalOrderId', expected: firstId, actual: again.info.internalOrderId ?? 'missing' }]);
  else if (DUPLICATE_WORDS.test(describeError(again.info))) redelivery = checkFrom('idempotent-redelivery', []);
  else redelivery = checkFrom('idempotent-redelivery', [{ severity: 'warning', message: `the re-delivery was refused without saying it is a duplicate: ${describeError(again.info)}`, expected: 'the same InternalOrderId, or an explicit duplicate answer', actual: describeError(again.info) }]);
  const cases = [report(ctx, 'redelivery', auth, again, [...transportOnly(again), redelivery])];

  const update = { ...order, MerchantOrderId: firstId ?? null, StatusCode: 'N/A' };
  const updated = await postOrder(ctx, update, auth);
  let sameOrder: CheckResult;
  if (!firstId) sameOrder = skippedBecause('update-same-order', first);
  else if (updated.info?.success !== true) sameOrder = checkFrom('update-same-order', [{ message: `the update of order ${firstId} was not accepted: ${describeError(updated.info)}`, path: '/ResponseInfo/Success', expected: true, actual: updated.info?.success ?? 'missing' }]);
  else if (updated.info.internalOrderId !== firstId) sameOrder = checkFrom('update-same-order', [{ message: 'posting the order with its MerchantOrderId answered another order', path: '/ResponseInfo/InternalOrderId', expected: firstId, actual: updated.info.internalOrderId ?? 'missing' }]);
  else sameOrder = checkFrom('update-same-order', []);
  cases.push(report(ctx, 'update', auth, updated, [...transportOnly(updated), sameOrder]));
  return cases;
}

/** An order with properties the interface does not name, top level and nested, must still succeed. */
export async function runUnknownProperties(ctx: MerchantContext, order: Record<string, unknown>, auth: AuthConfig): Promise<CaseResult> {
  const extended: Record<string, unknown> = { ...order, XborderProbeField: 'receivers must tolerate unknown properties', XborderProbeObject: { Nested: true } };
  if (Array.isArray(extended.Products) && extended.Products[0] && typeof extended.Products[0] === 'object') {
    extended.Products = [{ ...(extended.Products[0] as object), XborderProbeField: 1 }, ...extended.Products.slice(1)];
  }
  const posted = await postOrder(ctx, extended, auth);
  const ok = posted.info?.success === true;
  const check = checkFrom('unknown-properties-tolerated', ok ? [] : [{ message: `an order with extra properties was refused: ${describeError(posted.info)}`, expected: 'Success true (receivers must tolerate unknown properties)', actual: posted.judged.exchange.response?.status ?? posted.judged.exchange.error?.code }]);
  return report(ctx, 'unknown-properties', auth, posted, [...transportOnly(posted), check]);
}

/** An order without OrderId must be refused, and not with HTTP 200. */
export async function runInvalidOrder(ctx: MerchantContext, order: Record<string, unknown>, auth: AuthConfig): Promise<CaseResult> {
  const invalid = { ...order };
  delete invalid.OrderId;
  const posted = await postOrder(ctx, invalid, auth);
  const checks = transportOnly(posted);
  const info = posted.info;
  const response = posted.judged.exchange.response;
  if (response) {
    const accepted = info?.success === true || (!info && response.status >= 200 && response.status < 300);
    checks.push(checkFrom('rejects-invalid-order', accepted ? [{ message: 'an order without OrderId (required) was accepted', expected: 'a 400 with Success false', actual: `HTTP ${response.status}${info ? ` Success ${String(info.success)}` : ''}` }] : []));
    const status = judgeErrorStatus(posted.judged.exchange, info);
    if (status) checks.push(status);
  }
  return report(ctx, 'invalid-order', auth, posted, checks);
}
