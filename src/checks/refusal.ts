/**
 * Checks that pass only on a refusal: a request the merchant must refuse (no or bad credentials, a
 * wrong MerchantGUID, an invalid order, a cart it never issued or already converted, a wrong
 * CartHash). Refused means a 4xx, or `Success: false` (the HTTP status of an error is error-status's
 * own check). A 405, or a 404 from a URL that never answered anything else in the run, without a
 * ResponseInfo says the endpoint or the method is not there, not that the request was refused:
 * errored, never passed. A 404 from a URL that answered other requests is the merchant's refusal
 * (frameworks answer "not found" with ProblemDetails or their own JSON error). A 5xx without Success false passes the
 * refusal but warns, since a crash is not a clean refusal. Accepting the request fails; a created order is named by its id.
 */
import type { CheckResult, Exchange, Finding } from '../model.js';
import { checkFrom } from './result.js';
import { readResponseInfo } from './response-info.js';
import { readErrorAnswer } from './error-answer.js';
import { redirectText } from './transport.js';

/** The checks judged by refusal, each proving one thing the merchant must refuse. */
export type RefusalId = 'auth-enforced' | 'guid-enforced' | 'rejects-invalid-order' | 'cart-single-use' | 'cart-hash-enforced' | 'unknown-cart-refused' | 'event-unknown-order-refused' | 'refund-within-order';

/** What was wrong with the request, for the finding ("no credentials", "a wrong MerchantGUID"). */
export interface RefusalCase {
  id: RefusalId;
  what: string;
  /** How bad accepting it is: most are failures; an ignored optional CartHash only warns. */
  acceptedSeverity?: 'error' | 'warning';
  /** A hint appended to the failure (the real cause when it is likely another). */
  hint?: string;
}

/** The OrderId the request posted (each negative order has its own), to find a wrongly created order by. */
function sentOrderId(body: string | undefined): string | undefined {
  try {
    const id = body ? (JSON.parse(body) as { OrderId?: unknown }).OrderId : undefined;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

/** What the run knows of the URL beyond this one answer. */
export interface RefusalContext {
  /**
   * The URL answered other requests of this run with something else than 404: it has an endpoint,
   * so its 404 is the merchant's refusal (a framework's "not found" for an unknown cart or order).
   */
  endpointAnswers?: boolean;
}

/** Judges whether `exchange` was refused; `json` is its parsed body, when it parsed. */
export function judgeRefused(refusal: RefusalCase, exchange: Exchange, json: unknown, context: RefusalContext = {}): CheckResult {
  const { id } = refusal;
  const response = exchange.response;
  if (!response) {
    return { id, status: 'errored', findings: [{ message: `could not judge: ${exchange.error?.message ?? 'no response'}`, actual: exchange.error?.code }] };
  }
  const info = readResponseInfo(json);
  const answer = readErrorAnswer(response, json);
  const status = response.status;
  const appRefusal = info?.success === false;
  if (status === 404 && !appRefusal && context.endpointAnswers) {
    // The endpoint is there (it answered other requests): this 404 is its refusal, in whatever form.
    const form = answer.kind === 'response-info' ? [] : [{ severity: 'info' as const, message: `refused with HTTP 404 and ${answer.text}; the endpoint answered other requests of this run, so this is its refusal, not a missing endpoint` }];
    return checkFrom(id, form);
  }
  if ((status === 404 || status === 405) && !appRefusal) {
    const missing = status === 404 ? 'no endpoint at this URL' : 'the endpoint does not take this method';
    return { id, status: 'errored', findings: [{ message: `HTTP ${status} with ${answer.text}: ${missing}, so whether ${refusal.what} is refused cannot be judged`, expected: 'a refusal by the endpoint (4xx, or Success false)', actual: `HTTP ${status}` }] };
  }
  if (status >= 300 && status < 400) {
    return { id, status: 'errored', findings: [{ message: `${redirectText(status, response.headers.location)}, so this is no answer to judge`, expected: 'a refusal (4xx, or Success false)', actual: `HTTP ${status}` }] };
  }
  // A 500 carrying Success false is a deliberate error answer (real merchants send them); a 5xx
  // with an HTML page, a framework's error or nothing at all is a crash.
  if (status >= 500 && !appRefusal) {
    return checkFrom(id, [{ severity: 'warning', message: `refused with HTTP ${status} and ${answer.text}: a crash is not a clean refusal; answer 400/401/403 with Success false`, expected: 'a 4xx with Success false', actual: `HTTP ${status}` }]);
  }
  if ((status >= 400 && status < 500) || appRefusal) return checkFrom(id, []);
  const sent = sentOrderId(exchange.request.body);
  const created = info?.internalOrderId ? ` and created order ${info.internalOrderId}${sent ? ` for OrderId ${sent}` : ''}` : '';
  const finding: Finding = {
    message: `accepted a request with ${refusal.what}${created}; it must be refused${refusal.hint ? ` (${refusal.hint})` : ''}`,
    expected: 'a 4xx (401/403/400) with Success false',
    actual: `HTTP ${status}${info ? ` Success ${String(info.success)}` : ''}`,
    severity: refusal.acceptedSeverity ?? 'error',
  };
  return checkFrom(id, [finding]);
}
