import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/model.js';
import { judgePayment } from '../../src/checks/payment.js';
import { candidateTotals } from '../../src/checks/order-totals.js';
import { judgeErrorStatus, judgeOrderAccepted } from '../../src/checks/order-outcome.js';
import { judgeRefused } from '../../src/checks/refusal.js';
import { judgeStatus200, judgeTransport } from '../../src/checks/transport.js';
import { judgeCartMatchesRequest } from '../../src/checks/cart-request-match.js';
import { readResponseInfo } from '../../src/checks/response-info.js';

function exchange(status: number | undefined, extra: Partial<Exchange> = {}): Exchange {
  return {
    request: { method: 'POST', url: 'http://127.0.0.1/x', headers: {} },
    response: status === undefined ? undefined : { status, headers: {}, body: Buffer.from(''), truncated: false, timeToFirstByteMs: 1 },
    durationMs: 10,
    ...extra,
  };
}

const order = {
  CurrencyCode: 'EUR',
  Products: [{ Price: 10, Quantity: 2 }, { Price: 5.5, Quantity: 1 }],
  DiscountedShippingPrice: 4.95,
  Discounts: [{ DiscountType: 1, Price: 2 }],
  InternationalDetails: { CurrencyCode: 'GBP', TotalPrice: 25.1, TransactionCurrencyCode: 'USD', TransactionTotalPrice: 31.2 },
};

describe('order totals', () => {
  it('derives a total per currency the order uses', () => {
    const totals = candidateTotals(order);
    expect(totals.get('EUR')).toEqual([28.45]);
    expect(totals.get('GBP')).toEqual([25.1]);
    expect(totals.get('USD')).toEqual([31.2]);
  });
});

describe('payment checks', () => {
  it('passes when the charge matches a total of its currency', () => {
    const checks = judgePayment(order, { success: true, paymentCurrencyCode: 'EUR', paymentAmount: '28.45' });
    expect(checks.map((c) => [c.id, c.status])).toEqual([['payment-fields', 'passed'], ['payment-amount', 'passed']]);
  });
  it('fails when the fields are missing or malformed', () => {
    expect(judgePayment(order, { success: true })[0]!.status).toBe('failed');
    const bad = judgePayment(order, { success: true, paymentCurrencyCode: 'eur', paymentAmount: '28,45' });
    expect(bad[0]!.findings.map((f) => f.path)).toEqual(['/ResponseInfo/PaymentCurrencyCode', '/ResponseInfo/PaymentAmount']);
  });
  it('warns when the amount or currency does not match the order', () => {
    const amount = judgePayment(order, { success: true, paymentCurrencyCode: 'EUR', paymentAmount: '30.00' });
    expect(amount[1]).toMatchObject({ id: 'payment-amount', status: 'warning' });
    expect(amount[1]!.findings[0]!.expected).toBe('28.45');
    const currency = judgePayment(order, { success: true, paymentCurrencyCode: 'JPY', paymentAmount: '28.45' });
    expect(currency[1]!.status).toBe('warning');
  });
});

describe('payment currency without a total to compare', () => {
  it('warns about a currency the order does not name even when no total can be worked out', () => {
    const bare = { CurrencyCode: 'EUR', PaymentDetails: { CardNumber: '4111111111111111' } };
    const checks = judgePayment(bare, { success: true, paymentCurrencyCode: 'USD', paymentAmount: '10.00' });
    expect(checks[1]).toMatchObject({ id: 'payment-amount', status: 'warning' });
    expect(checks[1]!.findings[0]!.expected).toBe('EUR');
    expect(judgePayment(bare, { success: true, paymentCurrencyCode: 'EUR', paymentAmount: '10.00' })[1]!.status).toBe('passed');
  });
});

describe('transport verdicts', () => {
  it('a connect timeout is unreachable (errored), an unanswered request a within-timeout failure', () => {
    const connect = judgeTransport(exchange(undefined, { error: { code: 'TIMEOUT_CONNECT', message: 'connecting to 10.0.0.1:443 timed out' } }), 1000);
    expect(connect.checks.map((c) => [c.id, c.status])).toEqual([['reachable', 'errored']]);
    const slow = judgeTransport(exchange(undefined, { error: { code: 'TIMEOUT_FIRST_BYTE', message: 'no headers' } }), 1000);
    expect(slow.checks.map((c) => [c.id, c.status])).toEqual([['reachable', 'passed'], ['within-timeout', 'failed']]);
  });
});

describe('order outcome', () => {
  it('accepts only Success true with an InternalOrderId', () => {
    expect(judgeOrderAccepted({ success: true, internalOrderId: 'M1' }).status).toBe('passed');
    expect(judgeOrderAccepted({ success: true }).status).toBe('failed');
    expect(judgeOrderAccepted({ success: false, message: 'nope' }).findings[0]!.message).toContain('nope');
    expect(judgeOrderAccepted(undefined).status).toBe('failed');
  });
  it('fails an error answered with HTTP 200', () => {
    expect(judgeErrorStatus(exchange(200), { success: false })!.status).toBe('failed');
    expect(judgeErrorStatus(exchange(400), { success: false })!.status).toBe('passed');
    expect(judgeErrorStatus(exchange(200), { success: true })).toBeUndefined();
  });
  // Any 2xx says "it worked" to the platform, so an error answered with 201, 202 or 204 fails as 200 does.
  it.each([200, 201, 202, 204])('fails an error answered with HTTP %i, naming the status', (status) => {
    const check = judgeErrorStatus(exchange(status), { success: false })!;
    expect(check.status).toBe('failed');
    expect(check.findings[0]!.actual).toContain(`${status} with Success false`);
  });
  it.each([199, 300, 302, 400, 500])('passes an error answered with HTTP %i (not 2xx)', (status) => {
    expect(judgeErrorStatus(exchange(status), { success: false })!.status).toBe('passed');
  });
  it('reads ResponseInfo case-insensitively, Success as a string too', () => {
    expect(readResponseInfo({ responseinfo: { success: 'true', internalorderid: 7 } })).toMatchObject({ success: true, internalOrderId: '7' });
    expect(readResponseInfo({ Other: 1 })).toBeUndefined();
    expect(readResponseInfo({ ResponseInfo: { Success: 'True' } })!.success).toBe(true);
    expect(readResponseInfo({ ResponseInfo: { Success: 'FALSE' } })!.success).toBe(false);
    expect(readResponseInfo({ ResponseInfo: { Success: 'yes' } })!.success).toBeUndefined();
  });
});

describe('rejection', () => {
  it('passes on 401 or Success false, fails on an accepted request and names the created order', () => {
    expect(judgeRefused({ id: 'auth-enforced', what: 'no credentials' }, exchange(401), undefined).status).toBe('passed');
    expect(judgeRefused({ id: 'auth-enforced', what: 'no credentials' }, exchange(200), { ResponseInfo: { Success: false } }).status).toBe('passed');
    const accepted = judgeRefused({ id: 'guid-enforced', what: 'a wrong MerchantGUID' }, exchange(200), { ResponseInfo: { Success: true, InternalOrderId: 'M-9' } });
    expect(accepted.status).toBe('failed');
    expect(accepted.findings[0]!.message).toContain('M-9');
    const posted = exchange(200);
    posted.request.body = JSON.stringify({ MerchantGUID: 'x', OrderId: 'GE123456789DE' });
    const named = judgeRefused({ id: 'auth-enforced', what: 'no credentials' }, posted, { ResponseInfo: { Success: true, InternalOrderId: 'M-10' } });
    expect(named.findings[0]!.message).toContain('created order M-10 for OrderId GE123456789DE');
    expect(judgeRefused({ id: 'auth-enforced', what: 'x' }, exchange(undefined, { error: { code: 'ECONNRESET', message: 'reset' } }), undefined).status).toBe('errored');
  });
});

describe('transport', () => {
  it('errors when unreachable, fails on timeout, warns when slow', () => {
    expect(judgeTransport(exchange(undefined, { error: { code: 'ECONNREFUSED', message: 'refused' } }), 1000).checks[0]!.status).toBe('errored');
    const timeout = judgeTransport(exchange(undefined, { error: { code: 'TIMEOUT_TOTAL', message: 'cut' } }), 1000);
    expect(timeout.checks.find((c) => c.id === 'within-timeout')!.status).toBe('failed');
    const slow = judgeTransport(exchange(200, { durationMs: 700 }), 1000);
    expect(slow.checks.find((c) => c.id === 'within-timeout')!.status).toBe('warning');
    expect(judgeTransport(exchange(200, { durationMs: 100 }), 1000).checks.every((c) => c.status === 'passed')).toBe(true);
  });
  it('names redirects', () => {
    const redirect = exchange(302);
    redirect.response!.headers.location = 'https://elsewhere/';
    expect(judgeStatus200(redirect).findings[0]!.message).toContain('does not follow redirects');
    expect(judgeStatus200(exchange(500)).findings[0]).toMatchObject({ expected: 200, actual: 500 });
  });
});

describe('cart currency and country', () => {
  it('warns on another currency or country than requested', () => {
    expect(judgeCartMatchesRequest({ currencyCode: 'EUR', CountryCode: 'DE' }, { currencyCode: 'EUR', countryCode: 'DE' }).status).toBe('passed');
    const off = judgeCartMatchesRequest({ currencyCode: 'USD', countryCode: 'FR' }, { currencyCode: 'EUR', countryCode: 'DE' });
    expect(off.status).toBe('warning');
    expect(off.findings).toHaveLength(2);
  });
});
