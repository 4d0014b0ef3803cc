/**
 * The named ways the reference merchant can misbehave on purpose. Each fault is one small change of
 * behaviour, and `catches` names the xborder check that must notice it: running the suite against
 * `xborder mock merchant --fault NAME` proves that check can fail.
 */
import { UsageError } from '../../errors.js';

/** One deliberate misbehaviour of the reference merchant. */
export interface MerchantFault {
  /** The name given to `--fault`. */
  name: string;
  /** What the merchant does wrong (for cart-rules faults: the rule it breaks). */
  description: string;
  /** Id of the xborder check expected to fail (or warn) against this fault. */
  catches: string;
}

/** Every fault, in the order `--list-faults` prints them. */
export const MERCHANT_FAULTS: readonly MerchantFault[] = [
  { name: 'auth-ignored', catches: 'auth-enforced', description: 'accepts requests with missing or wrong credentials in every configured auth mode (no effect when auth lists "none")' },
  { name: 'guid-ignored', catches: 'guid-enforced', description: 'accepts an order (and a cart POST) whose MerchantGUID is missing or belongs to another merchant' },
  { name: 'cart-schema-break', catches: 'cart-schema', description: 'cart answers productsList as an object keyed by index instead of an array' },
  { name: 'cart-casing', catches: 'cart-schema', description: 'cart answers "ProductsList" instead of the documented "productsList", so the required list is missing' },
  { name: 'cart-bundle-prices', catches: 'cart-rules', description: 'rule bundle-prices: a bundle (IsBundle) has a non-zero price and so do the products it contains' },
  { name: 'cart-child-with-cartitemid', catches: 'cart-rules', description: 'rule child-without-cartitemid: a child option item (ParentCartItemId) also sets CartItemId' },
  { name: 'cart-orphan-parent', catches: 'cart-rules', description: 'rule parent-exists: a child item\'s ParentCartItemId names no CartItemId of the cart' },
  { name: 'cart-discount-orphan', catches: 'cart-rules', description: 'rule discount-product-exists: a discount\'s ProductCartItemId names no CartItemId of the cart' },
  { name: 'cart-partial-dimensions', catches: 'cart-rules', description: 'rule dimensions-complete: a product gives Height and Length but no Width and no Volume' },
  { name: 'cart-virtual-weight', catches: 'cart-rules', description: 'rule virtual-no-weight: a product with IsVirtual true still carries a Weight and dimensions' },
  { name: 'cart-negative-price', catches: 'cart-rules', description: 'rule non-negative-prices: a product has a negative SalePrice and OriginalSalePrice' },
  { name: 'cart-bad-currency', catches: 'cart-rules', description: 'rule currency-iso4217: the cart\'s currencyCode is "EUX", three capitals but no ISO 4217 currency' },
  { name: 'cart-wrong-currency', catches: 'cart-currency-country', description: 'cart names another currency than the one requested (USD when EUR is asked, EUR when USD is asked)' },
  { name: 'order-error-200', catches: 'error-status', description: 'order errors about the body (malformed JSON, missing OrderId or MerchantGUID, unknown MerchantOrderId) are answered HTTP 200 with Success false' },
  { name: 'order-no-internal-id', catches: 'response-info-rules', description: 'a successful order answer has no InternalOrderId' },
  { name: 'order-missing-payment-fields', catches: 'payment-fields', description: 'an order with PaymentDetails is answered without PaymentCurrencyCode and PaymentAmount' },
  { name: 'order-payment-amount-mismatch', catches: 'payment-amount', description: 'PaymentAmount is the order total plus 1.00 (a warning: the amount differs from the order total)' },
  { name: 'order-duplicate', catches: 'idempotent-redelivery', description: 're-delivering the same OrderId creates a second order with a new InternalOrderId' },
  { name: 'order-update-new-id', catches: 'update-same-order', description: 'an update (MerchantOrderId given) creates a new order with a new InternalOrderId' },
  { name: 'order-rejects-unknown-properties', catches: 'unknown-properties-tolerated', description: 'an order with a top-level property the interface does not list is refused with 400' },
  { name: 'order-response-string-success', catches: 'order-response-schema', description: 'ResponseInfo.Success is the string "true" instead of a boolean' },
  { name: 'html-500', catches: 'status-200', description: 'every answer is an HTML error page with HTTP 500' },
  { name: 'non-json', catches: 'json-body', description: 'every answer is plain text (text/plain) instead of JSON' },
  { name: 'wrong-content-type', catches: 'content-type-json', description: 'every answer is the right JSON body labelled Content-Type: text/html' },
  { name: 'slow', catches: 'within-timeout', description: 'sleeps slowMs (default 3000 ms) before answering; fails when the check\'s timeout is shorter' },
  { name: 'empty-body', catches: 'json-body', description: 'every answer has the right status and Content-Type: application/json but an empty body' },
  { name: 'truncated-json', catches: 'json-body', description: 'every JSON answer is cut in the middle (the body ends before the document does)' },
];

/** Milliseconds the `slow` fault sleeps when not told otherwise. */
export const DEFAULT_SLOW_MS = 3000;

/**
 * Checks a fault name given by the user. Undefined or empty means no fault; an unknown name is a
 * UsageError listing every known name.
 */
export function resolveFault(name: string | undefined): MerchantFault | undefined {
  if (name === undefined || name === '' || name === 'none') return undefined;
  const fault = MERCHANT_FAULTS.find((f) => f.name === name);
  if (!fault) {
    throw new UsageError(`Unknown merchant fault "${name}". Known faults: ${MERCHANT_FAULTS.map((f) => f.name).join(', ')}.`);
  }
  return fault;
}
