/**
 * Negative checks: a request the merchant must refuse (no or bad credentials, a wrong MerchantGUID).
 * Refused means a non-2xx status, or `Success: false` in a ResponseInfo. Accepting it is a failure;
 * when an order was created by mistake the finding names its id.
 */
import type { CheckResult, Exchange } from '../model.js';
import { checkFrom } from './result.js';
import { readResponseInfo } from './response-info.js';

/** The OrderId the request posted (each negative order has its own), to find a wrongly created order by. */
function sentOrderId(body: string | undefined): string | undefined {
  try {
    const id = body ? (JSON.parse(body) as { OrderId?: unknown }).OrderId : undefined;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

/** Judges whether `exchange` was rejected; `id` is auth-enforced or guid-enforced. */
export function judgeRejected(id: 'auth-enforced' | 'guid-enforced', exchange: Exchange, what: string, body: unknown): CheckResult {
  const response = exchange.response;
  if (!response) {
    return { id, status: 'errored', findings: [{ message: `could not judge: ${exchange.error?.message ?? 'no response'}`, actual: exchange.error?.code }] };
  }
  const info = readResponseInfo(body);
  const refused = response.status < 200 || response.status >= 300 || info?.success === false;
  if (refused) return checkFrom(id, []);
  const sent = sentOrderId(exchange.request.body);
  const created = info?.internalOrderId ? ` and created order ${info.internalOrderId}${sent ? ` for OrderId ${sent}` : ''}` : '';
  return checkFrom(id, [{
    message: `accepted a request with ${what}${created}; it must be rejected`,
    expected: 'a 401/403 (or Success false)',
    actual: `HTTP ${response.status}${info ? ` Success ${String(info.success)}` : ''}`,
  }]);
}
