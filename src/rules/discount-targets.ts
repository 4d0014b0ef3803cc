/**
 * `discount-targets`: a product-level discount names, in ProductCartItemId, the CartItemId of a
 * product of the same document (cart: discountsList/productsList; order: Discounts and
 * Markups/Products). Cart-level discounts leave it blank or null.
 */
import type { Finding } from '../model.js';
import type { PayloadRule } from './types.js';
import { asObject, isGiven, itemTexts, joinPointer, quoted, received } from './util.js';

function discountTargetsRule(productsKey: string, discountKeys: string[]): PayloadRule {
  return {
    id: 'discount-targets',
    title: 'Product-level discounts name a product of the document',
    check(doc) {
      const root = asObject(doc);
      const products = root?.[productsKey];
      // Without a product list there is nothing to name: a missing or malformed list is the
      // schema's finding, and every target would look dangling.
      if (root === undefined || !Array.isArray(products)) return [];
      const findings: Finding[] = [];
      // Gathered once a discount names a product: an order without product-level discounts needs none.
      let ids: Set<string> | undefined;
      for (const key of discountKeys) {
        const discounts = root[key];
        if (!Array.isArray(discounts)) continue;
        for (let i = 0; i < discounts.length; i++) {
          const target = asObject(discounts[i])?.ProductCartItemId;
          if (!isGiven(target)) continue;
          ids ??= itemTexts(products, 'CartItemId');
          if (typeof target === 'string' && ids.has(target)) continue;
          findings.push({
            path: joinPointer('', key, i, 'ProductCartItemId'),
            message: `ProductCartItemId ${quoted(target)} names no product of ${productsKey} (cart-level discounts leave it null)`,
            expected: ids.size ? [...ids] : `the CartItemId of a product in ${productsKey}`,
            actual: received(target),
            severity: 'error',
          });
        }
      }
      return findings;
    },
  };
}

/** The cart's `discount-targets`. */
export const cartDiscountTargetsRule = discountTargetsRule('productsList', ['discountsList']);
/** The order's `discount-targets`. */
export const orderDiscountTargetsRule = discountTargetsRule('Products', ['Discounts', 'Markups']);
