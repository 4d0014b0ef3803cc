/**
 * `discount-targets`: a product-level discount names, in ProductCartItemId, the CartItemId of a
 * product of the same document (cart: discountsList/productsList; order: Discounts and
 * Markups/Products). Cart-level discounts leave it blank or null.
 */
import type { Finding } from '../model.js';
import type { PayloadRule } from './types.js';
import { asObject, asText, isGiven, joinPointer, objectItems, quoted, received } from './util.js';

function discountTargetsRule(productsKey: string, discountKeys: string[]): PayloadRule {
  return {
    id: 'discount-targets',
    title: 'Product-level discounts name a product of the document',
    check(doc) {
      const root = asObject(doc);
      // Without a product list there is nothing to name: a missing or malformed list is the
      // schema's finding, and every target would look dangling.
      if (!Array.isArray(root?.[productsKey])) return [];
      const ids = new Set(objectItems(root, productsKey).map((p) => asText(p.item.CartItemId)).filter((id): id is string => id !== undefined));
      const findings: Finding[] = [];
      for (const key of discountKeys) {
        for (const { item, path } of objectItems(root, key)) {
          const target = item.ProductCartItemId;
          if (!isGiven(target) || (typeof target === 'string' && ids.has(target))) continue;
          findings.push({
            path: joinPointer(path, 'ProductCartItemId'),
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
