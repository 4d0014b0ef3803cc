/**
 * The registry of named payload rules by kind: the checks beyond the schema. Each is a pure function
 * of the (normalised) document; its id is its public name in every report.
 */
import type { PayloadKind } from '../validation/kinds.js';
import type { PayloadRule } from './types.js';
import { cartProductsListRule, cartQuantitiesPricesRule } from './cart-products.js';
import { cartBundlesRule, cartChildItemsRule } from './cart-items.js';
import { cartDimensionsRule, cartVirtualItemsRule } from './cart-physical.js';
import { cartLoyaltyPointsRule } from './cart-loyalty.js';
import { cartClientIpRule, cartInstallmentsRule } from './cart-request-context.js';
import { cartDiscountTargetsRule, orderDiscountTargetsRule } from './discount-targets.js';
import { isoCodesRule } from './iso-codes-rule.js';
import { emailsUrlsRule } from './emails-urls.js';
import { endCustomerEncodingRule } from './end-customer-encoding.js';
import { orderIdentityRule, orderOriginalOrderRule, orderSubsRule } from './order-rules.js';
import { responseOutcomeRule, responsePaymentRule } from './response-info.js';
import { giftCardFieldsRule, giftCardValidityRule } from './gift-card.js';

export type { PayloadRule } from './types.js';

const RULES: Record<PayloadKind, readonly PayloadRule[]> = {
  cart: [
    cartProductsListRule,
    cartQuantitiesPricesRule,
    cartBundlesRule,
    cartChildItemsRule,
    cartDiscountTargetsRule,
    cartDimensionsRule,
    cartVirtualItemsRule,
    cartLoyaltyPointsRule,
    cartInstallmentsRule,
    cartClientIpRule,
    isoCodesRule,
    emailsUrlsRule,
  ],
  order: [orderIdentityRule, isoCodesRule, emailsUrlsRule, endCustomerEncodingRule, orderDiscountTargetsRule, orderSubsRule, orderOriginalOrderRule],
  'order-response': [responseOutcomeRule, responsePaymentRule],
  'gift-card-request': [giftCardFieldsRule, isoCodesRule],
  'gift-card-response': [giftCardValidityRule],
  'error-info': [],
};

/** The rules that apply to a payload kind, in report order. */
export function rulesFor(kind: PayloadKind): readonly PayloadRule[] {
  return RULES[kind];
}
