import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
import type { Exchange, HttpSettings, ReceivedResponse, RequestSpec, TransportError } from '../model.js';
import { closeAgents, getDispatcher } from './agents.js';
import { sendingStopped } from './stop.js';
import { MAX_BODY_CEILING } from '../config/limits.js';
import { DEFAULT_HTTP_SETTINGS } from './defaults.js';
import { proxyProblem, resolveProxy } from './proxy.js';
import { readCapped } from './read-body.js';
import { NOT_STARTED_CODES, toTransportError } from './transport-error.js';
import { currentLedger } from './ledger.js';

export { closeAgents };

/** The result of one attempt; send() adds the request and the total duration. */
interface Attempt {
  response?: ReceivedResponse;
  error?: TransportError;
}

const ACCEPT_ENCODING = 'gzip, deflate, br';

function hasHeader(headers: Record<string, string>, name: string): boolean {
  const lower = name.toLowerCase();
  return Object.keys(headers).some((k) => k.toLowerCase() === lower);
}

/** Lower-cased names, repeated headers joined with ", " (the shape of ReceivedResponse.headers). */
function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (v === undefined) continue;
    out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

async function attempt(spec: RequestSpec, url: URL, s: HttpSettings): Promise<Attempt> {
  const target = url.host;
  const proxy = resolveProxy(url, s.proxy);
  const badProxy = proxy === undefined ? undefined : proxyProblem(proxy);
  if (badProxy) return { error: { code: 'PROXY', message: badProxy } };
  // Both limits are our own timers on one abort signal: undici's built-in timers tick at about 1 s,
  // too coarse for short limits, and owning them tells us which one fired.
  const controller = new AbortController();
  let fired: 'total' | 'firstByte' | undefined;
  const abortFor = (which: 'total' | 'firstByte') => () => {
    fired ??= which;
    controller.abort(new Error(`${which} timeout`));
  };
  const totalTimer = setTimeout(abortFor('total'), s.timeoutMs);
  const firstByteTimer = s.firstByteTimeoutMs < s.timeoutMs ? setTimeout(abortFor('firstByte'), s.firstByteTimeoutMs) : undefined;
  // No headers yet is TIMEOUT_FIRST_BYTE whichever limit struck (by default both are the same 5 minutes);
  // TIMEOUT_TOTAL means the response began but did not finish in time.
  const timeoutError = (headersCame: boolean): TransportError =>
    headersCame
      ? { code: 'TIMEOUT_TOTAL', message: `the exchange with ${target} did not finish within ${s.timeoutMs} ms` }
      : {
          code: 'TIMEOUT_FIRST_BYTE',
          message: `${target} sent no response headers within ${Math.min(s.firstByteTimeoutMs, s.timeoutMs)} ms`,
        };
  const t0 = performance.now();
  let response: ReceivedResponse | undefined;
  try {
    const dispatcher = await getDispatcher({
      caFile: s.caFile,
      insecure: s.insecure,
      proxy,
      localAddress: spec.localAddress,
      connectTimeoutMs: s.connectTimeoutMs,
    });
    const headers = { ...spec.headers };
    if (!hasHeader(headers, 'accept-encoding')) headers['Accept-Encoding'] = ACCEPT_ENCODING;
    const res = await request(url, {
      method: spec.method,
      headers,
      body: spec.body,
      dispatcher,
      signal: controller.signal,
      headersTimeout: 0,
      bodyTimeout: 0,
    });
    clearTimeout(firstByteTimer);
    const flat = flattenHeaders(res.headers);
    response = {
      status: res.statusCode,
      headers: flat,
      body: Buffer.alloc(0),
      truncated: false,
      timeToFirstByteMs: Math.round(performance.now() - t0),
    };
    // The abort signal reaches the decompressors too: a body that arrived in time may not decode in time.
    const read = await readCapped(res.body, flat['content-encoding'], Math.min(s.maxBodyBytes, MAX_BODY_CEILING), controller.signal);
    response.body = read.body;
    response.truncated = read.truncated;
    if (read.error !== undefined) throw read.error;
    // An answer completed past the limit (its last step outran the timer) is still too late: the
    // platform would have given up on it.
    const tookMs = Math.round(performance.now() - t0);
    if (fired || tookMs > s.timeoutMs) {
      return { response, error: { code: 'TIMEOUT_TOTAL', message: `the exchange with ${target} took ${tookMs} ms, more than the ${s.timeoutMs} ms timeout` } };
    }
    // undici hands the socket back to its pool a tick after the body ends; yielding once lets an
    // immediately following request reuse it instead of opening a new connection.
    await new Promise((resolve) => setImmediate(resolve));
    return { response };
  } catch (err) {
    // A response whose body failed midway is still returned (status, headers, the bytes that came).
    return { response, error: fired ? timeoutError(response !== undefined) : toTransportError(err, target, proxy ? proxyHost(proxy) : undefined) };
  } finally {
    clearTimeout(totalTimer);
    clearTimeout(firstByteTimer);
  }
}

/**
 * Sends one request and never throws: transport problems land in `exchange.error` with a stable code.
 * Redirects are returned as received (never followed); interim 1xx answers before the final one are
 * skipped (see interim.ts); bodies are decoded (gzip, deflate, br; at most MAX_CODINGS stacked) and
 * cut at `maxBodyBytes`, never past MAX_BODY_CEILING (`response.truncated`). An answer that completes
 * after `timeoutMs` (decoding included) comes back with its response and a TIMEOUT_TOTAL error.
 * A response that failed midway (reset, total timeout, corrupt encoding) comes back WITH `error`:
 * status, headers and the bytes that arrived, for debugging; judge `error` first. `exchange.request` is `spec` as given (the Accept-Encoding undici
 * adds is not in it). The total timeout applies per attempt. Only failures to
 * start (refused, DNS, connect timeout: nothing was sent) are retried, `retries` times,
 * `retryIntervalMs` apart; `durationMs` covers every attempt and wait.
 */
export async function send(spec: RequestSpec, settings: HttpSettings): Promise<Exchange> {
  // Recorded in the run's ledger when one is in scope (see ledger.ts): in flight until it ends.
  const scope = currentLedger();
  if (!scope) return sendOnce(spec, settings);
  const entry = scope.ledger.begin(spec, scope.tag);
  const exchange = await sendOnce(spec, settings);
  scope.ledger.end(entry, exchange);
  return exchange;
}

/** send() without the ledger. */
async function sendOnce(spec: RequestSpec, settings: HttpSettings): Promise<Exchange> {
  const s: HttpSettings = { ...DEFAULT_HTTP_SETTINGS, ...stripUndefined(settings) };
  const started = performance.now();
  const done = (a: Attempt): Exchange => ({
    request: spec,
    ...(a.response ? { response: a.response } : {}),
    ...(a.error ? { error: a.error } : {}),
    durationMs: Math.round(performance.now() - started),
  });
  let url: URL;
  try {
    url = new URL(spec.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`unsupported protocol ${url.protocol}`);
  } catch (err) {
    return done({ error: { code: 'INVALID_URL', message: `cannot send to "${spec.url}": ${(err as Error).message}` } });
  }
  for (let n = 0; ; n++) {
    if (sendingStopped()) return done({ error: { code: 'INTERRUPTED', message: 'not sent: the run was interrupted' } });
    const a = await attempt(spec, url, s);
    if (!a.error || a.response || !NOT_STARTED_CODES.has(a.error.code) || n >= s.retries) {
      // Say that the retries happened: "refused" after five minutes of waiting needs explaining.
      return done(n > 0 && a.error ? { ...a, error: { ...a.error, message: `${a.error.message} (${n + 1} attempts, ${s.retryIntervalMs} ms apart)` } } : a);
    }
    await sleep(s.retryIntervalMs);
  }
}

/** host:port of a proxy URL, for messages: never its credentials. */
function proxyHost(proxy: string): string | undefined {
  try {
    return new URL(proxy).host;
  } catch {
    return undefined;
  }
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
