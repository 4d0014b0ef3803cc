/** Pages of the checks on SendOrderToMerchant answers: acceptance, errors, payment, re-delivery. */
import type { CheckPage } from './types.js';

/** order-accepted, accepts-large-order, error-status, rejects-invalid-order, payment-*, idempotent-redelivery, update-same-order, unknown-properties-tolerated, order-params, order-file. */
export const ORDER_PAGES: Record<string, CheckPage> = {
  'order-accepted': {
    why: 'SendOrderToMerchant creates the shopper\'s order on the merchant\'s site after the shopper has paid the platform. The platform records the answer\'s InternalOrderId as the merchant\'s order and sends it back as MerchantOrderId in every later call (updates, payment, status, refunds). A valid order refused, or accepted without an InternalOrderId, leaves a paid order the platform cannot link to anything: it goes to manual review.',
    failing: 'POST /order-update-create-url  {"MerchantGUID":"f4b0...","OrderId":"GE1234567","CartId":"2c5c...",...}\n-> HTTP 200\n{ "ResponseInfo": { "Success": true } }',
    fixed: 'POST /order-update-create-url  {"MerchantGUID":"f4b0...","OrderId":"GE1234567","CartId":"2c5c...",...}\n-> HTTP 200\n{ "ResponseInfo": { "Success": true, "InternalOrderId": "100045" } }',
    fix: 'Answer Success true only once the order exists, and put the merchant\'s own order number (as a string) in InternalOrderId. If a valid order is refused, read the Message xborder shows: most often the merchant looks up CartId as a cart that must still be open, validates fields the interface makes optional, or expects a MerchantGUID other than the configured one.',
  },
  'accepts-large-order': {
    why: 'Real orders get large: a B2B order with a hundred lines, long product names and personalisation texts, and the VAT invoice the platform attaches as a base64 PDF (OrderDocuments[].DocumentData) easily pass 1 MiB. The common web stacks refuse request bodies well below that by default (express.json() 100 kB, nginx 1 MiB, Next.js 1 MB), and a merchant tested only with small orders never meets its limit until a paid order is refused in production: the platform does not retry a refused order, it goes to manual review. xborder sends one such order per run (case order-large, in the first auth mode, just over 1 MiB; --large-order-bytes N sets the size, 0 leaves it out) and passes when it is accepted.',
    failing: 'POST /order-update-create-url  (1,100,000 bytes: 100 lines and an invoice PDF)\n-> HTTP 413\n<!DOCTYPE html><html><head><title>413 Request Entity Too Large</title></head>...\n(or the connection closed while the body was being sent)',
    fixed: 'POST /order-update-create-url  (1,100,000 bytes: 100 lines and an invoice PDF)\n-> HTTP 200\n{ "ResponseInfo": { "Success": true, "InternalOrderId": "100045" } }',
    fix: 'Raise the body limit of every layer in front of the order endpoint to well above the largest order (10 MB leaves room for several documents), on that route only if you like:\n\n- Express: `app.use(express.json({ limit: "10mb" }))` (the default limit is `"100kb"`; body-parser\'s `json()` takes the same option).\n- nginx: `client_max_body_size 10m;` in the server or location block of the endpoint (the default is `1m`; the refusal is a 413 page from nginx, not from the application).\n- Next.js API routes: `export const config = { api: { bodyParser: { sizeLimit: "10mb" } } };` in the route file (the default is `"1mb"`); Server Actions have `serverActions.bodySizeLimit` in next.config.js (default 1 MB).\n- IIS / ASP.NET: `<httpRuntime maxRequestLength="10240" />` (KB, default 4096) under system.web, and `<requestLimits maxAllowedContentLength="10485760" />` (bytes, default 30000000) under system.webServer/security/requestFiltering; ASP.NET Core on Kestrel: `KestrelServerOptions.Limits.MaxRequestBodySize` (default 30000000 bytes) or `[RequestSizeLimit]` on the action.\n- PHP: `post_max_size = 16M` in php.ini (default `8M`; past it PHP hands the script an empty body, so the refusal reads as "invalid JSON").\n- Load balancers and API gateways in front have limits of their own (Cloudflare 100 MB on the Free and Pro plans, AWS API Gateway 10 MB, a Lambda function behind an AWS load balancer 1 MB): check theirs too.\n\nThen run `xborder check` again: the order-large case passes when the merchant answers Success true.',
  },
  'error-status': {
    why: 'The platform decides success from the HTTP status before it reads the body. An error answered with HTTP 200 and Success false can be taken for a success by the platform\'s clients and proxies, and the failure is neither alerted nor reviewed.',
    failing: 'POST /order-update-create-url\n-> HTTP 200\n{ "ResponseInfo": { "Success": false, "ErrorCode": "OUT_OF_STOCK", "Message": "SKU-1 is out of stock" } }',
    fixed: 'POST /order-update-create-url\n-> HTTP 400\n{ "ResponseInfo": { "Success": false, "ErrorCode": "OUT_OF_STOCK", "Message": "SKU-1 is out of stock" } }',
    fix: 'Set the status with the body: 400 (or 409, 422) for a request the merchant will not take, 401/403 for credentials, 404 for an unknown order, 500 for the merchant\'s own failure. Most frameworks default to 200 when a handler returns an object; set the status explicitly on the error path.',
  },
  'rejects-invalid-order': {
    why: 'OrderId and MerchantGUID are the two required fields of an order. An order without an OrderId that is accepted creates a merchant order no later call (update, payment, refund) can name, and silently accepting malformed orders hides the platform\'s or a forger\'s mistakes until reconciliation.',
    failing: 'POST /order-update-create-url  {"MerchantGUID":"f4b0...","Products":[...]}   (no OrderId)\n-> HTTP 200\n{ "ResponseInfo": { "Success": true, "InternalOrderId": "100046" } }',
    fixed: 'POST /order-update-create-url  {"MerchantGUID":"f4b0...","Products":[...]}   (no OrderId)\n-> HTTP 400\n{ "ResponseInfo": { "Success": false, "ErrorCode": "MISSING_ORDER_ID", "Message": "OrderId is required" } }',
    fix: 'Validate the two required fields before doing anything else and answer 400 with Success false. Do not generate an OrderId when none is given: the platform\'s OrderId is the key of every later call.',
  },
  'payment-fields': {
    why: 'When the order carries PaymentDetails the merchant charges the card, and the interface requires the answer to return the currency and amount actually charged. The platform reconciles what the shopper paid against PaymentCurrencyCode and PaymentAmount; without them the charge cannot be reconciled. (With merchant.payments "platform" orders carry no PaymentDetails and this check does not run.)',
    failing: 'POST /order-update-create-url  {..., "PaymentDetails": {"CardNumber":"************1111", ...}}\n-> HTTP 200\n{ "ResponseInfo": { "Success": true, "InternalOrderId": "100045" } }',
    fixed: 'POST /order-update-create-url  {..., "PaymentDetails": {"CardNumber":"************1111", ...}}\n-> HTTP 200\n{ "ResponseInfo": { "Success": true, "InternalOrderId": "100045", "PaymentCurrencyCode": "EUR", "PaymentAmount": "170.10" } }',
    fix: 'After a successful charge, copy the currency (ISO 4217, three capital letters) and the amount the payment provider confirmed into the answer; write the amount as a decimal string ("170.10"), not a number. If the platform charges the card for this merchant, set merchant.payments to "platform".',
  },
  'payment-amount': {
    why: 'The shopper was shown a total in the order\'s currencies. A charge in a currency the order does not use, or of another amount, means the shopper was charged something they did not agree to, or the merchant under-charged. It is a warning because what to charge (e.g. with a discount the merchant applies itself) is the merchant\'s call.',
    failing: 'order: CurrencyCode EUR, products and shipping totalling 170.10 EUR\n-> { "ResponseInfo": { "Success": true, "InternalOrderId": "100045", "PaymentCurrencyCode": "USD", "PaymentAmount": "170.10" } }',
    fixed: 'order: CurrencyCode EUR, products and shipping totalling 170.10 EUR\n-> { "ResponseInfo": { "Success": true, "InternalOrderId": "100045", "PaymentCurrencyCode": "EUR", "PaymentAmount": "170.10" } }',
    fix: 'Charge the order\'s CurrencyCode (or the shopper\'s InternationalDetails.CurrencyCode / TransactionCurrencyCode) and the total computed from the order itself, not from the merchant\'s own cart, which may have changed since.',
  },
  'idempotent-redelivery': {
    why: 'The platform retries an order whose request failed to start (once a minute, up to 3 times), and operators re-send orders after manual review. A merchant that creates an order per delivery ships the goods twice for one payment. The contract: the same OrderId answered with the same InternalOrderId, or refused saying the order already exists, passes.',
    failing: 'POST OrderId GE1234567  -> { "ResponseInfo": { "Success": true, "InternalOrderId": "100045" } }\nPOST OrderId GE1234567  -> { "ResponseInfo": { "Success": true, "InternalOrderId": "100046" } }',
    fixed: 'POST OrderId GE1234567  -> { "ResponseInfo": { "Success": true, "InternalOrderId": "100045" } }\nPOST OrderId GE1234567  -> { "ResponseInfo": { "Success": true, "InternalOrderId": "100045" } }',
    fix: 'Look the platform\'s OrderId up before creating an order (store it in a column with a unique index) and answer the existing order\'s id. The unique index, not the look-up alone, is what also holds under concurrent deliveries (see redelivery-concurrent).',
  },
  'update-same-order': {
    why: 'An order posted again with its MerchantOrderId is an update (an address corrected, a status changed) of the order the merchant already has. A merchant that creates a new order instead leaves the original unfulfilled or fulfils both, and the platform keeps pointing at the first id.',
    failing: 'POST {"OrderId":"GE1234567","MerchantOrderId":"100045",...}\n-> { "ResponseInfo": { "Success": true, "InternalOrderId": "100047" } }',
    fixed: 'POST {"OrderId":"GE1234567","MerchantOrderId":"100045",...}\n-> { "ResponseInfo": { "Success": true, "InternalOrderId": "100045" } }',
    fix: 'When MerchantOrderId is given (not null), load that order and apply the changes to it; answer with the same InternalOrderId. A new order sends "MerchantOrderId": null, so test for a non-empty value, not for the key.',
  },
  'unknown-properties-tolerated': {
    why: 'The interface says requests may carry more properties than listed and receivers must tolerate them: the platform adds fields without notice, and real orders already carry several the documentation does not name. A merchant that refuses unknown properties breaks on the platform\'s next release.',
    failing: 'POST {"MerchantGUID":"f4b0...","OrderId":"GE1234568","XborderUnlistedProperty":"x",...}\n-> HTTP 400 { "errors": { "XborderUnlistedProperty": ["Could not find member"] } }',
    fixed: 'POST {"MerchantGUID":"f4b0...","OrderId":"GE1234568","XborderUnlistedProperty":"x",...}\n-> HTTP 200 { "ResponseInfo": { "Success": true, "InternalOrderId": "100048" } }',
    fix: 'Turn off strict deserialisation for this endpoint (MissingMemberHandling.Ignore in Json.NET, FAIL_ON_UNKNOWN_PROPERTIES false in Jackson, no additionalProperties: false in a request validator).',
  },
  'order-params': {
    why: 'The platform can fill parameters of the order URL from the cart\'s urlParameters (a locale, a store id). A merchant that routes orders by such a parameter gets orders without it when the cart did not provide the value, and they land in the wrong store or language.',
    failing: 'merchant.orderParams: { "locale": "{cart:locale}" }\ncart answer: { "productsList": [...], "urlParameters": [] }\n-> the order was sent without locale',
    fixed: 'merchant.orderParams: { "locale": "{cart:locale}" }\ncart answer: { "productsList": [...], "urlParameters": [ { "Key": "locale", "Value": "de-DE" } ] }\n-> POST /order-update-create-url?locale=de-DE',
    fix: 'Have the cart endpoint return every value the order URL needs in urlParameters as Key/Value pairs, spelled exactly as merchant.orderParams references it; or fix the reference in the configuration.',
  },
  'order-file': {
    why: 'post-order --file sends what the file says. Judging the file first (schema and order rules, as information) tells a refusal caused by the file apart from a refusal caused by the merchant, before blaming the merchant.',
    failing: 'xborder post-order --file order.json   (order.json has "CurrencyCode": "EURO")\n-> order-file: /CurrencyCode "EURO" is not an ISO 4217 currency code (info)',
    fixed: 'xborder post-order --file order.json   (order.json has "CurrencyCode": "EUR")\n-> order-file: passed',
    fix: 'Correct the file where the findings point (JSON pointers), or start from a built-in sample: `xborder samples show order-minimal > order.json`, then change what you need with --set.',
  },
};
