/**
 * The guard of the domain shrinking pass: a candidate order is sent only while it is still a valid
 * order (no error, no warning), so a shrunk order never fails for being broken by the shrinking.
 */
import type { MerchantContext } from '../merchant/context.js';
import { validatePayload } from '../validation/index.js';
import { buildOrder } from './order-build.js';
import type { FuzzCase } from './fuzz-case.js';

/** True when the order `fuzzCase` builds (before any rule is broken) is valid. */
export function isValidPlan(fuzzCase: FuzzCase, ctx: Pick<MerchantContext, 'config'>): boolean {
  const order = buildOrder(fuzzCase.plan, { merchantGUID: ctx.config.merchantGUID, orderId: 'GE000000000XX', merchantCurrency: ctx.config.merchant.currencyCode.toUpperCase(), cartId: fuzzCase.cartToken });
  return validatePayload('order', order).every((c) => c.findings.every((f) => f.severity === 'info'));
}
