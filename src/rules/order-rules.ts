/**
 * Order rules: `order-identity` (MerchantGUID and OrderId given), `order-subs` (Subs describe the
 * sub-orders of a mixed order: at least two, splitting its products, never nested) and
 * `order-original-order` (OriginalOrder belongs to a replacement order).
 */
import type { Finding } from '../model.js';
import type { PayloadRule } from './types.js';
import { asArray, asObject, asText, isGiven, itemTexts, joinPointer, objectItems, quoted, received } from './util.js';

const GUID = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;

/** `order-identity`. */
export const orderIdentityRule: PayloadRule = {
  id: 'order-identity',
  title: 'MerchantGUID and OrderId are given',
  check(doc) {
    const root = asObject(doc);
    if (!root) return [];
    const findings: Finding[] = [];
    for (const field of ['MerchantGUID', 'OrderId'] as const) {
      if (!isGiven(root[field]) || typeof root[field] !== 'string') {
        findings.push({ path: `/${field}`, message: `${field} is required and must not be empty`, expected: 'a non-empty string', actual: received(root[field]), severity: 'error' });
      }
    }
    const guid = root.MerchantGUID;
    if (typeof guid === 'string' && isGiven(guid) && !GUID.test(guid.trim())) {
      findings.push({ path: '/MerchantGUID', message: 'MerchantGUID is not a GUID (8-4-4-4-12 hex digits)', expected: 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx', actual: guid, severity: 'warning' });
    }
    return findings;
  },
};

/** The CartItemIds of an order's products. */
function cartItemIds(order: Record<string, unknown> | undefined): Set<string> {
  return itemTexts(asArray(order?.Products), 'CartItemId');
}

/**
 * `order-subs`. A mixed order splits its products into sub-orders: at least two, each holding
 * products of the mixed order, none with sub-orders of its own. Anything else is not a mixed order.
 */
export const orderSubsRule: PayloadRule = {
  id: 'order-subs',
  title: 'Subs only describe the sub-orders of a mixed order',
  check(doc) {
    const root = asObject(doc);
    const subs = root?.Subs;
    if (!Array.isArray(subs)) return [];
    if (subs.length === 0) {
      return [{ path: '/Subs', message: 'Subs is empty: it is defined only for a mixed order; leave it out (or null) otherwise', expected: 'absent, null or the sub-orders', actual: [], severity: 'warning' }];
    }
    const findings: Finding[] = [];
    if (subs.length === 1) {
      findings.push({ path: '/Subs', message: 'a single sub-order: a mixed order splits into at least two; leave Subs out (or null) on an order that is not mixed', expected: 'absent, null or at least two sub-orders', actual: '1 sub-order', severity: 'warning' });
    }
    const ids = cartItemIds(root);
    subs.forEach((sub, i) => {
      const nested = asObject(sub)?.Subs;
      if (nested !== undefined && nested !== null && !(Array.isArray(nested) && nested.length === 0)) {
        findings.push({ path: joinPointer('/Subs', i, 'Subs'), message: 'a sub-order has sub-orders of its own: only the mixed order carries Subs', expected: 'absent or null', actual: Array.isArray(nested) ? `${nested.length} sub-orders` : received(nested), severity: 'error' });
      }
      // Compared only when the mixed order lists its products: the sub-orders split those.
      if (ids.size === 0) return;
      for (const { item, path } of objectItems(asObject(sub), 'Products', joinPointer('/Subs', i))) {
        const id = asText(item.CartItemId);
        if (id !== undefined && !ids.has(id)) {
          findings.push({ path: joinPointer(path, 'CartItemId'), message: `sub-order product ${quoted(id)} is not a product of the mixed order`, expected: [...ids], actual: id, severity: 'warning' });
        }
      }
    });
    return findings;
  },
};

/** `order-original-order`. */
export const orderOriginalOrderRule: PayloadRule = {
  id: 'order-original-order',
  title: 'OriginalOrder goes with IsReplacementOrder',
  check(doc) {
    const root = asObject(doc);
    if (!root) return [];
    // An OriginalOrder whose fields are all null or blank names no order: serializers emit one so.
    const original = asObject(root.OriginalOrder);
    const namesOrder = original !== undefined && Object.values(original).some(isGiven);
    const replacement = root.IsReplacementOrder === true;
    if (namesOrder && !replacement) {
      return [{ path: '/OriginalOrder', message: 'OriginalOrder is given but IsReplacementOrder is not true', expected: 'IsReplacementOrder: true', actual: received(root.IsReplacementOrder), severity: 'error' }];
    }
    if (replacement && !namesOrder) {
      return [{ path: '/OriginalOrder', message: 'a replacement order (IsReplacementOrder true) should say which order it replaces in OriginalOrder', expected: 'OriginalOrder with OrderId or MerchantOrderId', actual: received(root.OriginalOrder), severity: 'warning' }];
    }
    return [];
  },
};

