/**
 * Exchanges as HAR 1.2 entries, masked: credentials in headers (Authorization, cookies, the
 * configured auth header), secrets in the URL, and secrets or card data in either body. A recording
 * is made to be attached to a ticket, so nothing in it may need to be hidden afterwards.
 */
import type { Exchange, ReceivedResponse } from '../model.js';
import type { HarDocument, HarEntry, HarPair, HarWire } from './types.js';

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

/** Header pairs in order, repeated ones kept, each masked on its own. */
function listed(list: [string, string][], mask: HarMask): HarPair[] {
  return list.map(([name, value]) => ({ name, value: mask.headers({ [name]: value })[name] ?? '' }));
}

function header(headers: Record<string, string>, name: string): string | undefined {
  const found = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return found === undefined ? undefined : headers[found];
}

/** The bytes as UTF-8 text, or undefined when they are not valid UTF-8 (a binary body). */
function utf8(bytes: Buffer): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Binary bytes masked: the rules run on their latin1 view (one character per byte), so a secret or
 * a card number written as text inside a binary body is masked there too, and every other byte kept.
 */
function maskedBytes(bytes: Buffer, mask: HarMask): Buffer {
  const view = bytes.toString('latin1');
  const masked = mask.text(view);
  return masked === view ? bytes : Buffer.from(masked, 'latin1');
}

type HarContent = HarEntry['response']['content'];

/**
 * The answer's content as the caller saw it: text when it is UTF-8, base64 (`encoding`) when it is
 * binary; a body that does not decode as its Content-Encoding says is recorded raw, as received,
 * unless what did decode of it carries a secret (then the decoded part, masked, instead).
 */
function contentOf(res: ReceivedResponse, wire: HarWire | undefined, mask: HarMask): Pick<HarContent, 'text' | 'encoding'> & { note?: string } {
  if (wire?.undecodable) {
    const partial = res.body.toString('latin1');
    if (mask.text(partial) === partial) return { text: maskedBytes(wire.rawBody, mask).toString('base64'), encoding: 'base64', note: 'the body does not decode as its Content-Encoding says: recorded raw, as received' };
    return { text: maskBody(res.body.toString('utf8'), mask), note: 'the body does not decode as its Content-Encoding says; what decoded of it is recorded, masked (the raw bytes carry a secret)' };
  }
  const text = utf8(res.body);
  if (text !== undefined) return { text: maskBody(text, mask) };
  return { text: maskedBytes(res.body, mask).toString('base64'), encoding: 'base64' };
}

/** Why the recorded content is not the whole answer, in words (undefined when it is). */
function contentNotes(res: ReceivedResponse, wire: HarWire | undefined, note: string | undefined): string | undefined {
  const notes = [
    ...(res.truncated ? ['cut at the body cap (--max-body)'] : []),
    ...(wire?.brokenOff ? [`partial: the answer broke off after ${wire.rawBody.length} bytes of the body`] : []),
    ...(note ? [note] : []),
    ...(wire?.callerLeft ? ['the caller disconnected before the whole answer reached it'] : []),
  ];
  return notes.length > 0 ? notes.join('; ') : undefined;
}

/**
 * One exchange as a masked HAR entry; `started` is when the request arrived. With `wire` (the
 * proxy's), the entry records what the caller saw: the reason phrase, repeated headers, trailers, a
 * binary body as base64, an undecodable body raw, an answer broken off mid-body with its status,
 * headers and partial body (flagged `_partial`).
 */
export function harEntry(exchange: Exchange, started: Date, mask: HarMask, wire?: HarWire): HarEntry {
  const req = exchange.request;
  const url = mask.text(req.url);
  let query: HarPair[] = [];
  try {
    query = [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    // A URL the redactor changed beyond parsing keeps no query list; the url itself is still there.
  }
  const res = exchange.response;
  const wait = res ? Math.round(res.timeToFirstByteMs) : exchange.durationMs;
  const content = res ? contentOf(res, wire, mask) : undefined;
  const comment = res ? contentNotes(res, wire, content?.note) : undefined;
  // The request as sent, without content-length (a replay computes its own).
  const requestHeaders = wire ? listed(wire.requestHeaders.filter(([name]) => name.toLowerCase() !== 'content-length'), mask) : pairs(req.headers, mask);
  return {
    startedDateTime: started.toISOString(),
    time: exchange.durationMs,
    request: {
      method: req.method,
      url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: requestHeaders,
      queryString: query,
      ...(req.body !== undefined ? { postData: { mimeType: header(req.headers, 'content-type') ?? 'application/json', text: maskBody(req.body, mask) } } : {}),
      headersSize: -1,
      bodySize: req.body === undefined ? 0 : Buffer.byteLength(req.body),
    },
    response: {
      status: res?.status ?? 0,
      statusText: res ? (wire ? wire.statusText : (STATUS_TEXT[res.status] ?? '')) : '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: res ? (wire ? listed(wire.responseHeaders, mask) : pairs(res.headers, mask)) : [],
      content: {
        size: res ? res.body.length : 0,
        mimeType: (res && header(res.headers, 'content-type')) ?? '',
        ...(content ? { text: content.text } : {}),
        ...(content?.encoding ? { encoding: content.encoding } : {}),
        ...(comment ? { comment } : {}),
        ...(wire?.brokenOff ? { _partial: true } : {}),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: res ? (wire ? wire.rawBody.length : res.body.length) : 0,
      ...(exchange.error ? { _error: mask.text(`${exchange.error.code}: ${exchange.error.message}`) } : {}),
      ...(wire && wire.trailers.length > 0 ? { _trailers: listed(wire.trailers, mask) } : {}),
    },
    cache: {},
    timings: { send: 0, wait, receive: Math.max(0, exchange.durationMs - wait) },
  };
}

/** The HAR document of `entries`, created by xborder `version`. */
export function harDocument(entries: HarEntry[], version: string): HarDocument {
  return { log: { version: '1.2', creator: { name: 'xborder', version }, entries } };
}

/** Where the entries of a HAR written as it grows go: between `opening` and `closing`. */
export interface HarFrame {
  opening: string;
  closing: string;
}

/** The text around the entries of the HAR document created by xborder `version`, laid out as JSON.stringify(doc, null, 2) lays it out. */
export function harFrame(version: string): HarFrame {
  const whole = JSON.stringify(harDocument([], version), null, 2);
  const at = whole.indexOf('[]');
  return { opening: whole.slice(0, at + 1), closing: `\n    ${whole.slice(at + 1)}\n` };
}

/** Entry number `index` (from 0) as the text that follows the previous one in a HAR written as it grows (see harFrame). */
export function harEntryText(entry: HarEntry, index: number): string {
  // JSON.stringify writes no raw line break inside a string: every one is between values, and indents.
  return `${index === 0 ? '' : ','}\n      ${JSON.stringify(entry, null, 2).replace(/\n/g, '\n      ')}`;
}
