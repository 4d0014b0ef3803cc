/** Every lifecycle body xborder sends is the documented form of its kind (strict). */
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/defaults.js';
import { loadSample } from '../../src/samples/catalog.js';
import { prepareSampleOrder } from '../../src/merchant/requests.js';
import { documentsBody, paymentBody, refundableLines, refundBody, shippingInfoBody, statusBody } from '../../src/merchant/events/bodies.js';
import { detectKind, validatePayload, type PayloadKind } from '../../src/validation/index.js';

const config = defaultConfig();
const order = prepareSampleOrder(loadSample('order-full'), config, 'GE000000007DE');
const ids = { orderId: 'GE000000007DE', merchantOrderId: '100007' };

describe('lifecycle bodies', () => {
  it.each([
    ['payment-request', paymentBody(order, ids)],
    ['status-update', statusBody(config, ids, 'cancelled')],
    ['shipping-info', shippingInfoBody(config, ids, order)],
    ['documents', documentsBody(config, ids, order)],
    ['refund', refundBody(config, ids, 'RF-1', 'EUR', refundableLines(order).slice(0, 1))],
  ] as [PayloadKind, Record<string, unknown>][])('%s passes its schema and rules with --strict', (kind, body) => {
    const notPassed = validatePayload(kind, body, { strict: true }).filter((c) => c.status !== 'passed');
    expect(notPassed).toEqual([]);
    if (kind !== 'payment-request') expect(detectKind(body)).toBe(kind);
  });

  it('refunds lines at what the shopper paid for them', () => {
    const lines = refundableLines(order);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.price).toBeGreaterThan(0);
  });
});
