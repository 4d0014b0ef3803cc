/**
 * Real ISO codes for generated orders, from the same ICU data the validator checks against, so a
 * generated code is never one xborder itself would flag.
 */
import { isCountryCode, isCurrencyCode } from '../rules/iso-codes.js';

let countries: string[] | undefined;
let currencies: string[] | undefined;

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Every ISO 3166-1 alpha-2 country code ICU knows, sorted (the first ones are what shrinking keeps). */
export function countryCodes(): string[] {
  if (!countries) {
    countries = [];
    for (const a of LETTERS) for (const b of LETTERS) if (isCountryCode(a + b)) countries.push(a + b);
  }
  return countries;
}

/** Every current ISO 4217 currency code, sorted. */
export function currencyCodes(): string[] {
  currencies ??= Intl.supportedValuesOf('currency').filter((c) => isCurrencyCode(c));
  return currencies;
}
