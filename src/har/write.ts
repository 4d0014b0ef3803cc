/**
 * Exchanges as HAR 1.2 entries, masked: credentials in headers (Authorization, cookies, the
 * configured auth header), secrets in the URL, and secrets or card data in either body. A recording
 * is made to be attached to a ticket, so nothing in it may need to be hidden afterwards.
 */
import type { Exchange } from '../model.js';
import type { HarDocument, HarEntry, HarPair } from './types.js';

/** The masking a HAR needs (the run's Redactor provides all three). */
export interface HarMask {
  text(s: string): string;
  json<T>(value: T): T;
  headers<H extends Record<string, string | string[] | undefined>>(h: H): H;
}

const STATUS_TEXT: Record<number, string> = { 200: 'OK', 201: 'Created', 204: 'No Content', 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict', 422: 'Unprocessable Entity', 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout' };

/** A body masked: JSON by its keys and values (kept as sent when nothing needed masking), other text by the rules. */
export function maskBody(text: string, mask: HarMask): string {
  try {
    const parsed: unknown = JSON.parse(text);
    const masked = mask.json(parsed);
    return JSON.stringify(masked) === JSON.stringify(parsed) ? mask.text(text) : JSON.stringify(masked);
  } catch {
    return mask.text(text);
  }
}

function pairs(headers: Record<string, string>, mask: HarMask): HarPair[] {
  return Object.entries(mask.headers(headers)).map(([name, value]) => ({ name, value: value ?? '' }));
}

function header(headers: Record<string, string>, name: string): string | undefined {
  const found = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return found === undefined ? undefined : headers[found];
}

/** One exchange as a masked HAR entry; `started` is when the request arrived. */
export function harEntry(exchange: Exchange, started: Date, mask: HarMask): HarEntry {
  const req = exchange.request;
  const url = mask.text(req.url);
  let query: HarPair[] = [];
  try {
    query = [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    // A URL the redactor changed beyond parsing keeps no query list; the url itself is still there.
  }
  const res = exchange.response;
  const bodyText = res ? res.body.toString('utf8') : '';
  const wait = res ? Math.round(res.timeToFirstByteMs) : exchange.durationMs;
  return {
    startedDateTime: started.toISOString(),
    time: exchange.durationMs,
    request: {
      method: req.method,
      url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(req.headers, mask),
      queryString: query,
      ...(req.body !== undefined ? { postData: { mimeType: header(req.headers, 'content-type') ?? 'application/json', text: maskBody(req.body, mask) } } : {}),
      headersSize: -1,
      bodySize: req.body === undefined ? 0 : Buffer.byteLength(req.body),
    },
    response: {
      status: res?.status ?? 0,
      statusText: res ? (STATUS_TEXT[res.status] ?? '') : '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: res ? pairs(res.headers, mask) : [],
      content: {
        size: res ? res.body.length : 0,
        mimeType: (res && header(res.headers, 'content-type')) ?? '',
        ...(res ? { text: maskBody(bodyText, mask) } : {}),
        ...(res?.truncated ? { comment: 'cut at the body cap (--max-body)' } : {}),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: res ? res.body.length : 0,
      ...(exchange.error ? { _error: mask.text(`${exchange.error.code}: ${exchange.error.message}`) } : {}),
    },
    cache: {},
    timings: { send: 0, wait, receive: Math.max(0, exchange.durationMs - wait) },
  };
}

/** The HAR document of `entries`, created by xborder `version`. */
export function harDocument(entries: HarEntry[], version: string): HarDocument {
  return { log: { version: '1.2', creator: { name: 'xborder', version }, entries } };
}
