/** ResponseInfo and gift-card rules. */
import { describe, expect, it } from 'vitest';
import { responseOutcomeRule, responsePaymentRule } from '../../src/rules/response-info.js';
import { giftCardFieldsRule, giftCardValidityRule } from '../../src/rules/gift-card.js';
import { validatePayload } from '../../src/validation/index.js';
import { sample } from '../validation/fixtures.js';

describe('response-outcome', () => {
  it('passes the shipped responses', () => {
    for (const f of ['order-response-success.json', 'order-response-payment.json', 'order-response-error.json']) expect(responseOutcomeRule.check(sample(f))).toEqual([]);
  });
  it('fails a success without InternalOrderId and a Success that is not a boolean; warns on a silent failure', () => {
    expect(responseOutcomeRule.check({ ResponseInfo: { Success: true } })).toEqual([expect.objectContaining({ path: '/ResponseInfo/InternalOrderId', severity: 'error' })]);
    expect(responseOutcomeRule.check({ ResponseInfo: { Success: 'yes' } })).toEqual([expect.objectContaining({ path: '/ResponseInfo/Success', severity: 'error' })]);
    expect(responseOutcomeRule.check({ ResponseInfo: { Success: false, ErrorCode: null } })).toEqual([expect.objectContaining({ severity: 'warning' })]);
  });
});

describe('response-outcome on the flat form deployed merchants send', () => {
  it('judges flat as wrapped, paths at the top level', () => {
    expect(responseOutcomeRule.check({ Success: true, InternalOrderId: '1', OrderId: '2' })).toEqual([]);
    expect(responseOutcomeRule.check({ OrderId: 'GE1', Success: false, Message: 'OrderId already exists' })).toEqual([]);
    expect(responseOutcomeRule.check({ Success: true, InternalOrderId: null })).toEqual([expect.objectContaining({ path: '/InternalOrderId', severity: 'error' })]);
    expect(responseOutcomeRule.check({ Success: 'yes' })).toEqual([expect.objectContaining({ path: '/Success', severity: 'error' })]);
    expect(responseOutcomeRule.check({ Success: false, ErrorCode: null })).toEqual([expect.objectContaining({ path: '', severity: 'warning' })]);
  });
  it('leaves a framework error body to the schema step, and fails a body of neither form', () => {
    expect(responseOutcomeRule.check({ status: 500, error: 'Internal Server Error' })).toEqual([]);
    expect(responseOutcomeRule.check({ OrderId: 'x' })).toEqual([expect.objectContaining({ path: '/ResponseInfo', severity: 'error' })]);
  });
});

describe('response-payment', () => {
  it('passes both or neither', () => {
    expect(responsePaymentRule.check(sample('order-response-payment.json'))).toEqual([]);
    expect(responsePaymentRule.check(sample('order-response-success.json'))).toEqual([]);
  });
  it('fails one without the other, a made-up currency and an amount that is not a decimal', () => {
    expect(responsePaymentRule.check({ ResponseInfo: { PaymentCurrencyCode: 'EUR' } })).toEqual([expect.objectContaining({ path: '/ResponseInfo/PaymentAmount', severity: 'error' })]);
    expect(responsePaymentRule.check({ ResponseInfo: { PaymentCurrencyCode: 'EUX', PaymentAmount: '1,50' } })).toEqual([
      expect.objectContaining({ path: '/ResponseInfo/PaymentCurrencyCode', actual: 'EUX' }),
      expect.objectContaining({ path: '/ResponseInfo/PaymentAmount', actual: '1,50' }),
    ]);
  });
  it('judges the flat form alike, paths at the top level', () => {
    expect(responsePaymentRule.check({ Success: true, PaymentCurrencyCode: 'EUR', PaymentAmount: '97.35' })).toEqual([]);
    expect(responsePaymentRule.check({ Success: true, PaymentCurrencyCode: 'EUR' })).toEqual([expect.objectContaining({ path: '/PaymentAmount', severity: 'error' })]);
    expect(responsePaymentRule.check({ Success: true, PaymentCurrencyCode: 'EUX', PaymentAmount: '1,50' }).map((f) => f.path)).toEqual(['/PaymentCurrencyCode', '/PaymentAmount']);
  });
  it('tolerates PaymentAmount sent as a number: a lenient warning, the rule passes', () => {
    const doc = sample('order-response-payment.json');
    doc.ResponseInfo.PaymentAmount = 97.35;
    const checks = validatePayload('order-response', doc);
    expect(checks.find((c) => c.id === 'lenient')).toMatchObject({ status: 'warning', findings: [expect.objectContaining({ path: '/ResponseInfo/PaymentAmount', expected: 'string', actual: 97.35 })] });
    expect(checks.find((c) => c.id === 'response-payment')?.status).toBe('passed');
  });
});

describe('gift-card-validity', () => {
  it('passes the shipped valid and invalid responses', () => {
    expect(giftCardValidityRule.check(sample('gift-card-response-valid.json'))).toEqual([]);
    expect(giftCardValidityRule.check(sample('gift-card-response-invalid.json'))).toEqual([]);
  });
  it('fails a valid card without balance or currency and an invalid card that does not say why', () => {
    expect(giftCardValidityRule.check({ IsValid: true, Balance: -1, CurrencyCode: 'EUX', IsGlobalEGiftCard: false })).toEqual([
      expect.objectContaining({ path: '/Balance', severity: 'error' }),
      expect.objectContaining({ path: '/CurrencyCode', severity: 'error' }),
    ]);
    expect(giftCardValidityRule.check({ IsValid: false, ErrorCode: null, ErrorText: '' })).toEqual([expect.objectContaining({ severity: 'error', expected: 'ErrorCode or ErrorText' })]);
  });
  it('takes a Balance sent as a numeric string as a lenient warning, not a failure', () => {
    const doc = sample('gift-card-response-valid.json');
    doc.Balance = '50.00';
    const checks = validatePayload('gift-card-response', doc);
    expect(checks.find((c) => c.id === 'lenient')?.status).toBe('warning');
    expect(checks.find((c) => c.id === 'gift-card-validity')?.status).toBe('passed');
  });
});

describe('gift-card-fields', () => {
  it('passes the shipped request and fails an empty CardId', () => {
    expect(giftCardFieldsRule.check(sample('gift-card-request.json'))).toEqual([]);
    expect(giftCardFieldsRule.check({ CardFields: { CardId: '' } })).toEqual([expect.objectContaining({ path: '/CardFields/CardId', severity: 'error' })]);
  });
});
