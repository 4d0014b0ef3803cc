/**
 * What the reference merchant charges when an order carries PaymentDetails.
 *
 * Rule (one, documented): the charge is made in the order's own currency, `CurrencyCode` ("3-char
 * ISO currency of the posted order", interface 2.1), for the order total in that currency:
 *
 *   total = Σ Products (Price × Quantity)  +  DiscountedShippingPrice  −  Σ cart discounts (Price)
 *
 * Product Price, Discount.Price and DiscountedShippingPrice are all in the order currency (2.1, 2.4).
 * Shipping discounts (DiscountType 2) are not subtracted again: DiscountedShippingPrice is already
 * "after order discounts". Markups are for reconciliation only and do not change what is charged.
 * When the order has no CurrencyCode, the shopper-side figures are charged instead:
 * InternationalDetails.TransactionCurrencyCode / TransactionTotalPrice, else CurrencyCode / TotalPrice;
 * with neither, the merchant's configured currency and the total above.
 * The amount is written with two decimals as text ("170.10").
 */
import { getProp, getString, isObject, toNumber, type JsonObject } from '../../json/props.js';
import type { PaymentAnswer } from './store.js';

/** DiscountType of a shipping discount (interface 2.4). */
const SHIPPING_DISCOUNT = 2;

/** The currency and amount charged for `order` (already decoded); `fallbackCurrency` when it names none. */
export function chargeFor(order: JsonObject, fallbackCurrency: string): PaymentAnswer {
  const currency = getString(order, 'CurrencyCode');
  if (currency) return { PaymentCurrencyCode: currency.toUpperCase(), PaymentAmount: formatAmount(merchantTotal(order)) };
  const intl = getProp(order, 'InternationalDetails');
  const fallback = { PaymentCurrencyCode: fallbackCurrency.toUpperCase(), PaymentAmount: formatAmount(merchantTotal(order)) };
  if (!isObject(intl)) return fallback;
  const transactionCurrency = getString(intl, 'TransactionCurrencyCode');
  const transactionTotal = toNumber(getProp(intl, 'TransactionTotalPrice'));
  if (transactionCurrency && transactionTotal !== undefined) {
    return { PaymentCurrencyCode: transactionCurrency.toUpperCase(), PaymentAmount: formatAmount(transactionTotal) };
  }
  const shopperCurrency = getString(intl, 'CurrencyCode');
  const shopperTotal = toNumber(getProp(intl, 'TotalPrice'));
  if (shopperCurrency && shopperTotal !== undefined) {
    return { PaymentCurrencyCode: shopperCurrency.toUpperCase(), PaymentAmount: formatAmount(shopperTotal) };
  }
  return fallback;
}

/** The order total in the order currency (see the module comment). */
export function merchantTotal(order: JsonObject): number {
  let total = 0;
  for (const product of list(order, 'Products')) {
    total += (toNumber(getProp(product, 'Price')) ?? 0) * (toNumber(getProp(product, 'Quantity')) ?? 1);
  }
  total += toNumber(getProp(order, 'DiscountedShippingPrice')) ?? 0;
  for (const discount of list(order, 'Discounts')) {
    if (toNumber(getProp(discount, 'DiscountType')) === SHIPPING_DISCOUNT) continue;
    total -= toNumber(getProp(discount, 'Price')) ?? 0;
  }
  return total;
}

/** Two decimals, rounded half away from zero on the cent, as text. */
export function formatAmount(amount: number): string {
  const cents = Math.round(Math.abs(amount) * 100 + 1e-9) * Math.sign(amount);
  return (cents / 100).toFixed(2);
}

function list(obj: JsonObject, name: string): JsonObject[] {
  const value = getProp(obj, name);
  return Array.isArray(value) ? value.filter(isObject) : [];
}
