/**
 * The platform's error body, `ErrorInfo`: `Code` (a string even when numeric, e.g. "401"),
 * `Error` (the message) and `Description`. Recognised case-insensitively, as .NET writes and reads it.
 */

/** An ErrorInfo body as received (values turned into text for display). */
export interface ErrorInfoBody {
  code?: string;
  error?: string;
  description?: string;
}

/** The property of `doc` named `name`, case-insensitively; undefined when `doc` is not an object. */
export function fieldOf(doc: unknown, name: string): unknown {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return undefined;
  const lower = name.toLowerCase();
  const hit = Object.keys(doc).find((k) => k.toLowerCase() === lower);
  return hit === undefined ? undefined : (doc as Record<string, unknown>)[hit];
}

const text = (value: unknown): string | undefined =>
  value === undefined || value === null ? undefined : typeof value === 'string' ? value : JSON.stringify(value);

/**
 * The ErrorInfo in `doc`, or undefined when `doc` does not look like one: an object with a `Code`
 * or an `Error`, and no more than a few other keys (so a large payload that happens to have a
 * `Code` field is not mistaken for an error).
 */
export function recognizeErrorInfo(doc: unknown): ErrorInfoBody | undefined {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return undefined;
  const code = fieldOf(doc, 'Code');
  const error = fieldOf(doc, 'Error');
  if (code === undefined && error === undefined) return undefined;
  const known = ['code', 'error', 'description'];
  const others = Object.keys(doc).filter((k) => !known.includes(k.toLowerCase()));
  if (others.length > 3) return undefined;
  return { code: text(code), error: text(error), description: text(fieldOf(doc, 'Description')) };
}

/** One line for a table or message: `401 Unauthorized: The merchant GUID ...`. */
export function describeErrorInfo(info: ErrorInfoBody): string {
  const head = [info.code, info.error].filter(Boolean).join(' ');
  return info.description ? `${head}${head ? ': ' : ''}${info.description}` : head;
}
