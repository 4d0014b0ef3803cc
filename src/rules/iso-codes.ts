/**
 * Whether a currency or country code is real. The codes are a table generated from the ICU data Node
 * ships (scripts/generate-iso-codes.mjs; no hand-made lists): asking ICU at run time cost every
 * process that checked a country code ~20-30 ms to build Intl.DisplayNames, a tenth of validating one
 * document from a cold start. test/rules/iso-code-table.test.ts keeps the table and ICU in step.
 * Country codes are ISO 3166-1 alpha-2 codes ICU names, minus groupings (EU, UN, ...), pseudo and
 * exceptionally reserved codes (AC, CP, ...) and aliases (UK for GB, withdrawn DD, SU, YU, AN):
 * receivers that look codes up exactly do not know those.
 */
import { COUNTRY_CODES, CURRENCY_CODES } from './iso-code-table.js';

let currencies: Set<string> | undefined;
let countries: Set<string> | undefined;

/** True for a current ISO 4217 currency code (upper case). */
export function isCurrencyCode(code: string): boolean {
  currencies ??= new Set(CURRENCY_CODES.split(' '));
  return currencies.has(code);
}

/** True for an ISO 3166-1 alpha-2 country code (upper case). */
export function isCountryCode(code: string): boolean {
  countries ??= new Set(COUNTRY_CODES.split(' '));
  return countries.has(code);
}

/** Every ISO 3166-1 alpha-2 country code, sorted. */
export function allCountryCodes(): string[] {
  return COUNTRY_CODES.split(' ');
}

/** Every current ISO 4217 currency code, sorted. */
export function allCurrencyCodes(): string[] {
  return CURRENCY_CODES.split(' ');
}
