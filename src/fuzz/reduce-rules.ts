/**
 * What the domain pass of shrinking may simplify in a generated order case and in a generated cart
 * request: optional fields left out, flags false, amounts at their smallest, shopper in the
 * merchant's currency; codes (SKUs, ISO codes, e-mail addresses, phones) are never cut, so a
 * shrunk order is as valid as the generated one.
 */
import type { Path, ReduceRules } from './reduce.js';
import { ABSENT } from './optional.js';
import { countryCodes } from './codes.js';

/** Keys of the order plan whose value may be left out (Maybe fields). */
const MAYBE_KEYS = new Set(['name', 'giftMessage', 'backOrdered', 'couponCode', 'endCustomerPrimary', 'sendConfirmation', 'comments', 'loyaltyCode', 'freeShippingCoupon', 'webStoreCode']);
/** Strings that are codes or addresses with a syntax: never cut. */
const CODES = new Set(['sku', 'key', 'shopperCountry', 'shopperCurrency', 'cartToken', 'Email', 'Phone1', 'Phone2', 'kind']);
/** Numbers and their smallest valid values. */
const SMALLEST: Record<string, number> = { mode: 0, quantity: 1, priceCents: 1, shippingCents: 0, perMille: 0, vatRate: 0, subs: 0, target: 0, fxRate: 10_000 };

/** True for a field of an address block: plan.endCustomer.shipping.FirstName and the like. */
function inAddress(path: Path): boolean {
  return path.length === 4 && path[0] === 'plan' && (path[1] === 'endCustomer' || path[1] === 'hub');
}

/** The rules for FuzzCase values, for a merchant whose currency is `merchantCurrency`. */
export function orderReduceRules(merchantCurrency: string): ReduceRules {
  return {
    simplest(path, value) {
      const key = path[path.length - 1];
      if (path[0] === 'broken' || path[0] === 'cartToken') return undefined;
      if (inAddress(path) || (path.length === 3 && path[1] === 'flags')) return ABSENT;
      if (path.length === 3 && (path[1] === 'hub' || (path[1] === 'endCustomer' && key === 'billing'))) return ABSENT;
      if (typeof key === 'string' && MAYBE_KEYS.has(key)) return ABSENT;
      if (key === 'unknown') return {};
      if (key === 'withPayment') return false;
      if (key === 'shopperCurrency') return merchantCurrency;
      if (key === 'shopperCountry') return countryCodes()[0];
      if (key === 'kind') return 'cart';
      if (typeof key === 'string' && key in SMALLEST && typeof value === 'number') return key === 'priceCents' && path.includes('children') ? 0 : SMALLEST[key];
      if (key === 'sku' || key === 'key') return 'A';
      return undefined;
    },
    minItems: (path) => (path.length === 2 && path[1] === 'products' ? 1 : 0),
    freeText: (path) => {
      const key = path[path.length - 1];
      return path[0] === 'plan' && typeof key === 'string' && !CODES.has(key);
    },
  };
}

/** The rules for generated cart requests: the run's own cart, then real codes, then shorter junk. */
export const cartReduceRules: ReduceRules = {
  simplest: (path) => (path[0] === 'token' ? null : path[0] === 'mode' ? 0 : undefined),
  minItems: () => 0,
  freeText: (path) => path[0] === 'countryCode' || path[0] === 'currencyCode' || path[0] === 'token',
};
