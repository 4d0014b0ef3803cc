/** How a case is named in human reports: its variant, and what stands out about its cart. */
import type { CaseResult } from '../model.js';

/** `order-full`, or `order-full (synthetic cart)` when the order did not convert a cart of the merchant's. */
export function caseName(c: Pick<CaseResult, 'variant' | 'cart'>): string {
  return c.cart?.label ? `${c.variant} (${c.cart.label})` : c.variant;
}
