/**
 * Whether a currency or country code is real, from the ICU data Node ships (no hand-made lists):
 * ISO 4217 currencies from Intl.supportedValuesOf, ISO 3166 regions from Intl.DisplayNames.
 */

let currencies: Set<string> | undefined;
let regions: Intl.DisplayNames | undefined;
const countryCache = new Map<string, boolean>();

/**
 * Two-letter codes CLDR names that are not countries or territories an address can be in
 * (European Union, Eurozone, United Nations, Outlying Oceania, pseudo-locales, Unknown Region).
 */
const NOT_A_COUNTRY = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ']);

/** True for a current ISO 4217 currency code (upper case). */
export function isCurrencyCode(code: string): boolean {
  currencies ??= new Set(Intl.supportedValuesOf('currency'));
  return currencies.has(code);
}

/** True for an ISO 3166-1 alpha-2 country code (upper case) that ICU knows. */
export function isCountryCode(code: string): boolean {
  let known = countryCache.get(code);
  if (known === undefined) {
    regions ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    known = /^[A-Z]{2}$/.test(code) && !NOT_A_COUNTRY.has(code) && regions.of(code) !== undefined;
    countryCache.set(code, known);
  }
  return known;
}
