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

/**
 * The URL meant by a value typed without its scheme (`127.0.0.1:8788`, `shop.example.com/api`):
 * `http://` for this machine (a local mock server), `https://` for any other host, as the platform
 * calls merchants. Undefined when the value has a scheme already, holds user info (never echoed
 * into a message) or names no host even so.
 */
export function withScheme(value: string): string | undefined {
  const text = value.trim();
  if (text === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(text) || text.includes('@') || /\s/.test(text)) return undefined;
  try {
    const url = new URL(`http://${text.replace(/^\/+/, '')}`);
    if (!url.hostname || !/[.:]|^localhost$/i.test(url.host)) return undefined;
    return `${isLoopbackHost(url.hostname) ? 'http' : 'https'}://${text.replace(/^\/+/, '')}`;
  } catch {
    return undefined;
  }
}
