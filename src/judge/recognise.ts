/**
 * Which merchant endpoint a request is for, from the configured paths: the cart, the order, the
 * lifecycle calls. Used by every source of exchanges xborder did not send itself (the proxy, a HAR
 * file, a replay), so they are judged as `check` judges the ones it sends.
 */
import type { Endpoint, LifecycleEvent, XborderConfig } from '../model.js';
import { merchantUrl } from '../merchant/requests.js';
import { EVENT_SPECS } from '../merchant/events/bodies.js';
import type { PayloadKind } from '../validation/kinds.js';

/** A recognised request: its endpoint and the payload kind of its body. */
export type Recognised =
  | { endpoint: 'GetCheckoutCartInfo'; call: 'cart' }
  | { endpoint: 'SendOrderToMerchant'; call: 'order'; kind: 'order' }
  | { endpoint: Endpoint; call: 'event'; event: LifecycleEvent; kind: PayloadKind };

/** The payload kind of each lifecycle call's body. */
const EVENT_KINDS: Record<LifecycleEvent, PayloadKind> = { payment: 'payment-request', status: 'status-update', 'shipping-info': 'shipping-info', documents: 'documents', refund: 'refund' };

/** A path without its trailing slash, for comparing. */
function bare(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/**
 * Recognises `method url` against the merchant's configured paths (under merchant.baseUrl's path;
 * the host is not compared: a proxy or a HAR file names another one). Undefined: not an endpoint
 * of the interface.
 */
export function recognise(config: XborderConfig, method: string, url: string): Recognised | undefined {
  let pathname: string;
  try {
    pathname = bare(new URL(url, 'http://recorded.invalid').pathname);
  } catch {
    return undefined;
  }
  // Without a configured merchant URL (validating a HAR file), the paths alone are compared.
  const located = config.merchant.baseUrl ? config : { ...config, merchant: { ...config.merchant, baseUrl: 'http://merchant.invalid/' } };
  const at = (path: string) => bare(merchantUrl(located, path).pathname) === pathname;
  const m = method.toUpperCase();
  if (at(config.merchant.cartPath) && (m === 'GET' || m === 'POST')) return { endpoint: 'GetCheckoutCartInfo', call: 'cart' };
  if (m !== 'POST') return undefined;
  if (at(config.merchant.orderPath)) return { endpoint: 'SendOrderToMerchant', call: 'order', kind: 'order' };
  for (const spec of Object.values(EVENT_SPECS)) {
    if (at(spec.path(config))) return { endpoint: spec.endpoint, call: 'event', event: spec.event, kind: EVENT_KINDS[spec.event] };
  }
  return undefined;
}
