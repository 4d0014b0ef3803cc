/** End to end: `xborder send EVENT` against the reference merchant, for an order it has and one it has not. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { defaultConfig } from '../../src/config/defaults.js';
import { startMockMerchant, type MockMerchantServer } from '../../src/mock/merchant/server.js';

const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';
let merchant: MockMerchantServer;
let dir: string;
beforeAll(async () => {
  const config = defaultConfig();
  config.merchant.events = ['payment', 'status', 'shipping-info', 'documents', 'refund'];
  merchant = await startMockMerchant({ config });
  dir = mkdtempSync(join(tmpdir(), 'xb-send-'));
  writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({ merchantGUID: GUID, merchant: { baseUrl: merchant.url, events: config.merchant.events } }));
});
afterAll(async () => merchant.close());

interface Report { cases: { endpoint: string; variant: string; checks: { id: string; status: string; findings: { message: string }[] }[] }[] }

describe('xborder send EVENT', () => {
  it('send order places an order (post-order); send status cancels it by its ids; send refund refunds a line', async () => {
    const order = await runCli(['send', 'order', '--sample', 'order-full', '--json', '--no-save'], { cwd: dir });
    expect(order.code).toBe(0);
    const stored = merchant.state().orders.at(-1)!;
    const ids = ['--order-id', stored.platformOrderId, '--merchant-order-id', stored.internalOrderId];
    writeFileSync(join(dir, 'status.json'), JSON.stringify({ MerchantGUID: GUID, OrderId: 'X', StatusCode: 'cancelled' }));
    const status = await runCli(['send', 'status', '--file', 'status.json', ...ids, '--json', '--no-save'], { cwd: dir });
    const statusReport = JSON.parse(status.stdout) as Report;
    expect(statusReport.cases[0]!.endpoint).toBe('UpdateOrderStatus');
    expect(statusReport.cases[0]!.checks.find((k) => k.id === 'event-accepted')?.status).toBe('passed');
    expect(status.code).toBe(0);
    expect(merchant.state().orders.map((o) => o.status), JSON.stringify(statusReport.cases[0])).toContain('cancelled');
    writeFileSync(join(dir, 'refund.json'), JSON.stringify({ MerchantGUID: GUID, OrderId: 'X', RefundId: 'RF-1', TotalRefundAmount: '1.00', Products: [{ CartItemId: '1', RefundQuantity: '1', RefundAmount: '1.00' }] }));
    const refund = await runCli(['send', 'refund', '--file', 'refund.json', ...ids, '--set', 'RefundComment=by send', '--no-save'], { cwd: dir });
    expect(refund.code).toBe(0);
    expect(refund.stdout).toContain('NotifyOrderRefund');
  });

  it('an event for an order the merchant never received fails event-accepted (exit 1)', async () => {
    writeFileSync(join(dir, 'ship.json'), JSON.stringify({ MerchantGUID: GUID, OrderId: 'GE000000000DE', InternationalDetails: { OrderTrackingNumber: '1' } }));
    const result = await runCli(['send', 'shipping-info', '--file', 'ship.json', '--json', '--no-save'], { cwd: dir });
    expect(result.code).toBe(1);
    const checks = (JSON.parse(result.stdout) as Report).cases[0]!.checks;
    expect(checks.find((k) => k.id === 'event-accepted')?.findings[0]?.message).toContain('Order not found');
  });

  it('an unknown event is a usage error', async () => {
    const result = await runCli(['send', 'invoice'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('one of: order, payment, status, shipping-info, documents, refund');
  });
});
