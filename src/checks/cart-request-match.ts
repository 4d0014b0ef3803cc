/**
 * `cart-currency-country`: the cart should answer in the currency and for the country that were
 * asked for. Another value is legal (the merchant may not support the currency) but worth a warning.
 */
import type { CheckResult, Finding } from '../model.js';
import { checkFrom } from './result.js';

function topLevel(doc: Record<string, unknown>, name: string): unknown {
  const key = Object.keys(doc).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : doc[key];
}

/** Compares the cart's currencyCode / CountryCode with the requested ones. */
export function judgeCartMatchesRequest(cart: unknown, requested: { currencyCode: string; countryCode: string }): CheckResult {
  const findings: Finding[] = [];
  if (cart && typeof cart === 'object' && !Array.isArray(cart)) {
    const doc = cart as Record<string, unknown>;
    const currency = topLevel(doc, 'currencyCode');
    const country = topLevel(doc, 'CountryCode');
    if (typeof currency === 'string' && currency.toUpperCase() !== requested.currencyCode.toUpperCase()) {
      findings.push({ severity: 'warning', message: `the cart is in ${currency}, but ${requested.currencyCode} was requested`, path: '/currencyCode', expected: requested.currencyCode, actual: currency });
    }
    if (typeof country === 'string' && country.toUpperCase() !== requested.countryCode.toUpperCase()) {
      findings.push({ severity: 'warning', message: `the cart is for ${country}, but ${requested.countryCode} was requested`, path: '/CountryCode', expected: requested.countryCode, actual: country });
    }
  }
  return checkFrom('cart-currency-country', findings);
}
