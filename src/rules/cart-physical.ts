/**
 * Cart rules about a product's physical data: `cart-dimensions` (all of Height, Length and Width, or
 * Volume; a partial set cannot be used) and `cart-virtual-items` (a virtual item has no weight or
 * volume: it does not affect shipping).
 */
import type { Finding } from '../model.js';
import type { PayloadRule } from './types.js';
import { cartProducts } from './cart-products.js';
import { asNumber, isGiven, joinPointer } from './util.js';

const DIMENSIONS = ['Height', 'Length', 'Width'] as const;

/** `cart-dimensions`. */
export const cartDimensionsRule: PayloadRule = {
  id: 'cart-dimensions',
  title: 'Dimensions are all three or a Volume',
  check(doc) {
    const findings: Finding[] = [];
    for (const { item, path } of cartProducts(doc)) {
      const given = DIMENSIONS.filter((d) => isGiven(item[d]));
      if (given.length === 0 || given.length === DIMENSIONS.length || isGiven(item.Volume)) continue;
      const missing = DIMENSIONS.filter((d) => !given.includes(d));
      findings.push({
        path,
        message: `only ${given.join(' and ')} given: send all of Height, Length and Width, or Volume (missing ${missing.join(', ')})`,
        expected: 'Height, Length and Width, or Volume',
        actual: given,
        severity: 'warning',
      });
    }
    return findings;
  },
};

/** `cart-virtual-items`. */
export const cartVirtualItemsRule: PayloadRule = {
  id: 'cart-virtual-items',
  title: 'Virtual items have no weight or volume',
  check(doc) {
    const findings: Finding[] = [];
    for (const { item, path } of cartProducts(doc)) {
      if (item.IsVirtual !== true) continue;
      for (const field of ['Weight', 'Volume'] as const) {
        const value = asNumber(item[field]);
        if (value !== undefined && value !== 0) {
          findings.push({ path: joinPointer(path, field), message: `a virtual item (IsVirtual) has no ${field.toLowerCase()}; it does not affect shipping`, expected: 'absent, null or 0', actual: value, severity: 'warning' });
        }
      }
    }
    return findings;
  },
};
