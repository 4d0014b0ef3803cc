/**
 * When an order carries PaymentDetails the merchant charges it and must report what it charged:
 * `payment-fields` (both PaymentCurrencyCode and PaymentAmount, well-formed) and `payment-amount`
 * (a currency the order uses, and that currency's order total; a mismatch is only a warning,
 * because what is charged is the merchant's call).
 */
import type { CheckResult, Finding } from '../model.js';
import { checkFrom } from './result.js';
import { infoPath, type ResponseInfoView } from './response-info.js';
import { candidateTotals, matchesTotal } from './order-totals.js';

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** CurrencyCode, InternationalDetails.CurrencyCode and its TransactionCurrencyCode, as given. */
function orderCurrencies(order: Record<string, unknown>): string[] {
  const intl = order.InternationalDetails && typeof order.InternationalDetails === 'object' ? (order.InternationalDetails as Record<string, unknown>) : {};
  return [order.CurrencyCode, intl.CurrencyCode, intl.TransactionCurrencyCode].filter((c): c is string => typeof c === 'string' && c !== '');
}

/**
 * Both payment checks for an order that was sent with PaymentDetails. `ignored` is said (as an info
 * line) when the answer names no charge at all: the merchant may not be the one that charges.
 */
export function judgePayment(order: Record<string, unknown>, info: ResponseInfoView | undefined, ignored?: string): CheckResult[] {
  const fields: Finding[] = [];
  const currency = info?.paymentCurrencyCode;
  const amount = info?.paymentAmount;
  if (!currency) fields.push({ message: 'PaymentDetails were sent, so the answer must say which currency was charged', path: infoPath(info, 'PaymentCurrencyCode'), expected: 'an ISO 4217 code', actual: currency ?? 'missing' });
  else if (!/^[A-Z]{3}$/.test(currency)) fields.push({ message: 'PaymentCurrencyCode is not an ISO 4217 code', path: infoPath(info, 'PaymentCurrencyCode'), expected: 'three capital letters', actual: currency });
  if (!amount) fields.push({ message: 'PaymentDetails were sent, so the answer must say how much was charged', path: infoPath(info, 'PaymentAmount'), expected: 'a decimal written as text, e.g. "170.10"', actual: amount ?? 'missing' });
  else if (!DECIMAL.test(amount)) fields.push({ message: 'PaymentAmount is not a decimal string', path: infoPath(info, 'PaymentAmount'), expected: 'a decimal written as text', actual: amount });
  if (ignored && !currency && !amount) fields.push({ severity: 'info', message: ignored });
  const checks = [checkFrom('payment-fields', fields)];
  if (fields.length > 0 || !currency || !amount) return checks;

  const totals = candidateTotals(order);
  const inCurrency = totals.get(currency);
  // The currencies the order names, whether or not a total can be worked out in each of them.
  const used = new Set([...orderCurrencies(order), ...totals.keys()]);
  const findings: Finding[] = [];
  if (used.size > 0 && !used.has(currency)) {
    findings.push({ severity: 'warning', message: `charged in ${currency}, a currency the order does not use`, path: infoPath(info, 'PaymentCurrencyCode'), expected: [...used].join(' or '), actual: currency });
  } else if (inCurrency !== undefined && !matchesTotal(order, currency, Number(amount))) {
    const expected = inCurrency.map((t) => t.toFixed(2)).join(' or ');
    findings.push({ severity: 'warning', message: `charged ${amount} ${currency}, but the order total in ${currency} is ${expected}`, path: infoPath(info, 'PaymentAmount'), expected, actual: amount });
  }
  checks.push(checkFrom('payment-amount', findings));
  return checks;
}
