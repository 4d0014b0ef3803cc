/**
 * `merchant.orderParams`: URL parameters added to SendOrderToMerchant and the lifecycle calls, as
 * the platform adds them to the merchant's action URLs. Each is a fixed value, or `{cart:NAME}`: the
 * value of the `NAME` entry of the cart's `urlParameters` (which the platform carries into the order
 * as `UrlParameters`). The syntax is apart from `${ENV}` on purpose: an environment reference is
 * resolved once, when the configuration is read; a cart reference per order, from its cart.
 */
import type { XborderConfig } from '../model.js';

/** `{cart:NAME}` (NAME: any characters but `}`). */
const CART_REFERENCE = /^\{cart:([^}]+)\}$/;

/** The order parameters of one request: those resolved, and the cart references left unresolved. */
export interface OrderParams {
  resolved: [string, string][];
  /** `name -> the cart entry it refers to` for references the cart did not provide. */
  missing: { name: string; entry: string }[];
}

/** The cart's url parameters from an order's `UrlParameters` (a JSON string or a list) or a cart's `urlParameters`. */
export function urlParameterValues(source: unknown): Map<string, string> {
  let list: unknown = source;
  if (typeof source === 'string') {
    try {
      list = JSON.parse(source);
    } catch {
      list = undefined;
    }
  }
  const values = new Map<string, string>();
  if (!Array.isArray(list)) return values;
  for (const item of list) {
    if (!item || typeof item !== 'object') continue;
    const entry = item as Record<string, unknown>;
    const key = entry.Key ?? entry.key ?? entry.Name ?? entry.name;
    const value = entry.Value ?? entry.value;
    if (typeof key === 'string' && (typeof value === 'string' || typeof value === 'number')) values.set(key, String(value));
  }
  return values;
}

/** Resolves the configured order parameters against the cart's url parameters. */
export function resolveOrderParams(config: XborderConfig, urlParameters: unknown): OrderParams {
  const values = urlParameterValues(urlParameters);
  const out: OrderParams = { resolved: [], missing: [] };
  for (const [name, spec] of Object.entries(config.merchant.orderParams ?? {})) {
    const reference = CART_REFERENCE.exec(spec);
    if (!reference) out.resolved.push([name, spec]);
    else if (values.has(reference[1]!)) out.resolved.push([name, values.get(reference[1]!)!]);
    else out.missing.push({ name, entry: reference[1]! });
  }
  return out;
}

/** `url` with `params` set (a parameter already in the URL is replaced). */
export function withParams(url: URL, params: [string, string][]): URL {
  for (const [name, value] of params) url.searchParams.set(name, value);
  return url;
}
