/**
 * Cart rules about the product list as a whole: `cart-products-list` (productsList present and an
 * array) and `cart-quantities-prices` (positive quantities, no negative prices).
 */
import type { Finding } from '../model.js';
import type { PayloadRule } from './types.js';
import { asNumber, asObject, joinPointer, objectItems } from './util.js';

/** Every price field of a cart Product (merchant and shopper currency, unit and line). */
export const PRODUCT_PRICE_FIELDS = [
  'ListPrice',
  'OriginalListPrice',
  'SalePrice',
  'OriginalSalePrice',
  'SalePriceBeforeRounding',
  'LineItemSalePrice',
  'LineItemOriginalSalePrice',
] as const;

/** The cart's products (object items of productsList) with their pointers. */
export function cartProducts(doc: unknown): { item: Record<string, unknown>; path: string }[] {
  return objectItems(asObject(doc), 'productsList');
}

/** `cart-products-list`. */
export const cartProductsListRule: PayloadRule = {
  id: 'cart-products-list',
  title: 'productsList is present and a list',
  check(doc) {
    const list = asObject(doc)?.productsList;
    if (list === undefined || list === null) {
      return [{ path: '/productsList', message: 'productsList is required: the cart has no product list', expected: 'an array of products', actual: list === null ? null : 'absent', severity: 'error' }];
    }
    if (!Array.isArray(list)) return [{ path: '/productsList', message: 'productsList must be a list of products', expected: 'array', actual: typeof list, severity: 'error' }];
    if (list.length === 0) return [{ path: '/productsList', message: 'productsList is empty: checkout cannot open on an empty cart', expected: 'at least one product', actual: [], severity: 'warning' }];
    return [];
  },
};

/** `cart-quantities-prices`. */
export const cartQuantitiesPricesRule: PayloadRule = {
  id: 'cart-quantities-prices',
  title: 'Quantities are positive, prices not negative',
  check(doc) {
    const findings: Finding[] = [];
    for (const { item, path } of cartProducts(doc)) {
      const ordered = asNumber(item.OrderedQuantity);
      if (ordered !== undefined && ordered <= 0) {
        findings.push({ path: joinPointer(path, 'OrderedQuantity'), message: 'ordered quantity must be positive', expected: '> 0', actual: ordered, severity: 'error' });
      }
      const delivery = asNumber(item.DeliveryQuantity);
      if (delivery !== undefined && delivery < 0) {
        findings.push({ path: joinPointer(path, 'DeliveryQuantity'), message: 'delivery quantity must not be negative', expected: '>= 0', actual: delivery, severity: 'error' });
      }
      for (const field of PRODUCT_PRICE_FIELDS) {
        const price = asNumber(item[field]);
        if (price !== undefined && price < 0) {
          findings.push({ path: joinPointer(path, field), message: `${field} must not be negative`, expected: '>= 0', actual: price, severity: 'error' });
        }
      }
    }
    for (const { item, path } of objectItems(asObject(doc), 'shippingOptionsList')) {
      const price = asNumber(item.Price);
      if (price !== undefined && price < 0) findings.push({ path: joinPointer(path, 'Price'), message: 'shipping option price must not be negative', expected: '>= 0', actual: price, severity: 'error' });
    }
    return findings;
  },
};

