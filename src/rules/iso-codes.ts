/**
 * Whether a currency or country code is real, from the ICU data Node ships (no hand-made lists):
 * ISO 4217 currencies from Intl.supportedValuesOf, ISO 3166 regions from Intl.DisplayNames.
 */

let currencies: Set<string> | undefined;
let regions: Intl.DisplayNames | undefined;
const countryCache = new Map<string, boolean>();

/**
 * Two-letter codes CLDR names that are not ISO 3166-1 countries or territories an address can be in:
 * groupings (European Union, Eurozone, United Nations, Outlying Oceania), pseudo-locales, Unknown
 * Region, and the exceptionally reserved codes ISO assigns no country (Ascension AC, Clipperton CP,
 * Sark CQ, Diego Garcia DG, Ceuta & Melilla EA, Canary Islands IC, Tristan da Cunha TA).
 */
const NOT_A_COUNTRY = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ', 'AC', 'CP', 'CQ', 'DG', 'EA', 'IC', 'TA']);

/** True for a current ISO 4217 currency code (upper case). */
export function isCurrencyCode(code: string): boolean {
  currencies ??= new Set(Intl.supportedValuesOf('currency'));
  return currencies.has(code);
}

/**
 * True for an ISO 3166-1 alpha-2 country code (upper case) that ICU knows. ICU also names aliases
 * (UK for GB, and withdrawn codes such as DD, SU, YU, AN): a code whose canonical form is another
 * code is not the ISO code, and receivers that look codes up exactly do not know it.
 */
export function isCountryCode(code: string): boolean {
  let known = countryCache.get(code);
  if (known === undefined) {
    regions ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    known = /^[A-Z]{2}$/.test(code) && !NOT_A_COUNTRY.has(code) && regions.of(code) !== undefined && new Intl.Locale(`und-${code}`).region === code;
    countryCache.set(code, known);
  }
  return known;
}
