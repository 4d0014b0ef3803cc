/**
 * Does a `--set` path exist in a payload kind's JSON Schema, and which JSON types does the schema
 * allow there? Follows `properties` (and the documented `x-aliases` and `x-documented-aliases`),
 * `items`/`prefixItems`, local `$ref`s and `anyOf`/`oneOf`/`allOf` branches.
 * Property names are case-sensitive, as documented. A schema that leaves a value open (no
 * properties or items declared) accepts any path below it: nothing documents its shape.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from './package-root.js';
import type { PathSegment } from './path-syntax.js';

/** A JSON Schema node (2020-12): an object or a boolean schema. */
export type JsonSchema = boolean | { [keyword: string]: unknown };

/** The outcome of looking a path up: found, or where it stopped and the names documented there. */
export type SchemaLookup = { found: true } | { found: false; depth: number; candidates: string[] };

const cache = new Map<string, JsonSchema | undefined>();

/** The schema of a payload kind from schemas/<kind>.schema.json, or undefined when not shipped. */
export function loadKindSchema(kind: string): JsonSchema | undefined {
  if (cache.has(kind)) return cache.get(kind);
  let schema: JsonSchema | undefined;
  try {
    schema = JSON.parse(readFileSync(join(packageRoot(), 'schemas', `${kind}.schema.json`), 'utf8')) as JsonSchema;
  } catch {
    schema = undefined;
  }
  cache.set(kind, schema);
  return schema;
}

/** Looks `segments` up in `root`; on failure reports the failing depth and the names known there. */
export function lookupSchemaPath(root: JsonSchema, segments: PathSegment[]): SchemaLookup {
  const found = walk(root, segments);
  return 'nodes' in found ? { found: true } : found;
}

/**
 * The JSON types (`string`, `number`, `integer`, `boolean`, `null`, `object`, `array`) the schema
 * allows at `segments`, or undefined when the path is not documented or some schema there leaves the
 * type open (no `type`: anything goes). With several schemas at the path (aliases, combinator
 * branches, a map's `additionalProperties` beside a named property) the union of their types.
 */
export function schemaTypesAt(root: JsonSchema, segments: PathSegment[]): Set<string> | undefined {
  const found = walk(root, segments);
  if (!('nodes' in found)) return undefined;
  const types = new Set<string>();
  for (const node of found.nodes) {
    if (!isObj(node)) return undefined;
    const t = node.type;
    if (typeof t === 'string') types.add(t);
    else if (Array.isArray(t)) for (const one of t) types.add(String(one));
    // A node without a type is open unless it only combines or refers: its branches (already in
    // `nodes`, expanded) carry the types; a pinned enum or const says nothing about the type here.
    else if (!isCombinator(node)) return undefined;
  }
  return types.size > 0 ? types : undefined;
}

/** The schemas at `segments` (each expanded through $ref and combinators), or where the walk stopped. */
function walk(root: JsonSchema, segments: PathSegment[]): { nodes: JsonSchema[] } | { found: false; depth: number; candidates: string[] } {
  let current = expand(root, [root]);
  for (let depth = 0; depth < segments.length; depth++) {
    const segment = segments[depth];
    const next: JsonSchema[] = [];
    const candidates = new Set<string>();
    for (const node of current) {
      if ('key' in segment) stepKey(node, segment.key, next, candidates);
      else stepIndex(node, segment.index, next);
    }
    if (next.length === 0) return { found: false, depth, candidates: [...candidates].sort() };
    current = next.flatMap((n) => expand(n, [root]));
  }
  return { nodes: current };
}

function isObj(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function has(obj: Record<string, unknown>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

/** The node itself plus every schema it refers to through $ref and the combinators. */
function expand(node: JsonSchema, roots: JsonSchema[], seen = new Set<unknown>()): JsonSchema[] {
  if (seen.has(node)) return [];
  seen.add(node);
  if (!isObj(node)) return [node];
  const out: JsonSchema[] = [node];
  if (typeof node.$ref === 'string') {
    const target = resolveRef(roots[0], node.$ref);
    if (target !== undefined) out.push(...expand(target, roots, seen));
  }
  for (const keyword of ['anyOf', 'oneOf', 'allOf']) {
    const branches = node[keyword];
    if (Array.isArray(branches)) for (const b of branches) out.push(...expand(b as JsonSchema, roots, seen));
  }
  return out;
}

/** Resolves a local reference (`#/$defs/Customer`); remote references are not followed. */
function resolveRef(root: JsonSchema, ref: string): JsonSchema | undefined {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const token = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObj(node) || !has(node, token)) return undefined;
    node = node[token];
  }
  return node as JsonSchema;
}

/** True when the node combines or refers (its branches carry the shape) or pins its value. */
function isCombinator(node: Record<string, unknown>): boolean {
  // enum/const pin the value, so they close it just like a declared shape.
  return '$ref' in node || 'anyOf' in node || 'oneOf' in node || 'allOf' in node || 'enum' in node || 'const' in node;
}

function allowsType(node: Record<string, unknown>, type: string): boolean {
  const t = node.type;
  if (t === undefined) return true;
  return t === type || (Array.isArray(t) && t.includes(type));
}

/** The other documented names of a property: its aliases (`x-aliases`) and documented aliases (`x-documented-aliases`). */
function otherNames(prop: unknown): unknown[] {
  if (!isObj(prop)) return [];
  return ['x-aliases', 'x-documented-aliases'].flatMap((k) => (Array.isArray(prop[k]) ? (prop[k] as unknown[]) : []));
}

function stepKey(node: JsonSchema, key: string, next: JsonSchema[], candidates: Set<string>): void {
  if (node === true) return void next.push(true);
  if (!isObj(node)) return;
  const props = isObj(node.properties) ? node.properties : undefined;
  if (props) {
    for (const [name, prop] of Object.entries(props)) {
      candidates.add(name);
      if (name === key || otherNames(prop).includes(key)) next.push(prop as JsonSchema);
    }
  }
  if (isObj(node.patternProperties)) {
    for (const [pattern, prop] of Object.entries(node.patternProperties)) {
      if (safeTest(pattern, key)) next.push(prop as JsonSchema);
    }
  }
  if (isObj(node.additionalProperties)) next.push(node.additionalProperties as JsonSchema);
  const declaresShape = props !== undefined || node.patternProperties !== undefined || node.additionalProperties !== undefined;
  if (!declaresShape && !isCombinator(node) && allowsType(node, 'object')) next.push(true);
}

function stepIndex(node: JsonSchema, index: number, next: JsonSchema[]): void {
  if (node === true) return void next.push(true);
  if (!isObj(node)) return;
  const prefix = Array.isArray(node.prefixItems) ? (node.prefixItems as JsonSchema[]) : undefined;
  if (prefix && index < prefix.length) return void next.push(prefix[index]);
  if (node.items !== undefined && node.items !== false) return void next.push(node.items as JsonSchema);
  if (node.items === undefined && !prefix && !isCombinator(node) && allowsType(node, 'array')) next.push(true);
}

function safeTest(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    return false;
  }
}
