/**
 * Checks on how an exchange went at the transport level: did we get an answer, within the
 * platform's timeout, with HTTP 200. A connection that cannot be made (refused, DNS, connect
 * timeout) is `errored` (we could not judge); an answer that does not come in time is `failed`
 * (the platform would have given up on this merchant).
 */
import type { CheckResult, Exchange } from '../model.js';
import { checkFrom } from './result.js';
import { readErrorAnswer } from './error-answer.js';
import { describeContentEncoding } from '../http/read-body.js';

/** Result of judging transport: the checks, and whether the response can be judged further. */
export interface TransportVerdict {
  checks: CheckResult[];
  answered: boolean;
}

/** `reachable` and `within-timeout`. A slow answer (over half the timeout) is a warning; one over the timeout fails. */
export function judgeTransport(exchange: Exchange, timeoutMs: number): TransportVerdict {
  const error = exchange.error;
  // Connected but not answered in time: the merchant is too slow. A connect timeout is different:
  // nothing was ever reached, so it is judged with the other unreachable targets (errored, exit 3).
  if (error && (error.code === 'TIMEOUT_FIRST_BYTE' || error.code === 'TIMEOUT_TOTAL')) {
    return {
      answered: false,
      checks: [
        { id: 'reachable', status: 'passed', findings: [] },
        checkFrom('within-timeout', [{ message: `no complete answer within the timeout (${error.message})`, expected: `an answer within ${timeoutMs} ms`, actual: error.code }]),
      ],
    };
  }
  // A body that is labelled compressed but cannot be decoded is the merchant's fault, like any
  // other broken body: json-body fails (exit 1).
  if (error?.code === 'DECODING' && exchange.response) {
    return {
      answered: false,
      checks: [
        { id: 'reachable', status: 'passed', findings: [] },
        checkFrom('json-body', [{ message: `the body cannot be decoded: ${error.message}`, expected: 'a body encoded as its Content-Encoding says', actual: describeContentEncoding(exchange.response.headers['content-encoding'] ?? '') || error.code }]),
      ],
    };
  }
  if (error || !exchange.response) {
    // With a response head but no complete body (a reset mid-body), the endpoint was reached but we
    // cannot judge an answer we did not get whole: errored, like an unreachable one.
    const message = exchange.response
      ? `the answer broke off after HTTP ${exchange.response.status}: ${error?.message ?? 'incomplete body'}`
      : `could not reach the endpoint: ${error?.message ?? 'no response'}`;
    return { answered: false, checks: [{ id: 'reachable', status: 'errored', findings: [{ message, actual: error?.code }] }] };
  }
  const took = Math.round(exchange.durationMs);
  // A complete answer that came after the timeout (its last bytes or its decoding outran the timer)
  // is one the platform would not have waited for: failed, like no answer. Over half is a warning.
  const late = exchange.durationMs > timeoutMs;
  const slow = exchange.durationMs > timeoutMs / 2;
  const timing = late
    ? [{ message: `too slow: answered in ${took} ms, over the ${timeoutMs} ms timeout (the platform would have given up)`, expected: `an answer within ${timeoutMs} ms`, actual: `${took} ms` }]
    : slow
      ? [{ severity: 'warning' as const, message: `slow: answered in ${took} ms, more than half the ${timeoutMs} ms timeout`, expected: `well under ${timeoutMs} ms`, actual: `${took} ms` }]
      : [];
  return {
    answered: true,
    checks: [{ id: 'reachable', status: 'passed', findings: [] }, checkFrom('within-timeout', timing)],
  };
}

/** What the usual wrong statuses most likely mean, so the user knows where to look first. */
const STATUS_HINTS: Record<number, string> = {
  401: 'the merchant refused the credentials of this auth mode (check them in the configuration)',
  403: 'the merchant refused the credentials of this auth mode (check them in the configuration)',
  404: 'no endpoint at this URL (check merchant.baseUrl and the configured path)',
  405: 'the endpoint does not accept this method (check merchant.cartMethods)',
};

/** What the caller knows that explains a wrong status better than the status alone. */
export interface StatusContext {
  /** The auth mode the request was sent in: in `none` there are no credentials to refuse. */
  authMode?: string;
  /** The parsed body, to say what the error answer was (a ResponseInfo, an HTML page, nothing). */
  json?: unknown;
  /** A known likely cause, e.g. a MerchantGUID in the file that is not the configured one. */
  hint?: string;
}

/**
 * What a 3xx answer is, in words: 304 Not Modified is the answer to a conditional request (which
 * xborder never makes), not a redirect; the others are redirects, with or without a Location.
 */
export function redirectText(status: number, location: string | undefined): string {
  if (status === 304) return 'HTTP 304 Not Modified: an answer to a conditional request, which xborder never sends (no If-None-Match or If-Modified-Since), so a cache or framework answered instead of the endpoint';
  if (location) return `redirect (HTTP ${status}) to ${location}: the platform does not follow redirects`;
  return `HTTP ${status} is a redirect status without a Location header: the platform does not follow redirects`;
}

/** `status-200`: a conforming success answer is HTTP 200; redirects and 304 Not Modified are named as such. */
export function judgeStatus200(exchange: Exchange, context: StatusContext = {}): CheckResult {
  const response = exchange.response!;
  if (response.status === 200) return checkFrom('status-200', []);
  const location = response.headers['location'];
  const refusedCredentials = response.status === 401 || response.status === 403;
  const hint = context.hint
    ?? (refusedCredentials && context.authMode === 'none'
      ? 'auth mode "none" sends no credentials, and the merchant asks for some: list its auth mode in the configuration'
      : STATUS_HINTS[response.status]);
  const answer = response.status >= 400 ? ` with ${readErrorAnswer(response, context.json).text}` : '';
  const message = response.status >= 300 && response.status < 400
    ? `${redirectText(response.status, location)}; the platform needs HTTP 200`
    : `expected HTTP 200 for a valid request, got ${response.status}${answer}${hint ? `; ${hint}` : ''}`;
  return checkFrom('status-200', [{ message, expected: 200, actual: response.status }]);
}
