/**
 * The one judge of exchanges xborder did not send itself (the proxy, a HAR file, a replay): the
 * endpoint is recognised from the configured paths, the platform's request is validated as its
 * payload kind (`platform-request`: information about the platform's side, never the merchant's
 * failure), and the answer is judged by the same functions `check` uses: a cart answer as a cart,
 * a valid order's answer as an acceptance, an invalid order (or another merchant's GUID) as a
 * request that must be refused, a lifecycle call as one that must be accepted.
 */
import type { CaseResult, CheckResult, Exchange } from '../model.js';
import type { MerchantContext } from '../merchant/context.js';
import { judgeExchange } from '../merchant/send-judged.js';
import { judgeCartAnswer } from '../merchant/cart-case.js';
import { judgeOrderAnswer } from '../merchant/order-case.js';
import { judgeEventAnswer } from '../merchant/events/send-event.js';
import { EVENT_SPECS } from '../merchant/events/bodies.js';
import { judgeRefusalExchange } from '../merchant/judge-refusal.js';
import { judgePayment } from '../checks/payment.js';
import type { RefusalCase } from '../checks/refusal.js';
import { caseResult } from '../engine/case-result.js';
import { validatePayload } from '../validation/index.js';
import { describeFinding } from '../report/finding-text.js';
import { recognise, type Recognised } from './recognise.js';

/** A judged exchange: the report case and what the live line shows. */
export interface RecordedVerdict {
  recognised: Recognised;
  result: CaseResult;
  /** The platform's OrderId in the request, when it names one. */
  orderId?: string;
}

type JudgeContext = MerchantContext;

/** The request body as JSON, or undefined. */
function requestJson(exchange: Exchange): unknown {
  if (exchange.request.body === undefined) return undefined;
  try {
    return JSON.parse(exchange.request.body);
  } catch {
    return undefined;
  }
}

/** `platform-request`: the request validated as the platform's payload (its problems are information). */
function judgePlatformRequest(kind: Parameters<typeof validatePayload>[0], body: unknown, present: boolean): CheckResult {
  if (!present) return { id: 'platform-request', status: 'passed', findings: [] };
  if (body === undefined) return { id: 'platform-request', status: 'passed', findings: [{ severity: 'info', message: 'the request body is not JSON' }] };
  const shown = validatePayload(kind, body).flatMap((c) => c.findings.filter((f) => f.severity !== 'info').map((f) => ({ ...f, severity: 'info' as const, message: `${c.id}: ${f.message}` })));
  return { id: 'platform-request', status: 'passed', findings: shown };
}

/** Why an order must be refused: it is not a valid order, or it names another merchant. */
function refusalFor(ctx: JudgeContext, order: unknown): RefusalCase | undefined {
  if (!order || typeof order !== 'object' || Array.isArray(order)) return { id: 'rejects-invalid-order', what: 'a body that is not a JSON object' };
  const errors = validatePayload('order', order).flatMap((c) => c.findings.filter((f) => (f.severity ?? 'error') === 'error'));
  if (errors.length > 0) return { id: 'rejects-invalid-order', what: `an order that is not valid (${describeFinding(errors[0]!)})` };
  const guid = (order as Record<string, unknown>).MerchantGUID;
  if (typeof guid === 'string' && ctx.config.merchantGUID && guid.trim().toLowerCase() !== ctx.config.merchantGUID.trim().toLowerCase()) {
    return { id: 'guid-enforced', what: `another merchant's MerchantGUID ${guid}` };
  }
  return undefined;
}

/**
 * Judges `exchange` (named `variant`, sent in `authMode` as far as anyone knows). Undefined when the
 * request is for no endpoint of the interface.
 */
export function judgeRecorded(ctx: JudgeContext, exchange: Exchange, variant: string, authMode: string): RecordedVerdict | undefined {
  const recognised = recognise(ctx.config, exchange.request.method, exchange.request.url);
  if (!recognised) return undefined;
  const body = requestJson(exchange);
  const orderId = body && typeof body === 'object' && typeof (body as Record<string, unknown>).OrderId === 'string' ? ((body as Record<string, unknown>).OrderId as string) : undefined;
  const finish = (checks: CheckResult[], bodyText?: string): RecordedVerdict => ({
    recognised,
    orderId,
    result: caseResult({ endpoint: recognised.endpoint, variant, authMode, exchange, checks, bodyText }, ctx),
  });
  if (recognised.call === 'cart') {
    const judged = judgeExchange(ctx, exchange, { expect200: true, authMode });
    const query = new URL(exchange.request.url, 'http://recorded.invalid').searchParams;
    const requested = { countryCode: query.get('countryCode') ?? ctx.config.merchant.countryCode, currencyCode: query.get('currencyCode') ?? ctx.config.merchant.currencyCode };
    return finish([...judged.checks, ...judgeCartAnswer(ctx, judged, requested)], judged.bodyText);
  }
  const requestCheck = judgePlatformRequest(recognised.kind, body, exchange.request.body !== undefined);
  if (recognised.call === 'order') {
    const refusal = refusalFor(ctx, body);
    if (refusal) {
      const verdict = judgeRefusalExchange(ctx, exchange, refusal);
      return finish([requestCheck, ...verdict.checks], verdict.text);
    }
    const judged = judgeExchange(ctx, exchange, { expect200: true, authMode });
    const posted = judgeOrderAnswer(ctx, body as Record<string, unknown>, judged);
    return finish([requestCheck, ...posted.checks], judged.bodyText);
  }
  const judged = judgeExchange(ctx, exchange, { expect200: true, authMode });
  const sent = judgeEventAnswer(ctx, EVENT_SPECS[recognised.event], judged);
  const payment = recognised.event === 'payment' && sent.accepted && body && typeof body === 'object' ? judgePayment(body as Record<string, unknown>, sent.info) : [];
  return finish([requestCheck, ...sent.checks, ...payment], judged.bodyText);
}
