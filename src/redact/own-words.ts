/**
 * xborder's own words: the labels its reports are made of (auth mode names, endpoint and method
 * names, table headers, result words). A secret equal to one of them ("header", "basic") cannot be
 * told from the label in free text, and masking it there turned `GET header` into `GET ****` in every
 * row; such a secret is masked only where its place is known (a header or JSON value that is the
 * secret, the value after `=` or `: `). Check ids are added by the commands that know the registry.
 */

/** Free-text masking ignores secrets shorter than this (a 4-letter secret is inside many words). */
export const MIN_FREE_TEXT = 6;

const WORDS = [
  // Auth modes and their parts.
  'none', 'header', 'basic', 'jwt', 'query', 'ip', 'auth', 'bearer', 'platform', 'merchant',
  // Methods and endpoints.
  'GET', 'POST', 'GetCheckoutCartInfo', 'SendOrderToMerchant', 'PerformOrderPayment', 'UpdateOrderStatus',
  'UpdateOrderShippingInfo', 'SendAdditionalRequiredDocumentsToMerchant', 'NotifyOrderRefund', 'OrderLifecycle', 'Storefront', 'ValidateGiftCard',
  // Table headers, results and summary words.
  'case', 'cases', 'check', 'checks', 'result', 'detail', 'details', 'time', 'pass', 'passed', 'fail', 'failed',
  'warn', 'warning', 'warnings', 'info', 'skip', 'skipped', 'error', 'errored', 'request', 'response', 'reproduce', 'body',
  'negative', 'synthetic', 'order', 'cart', 'refund', 'payment', 'status', 'documents', 'shipping-info',
];

const BASE = new Set(WORDS.map((w) => w.toLowerCase()));

/** True when `s` is one of xborder's own words (or of `extra`, such as the check ids), whatever its case. */
export function isOwnWord(s: string, extra?: ReadonlySet<string>): boolean {
  const lower = s.toLowerCase();
  return BASE.has(lower) || (extra?.has(lower) ?? false);
}
