import type { HttpSettings } from '../model.js';
import { isLoopbackHost } from './proxy.js';

/**
 * Warning for a plain http:// URL to another machine (credentials and card data would travel in
 * clear text); undefined for https and for loopback targets such as a local mock server.
 */
export function plainHttpWarning(url: string): string | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return undefined;
  }
  if (u.protocol !== 'http:' || isLoopbackHost(u.hostname)) return undefined;
  return `${u.origin} is plain http://: credentials and order data travel unencrypted; the platform calls merchants over https.`;
}

/** Warning when TLS verification is switched off (printed on every run so it is not forgotten). */
export function insecureWarning(settings: Pick<HttpSettings, 'insecure'>): string | undefined {
  return settings.insecure
    ? 'TLS certificate verification is disabled (--insecure): anyone on the path could read or change this traffic.'
    : undefined;
}

/** The path of `url` (no query: a query may carry a credential); the text itself when it is no URL. */
export function urlPath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}
