/** Pages of the payload rules (src/rules): what the schemas cannot say about a payload. */
import type { CheckPage } from './types.js';

/** The order, refund and shared rules. */
const ORDER_RULE_PAGES: Record<string, CheckPage> = {
  'order-identity': {
    why: 'MerchantGUID and OrderId are the only required fields of an order: the GUID says which merchant it is for (the interface\'s one mandatory credential), the OrderId keys every later call. An empty string passes a "required" schema check but names nothing.',
    failing: '{ "MerchantGUID": "", "OrderId": "GE1234567" }\n-> /MerchantGUID is required and must not be empty',
    fixed: '{ "MerchantGUID": "f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77", "OrderId": "GE1234567" }',
    fix: 'Fill both from the platform\'s order; a MerchantGUID that is not 8-4-4-4-12 hex digits (a warning) is usually a placeholder or the wrong configuration value.',
  },
  'iso-codes': {
    why: 'Currency codes are ISO 4217 and country codes ISO 3166-1 alpha-2 throughout the interface. Three capital letters that are not a currency ("EUR0", "XYZ", "EURO") make the platform price in nothing, and a country like "UK" (not ISO: GB) is not shipped to.',
    failing: '{ ..., "CurrencyCode": "XYZ", "PrimaryShipping": { "CountryCode": "UK" } }\n-> "XYZ" is not an ISO 4217 currency code; "UK" is not an ISO 3166-1 alpha-2 country code',
    fixed: '{ ..., "CurrencyCode": "EUR", "PrimaryShipping": { "CountryCode": "GB" } }',
    fix: 'Take codes from a maintained ISO list (the one in the merchant\'s locale library), not from display names; "UK" is "GB", "EL" is "GR". Codes are compared case-insensitively but should be capitals.',
  },
  'emails-urls': {
    why: 'E-mail addresses and URLs (tracking, images, product pages) arrive URL-encoded in some fields. A value that is not an e-mail or URL once decoded (or is encoded twice, %2540 for @) sends order confirmations nowhere and tracking links to a 404.',
    failing: '{ "PrimaryBilling": { "Email": "jane.doe%2540example.com" } }\n-> URL-encoded twice: decoded once it reads "jane.doe%40example.com", not a valid e-mail address',
    fixed: '{ "PrimaryBilling": { "Email": "jane.doe%40example.com" } }   (or "jane.doe@example.com")',
    fix: 'Encode the value once, where the interface encodes it, and validate e-mails and URLs where they are entered; never encode an already encoded value again.',
  },
  'end-customer-encoding': {
    why: 'In an order the end customer\'s address values (which block holds them follows Customer.IsEndCustomerPrimary) arrive URL-encoded, the hub\'s (the platform\'s own address) do not. A value encoded twice (%2540) or with a broken % sequence is decoded wrong by the receiver: the shopper\'s e-mail or street is garbled.',
    failing: '{ "Customer": { "IsEndCustomerPrimary": false }, "SecondaryShipping": { "Address1": "Hauptstra%25C3%259Fe+1" } }\n-> encoded twice: decodes to "Hauptstra%C3%9Fe 1"',
    fixed: '{ "Customer": { "IsEndCustomerPrimary": false }, "SecondaryShipping": { "Address1": "Hauptstra%C3%9Fe+1" } }   (decodes to "Hauptstraße 1")',
    fix: 'For a hand-made or replayed order, encode the end customer\'s values once (form encoding: space as + or %20) and leave the hub\'s block as plain text; `xborder decode order.json` shows how each value reads.',
  },
  'discount-targets': {
    why: 'A product-level discount names the product it applies to in ProductCartItemId (a CartItemId of the same cart or order); a cart-level one leaves it null. A discount naming no product of the document is applied to nothing, or by the platform to the whole cart: the shopper pays a different price than the merchant computed.',
    failing: '{ "productsList": [ { "CartItemId": "1", ... } ], "discountsList": [ { "ProductCartItemId": "7", "OriginalDiscountValue": 5, "CalculationMode": 1 } ] }\n-> ProductCartItemId "7" names no product of productsList',
    fixed: '{ "productsList": [ { "CartItemId": "1", ... } ], "discountsList": [ { "ProductCartItemId": "1", "OriginalDiscountValue": 5, "CalculationMode": 1 } ] }',
    fix: 'Take ProductCartItemId from the discounted line\'s CartItemId in the same answer; set it to null for a cart-level discount.',
  },
  'order-subs': {
    why: 'Subs holds the sub-orders of a mixed order and is defined only for a mixed order. An empty list, a single sub-order or nested Subs are not a mixed order, and merchants that split fulfilment by Subs create empty or duplicate shipments from them.',
    failing: '{ "OrderId": "GE1234567", "Subs": [ { "OrderId": "GE1234567-1", "Products": [...] } ] }\n-> a single sub-order: a mixed order splits into at least two',
    fixed: '{ "OrderId": "GE1234567" }   (not mixed: no Subs)\nor { "OrderId": "GE1234567", "Subs": [ { "OrderId": "GE1234567-1", ... }, { "OrderId": "GE1234567-2", ... } ] }',
    fix: 'Leave Subs out (or null) on an order that is not mixed; on a mixed order list each sub-order once, with products of the mixed order.',
  },
  'order-original-order': {
    why: 'A replacement order (IsReplacementOrder true) says in OriginalOrder which order it replaces, so the merchant ships the replacement without charging again and links the two. OriginalOrder without IsReplacementOrder is contradictory, and the merchant cannot tell which one to believe.',
    failing: '{ "OrderId": "GE1234580", "OriginalOrder": { "OrderId": "GE1234567" } }\n-> OriginalOrder is given but IsReplacementOrder is not true',
    fixed: '{ "OrderId": "GE1234580", "IsReplacementOrder": true, "OriginalOrder": { "OrderId": "GE1234567", "MerchantOrderId": "100045" } }',
    fix: 'Send both together: IsReplacementOrder true with OriginalOrder naming the original\'s OrderId or MerchantOrderId, or neither.',
  },
  'refund-amounts': {
    why: 'A refund notification\'s products and service gesture are parts of its totals. Products adding up to more than TotalRefundAmount, or a ServiceGestureAmount above it, cannot both be right: the merchant books a refund the shopper never got, or misses one.',
    failing: '{ "TotalRefundAmount": "20.30", "ServiceGestureAmount": "25.00", "Products": [ { "CartItemId": "1", "RefundAmount": "20.30" } ] }\n-> ServiceGestureAmount (25.00) is part of TotalRefundAmount (20.30) and cannot exceed it',
    fixed: '{ "TotalRefundAmount": "20.30", "ServiceGestureAmount": "0.00", "Products": [ { "CartItemId": "1", "RefundAmount": "20.30" } ] }',
    fix: 'Compute TotalRefundAmount (and OriginalTotalRefundAmount) as the sum of the products\' amounts plus the service gesture, in the same currency.',
  },
};

/** The cart rules. */
const CART_RULE_PAGES: Record<string, CheckPage> = {
  'cart-products-list': {
    why: 'productsList is the one required field of a cart answer. Without it, or as an object instead of a list, the platform has no products to price: checkout does not open. An empty list is a warning: checkout cannot open on an empty cart.',
    failing: '{ "productsList": { "ProductCode": "SKU-1", "OrderedQuantity": 1 } }\n-> productsList must be a list of products',
    fixed: '{ "productsList": [ { "ProductCode": "SKU-1", "OrderedQuantity": 1, "SalePrice": 49.9 } ] }',
    fix: 'Serialise the cart lines as an array even when there is one (PHP: a list, not an associative array; .NET: a List<T>).',
  },
  'cart-quantities-prices': {
    why: 'The platform multiplies quantities by prices to build the checkout total. A zero or negative OrderedQuantity, or a negative price (a discount written as a negative product, a negative shipping option), yields totals the platform refuses or charges wrongly.',
    failing: '{ "productsList": [ { "ProductCode": "SKU-1", "OrderedQuantity": 0, "SalePrice": -5 } ], "shippingOptionsList": [ { "Code": "std", "Price": -4.9 } ] }',
    fixed: '{ "productsList": [ { "ProductCode": "SKU-1", "OrderedQuantity": 1, "SalePrice": 45 } ], "shippingOptionsList": [ { "Code": "std", "Price": 4.9 } ] }',
    fix: 'Leave lines with zero quantity out of the answer and express reductions as discountsList entries, never as negative prices.',
  },
  'cart-bundles': {
    why: 'A bundle (IsBundle) carries its prices either on itself or on its products, never both, or the bundle is paid twice; with prices on neither it is free. Its products name it in ParentCartItemId, so the bundle needs a CartItemId.',
    failing: '{ "productsList": [ { "CartItemId": "10", "IsBundle": true, "SalePrice": 99 }, { "ParentCartItemId": "10", "CartItemOptionId": "10-a", "SalePrice": 60 } ] }\n-> bundle 10 carries prices, so its product must have zero prices',
    fixed: '{ "productsList": [ { "CartItemId": "10", "IsBundle": true, "SalePrice": 99 }, { "ParentCartItemId": "10", "CartItemOptionId": "10-a", "SalePrice": 0 } ] }',
    fix: 'Decide per bundle where the price lives (usually on the bundle) and send zero prices on the other side.',
  },
  'cart-child-items': {
    why: 'A child option item (an engraving, a warranty) is tied to its parent by ParentCartItemId and identified by CartItemOptionId; the interface says CartItemId must not be set on it. A child with a CartItemId, or naming a parent not in the cart, is priced and shipped as a product of its own.',
    failing: '{ "productsList": [ { "CartItemId": "1", ... }, { "CartItemId": "2", "CartItemOptionId": "1-engr", "ParentCartItemId": "9" } ] }',
    fixed: '{ "productsList": [ { "CartItemId": "1", ... }, { "CartItemOptionId": "1-engr", "ParentCartItemId": "1" } ] }',
    fix: 'Give option items CartItemOptionId and ParentCartItemId (the parent\'s CartItemId) only.',
  },
  'cart-dimensions': {
    why: 'Shipping is priced from weight and size: all three of Height, Length and Width, or a Volume. One or two dimensions alone cannot give a volume, so the platform falls back to defaults and quotes the wrong shipping price.',
    failing: '{ "productsList": [ { "ProductCode": "SKU-1", "Height": 10, "Width": 20 } ] }\n-> only Height and Width given: send all of Height, Length and Width, or Volume (missing Length)',
    fixed: '{ "productsList": [ { "ProductCode": "SKU-1", "Height": 10, "Width": 20, "Length": 30 } ] }',
    fix: 'Send all three dimensions from the catalogue, or a Volume, or none (the merchant\'s defaults apply).',
  },
  'cart-virtual-items': {
    why: 'A virtual item (IsVirtual: a gift card, a download, a warranty) has no weight or volume and does not affect shipping. Weight or dimensions on it add shipping cost for something that is never shipped.',
    failing: '{ "productsList": [ { "ProductCode": "GIFT-50", "IsVirtual": true, "Weight": 250 } ] }',
    fixed: '{ "productsList": [ { "ProductCode": "GIFT-50", "IsVirtual": true } ] }',
    fix: 'Leave Weight, Volume and the dimensions out (or 0) on virtual items, even when the catalogue has a default weight.',
  },
  'cart-loyalty-points': {
    why: 'Loyalty points to earn or spend need a money value (in the merchant\'s currency, or the customer\'s; one of each pair may be left out) for the platform to show and apply them. Points without a value are shown as nothing or applied at a wrong rate.',
    failing: '{ "productsList": [...], "LoyaltyPoints": { "LoyaltyPointsTotal": 500, "LoyaltyPointsMaxSpend": 200 } }\n-> points to spend need a money value: give LoyaltyPointsOriginalValueForSpend or LoyaltyPointsValueForSpend',
    fixed: '{ "productsList": [...], "LoyaltyPoints": { "LoyaltyPointsTotal": 500, "LoyaltyPointsMaxSpend": 200, "LoyaltyPointsOriginalValueForSpend": 2.0 } }',
    fix: 'Send the money value of the points with them, in the merchant\'s currency (Original...) or the customer\'s.',
  },
  'cart-installments': {
    why: 'paymentInstallments lists the instalment counts allowed for the cart as a braced list, such as "{2,4,6}". Another form ("2,4,6", "[2,4]", "up to 6") is not read: the shopper is offered no instalments, or the wrong ones.',
    failing: '{ "productsList": [...], "paymentInstallments": "2,4,6" }',
    fixed: '{ "productsList": [...], "paymentInstallments": "{2,4,6}" }',
    fix: 'Write the counts as whole numbers separated by commas inside braces, as text.',
  },
  'cart-client-ip': {
    why: 'The shipping country comes from the request\'s countryCode, the cart\'s CountryCode or its shipping details; when none gives it, clientIP is mandatory and the platform locates the shopper by it. A clientIP that is not an IP address locates nobody.',
    failing: '{ "productsList": [...], "clientIP": "unknown" }   (no countryCode in the request, no CountryCode, no shippingDetails)',
    fixed: '{ "productsList": [...], "clientIP": "203.0.113.7" }   (or "CountryCode": "DE")',
    fix: 'Send the shopper\'s address as seen by the storefront (the first X-Forwarded-For address behind a trusted proxy), or send CountryCode.',
  },
};

/** The ResponseInfo and gift-card rules. */
const ANSWER_RULE_PAGES: Record<string, CheckPage> = {
  'response-outcome': {
    why: 'Success says whether the call worked: on success InternalOrderId names the merchant\'s order, on failure ErrorCode, Message or Description say why, or operators reviewing the alert have nothing to go on.',
    failing: '{ "ResponseInfo": { "Success": false } }\n-> a failed response should say why in ErrorCode, Message or Description',
    fixed: '{ "ResponseInfo": { "Success": false, "ErrorCode": "OUT_OF_STOCK", "Message": "SKU-1 is out of stock" } }',
    fix: 'Always fill Success with a boolean; on success add InternalOrderId, on failure ErrorCode and a Message an operator can act on.',
  },
  'response-payment': {
    why: 'PaymentCurrencyCode and PaymentAmount report a charge together: one without the other cannot be reconciled, a currency that is not ISO 4217 is no currency, and an amount must be a non-negative decimal written as text.',
    failing: '{ "ResponseInfo": { "Success": true, "InternalOrderId": "100045", "PaymentAmount": 170.1 } }\n-> PaymentCurrencyCode is missing',
    fixed: '{ "ResponseInfo": { "Success": true, "InternalOrderId": "100045", "PaymentCurrencyCode": "EUR", "PaymentAmount": "170.10" } }',
    fix: 'Send both (from the payment provider\'s confirmation) or neither when no payment was made.',
  },
  'gift-card-fields': {
    why: 'ValidateGiftCard identifies the card by CardFields.CardId (with CardPin). A request without a card id cannot be validated and the platform answers an error the shopper sees as "invalid card".',
    failing: '{ "MerchantGUID": "f4b0...", "ShippingCountryCode": "DE", "CardFields": { "CardPin": "****" } }',
    fixed: '{ "MerchantGUID": "f4b0...", "ShippingCountryCode": "DE", "CardFields": { "CardId": "6006491234567890", "CardPin": "****" } }',
    fix: 'Send the card number the shopper typed in CardFields.CardId and its PIN in CardFields.CardPin.',
  },
  'gift-card-validity': {
    why: 'A valid card (IsValid true) must come with its Balance (not negative) and the ISO 4217 currency of that balance, and say whether it was bought from the platform; an invalid one must say why (ErrorCode or ErrorText). Otherwise the checkout cannot tell how much the card covers, or why it was refused.',
    failing: '{ "IsValid": true, "Balance": null, "CurrencyCode": null }',
    fixed: '{ "IsValid": true, "Balance": 50, "CurrencyCode": "EUR", "IsGlobalEGiftCard": false, "ErrorCode": null, "ErrorText": null }',
    fix: 'This is the platform\'s answer: report it with the request (PIN masked) if the platform sends it; if your own stand-in sends it, fill Balance and CurrencyCode for valid cards and ErrorCode/ErrorText for invalid ones.',
  },
};

/** Every rule's page, by rule id. */
export const RULE_PAGES: Record<string, CheckPage> = { ...ORDER_RULE_PAGES, ...CART_RULE_PAGES, ...ANSWER_RULE_PAGES };
