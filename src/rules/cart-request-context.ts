/**
 * Cart rules about checkout context: `cart-installments` (paymentInstallments is a braced list of
 * positive counts, e.g. "{2,4,6}") and `cart-client-ip` (without any shipping country the platform
 * needs clientIP to locate the shopper; a given clientIP is an IP address).
 */
import { isIP } from 'node:net';
import type { Finding } from '../model.js';
import type { PayloadRule } from './types.js';
import { asArray, asObject, asText, isGiven } from './util.js';

const BRACED_LIST = /^\{\s*[1-9]\d*\s*(,\s*[1-9]\d*\s*)*\}$/;

/** `cart-installments`. */
export const cartInstallmentsRule: PayloadRule = {
  id: 'cart-installments',
  title: 'paymentInstallments is a braced list',
  check(doc) {
    const value = asObject(doc)?.paymentInstallments;
    if (typeof value !== 'string' || value.trim() === '' || BRACED_LIST.test(value.trim())) return [];
    return [{ path: '/paymentInstallments', message: 'paymentInstallments must list the allowed instalment counts in braces', expected: 'a braced list such as "{2,4,6}"', actual: value, severity: 'error' }];
  },
};

/** True when the cart says where it ships: CountryCode, shippingDetails or a user address. */
function knowsCountry(root: Record<string, unknown>): boolean {
  if (isGiven(root.CountryCode)) return true;
  if (isGiven(asObject(root.shippingDetails)?.CountryCode)) return true;
  return asArray(asObject(root.userDetails)?.AddressDetails).some((a) => isGiven(asObject(a)?.CountryCode));
}

/** `cart-client-ip`. */
export const cartClientIpRule: PayloadRule = {
  id: 'cart-client-ip',
  title: 'clientIP locates the shopper when no country is given',
  check(doc) {
    const root = asObject(doc);
    if (!root) return [];
    const findings: Finding[] = [];
    const ip = asText(root.clientIP);
    if (ip !== undefined && isIP(ip.trim()) === 0) {
      findings.push({ path: '/clientIP', message: 'clientIP is not an IP address', expected: 'an IPv4 or IPv6 address', actual: root.clientIP, severity: 'error' });
    }
    if (ip === undefined && !knowsCountry(root)) {
      findings.push({
        path: '/clientIP',
        message: 'no shipping country in the cart (CountryCode, shippingDetails, user addresses): clientIP is mandatory unless the request carried countryCode',
        expected: "the shopper's IP address",
        actual: 'absent',
        severity: 'warning',
      });
    }
    return findings;
  },
};
