/**
 * Forwarding one request to the merchant unchanged and streaming its answer back unchanged, for the
 * proxy: method, path, query, headers and body as the caller sent them; status, headers and body
 * bytes as the merchant sent them (content codings included). Beside the stream, at most the body
 * cap of each body is kept for judging, so one exchange never holds more than that. A merchant that
 * cannot be reached or answers too late is answered 502 or 504 by the caller of `forward`.
 */
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { request } from 'undici';
import type { Exchange, HttpSettings, ReceivedResponse, RequestSpec } from '../model.js';
import { getDispatcher } from './agents.js';
import { DEFAULT_HTTP_SETTINGS } from './defaults.js';
import { readCapped } from './read-body.js';
import { toTransportError } from './transport-error.js';

/** Headers that belong to one connection, not to the message (RFC 9110 §7.6.1): never forwarded. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-authorization', 'proxy-authenticate', 'host']);

/** The incoming request, as the proxy's server got it. */
export interface IncomingCall {
  method: string;
  /** Path and query, as sent. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Readable;
}

/** Where the merchant's answer goes: the proxy's response to its caller. */
export interface AnswerSink {
  head(status: number, headers: Record<string, string | string[]>): void;
  /** A promise when the caller reads slower than the merchant sends: forwarding waits for it (backpressure). */
  chunk(data: Buffer): void | Promise<void>;
  end(): void;
}

/** Bytes kept up to a cap; the rest only counted. */
class CappedCopy {
  private readonly parts: Buffer[] = [];
  private kept = 0;
  total = 0;
  constructor(private readonly cap: number) {}
  add(chunk: Buffer): void {
    this.total += chunk.length;
    if (this.kept >= this.cap) return;
    const part = chunk.length <= this.cap - this.kept ? chunk : chunk.subarray(0, this.cap - this.kept);
    this.parts.push(part);
    this.kept += part.length;
  }
  get buffer(): Buffer {
    return Buffer.concat(this.parts);
  }
  get truncated(): boolean {
    return this.total > this.kept;
  }
}

function messageHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(raw)) if (value !== undefined && !HOP_BY_HOP.has(name.toLowerCase())) out[name] = value;
  return out;
}

function flat(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

/**
 * Forwards `call` to `target` (the merchant's base URL: its origin and path prefix) and streams the
 * answer into `sink`. Returns the exchange as judged: the request body and the decoded answer, each
 * cut at the cap. On a transport error nothing was written to `sink` unless the answer had begun;
 * the exchange's `error` says why (the caller answers 502 or 504 when nothing was written).
 */
export async function forward(call: IncomingCall, target: URL, settings: HttpSettings, sink: AnswerSink): Promise<{ exchange: Exchange; answered: boolean }> {
  const s: HttpSettings = { ...DEFAULT_HTTP_SETTINGS, ...settings };
  const started = performance.now();
  const url = new URL(target.pathname.replace(/\/$/, '') + call.path, target.origin);
  const requestCopy = new CappedCopy(s.maxBodyBytes);
  // Streamed through, a capped copy kept on the way.
  async function* tee(): AsyncGenerator<Buffer> {
    for await (const chunk of call.body) {
      requestCopy.add(chunk as Buffer);
      yield chunk as Buffer;
    }
  }
  const body = call.method === 'GET' || call.method === 'HEAD' ? undefined : Readable.from(tee());
  // Recorded as sent to the merchant: without the hop-by-hop headers, and without content-length (a
  // replay or a curl reproduction computes its own).
  const sentHeaders = flat(messageHeaders(call.headers));
  delete sentHeaders['content-length'];
  const spec = (): RequestSpec => ({ method: call.method as RequestSpec['method'], url: url.toString(), headers: sentHeaders, ...(requestCopy.total > 0 ? { body: requestCopy.buffer.toString('utf8') } : {}) });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error('total timeout')), s.timeoutMs);
  let answered = false;
  try {
    const dispatcher = await getDispatcher({ caFile: s.caFile, insecure: s.insecure, connectTimeoutMs: s.connectTimeoutMs });
    const res = await request(url, { method: call.method as 'POST', headers: messageHeaders(call.headers), body, dispatcher, signal: controller.signal, headersTimeout: 0, bodyTimeout: 0 });
    const headers = flat(res.headers);
    sink.head(res.statusCode, messageHeaders(res.headers));
    answered = true;
    const responseCopy = new CappedCopy(s.maxBodyBytes);
    for await (const chunk of res.body) {
      await sink.chunk(chunk as Buffer);
      responseCopy.add(chunk as Buffer);
    }
    sink.end();
    // The judge reads the answer decoded, as `send` gives it; the caller got the bytes as sent.
    const decoded = await readCapped(Readable.from([responseCopy.buffer]), headers['content-encoding'], s.maxBodyBytes);
    const response: ReceivedResponse = { status: res.statusCode, headers, body: decoded.body, truncated: responseCopy.truncated || decoded.truncated, timeToFirstByteMs: 0 };
    return { exchange: { request: spec(), response, durationMs: Math.round(performance.now() - started) }, answered };
  } catch (err) {
    const error = controller.signal.aborted ? { code: answered ? 'TIMEOUT_TOTAL' : 'TIMEOUT_FIRST_BYTE', message: `${url.host} did not answer within ${s.timeoutMs} ms` } : toTransportError(err, url.host);
    return { exchange: { request: spec(), error, durationMs: Math.round(performance.now() - started) }, answered };
  } finally {
    clearTimeout(timer);
  }
}
