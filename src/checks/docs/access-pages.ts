/** Pages of the checks that the merchant refuses what it must: credentials, other merchants, carts. */
import type { CheckPage } from './types.js';

/** auth-enforced, guid-enforced, cart-single-use, cart-hash-enforced, unknown-cart-refused, cart-currency-country. */
export const ACCESS_PAGES: Record<string, CheckPage> = {
  'auth-enforced': {
    why: 'Anyone who finds the order URL can post orders to a merchant that does not enforce its credentials: free goods shipped against a forged "paid" order, or carts (with customer addresses) read by guessing tokens. When `none` is not among the configured modes, every request without valid credentials must be refused, in every mode: missing, wrong, and for JWT tampered, expired, unsigned (alg none) and wrong-issuer tokens.',
    failing: 'auth mode jwt, token signed with another secret\nPOST /order-update-create-url  Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.***\n-> HTTP 200 { "ResponseInfo": { "Success": true, "InternalOrderId": "100049" } }',
    fixed: 'auth mode jwt, token signed with another secret\nPOST /order-update-create-url  Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.***\n-> HTTP 401 { "ResponseInfo": { "Success": false, "ErrorCode": "UNAUTHORIZED", "Message": "invalid token" } }',
    fix: 'Verify credentials before reading the body, on both endpoints: compare header and query keys in constant time, verify the JWT signature with a fixed algorithm list (never "none"), and check exp and iss. A refusal is 401 or 403 with Success false, not a 500.',
  },
  'guid-enforced': {
    why: 'MerchantGUID in the payload is the one credential the interface requires. A merchant that does not compare it with its own GUID accepts requests meant for another merchant, or crafted by anyone who knows the URL.',
    failing: 'POST {"MerchantGUID":"00000000-1111-2222-3333-444444444444","OrderId":"GE1234569",...}\n-> HTTP 200 { "ResponseInfo": { "Success": true, "InternalOrderId": "100050" } }',
    fixed: 'POST {"MerchantGUID":"00000000-1111-2222-3333-444444444444","OrderId":"GE1234569",...}\n-> HTTP 403 { "ResponseInfo": { "Success": false, "ErrorCode": "WRONG_MERCHANT", "Message": "unknown MerchantGUID" } }',
    fix: 'Compare MerchantGUID (case-insensitively, it is a GUID) with the merchant\'s configured GUID and refuse with 401/403 and Success false when it differs or is missing; for the cart POST variant, check the body\'s MerchantGUID too.',
  },
  'cart-single-use': {
    why: 'An order converts a cart. A second order (with another OrderId) on a cart that was already converted is a replay or a platform error; accepting it ships the same cart again without a matching payment.',
    failing: 'order GE1234570 on cart 2c5c... -> Success true, 100051\norder GE1234571 on cart 2c5c... -> Success true, 100052',
    fixed: 'order GE1234570 on cart 2c5c... -> Success true, 100051\norder GE1234571 on cart 2c5c... -> HTTP 409 { "ResponseInfo": { "Success": false, "Message": "cart 2c5c... is already ordered" } }',
    fix: 'Mark the cart as converted (with the OrderId) in the transaction that creates the order, and refuse a different OrderId for a converted cart. The same OrderId again is a re-delivery and must still be answered with its order.',
  },
  'cart-hash-enforced': {
    why: 'merchantCartHash, given with the cart, comes back as CartHash with the order so the merchant can tell the cart changed between checkout and the order (items added in another tab). Not checking it ships an order whose contents differ from what was priced. The hash is optional in the interface, so acceptance is a warning.',
    failing: 'cart answer: "merchantCartHash": "a91f..."\nPOST order with "CartHash": "0000..."\n-> HTTP 200 Success true',
    fixed: 'cart answer: "merchantCartHash": "a91f..."\nPOST order with "CartHash": "0000..."\n-> HTTP 409 { "ResponseInfo": { "Success": false, "Message": "the cart changed since checkout" } }',
    fix: 'Compute the hash over the cart lines and prices when answering GetCheckoutCartInfo, store it with the cart, and compare it with the order\'s CartHash before creating the order.',
  },
  'unknown-cart-refused': {
    why: 'An order names the cart it converts in CartId, a token the merchant issued. An order for a cart the merchant never issued is forged or misrouted; creating it ships goods against a cart nobody priced.',
    failing: 'POST {"OrderId":"GE1234572","CartId":"never-issued-7e1c",...}\n-> HTTP 200 Success true, InternalOrderId 100053',
    fixed: 'POST {"OrderId":"GE1234572","CartId":"never-issued-7e1c",...}\n-> HTTP 404 { "ResponseInfo": { "Success": false, "Message": "unknown cart never-issued-7e1c" } }',
    fix: 'Look the CartId up among the carts the merchant issued (the tokens rendered on the storefront) and refuse unknown ones with 4xx and Success false. xborder needs merchant.carts or merchant.newCart to know which carts are real.',
  },
  'cart-currency-country': {
    why: 'The platform asks for the cart in the shopper\'s currency and for the shipping country (countryCode, currencyCode). A cart in another currency or for another country is legal (the merchant may not sell in that currency) but prices the shopper sees may then be converted twice or taxed for the wrong country, so it is a warning.',
    failing: 'GET /get-checkout-cart-info-url?countryCode=DE&currencyCode=EUR&merchantCartToken=2c5c...\n-> { "productsList": [...], "currencyCode": "USD", "CountryCode": "US" }',
    fixed: 'GET /get-checkout-cart-info-url?countryCode=DE&currencyCode=EUR&merchantCartToken=2c5c...\n-> { "productsList": [...], "currencyCode": "EUR", "CountryCode": "DE" }',
    fix: 'Read countryCode and currencyCode from the request URL and answer in them; leave currencyCode out (the merchant\'s currency is the default) rather than echoing the store\'s default when another was asked for.',
  },
};
