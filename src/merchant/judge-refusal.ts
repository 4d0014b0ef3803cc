/**
 * Judging an answer to a request the merchant must refuse, the one way every refusal case does it:
 * transport, the refusal itself, error-status (a refusal with HTTP 200 is still an error answered
 * 200), and the answer's forms when it is a ResponseInfo.
 */
import type { CheckResult, Exchange } from '../model.js';
import { judgeTransport } from '../checks/transport.js';
import { judgeRefused, type RefusalCase } from '../checks/refusal.js';
import { judgeErrorStatus } from '../checks/order-outcome.js';
import { readResponseInfo, type ResponseInfoView } from '../checks/response-info.js';
import { judgeRefusalAnswer } from '../checks/payload.js';
import { readJsonBody } from '../http/body.js';
import type { MerchantContext } from './context.js';
import { endpointAnswers } from './endpoint-answers.js';

/** What the judging found, and what the caller needs of the answer. */
export interface RefusalVerdict {
  checks: CheckResult[];
  info?: ResponseInfoView;
  json?: unknown;
  text?: string;
  /** The merchant took the request (Success true): a cart it named is used up. */
  accepted: boolean;
}

/**
 * Judges `exchange` as a request that must be refused. `transport: false` leaves out the
 * reachable/within-timeout rows of an answered request (the negative cases show only the refusal).
 */
export function judgeRefusalExchange(ctx: MerchantContext, exchange: Exchange, refusal: RefusalCase, options: { transport: boolean } = { transport: true }): RefusalVerdict {
  const transport = judgeTransport(exchange, ctx.config.http.timeoutMs);
  const body = exchange.response ? readJsonBody(exchange.response) : undefined;
  const info = readResponseInfo(body?.json);
  if (!transport.answered) return { checks: transport.checks, info, json: body?.json, text: body?.text, accepted: false };
  const endpoints = endpointAnswers(ctx);
  endpoints.note(exchange);
  const refused = judgeRefused(refusal, exchange, body?.json, { endpointAnswers: endpoints.answers(exchange.request.url) });
  // A 404 "no endpoint" verdict is judged again if the URL answers another request of the run.
  if (refused.status === 'errored' && exchange.response?.status === 404) {
    endpoints.wait(exchange.request.url, refused, () => judgeRefused(refusal, exchange, body?.json, { endpointAnswers: true }));
  }
  const checks = [...(options.transport ? transport.checks : []), refused];
  const errorStatus = judgeErrorStatus(exchange, info);
  if (errorStatus) checks.push(errorStatus);
  checks.push(...judgeRefusalAnswer(body?.json, ctx.strict));
  return { checks, info, json: body?.json, text: body?.text, accepted: info?.success === true };
}
