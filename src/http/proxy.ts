/**
 * Which proxy a request goes through. An explicit `proxy` setting always wins (the user asked for it
 * on this run); otherwise the conventional environment variables apply: HTTPS_PROXY/https_proxy for
 * https targets, HTTP_PROXY/http_proxy for http targets, NO_PROXY/no_proxy excluding hosts.
 * Like Go's net/http, loopback targets never use an environment proxy: a proxy configured for the
 * company network must not swallow requests to a mock server on 127.0.0.1.
 */

/** True for localhost names and loopback IPs (127.0.0.0/8, ::1). */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(h) || h === '::1' || h === '::ffff:127.0.0.1';
}

/** NO_PROXY matching as curl does it: `*`, exact host, domain suffix (`example.com` and `.example.com`), optional `:port`. */
export function matchesNoProxy(url: URL, noProxy: string | undefined): boolean {
  if (!noProxy) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  for (const raw of noProxy.split(/[,\s]+/)) {
    let entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry === '*') return true;
    let entryPort: string | undefined;
    const m = /^(.*?)(?::(\d+))?$/.exec(entry.startsWith('[') ? entry.replace(/^\[(.*)\](.*)$/, '$1$2') : entry);
    if (m && m[2] && !entry.includes('::')) {
      entry = m[1] ?? entry;
      entryPort = m[2];
    }
    if (entryPort && entryPort !== port) continue;
    const bare = entry.replace(/^\*?\./, '');
    if (host === bare || host.endsWith(`.${bare}`)) return true;
  }
  return false;
}

/** The proxy URL for `url`, or undefined for a direct connection. */
export function resolveProxy(
  url: URL,
  explicit: string | undefined,
  env: Record<string, string | undefined> = process.env,
): string | undefined {
  if (explicit) return explicit;
  const fromEnv =
    url.protocol === 'https:' ? env.HTTPS_PROXY ?? env.https_proxy : env.HTTP_PROXY ?? env.http_proxy;
  if (!fromEnv) return undefined;
  if (isLoopbackHost(url.hostname)) return undefined;
  if (matchesNoProxy(url, env.NO_PROXY ?? env.no_proxy)) return undefined;
  // `HTTPS_PROXY=proxy:3128` without a scheme means http://, as curl and Go read it.
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(fromEnv) ? fromEnv : `http://${fromEnv}`;
}

/**
 * Why `proxy` cannot be used, or undefined when it is an http:// or https:// URL. The message never
 * repeats the value: a proxy URL may carry a password.
 */
export function proxyProblem(proxy: string): string | undefined {
  let u: URL;
  try {
    u = new URL(proxy);
  } catch {
    return 'the proxy setting (--proxy, proxy, HTTPS_PROXY or HTTP_PROXY) is not a URL';
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    return `the proxy ${u.host || '(no host)'} is a ${u.protocol.replace(/:$/, '')} proxy; xborder supports http:// and https:// proxies`;
  }
  return undefined;
}
