/**
 * Sending a group of deliveries the way the platform's timing makes them: several copies at once,
 * each with its own credentials (a JWT is signed per request), all fired before any is awaited.
 */
import type { AuthConfig, Exchange, HttpSettings, RequestSpec } from '../../model.js';
import { applyAuth } from '../../auth/index.js';
import { send } from '../../http/send.js';
import { readErrorAnswer } from '../../checks/error-answer.js';
import { readResponseInfo } from '../../checks/response-info.js';
import type { Delivery } from '../../checks/one-order.js';
import { judgeExchange, type JudgedExchange } from '../send-judged.js';
import type { MerchantContext } from '../context.js';

/** Sends `count` copies of `spec` at once; the exchanges come back in the order they were sent. */
export async function sendAtOnce(spec: RequestSpec, auth: AuthConfig, count: number, http: HttpSettings): Promise<Exchange[]> {
  // Credentials first, so no copy waits for another's signing and they leave together.
  const specs = await Promise.all(Array.from({ length: count }, () => applyAuth(spec, auth)));
  return Promise.all(specs.map((s) => send(s, http)));
}

/** An exchange judged up to its body (transport against the run's timeout), as a delivery of the group. */
export function judgedDelivery(ctx: MerchantContext, exchange: Exchange, label: string, authMode: string): { judged: JudgedExchange; delivery: Delivery } {
  const judged = judgeExchange(ctx, exchange, { expect200: true, authMode });
  const response = exchange.response;
  const info = judged.answered ? readResponseInfo(judged.json) : undefined;
  const delivery: Delivery = {
    label,
    answered: judged.answered,
    ...(response ? { status: response.status } : {}),
    ...(info ? { info } : {}),
    ...(judged.answered && !info && response ? { errorText: readErrorAnswer(response, judged.json).text } : {}),
  };
  return { judged, delivery };
}

/** How long the race source waits for an answer, in timeouts (plus a margin): enough for a slow merchant, bounded for a hung one. */
const WAIT_FACTOR = 2;
const WAIT_MARGIN_MS = 5000;

/**
 * The run's HTTP settings with a longer wait: the race source waits for answers the platform would
 * have given up on, so the ids can be compared; within-timeout still judges each against timeoutMs.
 */
export function withWait(http: HttpSettings): HttpSettings {
  const waitMs = WAIT_FACTOR * http.timeoutMs + WAIT_MARGIN_MS;
  return { ...http, timeoutMs: waitMs, firstByteTimeoutMs: waitMs };
}
