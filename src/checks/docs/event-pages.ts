/** Pages of the order lifecycle checks (payment, status, shipping info, documents, refund) and fuzz/proxy checks. */
import type { CheckPage } from './types.js';

/** event-*, refund-within-order, status-spellings, unknown-status-clean, no-server-error, platform-request. */
export const EVENT_PAGES: Record<string, CheckPage> = {
  'event-accepted': {
    why: 'After the order, the platform keeps the merchant informed: PerformOrderPayment, UpdateOrderStatus (e.g. cancelled), shipping info with tracking, additional required documents (fulfilment must wait for them), refunds. A call the merchant refuses for an order it has means a cancelled order still ships, a refund is never booked, or documents never release fulfilment.',
    failing: 'POST /order-status-update-only-url  {"OrderId":"GE92799319GB","MerchantOrderId":"100023871","StatusCode":"canceled",...}\n-> HTTP 404 { "ResponseInfo": { "Success": false, "Message": "order not found" } }',
    fixed: 'POST /order-status-update-only-url  {"OrderId":"GE92799319GB","MerchantOrderId":"100023871","StatusCode":"canceled",...}\n-> HTTP 200 { "ResponseInfo": { "Success": true } }',
    fix: 'Find the order by the platform\'s OrderId (or by MerchantOrderId, the InternalOrderId the merchant answered) in every lifecycle endpoint, and answer Success true once the change is stored. Check the configured paths (merchant.statusPath, merchant.refundPath, ...) and merchant.events lists only what is implemented.',
  },
  'event-redelivery': {
    why: 'Lifecycle calls are re-delivered like orders. A refund applied twice pays the shopper twice; a payment performed twice charges twice. The same call again must have no second effect.',
    failing: 'POST /order-refund-url RefundId 50217 (1 unit, 20.30 EUR) -> Success true\nPOST /order-refund-url RefundId 50217 again -> Success true, and the order now shows 2 units and 40.60 EUR refunded',
    fixed: 'POST /order-refund-url RefundId 50217 (1 unit, 20.30 EUR) -> Success true\nPOST /order-refund-url RefundId 50217 again -> Success true (nothing applied), or HTTP 409 "refund 50217 already applied"',
    fix: 'Store the RefundId (and for payments the OrderId) of every applied call and answer a repeat without applying it again; a unique index on the key makes this hold under concurrency too.',
  },
  'event-unknown-order-refused': {
    why: 'A lifecycle call for an order the merchant never received is a misrouted or forged call. Answering it Success true tells the platform a cancellation or refund was booked when nothing was.',
    failing: 'POST /order-refund-url {"OrderId":"GE-NEVER-SENT","MerchantOrderId":"999999",...}\n-> HTTP 200 { "ResponseInfo": { "Success": true } }',
    fixed: 'POST /order-refund-url {"OrderId":"GE-NEVER-SENT","MerchantOrderId":"999999",...}\n-> HTTP 404 { "ResponseInfo": { "Success": false, "ErrorCode": "ORDER_NOT_FOUND", "Message": "unknown order GE-NEVER-SENT" } }',
    fix: 'Look the order up first and refuse with 404 (or 400) and Success false when it does not exist, instead of treating the call as a no-op success.',
  },
  'refund-within-order': {
    why: 'A refund notification names CartItemIds and quantities of the order. Accepting a refund beyond what was ordered (one more unit of a product already fully refunded, or more than the total) books money that was never paid, and hides a double delivery of the same refund.',
    failing: 'order: CartItemId 1, quantity 2; refunds so far: 2 units\nPOST /order-refund-url {"RefundId":"50218","Products":[{"CartItemId":"1","RefundQuantity":1,...}]}\n-> HTTP 200 Success true',
    fixed: 'order: CartItemId 1, quantity 2; refunds so far: 2 units\nPOST /order-refund-url {"RefundId":"50218","Products":[{"CartItemId":"1","RefundQuantity":1,...}]}\n-> HTTP 400 { "ResponseInfo": { "Success": false, "Message": "CartItemId 1: 3 units refunded, 2 ordered" } }',
    fix: 'Sum the refunded quantities per CartItemId (and the refunded amount) over the order\'s applied refunds, in the same transaction as the new one, and refuse what goes beyond the order.',
  },
  'status-spellings': {
    why: 'The wire carries both "canceled" and "cancelled" for the same status. A merchant that maps only one spelling crashes or ignores the other, and cancelled orders ship.',
    failing: 'POST /order-status-update-only-url {"StatusCode":"cancelled",...}\n-> HTTP 500 <html><title>KeyError: \'cancelled\'</title>...',
    fixed: 'POST /order-status-update-only-url {"StatusCode":"cancelled",...}\n-> HTTP 200 { "ResponseInfo": { "Success": true } }',
    fix: 'Map both spellings to the merchant\'s cancelled status (compare case-insensitively), and make the status mapping fall back to a refusal, not an exception, for anything else.',
  },
  'unknown-status-clean': {
    why: 'StatusCode values and their transitions are not documented, and the platform maps new ones over time. A status the merchant does not know must be refused or accepted cleanly; a crash (5xx) raises an alert and leaves the order\'s state unknown on both sides.',
    failing: 'POST /order-status-update-only-url {"StatusCode":"xborder-unknown-status",...}\n-> HTTP 500 NullReferenceException',
    fixed: 'POST /order-status-update-only-url {"StatusCode":"xborder-unknown-status",...}\n-> HTTP 400 { "ResponseInfo": { "Success": false, "Message": "unknown StatusCode xborder-unknown-status" } }',
    fix: 'Look the status up in a table and answer 400 with Success false when it is not there (or accept it and log it), instead of dereferencing a missing mapping.',
  },
  'no-server-error': {
    why: 'GetCheckoutCartInfo is called with whatever the storefront rendered and the shopper chose: odd country and currency codes, tokens of expired carts, extra parameters. A 5xx crash on such input stops checkout from opening; a clean 4xx lets the platform say why.',
    failing: 'xborder fuzz: GET /get-checkout-cart-info-url?countryCode=%00%00&currencyCode=EUR&merchantCartToken=...\n-> HTTP 500: the merchant crashed on this input',
    fixed: 'xborder fuzz: GET /get-checkout-cart-info-url?countryCode=%00%00&currencyCode=EUR&merchantCartToken=...\n-> HTTP 400 { "ResponseInfo": { "Success": false, "Message": "countryCode is not a country" } }',
    fix: 'Validate the URL parameters (two letters for countryCode, three for currencyCode, a known token) before using them, and answer 400 for what does not fit; re-run the shrunk reproduction fuzz saved to confirm.',
  },
  'platform-request': {
    why: 'Between the platform and the merchant (proxy, a HAR, a saved run), the requests come from the platform, not from xborder. Validating them as their payload kind shows what the platform really sends (which fields, which encodings), so a merchant\'s refusal can be told apart from a platform request the merchant could not have read. Information only: the platform\'s side is not the merchant\'s fault.',
    failing: 'proxied POST /order-update-create-url\n{"MerchantGUID":"f4b0...","OrderId":"","CurrencyCode":"EURO",...}\n-> platform-request: /OrderId is required and must not be empty; /CurrencyCode "EURO" is not an ISO 4217 currency code (info)',
    fixed: 'proxied POST /order-update-create-url\n{"MerchantGUID":"f4b0...","OrderId":"GE1234567","CurrencyCode":"EUR",...}\n-> platform-request: passed',
    fix: 'Nothing to fix on the merchant\'s side: when the platform\'s request is itself malformed, report it to the platform with the recorded request (the run folder or HAR has it, secrets masked) and make the merchant refuse it cleanly meanwhile.',
  },
};
