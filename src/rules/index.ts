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
import { refundAmountsRule } from './refund-amounts.js';

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
  // PerformOrderPayment's body is an order: the order's rules hold for it, except the encoding
  // judgement: in the real payment payloads of public-facts the encoded block is PrimaryBilling while
  // IsEndCustomerPrimary is false, so which blocks the end customer's are is not the order's rule.
  'payment-request': [orderIdentityRule, isoCodesRule, emailsUrlsRule, orderDiscountTargetsRule, orderSubsRule, orderOriginalOrderRule],
  'status-update': [],
  'shipping-info': [isoCodesRule, emailsUrlsRule],
  refund: [isoCodesRule, refundAmountsRule],
  documents: [isoCodesRule, emailsUrlsRule],
};

/** The rules that apply to a payload kind, in report order. */
export function rulesFor(kind: PayloadKind): readonly PayloadRule[] {
  return RULES[kind];
}
