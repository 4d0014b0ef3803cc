/**
 * The cart the reference merchant answers: the built-in sample `cart-full`, named in the country and
 * currency the platform asked for. Prices are left as the sample has them: the mock proves the
 * wire form, not a price list (a real merchant would convert them).
 */
import { loadSample } from '../../samples/catalog.js';
import { findKey, isObject, type JsonObject } from '../../json/props.js';
import { applyCartFault } from './cart-faults.js';

/** What the platform asked for (query parameters of GetCheckoutCartInfo). */
export interface CartRequest {
  countryCode?: string;
  currencyCode?: string;
  /** True when the cart was cleared by an order with ClearCart true. */
  cleared: boolean;
}

/** Builds the cart answer for `request`, spoiled by `fault` when it is a cart fault. */
export function buildCart(request: CartRequest, fault: string | undefined): JsonObject {
  const sample = loadSample('cart-full');
  const cart: JsonObject = isObject(sample) ? sample : { productsList: [] };
  // Only the names the cart already carries are replaced (camelCase on the wire, any case accepted).
  if (request.countryCode) setExisting(cart, 'CountryCode', request.countryCode.toUpperCase());
  if (request.currencyCode) setExisting(cart, 'currencyCode', request.currencyCode.toUpperCase());
  if (request.cleared) emptyCart(cart);
  return applyCartFault(cart, fault, request);
}

/** Sets `obj[name]` (name matched ignoring case) when the property exists. */
function setExisting(obj: JsonObject, name: string, value: unknown): void {
  const key = findKey(obj, name);
  if (key !== undefined) obj[key] = value;
}

/** A cleared cart keeps its user and settings but has no products and no discounts left. */
function emptyCart(cart: JsonObject): void {
  for (const name of ['productsList', 'discountsList', 'discountList']) {
    const key = findKey(cart, name);
    if (key !== undefined) cart[key] = [];
  }
}
