/**
 * The cases of one lifecycle call in one auth mode, all about an order the merchant has (created
 * first, on a cart of its own), so the only reason left to refuse is the one under test:
 *  - the call itself (`event-accepted`, and for payments `payment-fields` / `payment-amount`);
 *  - the same call again (`event-redelivery`: the same answer, or an explicit duplicate);
 *  - the call for an order the merchant never received (`event-unknown-order-refused`);
 *  - status: "cancelled" beside "canceled" (`status-spellings`), and an unknown status code answered
 *    cleanly, a refusal or an acceptance but never a crash (`unknown-status-clean`);
 *  - with `negatives`: every wrong-credential variant and a wrong MerchantGUID (`auth-enforced`,
 *    `guid-enforced`), each on the order the merchant has.
 */
import type { AuthConfig, CaseResult, CheckResult, LifecycleEvent } from '../../model.js';
import { checkFrom } from '../../checks/result.js';
import { answerChecks } from '../../checks/order-outcome.js';
import { describeError } from '../../checks/response-info.js';
import { judgePayment } from '../../checks/payment.js';
import { applyAuth } from '../../auth/index.js';
import { caseResult } from '../../engine/case-result.js';
import type { JsonObject } from '../../json/props.js';
import type { MerchantContext } from '../context.js';
import { authVariants, whyNoAuthNegatives } from '../negative-cases.js';
import { eventBody, placeOrder, type PlacedOrder } from './place-order.js';
import { EVENT_SPECS, type EventSpec } from './bodies.js';
import { eventRequest, sendAccepted, sendRefused, type SentEvent } from './send-event.js';

const WRONG_GUID = '00000000-0000-4000-8000-000000000000';

function report(ctx: MerchantContext, spec: EventSpec, variant: string, auth: string, sent: SentEvent, checks: CheckResult[] = sent.checks): CaseResult {
  return caseResult({ endpoint: spec.endpoint, variant, authMode: auth, exchange: sent.exchange, checks }, ctx);
}

/** "Same answer, or a refusal that says it is a duplicate": no second effect of a re-delivered call. */
export function judgeRedelivery(first: SentEvent, again: SentEvent, what: string): CheckResult {
  if (!again.exchange.response) return { id: 'event-redelivery', status: 'errored', findings: [{ message: `could not judge: ${again.exchange.error?.message ?? 'no answer'}` }] };
  const info = again.info;
  if (info?.success === true) {
    const same = !first.info?.internalOrderId || info.internalOrderId === first.info.internalOrderId;
    return checkFrom('event-redelivery', same ? [] : [{ message: `${what} delivered again answered another order`, expected: first.info?.internalOrderId, actual: info.internalOrderId ?? 'missing' }]);
  }
  if (/duplicat|already|processed/i.test(describeError(info))) return checkFrom('event-redelivery', []);
  return checkFrom('event-redelivery', [{ message: `${what} delivered again was refused without saying it is a duplicate: ${describeError(info)}`, expected: 'the same answer, or an explicit duplicate', actual: `HTTP ${again.exchange.response.status}` }]);
}

/** Every case of `event` in `auth`. */
export async function runEventCases(ctx: MerchantContext, event: LifecycleEvent, auth: AuthConfig, negatives: boolean): Promise<CaseResult[]> {
  const spec = EVENT_SPECS[event];
  const placed = await placeOrder(ctx, auth, `${event} order`);
  const cases = [...placed.cases];
  if (!placed.ids) return cases;
  const body = eventBody(ctx, event, placed, 'canceled');
  const first = await sendAccepted(ctx, spec, body, auth);
  const firstChecks = [...first.checks];
  if (event === 'payment' && first.accepted) firstChecks.push(...judgePayment(body, first.info));
  cases.push(report(ctx, spec, event, auth.mode, first, firstChecks));
  if (first.exchange.response) {
    const again = await sendAccepted(ctx, spec, body, auth);
    cases.push(report(ctx, spec, `${event} redelivery`, auth.mode, again, [...answerChecks(again.checks), judgeRedelivery(first, again, spec.endpoint)]));
  }
  if (event === 'status') cases.push(...(await statusCodes(ctx, spec, placed, auth)));
  const unknown = eventBody(ctx, event, { ...placed, ids: { orderId: ctx.newOrderId() } }, 'canceled');
  cases.push(report(ctx, spec, `${event} unknown-order`, auth.mode, await sendRefused(ctx, await applyAuth(eventRequest(ctx, spec, unknown), auth), { id: 'event-unknown-order-refused', what: `an OrderId (${String(unknown.OrderId)}) the merchant never received` })));
  if (negatives) cases.push(...(await eventNegatives(ctx, spec, body)));
  return cases;
}

/** "cancelled" as well as "canceled", and an unknown status code that must not crash the endpoint. */
async function statusCodes(ctx: MerchantContext, spec: EventSpec, placed: PlacedOrder, auth: AuthConfig): Promise<CaseResult[]> {
  const british = await sendAccepted(ctx, spec, eventBody(ctx, 'status', placed, 'cancelled'), auth);
  const spelled = checkFrom('status-spellings', british.accepted ? [] : [{ message: `StatusCode "cancelled" was not accepted though both spellings occur on the wire: ${british.info ? describeError(british.info) : `HTTP ${british.exchange.response?.status ?? 'no answer'}`}`, expected: 'Success true, like "canceled"', actual: british.exchange.response?.status ?? british.exchange.error?.code }]);
  const transport = answerChecks(british.checks);
  const odd = await sendAccepted(ctx, spec, eventBody(ctx, 'status', placed, 'xborder-unknown-status'), auth);
  const status = odd.exchange.response?.status;
  const clean = checkFrom('unknown-status-clean', status !== undefined && status >= 500 ? [{ message: `an unknown StatusCode crashed the endpoint (HTTP ${status}); refuse it (400) or accept it`, expected: 'a 4xx refusal or Success true', actual: status }] : []);
  return [
    report(ctx, spec, 'status cancelled', auth.mode, british, [...transport, spelled]),
    report(ctx, spec, 'status unknown-code', auth.mode, odd, [...answerChecks(odd.checks), ...(odd.exchange.response ? [clean] : [])]),
  ];
}

/** Wrong credentials and another merchant's GUID on the event endpoint, for the order the merchant has. */
async function eventNegatives(ctx: MerchantContext, spec: EventSpec, body: JsonObject): Promise<CaseResult[]> {
  const cases: CaseResult[] = [];
  if (!whyNoAuthNegatives(ctx.config.auth)) {
    for (const variant of authVariants(ctx)) {
      const sent = await sendRefused(ctx, await variant.apply(eventRequest(ctx, spec, body)), { id: 'auth-enforced', what: variant.what });
      cases.push(report(ctx, spec, `${spec.event} ${variant.id}`, variant.authMode, sent));
    }
  }
  const auth = ctx.modes[0]!;
  const wrong = await sendRefused(ctx, await applyAuth(eventRequest(ctx, spec, { ...body, MerchantGUID: WRONG_GUID }), auth), { id: 'guid-enforced', what: 'a wrong MerchantGUID' });
  cases.push(report(ctx, spec, `${spec.event} wrong-merchant-guid`, auth.mode, wrong));
  return cases;
}
