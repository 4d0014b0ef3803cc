/**
 * The reference platform server: a node:http adapter around `handlePlatformRequest`. It serves
 * ValidateGiftCard with the documented test cards and answers every other indexed operation with
 * an honest 501 ErrorInfo. With a fault it misbehaves on purpose (faults.ts): the answer faults are
 * the handler's; `slow` (sleep first) and `html-502` (an HTML page for everything) are done here.
 */
import { createServer, type IncomingMessage } from 'node:http';
import { listen, type RunningServer } from '../running-server.js';
import { errorInfo, handlePlatformRequest, withFault, type PlatformAnswer } from './handler.js';
import { DEFAULT_SLOW_MS } from './faults.js';

/** Request bodies above this are refused with 413: the mock is not a load target. */
const MAX_BODY_BYTES = 1024 * 1024;

/** One handled request, for a log line (no body: it may carry a card PIN). */
export interface PlatformLogEntry {
  method: string;
  path: string;
  status: number;
}

/** Options of the reference platform. */
export interface MockPlatformOptions {
  /** The only merchant GUID the platform accepts. */
  merchantGUID: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Misbehave in one named way (a name of PLATFORM_FAULTS, checked by the caller); none by default. */
  fault?: string;
  /** How long the `slow` fault sleeps before answering (default 3000 ms). */
  slowMs?: number;
  /** Called after each answer (the CLI prints a line per request). */
  onRequest?: (entry: PlatformLogEntry) => void;
}

/** Starts the reference platform; resolves once it listens. */
export async function startMockPlatform(options: MockPlatformOptions): Promise<RunningServer> {
  const { fault } = options;
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    if (fault === 'slow') await sleep(options.slowMs ?? DEFAULT_SLOW_MS);
    let status: number;
    if (fault === 'html-502') {
      // A gateway in front of the platform: nothing of the platform's answer gets through.
      status = 502;
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(BAD_GATEWAY_PAGE) });
      res.end(BAD_GATEWAY_PAGE);
    } else {
      const answer: PlatformAnswer = body === undefined
        ? withFault(errorInfo(413, 'Payload Too Large', `Request bodies are limited to ${MAX_BODY_BYTES} bytes.`), fault)
        : handlePlatformRequest({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body }, options.merchantGUID, fault);
      status = answer.status;
      const text = JSON.stringify(answer.body);
      res.writeHead(answer.status, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(text),
        ...answer.headers,
      });
      res.end(text);
    }
    options.onRequest?.({ method: req.method ?? 'GET', path: (req.url ?? '/').split('?')[0]!, status });
  });
  return listen(server, options.port ?? 0, options.host ?? '127.0.0.1');
}

/** What the `html-502` fault answers to everything: a gateway's error page. */
const BAD_GATEWAY_PAGE = '<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head>\n<body><h1>502 Bad Gateway</h1><p>The upstream server did not answer.</p></body></html>\n';

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The body as UTF-8 text, or undefined when it is over the limit. */
function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) over = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(over ? undefined : Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(''));
  });
}
