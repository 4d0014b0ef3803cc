/**
 * Order rules: `order-identity` (MerchantGUID and OrderId given), `order-subs` (Subs describe the
 * sub-orders of a mixed order: never empty, never nested) and `order-original-order` (OriginalOrder
 * belongs to a replacement order).
 */
import type { Finding } from '../model.js';
import type { PayloadRule } from './types.js';
import { asObject, isGiven, joinPointer } from './util.js';

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
        findings.push({ path: `/${field}`, message: `${field} is required and must not be empty`, expected: 'a non-empty string', actual: root[field] ?? 'absent', severity: 'error' });
      }
    }
    const guid = root.MerchantGUID;
    if (typeof guid === 'string' && isGiven(guid) && !GUID.test(guid.trim())) {
      findings.push({ path: '/MerchantGUID', message: 'MerchantGUID is not a GUID (8-4-4-4-12 hex digits)', expected: 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx', actual: guid, severity: 'warning' });
    }
    return findings;
  },
};

/** `order-subs`. */
export const orderSubsRule: PayloadRule = {
  id: 'order-subs',
  title: 'Subs only describe the sub-orders of a mixed order',
  check(doc) {
    const subs = asObject(doc)?.Subs;
    if (!Array.isArray(subs)) return [];
    if (subs.length === 0) {
      return [{ path: '/Subs', message: 'Subs is empty: it is defined only for a mixed order; leave it out (or null) otherwise', expected: 'absent, null or the sub-orders', actual: [], severity: 'warning' }];
    }
    const findings: Finding[] = [];
    subs.forEach((sub, i) => {
      const nested = asObject(sub)?.Subs;
      if (nested !== undefined && nested !== null && !(Array.isArray(nested) && nested.length === 0)) {
        findings.push({ path: joinPointer('/Subs', i, 'Subs'), message: 'a sub-order has sub-orders of its own: only the mixed order carries Subs', expected: 'absent or null', actual: Array.isArray(nested) ? `${nested.length} sub-orders` : nested, severity: 'error' });
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
    const original = asObject(root.OriginalOrder);
    const replacement = root.IsReplacementOrder === true;
    if (original && !replacement) {
      return [{ path: '/OriginalOrder', message: 'OriginalOrder is given but IsReplacementOrder is not true', expected: 'IsReplacementOrder: true', actual: root.IsReplacementOrder ?? 'absent', severity: 'error' }];
    }
    if (replacement && !(original && Object.values(original).some(isGiven))) {
      return [{ path: '/OriginalOrder', message: 'a replacement order (IsReplacementOrder true) should say which order it replaces in OriginalOrder', expected: 'OriginalOrder with OrderId or MerchantOrderId', actual: root.OriginalOrder ?? 'absent', severity: 'warning' }];
    }
    return [];
  },
};

