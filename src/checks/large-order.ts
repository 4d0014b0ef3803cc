/**
 * `accepts-large-order`: an order as large as real ones get (many lines, long names, an attached
 * invoice; just over 1 MiB by default) is accepted. The usual body limits of web stacks sit below
 * that (express.json() 100 kB, nginx 1 MiB, Next.js 1 MB), a merchant tested with small orders
 * never meets them, and in production it refuses the large orders with 413, a proxy's page or a
 * connection closed mid-upload.
 */
import type { CheckResult, Exchange, Finding } from '../model.js';
import { checkFrom } from './result.js';
import { readErrorAnswer } from './error-answer.js';
import { describeError, readResponseInfo } from './response-info.js';

/** The check's id. */
export const LARGE_ORDER_CHECK = 'accepts-large-order';

/**
 * The body limits of the common stacks, each with its default: every refusal names them, since the
 * merchant's answer rarely says which one refused (the check's page says how to raise each).
 */
export const COMMON_BODY_LIMITS = 'express.json() limit (default 100kb), nginx client_max_body_size (default 1m), Next.js API bodyParser.sizeLimit (default 1mb), IIS/ASP.NET maxRequestLength (default 4096 KB), PHP post_max_size (default 8M)';

/** What the large order was, as sent. */
export interface LargeOrderIntent {
  /** Its body's size on the wire, in bytes. */
  bytes: number;
  /**
   * Set when the order named a cart the merchant never issued: why a refusal that is not about the
   * size (a 400, Success false) cannot be judged. A 413 or a reset mid-upload is about the size
   * whatever the cart.
   */
  syntheticCart?: string;
  /**
   * After a connection cut mid-upload: whether anything still answered at the merchant's address.
   * False when the merchant went down (a crash takes the order's connection with it): that is no
   * verdict on the size, and the run says the merchant stopped answering.
   */
  answeredAfterCut?: boolean;
}

/**
 * Judges the answer to the large order (`json`: its body when it parsed). Undefined when there is
 * no verdict to add: nothing was reached, the answer timed out, or the merchant went down
 * (reachable and within-timeout say so).
 */
export function judgeLargeOrder(exchange: Exchange, json: unknown, intent: LargeOrderIntent): CheckResult | undefined {
  const size = sizeText(intent.bytes);
  const expected = `HTTP 200 with Success true for an order of ${intent.bytes} bytes`;
  const response = exchange.response;
  if (!response) {
    // ECONNRESET covers EPIPE and "other side closed" too (http/transport-error.ts): the merchant,
    // or a proxy before it, hung up while the body was still coming. A refused connection, DNS or
    // a timeout are not about the body.
    if (exchange.error?.code !== 'ECONNRESET' || intent.answeredAfterCut === false) return undefined;
    return refused({ message: `the connection was closed while the ${size} order was being sent (${exchange.error.message}): a body size limit cut the upload`, expected, actual: 'ECONNRESET' });
  }
  if (response.status === 413) {
    return refused({ message: `the ${size} order was refused with HTTP 413 Payload Too Large (${readErrorAnswer(response, json).text})`, expected, actual: 413 });
  }
  const info = readResponseInfo(json);
  if (response.status !== 200) {
    const what = `refused with HTTP ${response.status} (${readErrorAnswer(response, json).text})`;
    if (intent.syntheticCart) return skipped(`the ${size} order was ${what}, ${intent.syntheticCart}`);
    return refused({ message: `the ${size} order was ${what}`, expected, actual: response.status });
  }
  if (info?.success === false) {
    if (intent.syntheticCart) return skipped(`the ${size} order was answered Success false (${describeError(info)}), ${intent.syntheticCart}`);
    return refused({ message: `the ${size} order was answered Success false (${describeError(info)})`, expected, actual: `Success false: ${describeError(info)}` });
  }
  if (info?.success === true) return checkFrom(LARGE_ORDER_CHECK, [{ severity: 'info', message: `the ${size} order was accepted`, actual: intent.bytes }]);
  return skipped(`not judged: the answer to the ${size} order is no ResponseInfo (see json-body and order-response-schema)`);
}

/** A refusal, with the limits that usually cause it. */
function refused(finding: Finding): CheckResult {
  return checkFrom(LARGE_ORDER_CHECK, [{ ...finding, message: `${finding.message}; real orders with many lines or an attached document are this large. The usual limits: ${COMMON_BODY_LIMITS}; raise the one in front of the order endpoint (xborder checks ${LARGE_ORDER_CHECK} says how)` }]);
}

function skipped(message: string): CheckResult {
  return { id: LARGE_ORDER_CHECK, status: 'skipped', findings: [{ severity: 'info', message }] };
}

/** `1,100,000-byte (1.05 MiB)`: exact, and in the unit the limits are set in (read "the ... order"). */
export function sizeText(bytes: number): string {
  const unit = bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(2)} MiB` : `${(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes.toLocaleString('en-US')}-byte (${unit})`;
}
