import type { TransportError } from '../model.js';

/** Codes for failures where nothing reached the server, so trying again is safe. */
export const NOT_STARTED_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ENOTFOUND', 'TIMEOUT_CONNECT']);

/** Node/OpenSSL codes that mean the TLS handshake or certificate check failed. */
export const TLS_CODE = /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|HOSTNAME|ALTNAME|EPROTO/i;

/** OpenSSL's codes for a first record that is no TLS at all (plain text where a handshake was due). */
const PLAIN_TEXT_CODES: ReadonlySet<string> = new Set(['ERR_SSL_WRONG_VERSION_NUMBER', 'ERR_SSL_PACKET_LENGTH_TOO_LONG', 'ERR_SSL_HTTP_REQUEST']);

/** Error codes as undici, node:net, node:dns and node:tls report them, collected along `cause`. */
function codesOf(err: unknown): { codes: string[]; messages: string[] } {
  const codes: string[] = [];
  const messages: string[] = [];
  let cur: unknown = err;
  for (let depth = 0; cur && depth < 5; depth++) {
    const e = cur as { code?: unknown; message?: unknown; cause?: unknown; reason?: unknown };
    if (typeof e.code === 'string') codes.push(e.code);
    if (typeof e.message === 'string' && e.message) messages.push(e.message);
    cur = e.cause;
  }
  return { codes, messages };
}

/**
 * Maps any error thrown while sending into the stable codes of `TransportError`
 * (ECONNREFUSED, ENOTFOUND, ECONNRESET, TIMEOUT_CONNECT, TIMEOUT_FIRST_BYTE, TLS, PROXY, PROTOCOL, ...).
 * Unknown node codes pass through unchanged so nothing is hidden; the total timeout is decided by
 * the caller, which owns the abort signal. With `proxy` (its host:port, never its credentials) the
 * only connection this machine opens is to the proxy, so refusals and DNS failures name it.
 */
export function toTransportError(err: unknown, target: string, proxy?: string): TransportError {
  const { codes, messages } = codesOf(err);
  const message = messages[0] ?? String(err);
  const has = (...c: string[]) => codes.some((x) => c.includes(x));
  const theProxy = proxy ? `the proxy ${proxy}` : 'the proxy';
  const peer = proxy ? `${theProxy} (on the way to ${target})` : target;

  if (has('DECODING')) return { code: 'DECODING', message: `${target}: ${message}` };
  if (has('CA_FILE')) return { code: 'CA_FILE', message };
  if (has('PROXY_CLOSED')) return { code: 'PROXY', message: `${theProxy} closed the connection instead of opening a tunnel to ${target}` };
  if (has('ECONNREFUSED')) return { code: 'ECONNREFUSED', message: `connection refused by ${peer}` };
  if (has('ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL', 'EAI_NODATA')) {
    return { code: 'ENOTFOUND', message: `DNS lookup failed for ${peer} (${codes[0]})` };
  }
  if (has('UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT')) {
    return { code: 'TIMEOUT_CONNECT', message: proxy ? `connecting to ${target} through ${theProxy} timed out` : `connecting to ${target} timed out` };
  }
  if (has('UND_ERR_HEADERS_TIMEOUT')) {
    return { code: 'TIMEOUT_FIRST_BYTE', message: `${target} accepted the request but sent no response headers in time` };
  }
  if (has('UND_ERR_BODY_TIMEOUT')) return { code: 'TIMEOUT_TOTAL', message: `${target} stopped sending the body` };
  // Reached and answered, but not in HTTP: a TLS port spoken to in plain http, a raw TCP service, a broken proxy.
  if (has('UND_ERR_HEADERS_OVERFLOW')) return { code: 'PROTOCOL', message: `${target} sent response headers larger than 16 KiB` };
  if (/does not match the HTTP\/1\.1 protocol/.test(message)) return { code: 'PROTOCOL', message: `${target} did not answer in HTTP/1.1: ${message.replace(/^Response does not match the HTTP\/1\.1 protocol /, '')}` };
  const tlsCode = codes.find((c) => TLS_CODE.test(c) && c !== 'PROXY_TLS');
  // OpenSSL reads a plain-text answer ("HTTP/1.1 400 ...") as a TLS record with a nonsense version
  // or length: that is a server without TLS on an https:// URL, and is said so.
  if (tlsCode && (PLAIN_TEXT_CODES.has(tlsCode) || /wrong version number|packet length too long/i.test(message))) {
    return has('PROXY_TLS')
      ? { code: 'TLS', message: `${theProxy} answered in plain HTTP, not TLS, on an https:// proxy URL: give the proxy as http://` }
      : { code: 'TLS', message: `${target} answered in plain HTTP, not TLS, on an https:// URL: use http://${target} (or the server's TLS port)` };
  }
  if (tlsCode) return { code: 'TLS', message: `TLS failure with ${has('PROXY_TLS') ? theProxy : target}: ${message} (${tlsCode})` };
  if (/Proxy response \(\d+\)|Proxy Authentication Required/.test(message)) {
    return { code: 'PROXY', message: `${theProxy} refused the tunnel to ${target}: ${message}` };
  }
  if (has('ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET') || /other side closed|socket hang up/i.test(message)) {
    return { code: 'ECONNRESET', message: `${target} closed the connection early (${message})` };
  }
  if (has('UND_ERR_INVALID_ARG', 'ERR_INVALID_URL', 'ERR_INVALID_ARG_VALUE', 'ERR_INVALID_ARG_TYPE')) {
    return { code: 'INVALID_REQUEST', message: `request to ${target} could not be built: ${message}` };
  }
  const code = codes.find((c) => /^E[A-Z]+$/.test(c)) ?? codes[0] ?? 'ERROR';
  return { code, message: `request to ${target} failed: ${message}` };
}
