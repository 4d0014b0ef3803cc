/**
 * An order made from a cart the merchant issued, as the platform makes it: CartId is the cart's
 * token, CartHash the cart's merchantCartHash, UserId the cart's user, and the Products are the
 * cart's products (CartItemId, ProductCode, quantities, prices). The sample gives everything the
 * cart does not (addresses, shipping, payment...); its money is recomputed so the totals stay
 * consistent with the new products.
 */
import { getProp, getString, isObject, toNumber, type JsonObject } from '../json/props.js';

/** DiscountType of a shipping discount (interface 2.4): not part of the product total. */
const SHIPPING_DISCOUNT = 2;

/** `order` with its cart fields taken from `cart` (the merchant's GetCheckoutCartInfo answer). */
export function orderFromCart(order: JsonObject, cart: JsonObject, token: string): JsonObject {
  const merged: JsonObject = { ...order, CartId: token };
  const hash = getString(cart, 'merchantCartHash');
  merged.CartHash = hash ?? null;
  const user = getProp(cart, 'userDetails');
  const userId = (isObject(user) ? getString(user, 'UserId') : undefined) ?? getString(getObject(cart, 'shippingDetails'), 'UserId');
  if (userId !== undefined) merged.UserId = userId;
  // The platform carries the cart's urlParameters into the order, as a JSON string.
  const urlParameters = getProp(cart, 'urlParameters');
  if (Array.isArray(urlParameters)) merged.UrlParameters = JSON.stringify(urlParameters);
  const currency = getString(cart, 'currencyCode');
  // The order is in the merchant's currency: the one its cart was priced in.
  if (currency && typeof merged.CurrencyCode === 'string') merged.CurrencyCode = currency.toUpperCase();

  const cartProducts = list(cart, 'productsList');
  if (!Array.isArray(order.Products) || order.Products.length === 0 || cartProducts.length === 0) return merged;
  const template = isObject(order.Products[0]) ? order.Products[0] : {};
  const products = cartProducts.map((p) => productFromCart(p, template));
  const before = merchantTotal(order);
  merged.Products = products;
  merged.Discounts = retargetDiscounts(order.Discounts, products);
  spreadDiscounts(merged);
  rescaleTotals(merged, before, merchantTotal(merged));
  if (Array.isArray(order.Subs)) merged.Subs = splitIntoSubs(order.Subs, products, token, merged.CartHash);
  return merged;
}

/** One order Product from a cart product, keeping the template's other fields (VAT, rounding...). */
function productFromCart(p: JsonObject, template: JsonObject): JsonObject {
  const price = toNumber(getProp(p, 'SalePrice')) ?? toNumber(getProp(p, 'ListPrice')) ?? 0;
  const vat = getProp(getObject(p, 'VATRateType'), 'Rate');
  return {
    ...template,
    CartItemId: getString(p, 'CartItemId') ?? null,
    CartItemOptionId: getString(p, 'CartItemOptionId') ?? null,
    ParentCartItemId: getString(p, 'ParentCartItemId') ?? null,
    Sku: getString(p, 'ProductCode') ?? template.Sku ?? null,
    ProductName: getString(p, 'Name') ?? template.ProductName ?? null,
    Price: price,
    InternationalPrice: price,
    DiscountedPrice: price,
    DiscountedPriceForCustoms: price,
    InternationalDiscountedPrice: price,
    Quantity: toNumber(getProp(p, 'OrderedQuantity')) ?? 1,
    ...(toNumber(vat) !== undefined ? { VATRate: toNumber(vat) } : {}),
    GenericHSCode: getString(p, 'GenericHSCode') ?? null,
    IsBackOrdered: getProp(p, 'IsBackOrdered') === true,
    Attributes: list(p, 'Attributes').map((a) => ({ AttributeKey: getString(a, 'AttributeTypeCode') ?? null, AttributeValue: getString(a, 'AttributeCode') ?? getString(a, 'Name') ?? null })),
    Brand: isObject(getProp(p, 'Brand')) ? getProp(p, 'Brand') : null,
    Categories: list(p, 'Categories'),
  };
}

/** Product discounts follow the products: one naming a CartItemId the cart lacks moves to the first priced product. */
function retargetDiscounts(discounts: unknown, products: JsonObject[]): unknown {
  if (!Array.isArray(discounts)) return discounts;
  const ids = new Set(products.map((p) => p.CartItemId).filter((id): id is string => typeof id === 'string'));
  const target = products.find((p) => typeof p.CartItemId === 'string' && (p.Price as number) > 0)?.CartItemId ?? null;
  const lineValue = products.reduce((s, p) => s + (p.Price as number) * (p.Quantity as number), 0);
  const total = discounts.filter(isObject).filter((d) => toNumber(d.DiscountType) !== SHIPPING_DISCOUNT).reduce((s, d) => s + (toNumber(d.Price) ?? 0), 0);
  // Discounts never take more than half the new cart's value, so the order total stays positive.
  const scale = total > lineValue / 2 && total > 0 ? lineValue / 2 / total : 1;
  return discounts.map((d) => {
    if (!isObject(d)) return d;
    const copy: JsonObject = { ...d };
    if (typeof copy.ProductCartItemId === 'string' && !ids.has(copy.ProductCartItemId)) copy.ProductCartItemId = target;
    if (scale < 1 && toNumber(copy.DiscountType) !== SHIPPING_DISCOUNT) {
      for (const key of ['Price', 'InternationalPrice']) if (toNumber(copy[key]) !== undefined) copy[key] = round2(toNumber(copy[key])! * scale);
    }
    return copy;
  });
}

/** Each product's DiscountedPrice carries its share of the order's discounts, pro rata by line value. */
function spreadDiscounts(order: JsonObject): void {
  const products = (order.Products as JsonObject[]).filter((p) => (p.Price as number) > 0);
  const lineValue = products.reduce((s, p) => s + (p.Price as number) * (p.Quantity as number), 0);
  const discount = list(order, 'Discounts').filter((d) => toNumber(d.DiscountType) !== SHIPPING_DISCOUNT).reduce((s, d) => s + (toNumber(d.Price) ?? 0), 0);
  if (lineValue <= 0) return;
  for (const p of products) {
    const unit = round2((p.Price as number) * (1 - discount / lineValue));
    p.DiscountedPrice = p.InternationalDiscountedPrice = unit;
  }
}

/** Order-level amounts follow the new total: the merchant-currency ones exactly, the others by ratio. */
function rescaleTotals(order: JsonObject, before: number, after: number): void {
  const ratio = before > 0 ? after / before : 1;
  const currency = getString(order, 'CurrencyCode');
  const intl = getProp(order, 'InternationalDetails');
  if (isObject(intl)) {
    const copy: JsonObject = { ...intl };
    const same = (key: string) => currency !== undefined && getString(copy, key)?.trim().toUpperCase() === currency.toUpperCase();
    if (toNumber(copy.TotalPrice) !== undefined) copy.TotalPrice = same('CurrencyCode') ? round2(after) : round2(toNumber(copy.TotalPrice)! * ratio);
    if (toNumber(copy.TransactionTotalPrice) !== undefined) copy.TransactionTotalPrice = same('TransactionCurrencyCode') ? round2(after) : round2(toNumber(copy.TransactionTotalPrice)! * ratio);
    if (toNumber(copy.TotalVATAmount) !== undefined) copy.TotalVATAmount = round2(toNumber(copy.TotalVATAmount)! * ratio);
    order.InternationalDetails = copy;
  }
  if (Array.isArray(order.OrderPaymentMethods)) {
    const methods = order.OrderPaymentMethods.filter(isObject);
    order.OrderPaymentMethods = methods.map((m) => ({
      ...m,
      ...(toNumber(m.PaidAmountInMerchantCurrency) !== undefined ? { PaidAmountInMerchantCurrency: methods.length === 1 ? round2(after) : round2(toNumber(m.PaidAmountInMerchantCurrency)! * ratio) } : {}),
      ...(toNumber(m.PaidAmountInCustomerCurrency) !== undefined ? { PaidAmountInCustomerCurrency: round2(toNumber(m.PaidAmountInCustomerCurrency)! * ratio) } : {}),
    }));
  }
}

/** A mixed order's Subs split the cart's products between them, in turn; every Sub names the same cart. */
function splitIntoSubs(subs: unknown[], products: JsonObject[], token: string, hash: unknown): unknown[] {
  const real = subs.filter(isObject);
  return subs.map((sub) => {
    if (!isObject(sub)) return sub;
    const index = real.indexOf(sub);
    const own = products.filter((_, i) => i % real.length === index);
    return { ...sub, CartId: token, ...('CartHash' in sub ? { CartHash: hash } : {}), ...(Array.isArray(sub.Products) ? { Products: own } : {}) };
  });
}

/** Products at Price x Quantity, plus shipping, minus the discounts that are not shipping's. */
export function merchantTotal(order: JsonObject): number {
  let total = 0;
  for (const p of list(order, 'Products')) total += (toNumber(getProp(p, 'Price')) ?? 0) * (toNumber(getProp(p, 'Quantity')) ?? 1);
  total += toNumber(getProp(order, 'DiscountedShippingPrice')) ?? 0;
  for (const d of list(order, 'Discounts')) if (toNumber(getProp(d, 'DiscountType')) !== SHIPPING_DISCOUNT) total -= toNumber(getProp(d, 'Price')) ?? 0;
  return total;
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

function getObject(obj: JsonObject, name: string): JsonObject {
  const value = getProp(obj, name);
  return isObject(value) ? value : {};
}

function list(obj: JsonObject, name: string): JsonObject[] {
  const value = getProp(obj, name);
  return Array.isArray(value) ? value.filter(isObject) : [];
}
