/**
 * The proxy's HTTP server (node:http): a request confined below the target's base path
 * (./confine.ts) is forwarded to the merchant unchanged and the merchant's answer streamed back
 * unchanged (src/http/forward.ts); any other request target, CONNECT included, and a GET or HEAD
 * with a body, is refused with 400 before anything is sent. A merchant that cannot be reached is answered 502, one that answers too
 * late 504. Each exchange is handed to `onExchange` once it ended, also when the caller went away
 * mid-answer; nothing a caller or the merchant does can crash the server.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Exchange, HttpSettings } from '../model.js';
import { forward, type AnswerSink, type WireFacts } from '../http/forward.js';
import { flatList, headerPairs } from '../http/forward-headers.js';
import { confine } from './confine.js';

/** One exchange the proxy completed. */
export interface ProxiedExchange {
  exchange: Exchange;
  /** When the request arrived. */
  started: Date;
  /** The status the caller got: the merchant's, or 502/504 from the proxy. */
  status: number;
  /** True when the proxy answered (the merchant could not). */
  byProxy: boolean;
  /** What went over the wire: reason phrase, header lists, trailers, the body as sent. */
  wire: WireFacts;
  /** True when the caller disconnected before the whole answer reached it. */
  callerLeft: boolean;
}

/** A request the proxy refused to forward (it would have left the target's base path or origin). */
export interface RefusedRequest {
  method: string;
  /** The request target as it came on the request line. */
  target: string;
  /** Why, in words. */
  reason: string;
  started: Date;
}

/** How to run the proxy. */
export interface ProxyOptions {
  target: URL;
  host: string;
  port: number;
  settings: HttpSettings;
  onExchange(done: ProxiedExchange): void;
  onRefused(refused: RefusedRequest): void;
}

/** A running proxy. */
export interface RunningProxy {
  url: string;
  /** The address it is bound to, as the system reports it. */
  address: string;
  close(): Promise<void>;
}

/** The status the proxy answers when the merchant could not: 504 for a timeout, 502 otherwise. */
export function gatewayStatus(code: string): number {
  return code.startsWith('TIMEOUT') ? 504 : 502;
}

/** The 400 a refused request gets, as a response head and body. */
function refusal(reason: string): { head: Record<string, string | number>; body: string } {
  const body = JSON.stringify({ error: `xborder proxy: request refused: ${reason}` });
  return { head: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), connection: 'close' }, body };
}

/** True when the caller framed a body: Content-Length above 0, or a transfer coding (chunked). */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length.trim() !== '0');
}

/** The response to the caller as a sink: waits for a slow caller, stops writing to one that left. */
function sinkFor(res: ServerResponse, caller: { left: boolean }): AnswerSink {
  res.on('close', () => {
    if (!res.writableFinished) caller.left = true;
  });
  return {
    head: (status, statusText, headers) => {
      if (res.destroyed) return;
      // The merchant's head, not node's: no Date it did not send.
      res.sendDate = false;
      try {
        res.writeHead(status, statusText, flatList(headers));
      } catch {
        // A reason phrase node will not write (a control character): the status alone.
        res.writeHead(status, flatList(headers));
      }
    },
    // A slow caller slows the merchant's stream down instead of piling its answer up in memory; a
    // caller that left no longer gets writes, but the answer is still read to its end and judged.
    chunk: (data) => {
      if (res.destroyed) return undefined;
      if (res.write(data)) return undefined;
      return new Promise<void>((resolve) => {
        const go = () => {
          res.off('drain', go);
          res.off('close', go);
          resolve();
        };
        res.on('drain', go);
        res.on('close', go);
        if (res.destroyed) go();
      });
    },
    end: (trailers) => {
      if (res.destroyed) return;
      if (trailers.length > 0) res.addTrailers(trailers);
      res.end();
    },
  };
}

/**
 * Why a request with a body is refused for its method: GET and HEAD carry none from the platform,
 * and a merchant (or a server in front of it) that ignores such a body would read it as the next
 * request on the connection.
 */
function bodyRefusal(method: string, req: IncomingMessage): string | undefined {
  if ((method !== 'GET' && method !== 'HEAD') || !hasBody(req)) return undefined;
  return `a ${method} request with a body (the platform sends none, and a merchant that ignores it would read it as a second request)`;
}

async function handle(req: IncomingMessage, res: ServerResponse, options: ProxyOptions): Promise<void> {
  const started = new Date();
  const method = req.method ?? 'GET';
  const confined = confine(method, req.url ?? '', options.target);
  const refused = confined.ok ? bodyRefusal(method, req) : confined.reason;
  if (refused !== undefined) {
    const { head, body } = refusal(refused);
    // The body is read and dropped before the 400 (which closes the connection), so the caller gets
    // the 400 instead of a reset: a socket closed with unread bytes is reset.
    const respond = () => {
      if (res.destroyed) return;
      res.writeHead(400, head);
      res.end(body);
    };
    if (req.complete) respond();
    else {
      req.once('end', respond);
      req.once('error', () => res.destroy());
      req.resume();
    }
    options.onRefused({ method, target: req.url ?? '', reason: refused, started });
    return;
  }
  if (!confined.ok) return;
  const caller = { left: false };
  const call = { method, path: confined.path, headers: headerPairs(req.rawHeaders), hasBody: hasBody(req), body: req };
  const { exchange, answered, wire } = await forward(call, options.target, options.settings, sinkFor(res, caller));
  let status = exchange.response?.status ?? 0;
  let byProxy = false;
  if (exchange.error && !answered) {
    status = gatewayStatus(exchange.error.code);
    byProxy = true;
    const body = JSON.stringify({ error: `xborder proxy: the merchant did not answer (${exchange.error.code}: ${exchange.error.message})` });
    if (!res.headersSent && !res.destroyed) res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  } else if (wire.brokenOff) {
    // The answer broke off mid-body: the caller sees the connection end as the merchant's did.
    res.destroy();
  }
  options.onExchange({ exchange, started, status, byProxy, wire, callerLeft: caller.left });
}

/** CONNECT never reaches `request`: it is refused here, on the raw socket. */
function refuseConnect(req: IncomingMessage, socket: Socket, options: ProxyOptions): void {
  const confined = confine('CONNECT', req.url ?? '', options.target);
  const reason = confined.ok ? 'CONNECT is not forwarded' : confined.reason;
  const { head, body } = refusal(reason);
  const lines = Object.entries(head).map(([k, v]) => `${k}: ${v}\r\n`).join('');
  socket.on('error', () => undefined);
  socket.end(`HTTP/1.1 400 Bad Request\r\n${lines}\r\n${body}`);
  options.onRefused({ method: 'CONNECT', target: req.url ?? '', reason, started: new Date() });
}

/** Starts the proxy on host:port (0: any free port). */
export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const server = createServer((req, res) => {
    handle(req, res, options).catch((err: unknown) => {
      // Never reached by design (forward returns transport errors): a last guard so no request crashes the proxy.
      if (!res.headersSent && !res.destroyed) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`xborder proxy: ${(err as Error).message}`);
    });
  });
  server.on('connect', (req: IncomingMessage, socket: Socket) => refuseConnect(req, socket, options));
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
    else socket.destroy();
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    address: address.address,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
