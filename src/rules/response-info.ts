/**
 * ResponseInfo rules: `response-outcome` (Success is a boolean; a success names the merchant's order
 * in InternalOrderId; a failure says why) and `response-payment` (PaymentCurrencyCode, ISO 4217, and
 * PaymentAmount, a decimal written as text, come together or not at all).
 *
 * Both judge the documented wrapped form and the flat form deployed merchants send alike; paths
 * point into the document as given (`/ResponseInfo/InternalOrderId` or `/InternalOrderId`). A
 * framework's error body is no ResponseInfo: the schema step says so, the rules add nothing.
 */
import type { Finding } from '../model.js';
import { responseShape, unwrapResponseInfo } from '../validation/response-shape.js';
import type { PayloadRule } from './types.js';
import { isCurrencyCode } from './iso-codes.js';
import { asObject, clipped, isGiven, joinPointer, quoted, received } from './util.js';

const DECIMAL_TEXT = /^\d+(\.\d+)?$/;

/** `response-outcome`. */
export const responseOutcomeRule: PayloadRule = {
  id: 'response-outcome',
  title: 'Success is a boolean; success names the order, failure says why',
  check(doc) {
    if (responseShape(doc) === 'framework-error') return [];
    const found = unwrapResponseInfo(doc);
    if (!found) {
      return [{ path: '/ResponseInfo', message: 'ResponseInfo is missing or not an object (and Success is not at the top level either)', expected: 'object', actual: received(asObject(doc)?.ResponseInfo), severity: 'error' }];
    }
    const { info, base } = found;
    if (typeof info.Success !== 'boolean') {
      return [{ path: joinPointer(base, 'Success'), message: 'Success must be true or false', expected: 'boolean', actual: received(info.Success), severity: 'error' }];
    }
    if (info.Success && !isGiven(info.InternalOrderId)) {
      return [{ path: joinPointer(base, 'InternalOrderId'), message: "a successful response names the merchant's order in InternalOrderId", expected: "the merchant's order id", actual: received(info.InternalOrderId), severity: 'error' }];
    }
    if (!info.Success && !['ErrorCode', 'Message', 'Description'].some((k) => isGiven(info[k]))) {
      return [{ path: base, message: 'a failed response should say why in ErrorCode, Message or Description', expected: 'ErrorCode, Message or Description', actual: 'none', severity: 'warning' }];
    }
    return [];
  },
};

/** `response-payment`. */
export const responsePaymentRule: PayloadRule = {
  id: 'response-payment',
  title: 'PaymentCurrencyCode and PaymentAmount come together',
  check(doc) {
    const found = unwrapResponseInfo(doc);
    if (!found) return [];
    const { info, base } = found;
    const findings: Finding[] = [];
    const currency = info.PaymentCurrencyCode;
    const amount = info.PaymentAmount;
    if (isGiven(currency) !== isGiven(amount)) {
      const missing = isGiven(currency) ? 'PaymentAmount' : 'PaymentCurrencyCode';
      findings.push({ path: joinPointer(base, missing), message: `${missing} is missing: the charged currency and amount come together, or neither when no payment was made`, expected: 'both or neither', actual: 'absent', severity: 'error' });
    }
    if (typeof currency === 'string' && isGiven(currency) && !isCurrencyCode(currency.trim().toUpperCase())) {
      findings.push({ path: joinPointer(base, 'PaymentCurrencyCode'), message: `${quoted(currency)} is not an ISO 4217 currency code`, expected: 'ISO 4217 currency code (e.g. EUR)', actual: clipped(currency), severity: 'error' });
    }
    if (typeof amount === 'string' && isGiven(amount) && !DECIMAL_TEXT.test(amount.trim())) {
      findings.push({ path: joinPointer(base, 'PaymentAmount'), message: 'PaymentAmount must be a non-negative decimal written as text', expected: 'a decimal such as "97.35"', actual: clipped(amount), severity: 'error' });
    }
    return findings;
  },
};
