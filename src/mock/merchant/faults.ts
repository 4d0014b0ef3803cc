/**
 * The named ways the reference merchant can misbehave on purpose. Each fault is one small change of
 * behaviour, and `catches` names the xborder check that must notice it: running the suite against
 * `xborder mock merchant --fault NAME` proves that check can fail. `alsoFails` and `alsoWarns` name
 * the other checks the fault trips in `xborder demo` (an HTML error page fails status-200 and the
 * large order's check too), so `--list-faults` says every check id a report will show
 * (test/e2e/demo-faults.test.ts holds the list to what the demo reports).
 */
import { didYouMean } from '../../did-you-mean.js';
import { UsageError } from '../../errors.js';

/** One deliberate misbehaviour of the reference merchant. */
export interface MerchantFault {
  /** The name given to `--fault`. */
  name: string;
  /** What the merchant does wrong. */
  description: string;
  /** Id of the xborder check the fault is made for, as reports name it (`xborder checks ID`). */
  catches: string;
  /** What that check ends in without --strict: `failed`, or only `warning`. */
  status: 'failed' | 'warning';
  /** The other checks a demo run against the fault fails, by id. */
  alsoFails?: readonly string[];
  /** The other checks a demo run against the fault warns about, by id. */
  alsoWarns?: readonly string[];
  /**
   * Only some valid orders trigger it (a crash on one kind of value): the fixed suite of `check` may
   * miss it, `xborder fuzz` finds it and shrinks the order that shows it.
   */
  latent?: true;
}

/** Every fault, in the order `--list-faults` prints them. */
export const MERCHANT_FAULTS: readonly MerchantFault[] = [
  { name: 'auth-ignored', catches: 'auth-enforced', status: 'failed', description: 'accepts requests with missing or wrong credentials in every configured auth mode (no effect when auth lists "none")' },
  { name: 'guid-ignored', catches: 'guid-enforced', status: 'failed', description: 'accepts an order (and a cart POST) whose MerchantGUID is missing or belongs to another merchant' },
  { name: 'cart-schema-break', catches: 'cart-schema', status: 'failed', alsoFails: ['cart-products-list'], description: 'cart answers productsList as an object keyed by index instead of an array' },
  { name: 'cart-casing', catches: 'cart-lenient', status: 'warning', description: 'cart answers "ProductsList" instead of the documented "productsList": a tolerated casing, so a warning (failed with --strict)' },
  { name: 'cart-bundle-prices', catches: 'cart-bundles', status: 'failed', description: 'a bundle (IsBundle) has a non-zero price and so do the products it contains' },
  { name: 'cart-child-with-cartitemid', catches: 'cart-child-items', status: 'failed', description: 'a child option item (ParentCartItemId) also sets CartItemId' },
  { name: 'cart-orphan-parent', catches: 'cart-child-items', status: 'failed', description: 'a child item\'s ParentCartItemId names no CartItemId of the cart' },
  { name: 'cart-discount-orphan', catches: 'discount-targets', status: 'failed', description: 'a discount\'s ProductCartItemId names no CartItemId of the cart' },
  { name: 'cart-partial-dimensions', catches: 'cart-dimensions', status: 'warning', description: 'a product gives Height and Length but no Width and no Volume' },
  { name: 'cart-virtual-weight', catches: 'cart-virtual-items', status: 'warning', description: 'a product with IsVirtual true still carries a Weight and dimensions' },
  { name: 'cart-negative-price', catches: 'cart-quantities-prices', status: 'failed', alsoFails: ['event-redelivery', 'refund-concurrent'], description: 'a product has a negative SalePrice and OriginalSalePrice' },
  { name: 'cart-bad-currency', catches: 'iso-codes', status: 'failed', alsoFails: ['response-payment'], alsoWarns: ['cart-currency-country'], description: 'the cart\'s currencyCode is "EUX", three capitals but no ISO 4217 currency' },
  { name: 'cart-wrong-currency', catches: 'cart-currency-country', status: 'warning', description: 'cart names another currency than the one requested (USD when EUR is asked, EUR when USD is asked)' },
  { name: 'order-error-200', catches: 'error-status', status: 'failed', description: 'order errors about the body (malformed JSON, not an object, missing OrderId, unknown MerchantOrderId) are answered HTTP 200 with Success false' },
  { name: 'order-no-internal-id', catches: 'response-outcome', status: 'failed', description: 'a successful order answer has no InternalOrderId' },
  { name: 'order-missing-payment-fields', catches: 'payment-fields', status: 'failed', description: 'an order with PaymentDetails is answered without PaymentCurrencyCode and PaymentAmount' },
  { name: 'order-payment-amount-mismatch', catches: 'payment-amount', status: 'warning', description: 'PaymentAmount is the order total plus 1.00 (a warning: the amount differs from the order total)' },
  { name: 'order-duplicate', catches: 'idempotent-redelivery', status: 'failed', description: 're-delivering the same OrderId creates a second order with a new InternalOrderId' },
  { name: 'order-update-new-id', catches: 'update-same-order', status: 'failed', description: 'an update (MerchantOrderId given) creates a new order with a new InternalOrderId' },
  { name: 'order-rejects-unknown-properties', catches: 'unknown-properties-tolerated', status: 'failed', description: 'an order with a top-level property the interface does not list is refused with 400' },
  { name: 'order-response-string-success', catches: 'order-response-lenient', status: 'warning', description: 'ResponseInfo.Success is the string "true" instead of a boolean: a tolerated form, so a warning (failed with --strict)' },
  { name: 'order-response-status-object', catches: 'order-response-schema', status: 'failed', description: 'ResponseInfo.StatusCode is an object ({ "Code": "N/A", "Name": "New" }) instead of a string' },
  { name: 'unknown-cart-accepted', catches: 'unknown-cart-refused', status: 'failed', description: 'store mode: an order naming a cart the store never issued is accepted (run with merchant.carts or merchant.newCart)' },
  { name: 'cart-reuse-accepted', catches: 'cart-single-use', status: 'failed', description: 'store mode: a second order on a cart already converted into an order is accepted' },
  { name: 'cart-hash-ignored', catches: 'cart-hash-enforced', status: 'warning', description: 'store mode: an order whose CartHash is not the cart\'s merchantCartHash is accepted (a warning: the hash is optional)' },
  { name: 'event-unknown-order-accepted', catches: 'event-unknown-order-refused', status: 'failed', description: 'lifecycle events (payment, status, shipping info, documents, refund) naming an order the merchant never received are answered Success true' },
  { name: 'refund-applied-twice', catches: 'event-redelivery', status: 'failed', alsoFails: ['refund-concurrent'], description: 'a re-delivered RefundId is applied again (its quantities and amount counted twice) and answered Success true' },
  { name: 'refund-over-total-accepted', catches: 'refund-within-order', status: 'failed', alsoFails: ['refund-concurrent'], description: 'refunds beyond the ordered quantity of a CartItemId or the order total are accepted' },
  { name: 'event-payment-fields-missing', catches: 'payment-fields', status: 'failed', description: 'PerformOrderPayment is answered Success true without PaymentCurrencyCode and PaymentAmount' },
  { name: 'event-error-200', catches: 'error-status', status: 'failed', description: 'lifecycle event errors (400 bad body, 404 unknown order) are answered HTTP 200 with Success false' },
  { name: 'event-auth-ignored', catches: 'auth-enforced', status: 'failed', description: 'the lifecycle event endpoints accept requests with missing or wrong credentials (the cart and order endpoints still enforce them)' },
  { name: 'status-cancelled-crash', catches: 'status-spellings', status: 'failed', alsoFails: ['status-200'], description: 'UpdateOrderStatus with StatusCode "cancelled" (double l) crashes: HTTP 500 with an HTML error page ("canceled" works)' },
  { name: 'html-500', catches: 'status-200', status: 'failed', alsoFails: ['accepts-large-order'], alsoWarns: ['auth-enforced', 'guid-enforced', 'rejects-invalid-order', 'unknown-cart-refused', 'event-unknown-order-refused'], description: 'every answer is an HTML error page with HTTP 500' },
  { name: 'non-json', catches: 'json-body', status: 'failed', alsoFails: ['status-200', 'content-type-json', 'accepts-large-order'], description: 'every answer is plain text (text/plain) instead of JSON' },
  { name: 'wrong-content-type', catches: 'content-type-json', status: 'failed', description: 'every answer is the right JSON body labelled Content-Type: text/html' },
  { name: 'slow', catches: 'within-timeout', status: 'failed', description: 'sleeps slowMs (default 3000 ms) before answering: failed when the run\'s timeout is shorter, a warning when over half of it' },
  { name: 'empty-body', catches: 'json-body', status: 'failed', alsoFails: ['status-200', 'accepts-large-order'], description: 'every answer has the right status and Content-Type: application/json but an empty body' },
  { name: 'crash-astral', catches: 'status-200', status: 'failed', latent: true, description: 'latent: an order holding a character outside the Basic Multilingual Plane (an emoji, a rare CJK ideograph) crashes the merchant (HTTP 500 HTML page: MySQL utf8mb3 refuses it)' },
  { name: 'crash-many-products', catches: 'status-200', status: 'failed', latent: true, description: 'latent: an order with more than 50 products crashes the merchant (HTTP 500 HTML page)' },
  { name: 'crash-long-address', catches: 'status-200', status: 'failed', latent: true, description: 'latent: an address line (Address1, Address2) over 100 characters crashes the merchant (HTTP 500 HTML page: varchar(100))' },
  { name: 'crash-discount-no-product', catches: 'status-200', status: 'failed', latent: true, description: 'latent: a discount without ProductCartItemId (a cart-level discount) crashes the merchant (HTTP 500 HTML page)' },
  { name: 'crash-empty-state', catches: 'status-200', status: 'failed', latent: true, description: 'latent: an address with StateCode "" (an empty string where null was expected) crashes the merchant (HTTP 500 HTML page)' },
  { name: 'truncated-json', catches: 'json-body', status: 'failed', alsoFails: ['status-200', 'accepts-large-order'], description: 'every JSON answer is cut in the middle (the body ends before the document does)' },
  { name: 'body-limit', catches: 'accepts-large-order', status: 'failed', description: 'request bodies over 100 kB are refused with HTTP 413 and Express\'s error page, as express.json() does with its default limit "100kb": the large order (just over 1 MiB) is refused, the usual ones pass' },
  { name: 'redelivery-race', catches: 'redelivery-concurrent', status: 'failed', description: 'check-then-insert without a lock: an order is looked up, then created once no copy has arrived for 200 ms, so copies delivered at once each create an order' },
  { name: 'slow-redelivery', catches: 'redelivery-after-timeout', status: 'failed', alsoFails: ['redelivery-concurrent', 'order-accepted', 'status-200', 'within-timeout', 'accepts-large-order'], alsoWarns: ['within-timeout'], description: 'creating an order takes slowMs (default 3000 ms), longer than the platform waits before it retries, and the lookup misses orders still being created: the retry creates a second order' },
  { name: 'refund-race', catches: 'refund-concurrent', status: 'failed', description: 'a refund is looked up by RefundId, then booked once no copy has arrived for 200 ms, so copies delivered at once are each applied (store mode, with the refund event)' },
  { name: 'exit-on-concurrent', catches: 'redelivery-concurrent', status: 'failed', alsoFails: ['refund-concurrent'], description: 'the process exits when two deliveries of the same order overlap, like a Go service whose orders map is written without a lock ("fatal error: concurrent map writes", exit status 2); nothing listens on its port afterwards (in-process, in demo, the server closes instead)' },
  { name: 'error-leaks', catches: 'error-leaks-internals', status: 'warning', description: 'error answers carry a JavaScript stack trace with the server\'s file paths in Message (a warning; failed with --strict)' },
];

/** Milliseconds the `slow` fault sleeps when not told otherwise. */
export const DEFAULT_SLOW_MS = 3000;

/**
 * Checks a fault name given by the user. Undefined or empty means no fault; an unknown name is a
 * UsageError naming the faults it most likely meant.
 */
export function resolveFault(name: string | undefined): MerchantFault | undefined {
  if (name === undefined || name === '' || name === 'none') return undefined;
  const fault = MERCHANT_FAULTS.find((f) => f.name === name);
  if (!fault) {
    const names = MERCHANT_FAULTS.map((f) => f.name);
    // 48 names in one line would bury the suggestion: the list is one command away, with what each trips.
    throw new UsageError(`Unknown merchant fault "${name}".${didYouMean(name, names)} \`xborder mock merchant --list-faults\` lists the ${names.length} faults and the check each trips.`);
  }
  return fault;
}
