/**
 * Reading requests and writing answers for the reference merchant. Every answer goes through
 * `writeReply`, which is also where the faults that spoil the wire form (HTML 500, plain text, wrong
 * content type, empty or truncated body) are applied, so each route stays about behaviour.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { invalidJsonReason } from '../invalid-json.js';

/** What a route decided to answer, before any wire fault is applied. */
export interface Reply {
  status: number;
  /** Serialised as JSON. */
  body: unknown;
  /** Extra headers (Allow on a 405). */
  headers?: Record<string, string>;
  /** The body is plain text (a cart token), not JSON: no wire fault or shape applies. */
  text?: boolean;
  /** The body is an HTML page (a framework's crash page), sent as text/html: no wire fault or shape applies. */
  html?: boolean;
  /** Something the person running the mock should know (logged beside the request). */
  note?: string;
}

/** How ResponseInfo answers are written: inside the documented wrapper, or its fields at the top level. */
export type ResponseShape = 'flat' | 'wrapped';

/** Bodies above this are refused; real orders are a few tens of kilobytes. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** Reads the whole request body, or undefined when it exceeds `limit` (MAX_BODY_BYTES unless told). */
export async function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    // Keep draining so the client sees our 413 instead of a reset connection.
    if (size <= limit) chunks.push(buffer);
  }
  return size > limit ? undefined : Buffer.concat(chunks);
}

/** The result of parsing a request body as JSON. */
export type ParsedBody = { ok: true; value: unknown } | { ok: false; reason: string };

/** Parses a body as JSON; an empty body is an error too (both endpoints need one). */
export function parseJson(body: Buffer): ParsedBody {
  const text = body.toString('utf8').replace(/^\uFEFF/, '');
  if (text.trim() === '') return { ok: false, reason: 'The request body is empty; a JSON object is required.' };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, reason: invalidJsonReason(text, error as Error) };
  }
}

/** A ResponseInfo error answer (the shape every real merchant error uses). */
export function errorReply(status: number, message: string, description: string, errorCode = String(status)): Reply {
  return { status, body: { ResponseInfo: { Success: false, ErrorCode: errorCode, Message: message, Description: description } } };
}

/** Writes `reply` in `shape`, spoiling its wire form when `fault` says so. */
export function writeReply(res: ServerResponse, reply: Reply, fault: string | undefined, shape: ResponseShape = 'wrapped'): void {
  if (reply.text) return write(res, reply.status, 'text/plain; charset=utf-8', `${String(reply.body)}\n`, reply.headers);
  if (reply.html) return write(res, reply.status, 'text/html; charset=utf-8', String(reply.body), reply.headers);
  const info = (reply.body as { ResponseInfo?: unknown } | null)?.ResponseInfo;
  const json = JSON.stringify(shape === 'flat' && info && typeof info === 'object' ? info : reply.body);
  const headers = reply.headers ?? {};
  switch (fault) {
    case 'html-500':
      return write(res, 500, 'text/html; charset=utf-8', HTML_500);
    case 'non-json':
      return write(res, reply.status, 'text/plain; charset=utf-8', plainText(reply.body), headers);
    case 'wrong-content-type':
      return write(res, reply.status, 'text/html; charset=utf-8', json, headers);
    case 'empty-body':
      return write(res, reply.status, 'application/json; charset=utf-8', '', headers);
    case 'truncated-json':
      // Content-Length matches what is sent: the HTTP message is complete, the JSON is not.
      return write(res, reply.status, 'application/json; charset=utf-8', json.slice(0, Math.max(1, Math.floor(json.length / 2))), headers);
    default:
      return write(res, reply.status, 'application/json; charset=utf-8', json, headers);
  }
}

/** The header every answer of the reference merchant carries. */
export const REFERENCE_HEADER = 'X-Xborder-Mock';

function write(res: ServerResponse, status: number, contentType: string, text: string, headers: Record<string, string> = {}): void {
  const bytes = Buffer.from(text, 'utf8');
  // Says "the reference merchant" to xborder's runs, which then allow the sample MerchantGUID and cart token.
  res.writeHead(status, { ...headers, [REFERENCE_HEADER]: 'merchant', 'Content-Type': contentType, 'Content-Length': String(bytes.length) });
  res.end(bytes);
}

/** The kind of page a misconfigured framework shows on an unhandled exception. */
const HTML_500 =
  '<!DOCTYPE html>\n<html><head><title>500 Internal Server Error</title></head>\n' +
  '<body><h1>Internal Server Error</h1><p>The server encountered an unexpected condition.</p></body></html>\n';

/** `Key: value` lines, one per ResponseInfo field: what a merchant returning plain text might send. */
function plainText(body: unknown): string {
  const info = (body as { ResponseInfo?: Record<string, unknown> } | null)?.ResponseInfo;
  if (info && typeof info === 'object') {
    return Object.entries(info).map(([k, v]) => `${k}: ${String(v)}`).join('\n') + '\n';
  }
  return 'OK\n';
}
