/**
 * Checks on the outcome of posting a valid order: `order-accepted` (Success true with an
 * InternalOrderId) and `error-status` (an error must not be answered with HTTP 200).
 */
import type { CheckResult, Exchange } from '../model.js';
import { checkFrom } from './result.js';
import { describeError, infoPath, type ResponseInfoView } from './response-info.js';

/** `order-accepted`: the merchant created (or updated) the order. */
export function judgeOrderAccepted(info: ResponseInfoView | undefined): CheckResult {
  if (!info) return checkFrom('order-accepted', [{ message: 'no ResponseInfo in the answer', path: '/ResponseInfo', expected: 'a ResponseInfo: { "ResponseInfo": { "Success": true, ... } } (or its fields at the top level)', actual: 'missing' }]);
  if (info.success !== true) return checkFrom('order-accepted', [{ message: `the merchant rejected a valid order: ${describeError(info)}`, path: infoPath(info, 'Success'), expected: true, actual: info.success ?? 'missing' }]);
  if (!info.internalOrderId) return checkFrom('order-accepted', [{ message: 'a successful answer must carry the merchant order id', path: infoPath(info, 'InternalOrderId'), expected: 'a non-empty string', actual: info.internalOrderId ?? 'missing' }]);
  return checkFrom('order-accepted', []);
}

/** `error-status`: when the answer says Success false, its HTTP status must not be 2xx. */
export function judgeErrorStatus(exchange: Exchange, info: ResponseInfoView | undefined): CheckResult | undefined {
  const status = exchange.response?.status;
  if (!info || info.success !== false || status === undefined) return undefined;
  if (status >= 200 && status < 300) {
    return checkFrom('error-status', [{ message: `an error was answered with HTTP ${status}; errors must use a non-200 status (400 or 500)`, expected: '4xx or 5xx with Success false', actual: `${status} with Success false (${describeError(info)})` }]);
  }
  return checkFrom('error-status', []);
}

/** The checks every case keeps of its answer, whatever else it judges (see answerChecks). */
const ANSWER_CHECKS = new Set(['reachable', 'within-timeout', 'error-status']);

/**
 * The checks of `checks` that every case reports, whatever behaviour it judges: transport, and
 * `error-status`, since an error answered with HTTP 200 is one on a re-delivery, an update or a
 * repeated lifecycle call as much as on a first delivery.
 */
export function answerChecks(checks: readonly CheckResult[]): CheckResult[] {
  return checks.filter((c) => ANSWER_CHECKS.has(c.id));
}
