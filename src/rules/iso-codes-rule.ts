/**
 * `iso-codes`: every currency code (a property named ...CurrencyCode) is a real ISO 4217 code and
 * every country code (...CountryCode) a real ISO 3166-1 alpha-2 code, read after URL-decoding (address
 * blocks travel encoded). The schema checks the form (`^[A-Z]{3}$`); this checks the code exists.
 */
import type { Finding } from '../model.js';
import { formDecode } from '../decode/form-decode.js';
import { isCountryCode, isCurrencyCode } from './iso-codes.js';
import type { PayloadRule } from './types.js';
import { walkStrings } from './walk.js';

/** The `iso-codes` rule. */
export const isoCodesRule: PayloadRule = {
  id: 'iso-codes',
  title: 'Currency and country codes are real ISO codes',
  check(doc) {
    const findings: Finding[] = [];
    walkStrings(doc, (key, raw, pointer) => {
      if (key === undefined || key.length < 11) return;
      const lower = key.toLowerCase();
      const currency = lower.endsWith('currencycode');
      if (!currency && !lower.endsWith('countrycode')) return;
      const code = (raw.includes('%') || raw.includes('+') ? formDecode(raw).value : raw).trim().toUpperCase();
      if (code === '') return;
      if (currency ? isCurrencyCode(code) : isCountryCode(code)) return;
      findings.push({
        path: pointer(),
        message: currency ? `${JSON.stringify(raw)} is not an ISO 4217 currency code` : `${JSON.stringify(raw)} is not an ISO 3166-1 alpha-2 country code`,
        expected: currency ? 'ISO 4217 currency code (e.g. EUR)' : 'ISO 3166-1 alpha-2 country code (e.g. DE)',
        actual: raw,
        severity: 'error',
      });
    });
    return findings;
  },
};
