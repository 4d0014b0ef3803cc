/**
 * What an order costs in each currency it names, as candidate totals. The interface gives no single
 * "order total" field, so a charge matches when it equals any total the order itself states or
 * implies in that currency:
 *  - InternationalDetails.TotalPrice in InternationalDetails.CurrencyCode (the shopper's currency);
 *  - InternationalDetails.TransactionTotalPrice in TransactionCurrencyCode (what was actually paid);
 *  - the sum of OrderPaymentMethods' PaidAmountInCustomerCurrency / PaidAmountInMerchantCurrency;
 *  - in the merchant currency (CurrencyCode): products (Price x Quantity) plus DiscountedShippingPrice
 *    less cart discounts, and the same from DiscountedPrice (discounts already prorated in).
 */

type Obj = Record<string, unknown>;

const num = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
};
const obj = (v: unknown): Obj | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined);
const list = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter((x): x is Obj => !!obj(x)) : []);

/** Candidate totals per currency (deduplicated, rounded to cents). */
export function candidateTotals(order: Obj): Map<string, number[]> {
  const totals = new Map<string, number[]>();
  const add = (currency: unknown, value: number | undefined) => {
    if (typeof currency !== 'string' || value === undefined) return;
    const rounded = Math.round(value * 100) / 100;
    const values = totals.get(currency) ?? [];
    if (!values.includes(rounded)) values.push(rounded);
    totals.set(currency, values);
  };
  const intl = obj(order.InternationalDetails);
  if (intl) {
    add(intl.TransactionCurrencyCode, num(intl.TransactionTotalPrice));
    add(intl.CurrencyCode, num(intl.TotalPrice));
  }
  const methods = list(order.OrderPaymentMethods);
  if (methods.length > 0) {
    const sum = (key: string) => methods.reduce<number | undefined>((s, m) => (num(m[key]) === undefined ? s : (s ?? 0) + num(m[key])!), undefined);
    add(intl?.CurrencyCode, sum('PaidAmountInCustomerCurrency'));
    add(order.CurrencyCode, sum('PaidAmountInMerchantCurrency'));
  }
  const products = list(order.Products);
  if (products.length > 0 && typeof order.CurrencyCode === 'string') {
    const shipping = num(order.DiscountedShippingPrice) ?? 0;
    const cartDiscounts = list(order.Discounts).filter((d) => num(d.DiscountType) !== 2).reduce((s, d) => s + (num(d.Price) ?? 0), 0);
    const byPrice = products.reduce((s, p) => s + (num(p.Price) ?? 0) * (num(p.Quantity) ?? 1), 0);
    add(order.CurrencyCode, byPrice + shipping - cartDiscounts);
    if (products.every((p) => num(p.DiscountedPrice) !== undefined)) {
      add(order.CurrencyCode, products.reduce((s, p) => s + num(p.DiscountedPrice)! * (num(p.Quantity) ?? 1), 0) + shipping);
    }
  }
  return totals;
}

/** True when `amount` equals one of the order's totals in `currency` (to the cent). */
export function matchesTotal(order: Obj, currency: string, amount: number): boolean {
  return (candidateTotals(order).get(currency) ?? []).some((t) => Math.abs(t - amount) < 0.005);
}
