/**
 * `iso-codes`: every currency code (a property named ...CurrencyCode) is a real ISO 4217 code and
 * every country code (...CountryCode) a real ISO 3166-1 alpha-2 code, read after URL-decoding (address
 * blocks travel encoded). The schema checks the form (`^[A-Z]{3}$`); this checks the code exists.
 */
import type { PayloadRule } from './types.js';
import { scanStrings } from './string-scan.js';

/** The `iso-codes` rule. */
export const isoCodesRule: PayloadRule = {
  id: 'iso-codes',
  title: 'Currency and country codes are real ISO codes',
  check: (doc, context) => {
    const findings = scanStrings(doc, context).codes;
    // Copies: the caller rewrites paths in place, and the scan stays in the context for the other rule.
    return findings.map((f) => ({ ...f }));
  },
};
