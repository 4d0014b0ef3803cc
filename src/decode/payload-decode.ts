/**
 * Decodes the URL-encoded values of a whole payload, deciding value by value from the evidence in
 * each (./evidence.ts): a value with a literal space, or with neither `%XX` nor `+`, was not encoded
 * and stays exactly as sent. By default only the places the interface encodes are looked at: every
 * order's address blocks (the end customer's and, when they carry encoded values, the hub's, with a
 * note) and its InternationalDetails URLs. Carts are sent raw by merchants and change nothing. With
 * `all`, every string anywhere that looks encoded and has the evidence is decoded too. The input is
 * never mutated: the decoded document is a copy in which only the decoded strings differ.
 */
import type { Finding } from '../model.js';
import { analyzeEncoding, type ValueRole } from './encoding-analysis.js';
import { valueNotes } from './encoding-notes.js';
import { wasFormEncoded } from './evidence.js';
import { decodeValue, looksEncoded, type DecodeValueResult } from './form-decode.js';
import { escapeToken } from '../validation/pointer.js';

export type { ValueRole } from './encoding-analysis.js';

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
  /**
   * Where it sits: `hub` is a block Customer.IsEndCustomerPrimary gives the platform's hub, decoded
   * because the value itself was encoded (a note on the block says so); `other` is outside the
   * interface's encoded places (`--all`).
   */
  role: ValueRole;
}

/** Options for decodePayload. */
export interface DecodePayloadOptions {
  /** Decode every string that looks encoded, not only the interface's encoded fields. */
  all?: boolean;
}

/** The decoded copy of the payload, the values that changed (in document order) and the notes. */
export interface DecodePayloadResult {
  decoded: unknown;
  values: DecodedValue[];
  /**
   * What decoding noticed, as findings with JSON pointers: encoded values in a hub block (info), the
   * end customer's values sent unencoded (info), double encoding and bad sequences (warning). The
   * `end-customer-encoding` rule reports the same for `validate`.
   */
  notes: Finding[];
}

/** Decodes a payload's URL-encoded values; see the module comment. Never mutates `doc`. */
export function decodePayload(doc: unknown, opts: DecodePayloadOptions = {}): DecodePayloadResult {
  const analysis = analyzeEncoding(doc);
  const values: DecodedValue[] = [];
  const extraNotes: Finding[] = [];
  const decoded = walk(doc, (raw, path) => {
    let role: ValueRole;
    let result: DecodeValueResult;
    const known = analysis.decoded.get(path);
    if (known) ({ role, result } = known);
    else if (opts.all === true && looksEncoded(raw) && wasFormEncoded(raw)) {
      role = 'other';
      result = decodeValue(raw);
      extraNotes.push(...valueNotes(path, raw, result));
    } else return raw;
    if (result.value === raw && result.issues.length === 0) return raw;
    values.push({ path, raw, decoded: result.value, issues: result.issues, doubleEncoded: result.doubleEncoded, role });
    return result.value;
  });
  return { decoded, values, notes: [...analysis.notes, ...extraNotes] };
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
