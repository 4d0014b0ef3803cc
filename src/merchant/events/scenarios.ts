/**
 * Lifecycle scenarios: sequences of calls that carry the ids through (OrderId, MerchantOrderId from
 * the merchant's InternalOrderId, CartItemIds), each reported as one case whose checks are the
 * steps' checks in order (titled by step), stopping at the first step that fails:
 *  1. `lifecycle`: order (with AdditionalRequiredDocuments) -> payment -> shipping info -> documents
 *     -> partial refund (one product) -> the same refund again (no second effect) -> the rest (taken
 *     only if the re-delivery had no effect) -> one more unit of a fully refunded product (refused);
 *  2. `cancel`: an order cancelled as "canceled", another as "cancelled";
 *  3. `out-of-order`: a refund, a status update and a payment for an order never created, refused.
 * Steps of events the merchant does not implement (merchant.events) are left out.
 */
import type { AuthConfig, CaseResult, CheckResult, Exchange, LifecycleEvent } from '../../model.js';
import { applyAuth } from '../../auth/index.js';
import { judgePayment } from '../../checks/payment.js';
import { checkFrom } from '../../checks/result.js';
import { answerChecks } from '../../checks/order-outcome.js';
import { caseResult } from '../../engine/case-result.js';
import type { MerchantContext } from '../context.js';
import { EVENT_SPECS, refundableLines, refundBody, type RefundLine } from './bodies.js';
import { eventBody, placeOrder } from './place-order.js';
import { eventRequest, sendAccepted, sendRefused, type SentEvent } from './send-event.js';
import { judgeRedelivery } from './event-cases.js';

/** Collects the steps of one scenario; `ok` turns false at the first failing step. */
class Steps {
  readonly checks: CheckResult[] = [];
  last?: Exchange;
  ok = true;
  private n = 0;
  add(what: string, exchange: Exchange | undefined, checks: CheckResult[]): boolean {
    this.n++;
    for (const check of checks) this.checks.push({ ...check, title: `step ${this.n}: ${what}` });
    if (exchange) this.last = exchange;
    if (checks.some((c) => c.status === 'failed' || c.status === 'errored')) this.ok = false;
    return this.ok;
  }
}

function scenarioCase(ctx: MerchantContext, variant: string, auth: AuthConfig, steps: Steps): CaseResult[] {
  if (!steps.last) return [];
  return [caseResult({ endpoint: 'OrderLifecycle', variant, authMode: auth.mode, exchange: steps.last, checks: steps.checks }, ctx)];
}

const has = (ctx: MerchantContext, event: LifecycleEvent) => ctx.config.merchant.events.includes(event);

/** Scenario 1. */
async function lifecycle(ctx: MerchantContext, auth: AuthConfig): Promise<CaseResult[]> {
  const steps = new Steps();
  const placed = await placeOrder(ctx, auth, 'lifecycle order');
  // An order the merchant did not take stops the scenario before it starts; its case says why.
  if (!placed.ids) return placed.cases;
  const accept = async (event: LifecycleEvent, body: Record<string, unknown>, what: string): Promise<SentEvent> => {
    const sent = await sendAccepted(ctx, EVENT_SPECS[event], body, auth);
    const checks = event === 'payment' && sent.accepted ? [...sent.checks, ...judgePayment(body, sent.info)] : sent.checks;
    steps.add(what, sent.exchange, checks);
    return sent;
  };
  for (const event of ['payment', 'shipping-info', 'documents'] as const) {
    if (has(ctx, event) && steps.ok) await accept(event, eventBody(ctx, event, placed, ''), event);
  }
  if (has(ctx, 'refund') && steps.ok) {
    const lines = refundableLines(placed.order);
    const currency = String(placed.order.CurrencyCode ?? ctx.config.merchant.currencyCode);
    const [first, ...rest] = lines;
    if (first) {
      const partial = refundBody(ctx.config, placed.ids, `RF-${placed.ids.orderId}-1`, currency, [first]);
      const once = await accept('refund', partial, `partial refund of ${first.cartItemId}`);
      if (steps.ok) {
        const again = await sendAccepted(ctx, EVENT_SPECS.refund, partial, auth);
        steps.add('the same refund again', again.exchange, [judgeRedelivery(once, again, 'the refund')]);
      }
      if (steps.ok && rest.length > 0) await refundRest(ctx, auth, steps, placed.ids, currency, rest);
      if (steps.ok) {
        const beyond = refundBody(ctx.config, placed.ids, `RF-${placed.ids.orderId}-9`, currency, [{ ...first, quantity: 1 } as RefundLine]);
        const sent = await sendRefused(ctx, await applyAuth(eventRequest(ctx, EVENT_SPECS.refund, beyond), auth), { id: 'refund-within-order', what: `one more unit of ${first.cartItemId}, already refunded in full` });
        steps.add('one more unit than was ordered', sent.exchange, sent.checks);
      }
    }
  }
  return [...placed.cases, ...scenarioCase(ctx, 'lifecycle', auth, steps)];
}

/** The rest of the order, refunded: taken only if the re-delivered refund had no second effect. */
async function refundRest(ctx: MerchantContext, auth: AuthConfig, steps: Steps, ids: { orderId: string; merchantOrderId?: string }, currency: string, rest: RefundLine[]): Promise<void> {
  const body = refundBody(ctx.config, ids, `RF-${ids.orderId}-2`, currency, rest);
  const sent = await sendAccepted(ctx, EVENT_SPECS.refund, body, auth);
  const transport = answerChecks(sent.checks);
  const effect = checkFrom('event-redelivery', sent.accepted || !sent.exchange.response ? [] : [{ message: 'the refund of the rest of the order was refused: the re-delivered refund was applied a second time', expected: 'Success true', actual: `HTTP ${sent.exchange.response.status}` }]);
  steps.add('refund of the rest', sent.exchange, [...transport, ...(sent.exchange.response ? [effect] : [])]);
}

/** Scenario 2. */
async function cancel(ctx: MerchantContext, auth: AuthConfig): Promise<CaseResult[]> {
  const steps = new Steps();
  const out: CaseResult[] = [];
  for (const code of ['canceled', 'cancelled']) {
    if (!steps.ok) break;
    const placed = await placeOrder(ctx, auth, `cancel order (${code})`);
    out.push(...placed.cases);
    if (!placed.ids) return out;
    const sent = await sendAccepted(ctx, EVENT_SPECS.status, eventBody(ctx, 'status', placed, code), auth);
    steps.add(`status ${code}`, sent.exchange, [...sent.checks.filter((c) => c.id !== 'event-accepted'), checkFrom('status-spellings', sent.accepted ? [] : [{ message: `StatusCode "${code}" was not accepted`, expected: 'Success true', actual: sent.exchange.response?.status ?? sent.exchange.error?.code }])]);
  }
  return [...out, ...scenarioCase(ctx, 'cancel', auth, steps)];
}

/** Scenario 3. */
async function outOfOrder(ctx: MerchantContext, auth: AuthConfig): Promise<CaseResult[]> {
  const steps = new Steps();
  const ids = { orderId: ctx.newOrderId() };
  const order = { ...ids, MerchantGUID: ctx.config.merchantGUID, CurrencyCode: ctx.config.merchant.currencyCode, Products: [{ CartItemId: '1', Price: 10, Quantity: 1 }] };
  for (const event of ['refund', 'status', 'payment'] as const) {
    if (!has(ctx, event)) continue;
    const body = eventBody(ctx, event, { order, ids }, 'canceled');
    const sent = await sendRefused(ctx, await applyAuth(eventRequest(ctx, EVENT_SPECS[event], body), auth), { id: 'event-unknown-order-refused', what: `${EVENT_SPECS[event].endpoint} for an order never created (${ids.orderId})` });
    steps.add(`${event} before the order`, sent.exchange, sent.checks);
  }
  return scenarioCase(ctx, 'out-of-order', auth, steps);
}

/** Every scenario the configured events allow, in `auth`. */
export async function runScenarios(ctx: MerchantContext, auth: AuthConfig): Promise<CaseResult[]> {
  const events = ctx.config.merchant.events;
  const cases: CaseResult[] = [];
  if (events.some((e) => e !== 'status')) cases.push(...(await lifecycle(ctx, auth)));
  if (has(ctx, 'status')) cases.push(...(await cancel(ctx, auth)));
  if (events.some((e) => e === 'refund' || e === 'status' || e === 'payment')) cases.push(...(await outOfOrder(ctx, auth)));
  return cases;
}
