/**
 * The proxy's HTTP server (node:http): every request is forwarded to the merchant unchanged and the
 * merchant's answer streamed back unchanged (src/http/forward.ts). A merchant that cannot be reached
 * is answered 502, one that answers too late 504. Each completed exchange is handed to `onExchange`;
 * nothing a caller or the merchant does can crash the server.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Exchange, HttpSettings } from '../model.js';
import { forward } from '../http/forward.js';

/** One exchange the proxy completed. */
export interface ProxiedExchange {
  exchange: Exchange;
  /** When the request arrived. */
  started: Date;
  /** The status the caller got: the merchant's, or 502/504 from the proxy. */
  status: number;
  /** True when the proxy answered (the merchant could not). */
  byProxy: boolean;
}

/** How to run the proxy. */
export interface ProxyOptions {
  target: URL;
  host: string;
  port: number;
  settings: HttpSettings;
  onExchange(done: ProxiedExchange): void;
}

/** A running proxy. */
export interface RunningProxy {
  url: string;
  close(): Promise<void>;
}

/** The status the proxy answers when the merchant could not: 504 for a timeout, 502 otherwise. */
export function gatewayStatus(code: string): number {
  return code.startsWith('TIMEOUT') ? 504 : 502;
}

async function handle(req: IncomingMessage, res: ServerResponse, options: ProxyOptions): Promise<void> {
  const started = new Date();
  const sink = {
    head: (status: number, headers: Record<string, string | string[]>) => res.writeHead(status, headers),
    // A slow caller slows the merchant's stream down instead of piling its answer up in memory.
    chunk: (data: Buffer): void | Promise<void> => {
      if (res.write(data)) return undefined;
      return new Promise<void>((resolve) => {
        const go = () => {
          res.off('drain', go);
          res.off('close', go);
          resolve();
        };
        res.on('drain', go);
        res.on('close', go);
      });
    },
    end: () => res.end(),
  };
  const { exchange, answered } = await forward({ method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body: req }, options.target, options.settings, sink);
  let status = exchange.response?.status ?? 0;
  let byProxy = false;
  if (exchange.error && !answered) {
    status = gatewayStatus(exchange.error.code);
    byProxy = true;
    const body = JSON.stringify({ error: `xborder proxy: the merchant did not answer (${exchange.error.code}: ${exchange.error.message})` });
    if (!res.headersSent) res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  } else if (exchange.error) {
    // The answer broke off mid-body: the caller sees the connection end as the merchant's did.
    res.destroy();
  }
  options.onExchange({ exchange, started, status, byProxy });
}

/** Starts the proxy on host:port (0: any free port). */
export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const server = createServer((req, res) => {
    handle(req, res, options).catch((err: unknown) => {
      // Never reached by design (forward returns transport errors): a last guard so no request crashes the proxy.
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`xborder proxy: ${(err as Error).message}`);
    });
  });
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
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
