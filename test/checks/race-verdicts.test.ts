/** The group verdicts of the race checks: one order from many copies, one refund from many copies. */
import { describe, expect, it } from 'vitest';
import { judgeOneOrder, type Delivery } from '../../src/checks/one-order.js';
import { judgeRefundGroup } from '../../src/checks/refund-concurrent.js';

const ok = (label: string, id: string): Delivery => ({ label, answered: true, status: 200, info: { success: true, internalOrderId: id } });
const refused = (label: string, message: string, status = 409): Delivery => ({ label, answered: true, status, info: { success: false, message } });
const silent = (label: string): Delivery => ({ label, answered: false });

describe('judgeOneOrder', () => {
  it('passes one InternalOrderId, and copies refused as duplicates, naming what each got', () => {
    const check = judgeOneOrder('redelivery-concurrent', 'GE1', [ok('delivery 1', '7'), ok('delivery 2', '7'), refused('delivery 3', 'Order GE1 already exists')]);
    expect(check.status).toBe('passed');
    expect(check.findings.at(-1)!.message).toBe('received: delivery 1: order 7; delivery 2: order 7; delivery 3: refused (HTTP 409): Order GE1 already exists');
  });

  it('fails two orders for one OrderId, naming the ids and which copies got them', () => {
    const check = judgeOneOrder('redelivery-concurrent', 'GE1', [ok('delivery 1', '7'), ok('delivery 2', '8'), ok('delivery 3', '7')]);
    expect(check.status).toBe('failed');
    expect(check.findings[0]!.message).toContain('created 2 orders: 7 (delivery 1, delivery 3), 8 (delivery 2)');
    expect(check.findings[0]!.actual).toBe('7, 8');
  });

  it('warns on a copy refused without saying it is a duplicate ("does not exist" is no duplicate answer)', () => {
    const check = judgeOneOrder('redelivery-concurrent', 'GE1', [ok('delivery 1', '7'), refused('delivery 2', 'Cart does not exist', 400)]);
    expect(check.status).toBe('warning');
  });

  it('is skipped when no copy was accepted; copies without an answer are left to the transport checks', () => {
    expect(judgeOneOrder('redelivery-after-timeout', 'GE1', [refused('the first delivery', 'Server busy', 500), silent('the retry')]).status).toBe('skipped');
    expect(judgeOneOrder('redelivery-after-timeout', 'GE1', [silent('the first delivery'), ok('the retry', '9'), ok('the copy after both answered', '9')]).status).toBe('passed');
  });
});

describe('judgeRefundGroup', () => {
  const copies = [ok('copy 1', '7'), ok('copy 2', '7')];
  it('passes when the rest is still refundable and one unit more is refused', () => {
    expect(judgeRefundGroup({ refundId: 'RF-1', unit: '1', copies, rest: ok('rest', '7'), beyond: refused('one more unit', 'Refund exceeds what was ordered', 400) }).status).toBe('passed');
  });

  it('fails when the rest is refused: the copies were applied more than once', () => {
    const check = judgeRefundGroup({ refundId: 'RF-1', unit: '1', copies, rest: refused('rest', 'Refund exceeds what was ordered', 400), beyond: refused('one more unit', 'Refund exceeds', 400) });
    expect(check.status).toBe('failed');
    expect(check.findings[0]!.message).toMatch(/applied more than once/);
  });

  it('fails when one unit beyond the order is accepted (no ceiling to tell by)', () => {
    expect(judgeRefundGroup({ refundId: 'RF-1', unit: '1', copies, rest: ok('rest', '7'), beyond: ok('one more unit', '7') }).status).toBe('failed');
  });

  it('is skipped when no copy was applied, errored when nothing after the copies was answered', () => {
    expect(judgeRefundGroup({ refundId: 'RF-1', unit: '1', copies: [refused('copy 1', 'Order not found', 404)], beyond: refused('one more unit', 'x', 400) }).status).toBe('skipped');
    expect(judgeRefundGroup({ refundId: 'RF-1', unit: '1', copies, rest: silent('rest'), beyond: silent('one more unit') }).status).toBe('errored');
  });
});
