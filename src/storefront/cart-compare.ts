/**
 * `storefront-pc-in-cart`: the product class codes of the pages against the merchant's cart. A
 * `data-pc` code no cart product carries as its ProductClassCode prices that product with the
 * wrong coefficient (failed); a cart ProductClassCode no page shows is a warning (the pages checked
 * may not show that product).
 */
import type { CheckResult, Finding } from '../model.js';
import { checkFrom } from '../checks/result.js';
import { elementLabel, pageClassCodes } from './attribute-checks.js';
import type { StorefrontElement } from './elements.js';

/** Every ProductClassCode of the cart's products (any casing of the names). */
export function cartClassCodes(cart: unknown): Set<string> {
  const codes = new Set<string>();
  const obj = cart && typeof cart === 'object' ? (cart as Record<string, unknown>) : {};
  const listKey = Object.keys(obj).find((k) => k.toLowerCase() === 'productslist');
  const products = listKey && Array.isArray(obj[listKey]) ? (obj[listKey] as unknown[]) : [];
  for (const p of products) {
    if (!p || typeof p !== 'object') continue;
    const key = Object.keys(p).find((k) => k.toLowerCase() === 'productclasscode');
    const code = key ? (p as Record<string, unknown>)[key] : undefined;
    if (typeof code === 'string' && code.trim()) codes.add(code.trim());
  }
  return codes;
}

/** Compares the pages' codes with the cart's. */
export function judgeClassesAgainstCart(elements: StorefrontElement[], cart: unknown): CheckResult {
  const onPages = pageClassCodes(elements);
  const inCart = cartClassCodes(cart);
  const findings: Finding[] = [];
  for (const [code, where] of onPages) {
    if (!inCart.has(code)) {
      findings.push({ message: `data-pc "${code}" of ${where.map(elementLabel).join(', ')} is the ProductClassCode of no product in the merchant's cart: the platform prices it with the default coefficient`, expected: inCart.size ? [...inCart] : 'a ProductClassCode in the cart', actual: code });
    }
  }
  for (const code of inCart) {
    if (!onPages.has(code)) findings.push({ severity: 'warning', message: `the cart's ProductClassCode "${code}" is on no element of the pages checked (data-pc); a page that shows the product should carry it`, expected: `data-pc="${code}"`, actual: 'absent' });
  }
  return checkFrom('storefront-pc-in-cart', findings);
}
