/**
 * The verdict of `refund-concurrent`: copies of one RefundId delivered at once are applied once.
 * Told by what follows them: the refund of everything left must still be accepted (a copy applied
 * twice has used it up) and one unit more must be refused (the refund ceiling).
 */
import type { CheckResult, Finding } from '../model.js';
import { checkFrom } from './result.js';
import { describeError } from './response-info.js';
import { saysDuplicate } from './duplicate-answer.js';
import { answerText, type Delivery } from './one-order.js';

/** What the refund source sent and got. */
export interface RefundGroup {
  refundId: string;
  /** The CartItemId one unit of which each copy refunds. */
  unit: string;
  /** The copies sent at once. */
  copies: readonly Delivery[];
  /** The refund of everything left, when anything was left. */
  rest?: Delivery;
  /** One unit more of `unit` than the order has left. */
  beyond: Delivery;
}

const accepted = (d: Delivery | undefined) => d?.answered === true && d.info?.success === true;

function refundText(d: Delivery): string {
  return accepted(d) ? 'applied' : answerText(d);
}

/** Judges the group as `refund-concurrent`. */
export function judgeRefundGroup(group: RefundGroup): CheckResult {
  const id = 'refund-concurrent';
  const received = [...group.copies, ...(group.rest ? [group.rest] : []), group.beyond].map((d) => `${d.label}: ${refundText(d)}`).join('; ');
  if (!group.copies.some(accepted)) {
    return { id, status: 'skipped', findings: [{ severity: 'info', message: `none of the ${group.copies.length} copies of RefundId ${group.refundId} was applied, so whether they were applied once cannot be judged (${received})`, expected: 'one applied copy', actual: received }] };
  }
  const findings: Finding[] = [];
  if (group.rest?.answered && !accepted(group.rest)) {
    findings.push({ message: `after ${group.copies.length} copies of RefundId ${group.refundId} delivered at once, the refund of what was left was refused (${answerText(group.rest)}): the copies were applied more than once`, expected: 'Success true: one unit was refunded once, the rest is still refundable', actual: answerText(group.rest) });
  }
  if (group.beyond.answered && accepted(group.beyond)) {
    findings.push({ message: `one more unit of CartItemId ${group.unit}, beyond what the order has left, was accepted: the merchant keeps no refund ceiling, so whether the copies were applied once cannot be told from it (see refund-within-order)`, expected: 'a refusal (Success false)', actual: 'Success true' });
  }
  if (!group.beyond.answered && !group.rest?.answered) {
    return { id, status: 'errored', findings: [{ message: `the refunds after the copies were not answered, so whether the copies were applied once cannot be judged (${received})`, actual: received }] };
  }
  for (const copy of group.copies.filter((d) => d.answered && !accepted(d))) {
    const text = copy.info ? describeError(copy.info) : copy.errorText ?? '';
    if (!saysDuplicate(text)) findings.push({ severity: 'warning', message: `${copy.label} was refused without saying it is a duplicate: ${answerText(copy)}`, expected: 'the first answer again, or an explicit duplicate answer', actual: answerText(copy) });
  }
  findings.push({ severity: 'info', message: `received: ${received}` });
  return checkFrom(id, findings);
}
