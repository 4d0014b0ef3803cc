/**
 * The second stage of shrinking, after fast-check's: a domain pass over the failing value that
 * makes big cuts in few requests. fast-check shrinks field by field and character by character,
 * which on an order of 60 products and 200-character addresses takes thousands of requests; this
 * pass tries whole groups of edits at once (the chunks of delta debugging, halved until single
 * edits) and keeps every group after which the merchant still fails the same way:
 *  1. remove array elements (products, discounts, attributes...);
 *  2. set fields to their simplest value (left out, false, 0, 1, the first code);
 *  3. remove characters of the strings left;
 *  4. replace the characters left by `a`.
 * The passes repeat while one of them made the value smaller.
 */
import { ABSENT } from './optional.js';

/** A path into the value (object keys and array indexes). */
export type Path = (string | number)[];

/** What the pass may do to a value: which fields it may simplify, and to what. */
export interface ReduceRules {
  /** The simplest value of the field at `path` (undefined: leave it). */
  simplest(path: Path, value: unknown): unknown;
  /** The fewest elements the array at `path` may keep. */
  minItems(path: Path): number;
  /** Strings at `path` whose characters may be removed or replaced (not codes such as a currency). */
  freeText(path: Path): boolean;
}

/** Whether a candidate still fails the same way (one request), or undefined when the budget is spent. */
export type StillFails<T> = (candidate: T) => Promise<boolean | undefined>;

/** A deep copy that keeps ABSENT (structuredClone refuses symbols). */
function copy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copy) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)])) as T;
  return value;
}

/** Sets the value at `path`; nothing when an edit before it left the parent out. */
function set(root: unknown, path: Path, value: unknown): void {
  const parent = get(root, path.slice(0, -1));
  if (parent && typeof parent === 'object') (parent as Record<string | number, unknown>)[path[path.length - 1]!] = value;
}

function get(root: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string | number, unknown>)[key] : undefined), root);
}

/** Every node of `value` with its path, depth first. */
function* nodes(value: unknown, path: Path = []): Generator<[Path, unknown]> {
  yield [path, value];
  if (Array.isArray(value)) for (let i = 0; i < value.length; i++) yield* nodes(value[i], [...path, i]);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* nodes(v, [...path, k]);
}

/**
 * Applies as many of `edits` as it can, in chunks of halving size: a chunk is kept when the value
 * with it (and every chunk kept before) still fails. Returns the value with the kept edits, or
 * undefined when nothing could be kept.
 */
async function keepEdits<T, E>(value: T, edits: E[], apply: (value: T, edits: E[]) => T | undefined, stillFails: StillFails<T>): Promise<{ value: T; kept: number; spent: boolean }> {
  let kept: E[] = [];
  let pending = edits;
  let best = value;
  for (let size = pending.length; size >= 1; size = Math.floor(size / 2)) {
    for (let i = 0; i < pending.length; ) {
      const chunk = pending.slice(i, i + size);
      const candidate = apply(value, [...kept, ...chunk]);
      const fails = candidate === undefined ? false : await stillFails(candidate);
      if (fails === undefined) return { value: best, kept: kept.length, spent: true };
      if (fails) {
        kept = [...kept, ...chunk];
        best = candidate!;
        pending = [...pending.slice(0, i), ...pending.slice(i + size)];
      } else i += size;
    }
  }
  return { value: best, kept: kept.length, spent: false };
}

/** Removing array elements: each edit names one element. */
function removeElements<T>(rules: ReduceRules) {
  return (value: T, edits: { array: Path; index: number }[]): T | undefined => {
    const out = copy(value);
    const byArray = new Map<string, { array: Path; indexes: Set<number> }>();
    for (const e of edits) {
      const key = JSON.stringify(e.array);
      const entry = byArray.get(key) ?? { array: e.array, indexes: new Set<number>() };
      entry.indexes.add(e.index);
      byArray.set(key, entry);
    }
    // Deepest arrays first, so removing from a product's children never shifts the product.
    for (const { array, indexes } of [...byArray.values()].sort((a, b) => b.array.length - a.array.length)) {
      const list = get(out, array);
      if (!Array.isArray(list)) continue;
      const left = list.filter((_, i) => !indexes.has(i));
      if (left.length < rules.minItems(array)) return undefined;
      set(out, array, left);
    }
    return out;
  };
}

function setFields<T>(value: T, edits: { path: Path; to: unknown }[]): T {
  const out = copy(value);
  for (const e of edits) set(out, e.path, e.to);
  return out;
}

/** Character edits: remove (to undefined) or replace one code point of one string. */
function editCharacters<T>(value: T, edits: { path: Path; index: number; to: string }[]): T {
  const out = copy(value);
  const byPath = new Map<string, { path: Path; chars: string[] }>();
  for (const e of edits) {
    const key = JSON.stringify(e.path);
    const current = get(out, e.path);
    if (typeof current !== 'string') continue;
    const entry = byPath.get(key) ?? { path: e.path, chars: [...current] };
    entry.chars[e.index] = e.to;
    byPath.set(key, entry);
  }
  for (const { path, chars } of byPath.values()) set(out, path, chars.join(''));
  return out;
}

/** Reduces `value` while it still fails; returns the smallest failing value found. */
export async function reduce<T>(value: T, rules: ReduceRules, stillFails: StillFails<T>): Promise<T> {
  let current = value;
  for (;;) {
    let progress = 0;
    // Nested elements first (attributes before the products holding them): the first chunks then
    // clear whole inner lists in one request each, and the outer list is cut after.
    const arrays = [...nodes(current)]
      .filter(([, v]) => Array.isArray(v))
      .sort(([a], [b]) => b.length - a.length)
      .flatMap(([path, v]) => (v as unknown[]).map((_, index) => ({ array: path, index })));
    let step = await keepEdits(current, arrays, removeElements<T>(rules), stillFails);
    current = step.value;
    progress += step.kept;
    if (step.spent) return current;

    const fields = [...nodes(current)].flatMap(([path, v]) => {
      if (path.length === 0 || v === ABSENT) return [];
      const to = rules.simplest(path, v);
      return to === undefined || Object.is(to, v) || JSON.stringify(to) === JSON.stringify(v) ? [] : [{ path, to }];
    });
    step = await keepEdits(current, fields, setFields, stillFails);
    current = step.value;
    progress += step.kept;
    if (step.spent) return current;

    const texts = () => [...nodes(current)].filter(([path, v]) => typeof v === 'string' && rules.freeText(path)) as [Path, string][];
    const removals = texts().flatMap(([path, s]) => [...s].map((_, index) => ({ path, index, to: '' })));
    step = await keepEdits(current, removals, editCharacters, stillFails);
    current = step.value;
    progress += step.kept;
    if (step.spent) return current;

    const plain = texts().flatMap(([path, s]) => [...s].flatMap((ch, index) => (ch === 'a' ? [] : [{ path, index, to: 'a' }])));
    step = await keepEdits(current, plain, editCharacters, stillFails);
    current = step.value;
    progress += step.kept;
    if (step.spent || progress === 0) return current;
  }
}
