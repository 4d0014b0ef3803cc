/**
 * The forms a merchant's answer takes (public-facts, "How deployed merchant integrations behave"):
 * the documented `{ "ResponseInfo": {...} }`, the same fields flat at the top level (what every
 * deployed integration sends), or a web framework's own error body when the merchant's code crashed
 * before answering (`{ "status": 500, "error": "Internal Server Error" }`). Checks and rules read an
 * answer through these helpers so that flat and wrapped are judged alike and paths point into the
 * body as it was sent.
 */
import { keyFor } from './platform-reader.js';
import { escapeToken } from './pointer.js';
import { maskedHead } from '../redact/cut.js';

/** The nine ResponseInfo fields, as the interface documents them. */
export const RESPONSE_INFO_FIELDS = ['Success', 'InternalOrderId', 'OrderId', 'StatusCode', 'PaymentCurrencyCode', 'PaymentAmount', 'ErrorCode', 'Message', 'Description'] as const;

/**
 * - `wrapped`: `{ "ResponseInfo": {...} }` (the documented form; any casing of the wrapper);
 * - `flat`: no wrapper, `Success` (any casing) at the top level beside other ResponseInfo fields or unknown names;
 * - `framework-error`: a framework's JSON error body, no ResponseInfo at all;
 * - `other`: none of these (not an object, or an object without the markers).
 */
export type ResponseShape = 'wrapped' | 'flat' | 'framework-error' | 'other';

/** A ResponseInfo found in an answer: its fields and where they sit. */
export interface UnwrappedResponseInfo {
  shape: 'wrapped' | 'flat';
  /** The object holding the ResponseInfo fields (the body itself when flat); names as sent. */
  info: Record<string, unknown>;
  /** JSON pointer of `info` in the body: `/ResponseInfo` (as spelled) or `` (flat). */
  base: string;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** The key of `obj` that is `name` as the platform's reader matches names (any casing, exact first). */
const keyOf = keyFor;

/** The form of an answer body; see ResponseShape. */
export function responseShape(body: unknown): ResponseShape {
  const o = asRecord(body);
  if (!o) return 'other';
  if (keyOf(o, 'ResponseInfo') !== undefined) return 'wrapped';
  if (keyOf(o, 'Success') !== undefined) return 'flat';
  return isFrameworkErrorBody(o) ? 'framework-error' : 'other';
}

/**
 * The ResponseInfo of an answer, flat or wrapped, or undefined when there is none (no wrapper and no
 * top-level Success, or a wrapper that is not an object). Field names are left as sent.
 */
export function unwrapResponseInfo(body: unknown): UnwrappedResponseInfo | undefined {
  const o = asRecord(body);
  if (!o) return undefined;
  const wrapper = keyOf(o, 'ResponseInfo');
  if (wrapper !== undefined) {
    const info = asRecord(o[wrapper]);
    return info ? { shape: 'wrapped', info, base: `/${escapeToken(wrapper)}` } : undefined;
  }
  return keyOf(o, 'Success') !== undefined ? { shape: 'flat', info: o, base: '' } : undefined;
}

/** Statuses a framework error body carries: an HTTP error status, or JSend's words. */
function isErrorStatus(value: unknown): boolean {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{3}$/.test(value.trim()) ? Number(value) : NaN;
  if (Number.isInteger(n)) return n >= 400 && n <= 599;
  return typeof value === 'string' && /^(error|fail)$/i.test(value.trim());
}

/**
 * True for a web framework's JSON error body: an error status (`status` or `statusCode`: 4xx/5xx, or
 * JSend's "error"/"fail") with a text (`error`, `title`, `message` or `detail`), and no ResponseInfo
 * marker. Spring Boot (`{ timestamp, status, error, path, message }`), RFC 7807 problem details
 * (`{ type, title, status, detail }`, ASP.NET Core, Symfony) and JSend bodies are such. The merchant's
 * code failed before it could answer; the platform reads the call only as failed.
 */
export function isFrameworkErrorBody(body: unknown): boolean {
  const o = asRecord(body);
  if (!o || keyOf(o, 'ResponseInfo') !== undefined || keyOf(o, 'Success') !== undefined) return false;
  const status = keyOf(o, 'status') ?? keyOf(o, 'statusCode');
  if (status === undefined || !isErrorStatus(o[status])) return false;
  return ['error', 'title', 'message', 'detail'].some((name) => {
    const key = keyOf(o, name);
    return key !== undefined && typeof o[key] === 'string';
  });
}

/** A framework error body in a few words for a finding: `status 500: "Internal Server Error"`. */
export function describeFrameworkError(body: unknown): string {
  const o = asRecord(body) ?? {};
  const status = o[keyOf(o, 'status') ?? keyOf(o, 'statusCode') ?? ''];
  const textKey = ['error', 'title', 'message', 'detail'].map((n) => keyOf(o, n)).find((k) => k !== undefined && typeof o[k] === 'string');
  // Masked on the whole line, then cut (a cut first would leave a piece of an echoed secret).
  const head = textKey === undefined ? undefined : maskedHead(String(o[textKey]).split(/\r?\n/)[0]!, 80);
  const text = head === undefined ? '' : head.cut ? `${head.text}…` : head.text;
  return `status ${String(status)}${text ? `: ${JSON.stringify(text)}` : ''}`;
}

/**
 * Maps a pointer into the wrapped form (`/ResponseInfo/...`) to the flat body as it was sent
 * (`/...`); other pointers are returned unchanged.
 */
export function wrappedToFlat(pointer: string): string {
  if (pointer === '/ResponseInfo') return '';
  return pointer.startsWith('/ResponseInfo/') ? pointer.slice('/ResponseInfo'.length) : pointer;
}
