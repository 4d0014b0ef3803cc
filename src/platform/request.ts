/**
 * Builds the requests xborder sends to the platform. The merchant identifies itself by its GUID
 * only (query parameter `merchantGUID`, or header `MerchantGUID` when `platform.guidIn` is
 * "header"); no other credentials travel on platform calls.
 */
import { ConfigError } from '../errors.js';
import type { RequestSpec, XborderConfig } from '../model.js';

/** Where the GUID travels on a platform call. */
export type GuidPlacement = XborderConfig['platform']['guidIn'];

/**
 * `{platform.baseUrl}{path}`: the path is appended to the base URL's path, and a query string of
 * the base URL (an API key some gateways want) stays the query, never swallows the path. A
 * ConfigError naming the three ways to set the base URL when none is set.
 */
export function platformUrl(config: XborderConfig, path: string): string {
  const base = config.platform.baseUrl;
  if (!base) {
    throw new ConfigError([
      'platform.baseUrl is not set: add "platform": { "baseUrl": "https://..." } to xborder.config.json, set XBORDER_PLATFORM_URL, or pass --platform-url',
    ]);
  }
  const url = new URL(base);
  const [pathname = '', query] = path.split(/\?(.*)/s);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${pathname.startsWith('/') ? pathname : `/${pathname}`}`;
  // A query typed with the path (`/Order/GetOrdersDetails?page=2`) joins the base URL's own.
  if (query) url.search = [url.search.slice(1), query].filter(Boolean).join('&');
  return url.toString();
}

/** A POST of `body` (JSON text) to `url`, carrying the merchant GUID where `guidIn` says. */
export function platformRequest(url: string, body: string, merchantGUID: string, guidIn: GuidPlacement): RequestSpec {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  let target = url;
  if (guidIn === 'header') headers['MerchantGUID'] = merchantGUID;
  else {
    const parsed = new URL(url);
    parsed.searchParams.set('merchantGUID', merchantGUID);
    target = parsed.toString();
  }
  return { method: 'POST', url: target, headers, body };
}
