/**
 * The verdict on a group of deliveries of one order (sent at once, or a copy sent when the first
 * timed out): the merchant must end with one order. Every accepted answer names the same
 * InternalOrderId; a refused copy must say it is a duplicate (a warning otherwise, like
 * idempotent-redelivery). The findings name the ids received, delivery by delivery.
 */
import type { CheckResult, Finding } from '../model.js';
import { checkFrom } from './result.js';
import { describeError, type ResponseInfoView } from './response-info.js';
import { saysDuplicate } from './duplicate-answer.js';

/** One delivery of the group, as answered. */
export interface Delivery {
  /** How the finding names it: `delivery 2`, `the retry`. */
  label: string;
  /** False when no complete answer came (the transport checks say why). */
  answered: boolean;
  status?: number;
  info?: ResponseInfoView;
  /** The error answer in a few words, when it was no ResponseInfo (`an HTML page "Oops"`). */
  errorText?: string;
}

/** What one answer said, in a few words. */
export function answerText(d: Delivery): string {
  if (!d.answered) return 'no answer';
  if (d.info?.success === true) return d.info.internalOrderId ? `order ${d.info.internalOrderId}` : 'accepted without an InternalOrderId';
  if (d.info) return `refused (HTTP ${d.status}): ${describeError(d.info)}`;
  return `HTTP ${d.status} with ${d.errorText ?? 'no ResponseInfo'}`;
}

/** `delivery 1: order 100004; delivery 2: refused ...`: what the group received. */
export function receivedText(deliveries: readonly Delivery[]): string {
  return deliveries.map((d) => `${d.label}: ${answerText(d)}`).join('; ');
}

/** A refusal that says "duplicate" (its ResponseInfo message or the error answer's text). */
function refusedAsDuplicate(d: Delivery): boolean {
  return saysDuplicate(d.info ? describeError(d.info) : d.errorText ?? '');
}

/**
 * Judges `deliveries` of OrderId `orderId` as check `id`. Skipped when none was accepted, as the
 * sequences are when their first delivery was not: a group without an order says nothing about
 * duplicates (order-accepted and the transport checks say what went wrong).
 */
export function judgeOneOrder(id: string, orderId: string, deliveries: readonly Delivery[]): CheckResult {
  const answered = deliveries.filter((d) => d.answered);
  const accepted = answered.filter((d) => d.info?.success === true);
  const received = receivedText(deliveries);
  if (accepted.length === 0) {
    return { id, status: 'skipped', findings: [{ severity: 'info', message: `none of the ${deliveries.length} deliveries of OrderId ${orderId} was accepted, so whether they made one order cannot be judged (${received})`, expected: 'one accepted delivery', actual: received }] };
  }
  const byId = new Map<string, string[]>();
  for (const d of accepted) {
    const key = d.info!.internalOrderId ?? '(no InternalOrderId)';
    byId.set(key, [...(byId.get(key) ?? []), d.label]);
  }
  const findings: Finding[] = [];
  if (byId.size > 1) {
    const orders = [...byId].map(([order, labels]) => `${order} (${labels.join(', ')})`).join(', ');
    findings.push({ message: `${deliveries.length} deliveries of OrderId ${orderId} created ${byId.size} orders: ${orders}; the merchant must create one and answer every copy with it (or refuse it as a duplicate)`, path: '/ResponseInfo/InternalOrderId', expected: 'one InternalOrderId', actual: [...byId.keys()].join(', ') });
  }
  for (const d of answered.filter((x) => x.info?.success !== true && !refusedAsDuplicate(x))) {
    findings.push({ severity: 'warning', message: `${d.label} was refused without saying it is a duplicate: ${answerText(d)}`, expected: 'the same InternalOrderId, or an explicit duplicate answer', actual: answerText(d) });
  }
  findings.push({ severity: 'info', message: `received: ${received}` });
  return checkFrom(id, findings);
}
