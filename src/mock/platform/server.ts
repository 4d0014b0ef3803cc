/**
 * The reference platform server: a node:http adapter around `handlePlatformRequest`. It serves
 * ValidateGiftCard with the documented test cards and answers every other indexed operation with
 * an honest 501 ErrorInfo.
 */
import { createServer, type IncomingMessage } from 'node:http';
import { listen, type RunningServer } from '../running-server.js';
import { errorInfo, handlePlatformRequest, type PlatformAnswer } from './handler.js';

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
  /** Called after each answer (the CLI prints a line per request). */
  onRequest?: (entry: PlatformLogEntry) => void;
}

/** Starts the reference platform; resolves once it listens. */
export async function startMockPlatform(options: MockPlatformOptions): Promise<RunningServer> {
  const server = createServer(async (req, res) => {
    let answer: PlatformAnswer;
    const body = await readBody(req);
    if (body === undefined) answer = errorInfo(413, 'Payload Too Large', `Request bodies are limited to ${MAX_BODY_BYTES} bytes.`);
    else answer = handlePlatformRequest({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body }, options.merchantGUID);
    const text = JSON.stringify(answer.body);
    res.writeHead(answer.status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
      ...answer.headers,
    });
    res.end(text);
    options.onRequest?.({ method: req.method ?? 'GET', path: (req.url ?? '/').split('?')[0]!, status: answer.status });
  });
  return listen(server, options.port ?? 0, options.host ?? '127.0.0.1');
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
