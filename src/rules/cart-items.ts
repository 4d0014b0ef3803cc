/**
 * Cart rules about how items relate: `cart-bundles` (a priced bundle holds zero-priced products and a
 * zero-priced bundle priced ones), `cart-child-items` (a child option item has no CartItemId of its
 * own and names a product of the cart as its parent).
 */
import type { Finding } from '../model.js';
import type { PayloadRule } from './types.js';
import { PRODUCT_PRICE_FIELDS, cartProducts } from './cart-products.js';
import { asNumber, asText, isGiven, joinPointer, quoted, received } from './util.js';

/** True when any price field of a product is non-zero. */
function isPriced(item: Record<string, unknown>): boolean {
  return PRODUCT_PRICE_FIELDS.some((f) => (asNumber(item[f]) ?? 0) !== 0);
}

/** `cart-bundles`. */
export const cartBundlesRule: PayloadRule = {
  id: 'cart-bundles',
  title: 'Bundle prices sit on the bundle or on its products, not both',
  check(doc) {
    const findings: Finding[] = [];
    const products = cartProducts(doc);
    for (const bundle of products.filter((p) => p.item.IsBundle === true)) {
      const id = asText(bundle.item.CartItemId);
      if (id === undefined) {
        findings.push({ path: joinPointer(bundle.path, 'CartItemId'), message: 'a bundle needs a CartItemId: its products name it in ParentCartItemId', expected: 'a cart item id', actual: received(bundle.item.CartItemId), severity: 'warning' });
        continue;
      }
      const children = products.filter((p) => p.item.ParentCartItemId === id);
      if (isPriced(bundle.item)) {
        for (const child of children.filter((c) => isPriced(c.item))) {
          findings.push({ path: child.path, message: `bundle ${id} carries prices, so its product must have zero prices`, expected: 'all prices 0', actual: 'non-zero prices', severity: 'error' });
        }
      } else if (!children.some((c) => isPriced(c.item))) {
        findings.push({ path: bundle.path, message: `bundle ${id} has zero prices and none of its products carries a price`, expected: 'prices on the bundle or on its products', actual: 'no prices', severity: 'error' });
      } else {
        for (const child of children.filter((c) => !isPriced(c.item))) {
          findings.push({ path: child.path, message: `bundle ${id} has zero prices, so its products must carry the prices`, expected: 'non-zero prices', actual: 'all prices 0', severity: 'error' });
        }
      }
    }
    return findings;
  },
};

/** `cart-child-items`. */
export const cartChildItemsRule: PayloadRule = {
  id: 'cart-child-items',
  title: 'Child option items have no CartItemId and name a parent in the cart',
  check(doc) {
    const findings: Finding[] = [];
    const products = cartProducts(doc);
    const ids = new Set(products.map((p) => asText(p.item.CartItemId)).filter((id): id is string => id !== undefined));
    for (const { item, path } of products) {
      const parent = item.ParentCartItemId;
      const isChild = isGiven(parent) || isGiven(item.CartItemOptionId);
      if (!isChild) continue;
      if (isGiven(item.CartItemId)) {
        findings.push({ path: joinPointer(path, 'CartItemId'), message: 'a child option item (CartItemOptionId/ParentCartItemId) must not have a CartItemId', expected: 'absent', actual: item.CartItemId, severity: 'error' });
      }
      if (!isGiven(parent)) {
        findings.push({ path: joinPointer(path, 'ParentCartItemId'), message: 'a child option item must name its parent in ParentCartItemId', expected: 'the CartItemId of a product in the cart', actual: received(parent), severity: 'error' });
      } else if (typeof parent !== 'string' || !ids.has(parent)) {
        findings.push({ path: joinPointer(path, 'ParentCartItemId'), message: `ParentCartItemId ${quoted(parent)} names no product of the cart`, expected: ids.size ? [...ids] : 'the CartItemId of a product in the cart', actual: received(parent), severity: 'error' });
      }
    }
    return findings;
  },
};
