/**
 * ResponseInfo rules: `response-outcome` (Success is a boolean; a success names the merchant's order
 * in InternalOrderId; a failure says why) and `response-payment` (PaymentCurrencyCode, ISO 4217, and
 * PaymentAmount, a decimal written as text, come together or not at all).
 */
import type { Finding } from '../model.js';
import type { PayloadRule } from './types.js';
import { isCurrencyCode } from './iso-codes.js';
import { asObject, clipped, isGiven, quoted, received } from './util.js';

const DECIMAL_TEXT = /^\d+(\.\d+)?$/;

/** `response-outcome`. */
export const responseOutcomeRule: PayloadRule = {
  id: 'response-outcome',
  title: 'Success is a boolean; success names the order, failure says why',
  check(doc) {
    const info = asObject(asObject(doc)?.ResponseInfo);
    if (!info) return [{ path: '/ResponseInfo', message: 'ResponseInfo is missing or not an object', expected: 'object', actual: received(asObject(doc)?.ResponseInfo), severity: 'error' }];
    if (typeof info.Success !== 'boolean') {
      return [{ path: '/ResponseInfo/Success', message: 'Success must be true or false', expected: 'boolean', actual: received(info.Success), severity: 'error' }];
    }
    if (info.Success && !isGiven(info.InternalOrderId)) {
      return [{ path: '/ResponseInfo/InternalOrderId', message: "a successful response names the merchant's order in InternalOrderId", expected: "the merchant's order id", actual: received(info.InternalOrderId), severity: 'error' }];
    }
    if (!info.Success && !['ErrorCode', 'Message', 'Description'].some((k) => isGiven(info[k]))) {
      return [{ path: '/ResponseInfo', message: 'a failed response should say why in ErrorCode, Message or Description', expected: 'ErrorCode, Message or Description', actual: 'none', severity: 'warning' }];
    }
    return [];
  },
};

/** `response-payment`. */
export const responsePaymentRule: PayloadRule = {
  id: 'response-payment',
  title: 'PaymentCurrencyCode and PaymentAmount come together',
  check(doc) {
    const info = asObject(asObject(doc)?.ResponseInfo);
    if (!info) return [];
    const findings: Finding[] = [];
    const currency = info.PaymentCurrencyCode;
    const amount = info.PaymentAmount;
    if (isGiven(currency) !== isGiven(amount)) {
      const missing = isGiven(currency) ? 'PaymentAmount' : 'PaymentCurrencyCode';
      findings.push({ path: `/ResponseInfo/${missing}`, message: `${missing} is missing: the charged currency and amount come together, or neither when no payment was made`, expected: 'both or neither', actual: 'absent', severity: 'error' });
    }
    if (typeof currency === 'string' && isGiven(currency) && !isCurrencyCode(currency.trim().toUpperCase())) {
      findings.push({ path: '/ResponseInfo/PaymentCurrencyCode', message: `${quoted(currency)} is not an ISO 4217 currency code`, expected: 'ISO 4217 currency code (e.g. EUR)', actual: clipped(currency), severity: 'error' });
    }
    if (typeof amount === 'string' && isGiven(amount) && !DECIMAL_TEXT.test(amount.trim())) {
      findings.push({ path: '/ResponseInfo/PaymentAmount', message: 'PaymentAmount must be a non-negative decimal written as text', expected: 'a decimal such as "97.35"', actual: clipped(amount), severity: 'error' });
    }
    return findings;
  },
};
