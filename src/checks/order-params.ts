/** `order-params`: every `merchant.orderParams` reference found its value in the order's cart. */
import type { CheckResult } from '../model.js';
import type { OrderParams } from '../merchant/order-params.js';

/** The check, or nothing when no order parameter is configured. */
export function judgeOrderParams(params: OrderParams): CheckResult | undefined {
  if (params.resolved.length === 0 && params.missing.length === 0) return undefined;
  return {
    id: 'order-params',
    status: params.missing.length ? 'failed' : 'passed',
    findings: params.missing.map((m) => ({
      message: `merchant.orderParams.${m.name} is {cart:${m.entry}}, but the cart's urlParameters have no "${m.entry}" entry: the request was sent without ${m.name}`,
      expected: `a urlParameters entry {"Key": "${m.entry}", "Value": ...} in the cart (GetCheckoutCartInfo)`,
      actual: 'absent',
    })),
  };
}
