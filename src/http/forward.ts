/**
 * Forwarding one request to the merchant unchanged and streaming its answer back unchanged, for the
 * proxy: method, path, query, headers (repeated ones too) and body as the caller sent them, a GET's
 * body included; status, reason phrase, headers, body bytes (content codings included) and trailers
 * as the merchant sent them. Beside the stream, at most the body cap of each body is kept for
 * judging, so one exchange never holds more than that. A merchant that cannot be reached or answers
 * too late is answered 502 or 504 by the caller of `forward`.
 */
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import type { Exchange, HttpSettings, ReceivedResponse, RequestSpec, TransportError } from '../model.js';
import { getDispatcher } from './agents.js';
import { DEFAULT_HTTP_SETTINGS } from './defaults.js';
import { endToEnd, flatList, headerPairs, joined, type HeaderPair } from './forward-headers.js';
import { readCapped } from './read-body.js';
import { toTransportError } from './transport-error.js';

/** The incoming request, as the proxy's server got it. */
export interface IncomingCall {
  method: string;
  /** Path and query to ask the target's origin for: the caller's, already confined below the base path. */
  path: string;
  /** The caller's headers in order, as `[name, value]` pairs (repeated ones kept). */
  headers: HeaderPair[];
  /** True when the caller sent a body (Content-Length above 0, or chunked), whatever the method. */
  hasBody: boolean;
  body: Readable;
}

/** Where the merchant's answer goes: the proxy's response to its caller. */
export interface AnswerSink {
  head(status: number, statusText: string, headers: HeaderPair[]): void;
  /** A promise when the caller reads slower than the merchant sends: forwarding waits for it (backpressure). */
  chunk(data: Buffer): void | Promise<void>;
  end(trailers: HeaderPair[]): void;
}

/** What went over the wire beside the judged exchange: what the caller saw, for the HAR. */
export interface WireFacts {
  /** The headers sent to the merchant, in order, repeated ones kept. */
  requestHeaders: HeaderPair[];
  /** The answer's reason phrase as the merchant sent it. */
  statusText: string;
  /** The answer's headers as passed on, in order. */
  responseHeaders: HeaderPair[];
  /** Trailers after a chunked body. */
  trailers: HeaderPair[];
  /** The answer's body bytes as sent (content codings kept), at most the body cap. */
  rawBody: Buffer;
  /** True when the merchant's connection ended before its answer was complete. */
  brokenOff: boolean;
  /** True when the body did not decode as its Content-Encoding says. */
  undecodable: boolean;
}

/** What `forward` returns. */
export interface Forwarded {
  /** The exchange as judged: the request as sent, the answer decoded, each cut at the cap. */
  exchange: Exchange;
  /** True once the answer's head was passed to the sink. */
  answered: boolean;
  wire: WireFacts;
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

/** The caller's headers as sent on: end-to-end only, no Host (the target's), no Expect (the proxy answered 100 Continue itself), one Content-Length. */
function requestHeadersOf(call: IncomingCall): HeaderPair[] {
  let length = false;
  return endToEnd(call.headers, ['host', 'expect']).filter(([name]) => {
    if (name.toLowerCase() !== 'content-length') return true;
    const first = !length;
    length = true;
    return first;
  });
}

/** The answer as it arrived: head, body bytes, trailers, or the error that ended it. */
interface Arrival {
  status?: number;
  statusText: string;
  headers: HeaderPair[];
  trailers: HeaderPair[];
  firstByteMs: number;
  error?: unknown;
}

/**
 * Sends `call` to `target`'s origin through undici's dispatcher (raw header lists in and out, the
 * reason phrase and trailers, which undici's `request` does not give) and streams the answer into
 * `sink`, waiting when the sink asks to. Resolves when the answer ended, whole or not.
 */
function dispatchInto(dispatcher: Dispatcher, options: Dispatcher.DispatchOptions, sink: AnswerSink, copy: CappedCopy, started: number, timeout: { fired: boolean; abort?: (e: Error) => void }): Promise<Arrival> {
  const arrival: Arrival = { statusText: '', headers: [], trailers: [], firstByteMs: 0 };
  return new Promise((resolve) => {
    let resume: () => void = () => undefined;
    const handler = {
      onConnect(abort: (err?: Error) => void) {
        timeout.abort = abort;
        if (timeout.fired) abort(new Error('total timeout'));
      },
      onHeaders(status: number, raw: Buffer[], resumeFn: () => void, statusText: string) {
        resume = resumeFn;
        arrival.firstByteMs = performance.now() - started;
        arrival.status = status;
        arrival.statusText = statusText ?? '';
        // Trailer names the trailers to come: kept, unlike the other hop-by-hop headers.
        arrival.headers = endToEnd(headerPairs(raw));
        sink.head(status, arrival.statusText, arrival.headers);
        return true;
      },
      onData(chunk: Buffer) {
        copy.add(chunk);
        const wait = sink.chunk(chunk);
        if (!wait) return true;
        void wait.then(() => resume());
        return false;
      },
      onComplete(trailers: Buffer[] | null) {
        arrival.trailers = headerPairs(trailers);
        sink.end(arrival.trailers);
        resolve(arrival);
      },
      onError(err: Error) {
        arrival.error = err;
        resolve(arrival);
      },
      onUpgrade() {
        // Never asked for (Upgrade is not passed on); undici reports a 101 as an error.
      },
    };
    try {
      dispatcher.dispatch(options, handler as unknown as Dispatcher.DispatchHandler);
    } catch (err) {
      arrival.error = err;
      resolve(arrival);
    }
  });
}

/**
 * Forwards `call` to `target` (the merchant's base URL; `call.path` already holds its base path) and
 * streams the answer into `sink`. On a transport error nothing was written to `sink` unless the
 * answer had begun; the exchange's `error` says why (the caller answers 502 or 504 when nothing was
 * written). An answer that broke off mid-body keeps its status, headers and the bytes that came.
 */
export async function forward(call: IncomingCall, target: URL, settings: HttpSettings, sink: AnswerSink): Promise<Forwarded> {
  const s: HttpSettings = { ...DEFAULT_HTTP_SETTINGS, ...settings };
  const started = performance.now();
  const url = `${target.origin}${call.path}`;
  const host = target.host;
  const requestCopy = new CappedCopy(s.maxBodyBytes);
  // Streamed through, a capped copy kept on the way.
  async function* tee(): AsyncGenerator<Buffer> {
    for await (const chunk of call.body) {
      requestCopy.add(chunk as Buffer);
      yield chunk as Buffer;
    }
  }
  const sent = requestHeadersOf(call);
  // Recorded as sent to the merchant, without content-length (a replay or a curl reproduction computes its own).
  const recordedHeaders = joined(sent.filter(([name]) => name.toLowerCase() !== 'content-length'));
  const spec = (): RequestSpec => ({ method: call.method as RequestSpec['method'], url, headers: recordedHeaders, ...(requestCopy.total > 0 ? { body: requestCopy.buffer.toString('utf8') } : {}) });
  const responseCopy = new CappedCopy(s.maxBodyBytes);
  const timeout: { fired: boolean; abort?: (e: Error) => void } = { fired: false };
  const timer = setTimeout(() => {
    timeout.fired = true;
    timeout.abort?.(new Error('total timeout'));
  }, s.timeoutMs);
  const wire: WireFacts = { requestHeaders: sent, statusText: '', responseHeaders: [], trailers: [], rawBody: Buffer.alloc(0), brokenOff: false, undecodable: false };
  let arrival: Arrival;
  try {
    const dispatcher = await getDispatcher({ caFile: s.caFile, insecure: s.insecure, connectTimeoutMs: s.connectTimeoutMs });
    const options: Dispatcher.DispatchOptions = {
      origin: target.origin,
      path: call.path,
      method: call.method as Dispatcher.HttpMethod,
      headers: flatList(sent),
      // A GET may carry a body too: whether there is one is the caller's framing, not the method.
      body: call.hasBody ? Readable.from(tee()) : null,
      headersTimeout: 0,
      bodyTimeout: 0,
    };
    arrival = await dispatchInto(dispatcher, options, sink, responseCopy, started, timeout);
  } catch (err) {
    arrival = { statusText: '', headers: [], trailers: [], firstByteMs: 0, error: err };
  } finally {
    clearTimeout(timer);
  }
  const answered = arrival.status !== undefined;
  Object.assign(wire, { statusText: arrival.statusText, responseHeaders: arrival.headers, trailers: arrival.trailers, rawBody: responseCopy.buffer });
  let error: TransportError | undefined;
  if (arrival.error !== undefined) {
    error = timeout.fired ? { code: answered ? 'TIMEOUT_TOTAL' : 'TIMEOUT_FIRST_BYTE', message: `${host} did not answer within ${s.timeoutMs} ms` } : toTransportError(arrival.error, host);
    wire.brokenOff = answered;
  }
  const durationMs = Math.round(performance.now() - started);
  if (!answered) return { exchange: { request: spec(), ...(error ? { error } : {}), durationMs }, answered, wire };
  // The judge reads the answer decoded, as `send` gives it; the caller got the bytes as sent.
  const headers = joined(arrival.headers);
  const decoded = await readCapped(Readable.from([responseCopy.buffer]), headers['content-encoding'], s.maxBodyBytes);
  if (decoded.error !== undefined && !wire.brokenOff) {
    wire.undecodable = true;
    error = toTransportError(decoded.error, host);
  }
  const response: ReceivedResponse = { status: arrival.status!, headers, body: decoded.body, truncated: responseCopy.truncated || decoded.truncated, timeToFirstByteMs: Math.round(arrival.firstByteMs) };
  return { exchange: { request: spec(), response, ...(error ? { error } : {}), durationMs }, answered, wire };
}
