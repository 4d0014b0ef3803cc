/**
 * Decodes the URL-encoded values of a whole payload. By default only the fields the interface says
 * travel encoded (the end customer's address blocks, InternationalDetails URLs, the cart's user and
 * address details); with `all`, every string anywhere that looks encoded. The input is never
 * mutated: the decoded document is a copy in which only the decoded strings differ.
 */
import { decodeValue, looksEncoded } from './form-decode.js';
import { encodedFieldPaths } from './encoded-fields.js';
import { escapeToken } from '../validation/pointer.js';

/** One value that decoding changed or found a problem in. */
export interface DecodedValue {
  /** JSON pointer of the value in the payload (`/SecondaryShipping/Email`). */
  path: string;
  /** The value as received. */
  raw: string;
  /** The value decoded (bad sequences kept as written). */
  decoded: string;
  /** One sentence per bad sequence; empty when clean. */
  issues: string[];
  /** True when the value was encoded twice and was decoded a second time. */
  doubleEncoded: boolean;
}

/** Options for decodePayload. */
export interface DecodePayloadOptions {
  /** Decode every string that looks encoded, not only the interface's encoded fields. */
  all?: boolean;
}

/** The decoded copy of the payload and the values that changed (in document order). */
export interface DecodePayloadResult {
  decoded: unknown;
  values: DecodedValue[];
}

/** Decodes a payload's URL-encoded values; see the module comment. Never mutates `doc`. */
export function decodePayload(doc: unknown, opts: DecodePayloadOptions = {}): DecodePayloadResult {
  const targets = encodedFieldPaths(doc);
  const values: DecodedValue[] = [];
  const decoded = walk(doc, (raw, path) => {
    const wanted = targets.has(path) || (opts.all === true && looksEncoded(raw));
    if (!wanted) return raw;
    const result = decodeValue(raw);
    if (result.value === raw && result.issues.length === 0) return raw;
    values.push({ path, raw, decoded: result.value, issues: result.issues, doubleEncoded: result.doubleEncoded });
    return result.value;
  });
  return { decoded, values };
}

/**
 * Copies a JSON value, passing every string through `onString` with its JSON pointer, in document
 * order. Iterative: a hostile document may nest deeper than the call stack goes.
 */
function walk(value: unknown, onString: (raw: string, path: string) => string): unknown {
  if (typeof value === 'string') return onString(value, '');
  if (value === null || typeof value !== 'object') return value;
  type Frame = { source: Record<string, unknown>; target: Record<string, unknown>; keys: string[]; next: number; path: string };
  const open = (source: object, path: string): Frame => ({
    source: source as Record<string, unknown>,
    target: (Array.isArray(source) ? new Array(source.length) : {}) as Record<string, unknown>,
    keys: Object.keys(source),
    next: 0,
    path,
  });
  const root = open(value, '');
  const stack = [root];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    if (frame.next === frame.keys.length) {
      stack.pop();
      continue;
    }
    const key = frame.keys[frame.next++];
    const item = frame.source[key];
    const path = `${frame.path}/${escapeToken(key)}`;
    let out: unknown = item;
    if (typeof item === 'string') out = onString(item, path);
    else if (item !== null && typeof item === 'object') {
      const child = open(item, path);
      stack.push(child);
      out = child.target;
    }
    // defineProperty keeps a "__proto__" key as an own property instead of setting the prototype.
    Object.defineProperty(frame.target, key, { value: out, enumerable: true, writable: true, configurable: true });
  }
  return root.target;
}
