/**
 * `--set Path=value` overrides on a payload. A path that exists in the payload is set; a path the
 * kind's schema documents is created (missing objects and arrays included); anything else is a
 * UsageError naming the path and the closest documented name, never a silent no-op. The value is
 * typed by the kind's schema at that path (see typedBySchema), else parsed as JSON when it parses.
 */
import { UsageError } from '../errors.js';
import type { SampleKind } from './catalog.js';
import { depthProblem } from '../io/input-limits.js';
import { formatPath, parsePath, quotedPath, type PathSegment } from './path-syntax.js';
import { loadKindSchema, lookupSchemaPath, schemaTypesAt } from './schema-path.js';
import { closestName } from '../did-you-mean.js';

/** One parsed `Path=value`. */
export interface ParsedSet {
  path: string;
  segments: PathSegment[];
  value: unknown;
  /** The value as typed after the `=`, before parsing (typing by the schema reads it). */
  text?: string;
}

/** Splits at the first `=`; the value is JSON when it parses, else the raw text. */
export function parseSet(set: string): ParsedSet {
  const eq = set.indexOf('=');
  if (eq < 0) throw new UsageError(`Malformed --set "${quotedPath(set)}": expected Path=value, e.g. Products[0].Quantity=3.`);
  const path = set.slice(0, eq);
  const text = set.slice(eq + 1);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = text;
  }
  // The value is copied, typed and validated by recursive walks: a hostile nesting stops here.
  const deep = depthProblem(value);
  if (deep) throw new UsageError(`--set ${quotedPath(path)}: the value ${deep}.`);
  return { path, segments: parsePath(path), value, text };
}

// A number as a person types it: JSON's form plus `.5`, `5.`, `+5` and leading zeros (`007`).
const NUMERIC_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * The value typed by the schema at its path: where only a string is documented (null aside), a
 * number or boolean literal stays the text typed (`CardPin=4321` sends "4321", `OrderId=12345` the
 * string), since a receiver reading a string field would reject the number; where only a number is
 * documented, numeric text is that number (`Price=.5`). Anything else as parsed (JSON when it parses):
 * a quoted `"12"` stays a string everywhere, the way to send a documented number as text on purpose.
 */
export function typedBySchema(set: ParsedSet, types: Set<string> | undefined): unknown {
  if (types === undefined || set.text === undefined) return set.value;
  const documented = [...types].filter((t) => t !== 'null');
  if (documented.length === 0) return set.value;
  const onlyString = documented.every((t) => t === 'string');
  const onlyNumber = documented.every((t) => t === 'number' || t === 'integer');
  if (onlyString && (typeof set.value === 'number' || typeof set.value === 'boolean')) return set.text;
  if (onlyNumber && typeof set.value === 'string' && set.value === set.text && NUMERIC_TEXT.test(set.text.trim())) {
    const n = Number(set.text.trim());
    if (Number.isFinite(n)) return n;
  }
  return set.value;
}

/** Applies every `Path=value` in order to a copy of `doc`; `kind` names the schema that documents new paths. */
export function applyOverrides(doc: unknown, sets: string[], kind?: SampleKind): unknown {
  let result = cloneJson(doc);
  for (const set of sets) result = applyOne(result, parseSet(set), kind);
  return result;
}

/** The value at `path` (same grammar as --set), or `{ found: false }`. */
export function getAtPath(doc: unknown, path: string): { found: boolean; value?: unknown } {
  let node: unknown = doc;
  for (const segment of parsePath(path)) {
    const next = childOf(node, segment);
    if (!next.found) return { found: false };
    node = next.value;
  }
  return { found: true, value: node };
}

function childOf(node: unknown, segment: PathSegment): { found: boolean; value?: unknown } {
  if ('index' in segment) {
    if (Array.isArray(node) && segment.index < node.length) return { found: true, value: node[segment.index] };
  } else if (isPlainObject(node) && Object.prototype.hasOwnProperty.call(node, segment.key)) {
    return { found: true, value: node[segment.key] };
  }
  return { found: false };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Sets one override on `doc` (already a private copy) and returns the document. */
function applyOne(doc: unknown, parsed: ParsedSet, kind: SampleKind | undefined): unknown {
  if (parsed.segments.length === 0) return parsed.value;
  const schema = kind ? loadKindSchema(kind) : undefined;
  const set = schema === undefined ? parsed : { ...parsed, value: typedBySchema(parsed, schemaTypesAt(schema, parsed.segments)) };
  if (getAtPath(doc, set.path).found) return setAt(doc, set, false);
  const lookup = schema === undefined ? undefined : lookupSchemaPath(schema, set.segments);
  if (lookup?.found) return setAt(doc, set, true);
  throw unknownPath(doc, set, kind, lookup && !lookup.found ? lookup : undefined);
}

/** Writes the value, creating missing intermediate containers when `create` (the schema allowed it). */
function setAt(doc: unknown, set: ParsedSet, create: boolean): unknown {
  const { segments } = set;
  const root = doc === null || doc === undefined ? containerFor(segments[0]) : doc;
  let node: unknown = root;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    const last = i === segments.length - 1;
    const where = formatPath(segments.slice(0, i)) || 'the payload';
    if ('index' in segment) {
      if (!Array.isArray(node)) throw new UsageError(`Cannot set ${quotedPath(set.path)}: ${quotedPath(where)} is ${describe(node)}, not an array.`);
      if (segment.index > node.length) {
        throw new UsageError(`Cannot set ${quotedPath(set.path)}: index ${segment.index} is past the end of ${quotedPath(where)} (${node.length} items; [${node.length}] appends).`);
      }
    } else if (!isPlainObject(node)) {
      throw new UsageError(`Cannot set ${quotedPath(set.path)}: ${quotedPath(where)} is ${describe(node)}, not an object.`);
    }
    const container = node as Record<string | number, unknown>;
    const key = 'index' in segment ? segment.index : segment.key;
    if (last) {
      define(container, key, set.value);
      break;
    }
    let child = container[key as keyof typeof container];
    const exists = childOf(node, segment).found;
    if (!exists || child === null) {
      if (!create) throw new UsageError(`Cannot set ${quotedPath(set.path)}: ${quotedPath(formatPath(segments.slice(0, i + 1)))} does not exist.`);
      child = containerFor(segments[i + 1]);
      define(container, key, child);
    }
    node = child;
  }
  return root;
}

/** An own, enumerable property even for names like "__proto__". */
function define(container: Record<string | number, unknown>, key: string | number, value: unknown): void {
  Object.defineProperty(container, key, { value, enumerable: true, writable: true, configurable: true });
}

function containerFor(segment: PathSegment): unknown {
  return 'index' in segment ? [] : {};
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** The error for a path in neither the payload nor the schema, with a "did you mean". */
function unknownPath(doc: unknown, set: ParsedSet, kind: SampleKind | undefined, lookup: { depth: number; candidates: string[] } | undefined): UsageError {
  // Where the payload stops matching the path.
  let payloadDepth = 0;
  let node: unknown = doc;
  while (payloadDepth < set.segments.length) {
    const next = childOf(node, set.segments[payloadDepth]);
    if (!next.found) break;
    node = next.value;
    payloadDepth++;
  }
  const depth = lookup ? Math.max(lookup.depth, payloadDepth) : payloadDepth;
  const segment = set.segments[depth];
  const parent = quotedPath(formatPath(set.segments.slice(0, depth))) || 'the top level';
  const candidates = [...(lookup && lookup.depth === depth ? lookup.candidates : [])];
  if (depth === payloadDepth && isPlainObject(node)) candidates.push(...Object.keys(node));
  const documented = lookup ? ` and not documented in the ${kind} schema` : kind ? ` (the ${kind} schema is not available)` : '';
  let what: string;
  if ('key' in segment) {
    const hint = closestName(segment.key, candidates);
    what = `"${quotedPath(segment.key)}" under ${parent} is not in the payload${documented}.${hint ? ` Did you mean ${hint}?` : ''}`;
  } else {
    what = `${parent}[${segment.index}] is not in the payload${documented}.`;
  }
  return new UsageError(`Unknown --set path ${quotedPath(set.path)}: ${what}`);
}

/** A deep copy of a JSON value that keeps odd keys ("__proto__") as own properties. */
export function cloneJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => cloneJson(v)) as T;
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) define(out, k, cloneJson(v));
    return out as T;
  }
  return value;
}
