/**
 * Country and currency lists for choosing from, built from the ICU data Node ships (the same
 * source the payload rules use to decide whether a code is real).
 */
import { isCountryCode } from '../rules/iso-codes.js';
import type { Choice } from './prompter.js';

let countries: Choice<string>[] | undefined;

/** Every ISO 3166-1 alpha-2 country ICU knows, as "Germany (DE)", sorted by name. */
export function countryChoices(): Choice<string>[] {
  if (!countries) {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    const list: Choice<string>[] = [];
    for (let a = 65; a <= 90; a++) {
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        if (isCountryCode(code)) list.push({ name: `${names.of(code)} (${code})`, value: code });
      }
    }
    countries = list.sort((x, y) => x.name.localeCompare(y.name, 'en'));
  }
  return countries;
}

/** Every ISO 4217 currency ICU knows, as "Euro (EUR)", sorted by code. */
export function currencyChoices(): Choice<string>[] {
  const names = new Intl.DisplayNames(['en'], { type: 'currency' });
  return Intl.supportedValuesOf('currency').map((code) => ({ name: `${names.of(code)} (${code})`, value: code }));
}

/** Validation for a typed country code. */
export function validCountry(value: string): true | string {
  return isCountryCode(value.trim().toUpperCase()) || 'a two-letter ISO country code such as DE, FR or US';
}

