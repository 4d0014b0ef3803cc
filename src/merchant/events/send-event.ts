/**
 * Sending one lifecycle call and judging its answer: as a call that must be accepted (transport,
 * HTTP 200, JSON, the ResponseInfo schema, `event-accepted`, error-status) or as one that must be
 * refused (transport, the refusal, error-status, the answer's forms).
 */
import type { AuthConfig, CheckResult, Exchange, RequestSpec } from '../../model.js';
import { applyAuth } from '../../auth/index.js';
import { send } from '../../http/send.js';
import { checkFrom } from '../../checks/result.js';
import { describeError, infoPath, readResponseInfo, type ResponseInfoView } from '../../checks/response-info.js';
import { judgeErrorStatus } from '../../checks/order-outcome.js';
import { judgePayload } from '../../checks/payload.js';
import type { RefusalCase } from '../../checks/refusal.js';
import { judgeRefusalExchange } from '../judge-refusal.js';
import { merchantUrl } from '../requests.js';
import { resolveOrderParams, withParams } from '../order-params.js';
import { judgeExchange, type JudgedExchange } from '../send-judged.js';
import type { MerchantContext } from '../context.js';
import type { EventSpec } from './bodies.js';

/** A sent lifecycle call and what was judged of it. */
export interface SentEvent {
  exchange: Exchange;
  json?: unknown;
  info?: ResponseInfoView;
  checks: CheckResult[];
  /** The merchant took it (Success true). */
  accepted: boolean;
}

/** The request of a lifecycle call. */
export function eventRequest(ctx: MerchantContext, spec: EventSpec, body: unknown): RequestSpec {
  // merchant.orderParams as for the order: from the body's own UrlParameters, or the order's.
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const urlParameters = fields.UrlParameters ?? (typeof fields.OrderId === 'string' ? ctx.urlParametersByOrder?.get(fields.OrderId) : undefined);
  const url = withParams(merchantUrl(ctx.config, spec.path(ctx.config)), resolveOrderParams(ctx.config, urlParameters).resolved);
  return { method: 'POST', url: url.toString(), headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body) };
}

/** Sends a call that must be accepted; `event-accepted` says whether it was. */
export async function sendAccepted(ctx: MerchantContext, spec: EventSpec, body: Record<string, unknown>, auth: AuthConfig): Promise<SentEvent> {
  ctx.noteSecrets?.(body);
  const judged = await sendJudgedSpec(ctx, await applyAuth(eventRequest(ctx, spec, body), auth), auth.mode);
  return judgeEventAnswer(ctx, spec, judged);
}

/** Judges the answer to a lifecycle call that must be accepted, already judged up to its body. */
export function judgeEventAnswer(ctx: Pick<MerchantContext, 'strict'>, spec: EventSpec, judged: JudgedExchange): SentEvent {
  const checks = [...judged.checks];
  const info = readResponseInfo(judged.json);
  if (judged.json !== undefined) checks.push(...judgePayload('order-response', judged.json, ctx.strict));
  if (judged.answered) {
    const accepted = info?.success === true;
    checks.push(checkFrom('event-accepted', accepted ? [] : [{ message: `${spec.endpoint} for an order the merchant has was not accepted: ${info ? describeError(info) : `HTTP ${judged.exchange.response?.status}`}`, path: infoPath(info, 'Success'), expected: true, actual: info?.success ?? 'missing' }]));
    const status = judgeErrorStatus(judged.exchange, info);
    if (status) checks.push(status);
  }
  return { exchange: judged.exchange, json: judged.json, info, checks, accepted: info?.success === true };
}

async function sendJudgedSpec(ctx: MerchantContext, spec: RequestSpec, authMode: string) {
  return judgeExchange(ctx, await send(spec, ctx.config.http), { expect200: true, authMode });
}

/** Sends a request that must be refused for `refusal`'s reason (the spec already carries its credentials, or none). */
export async function sendRefused(ctx: MerchantContext, spec: RequestSpec, refusal: RefusalCase): Promise<SentEvent> {
  const exchange = await send(spec, ctx.config.http);
  const { checks, json, info, accepted } = judgeRefusalExchange(ctx, exchange, refusal);
  return { exchange, json, info, checks, accepted };
}
