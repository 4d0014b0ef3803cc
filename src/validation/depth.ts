/**
 * How deeply a JSON value nests, measured without unbounded recursion (a hostile document may nest a
 * hundred thousand levels: a walk that followed it all the way would overflow the stack).
 */
import { joinPointer } from './pointer.js';

/**
 * Nesting the interface's payloads never approach (the deepest sample nests 7 containers) and the
 * .NET readers on both sides refuse past by default (System.Text.Json and Json.NET: MaxDepth 64).
 */
export const MAX_DEPTH = 64;

/**
 * The JSON pointer of a container nested deeper than `max` levels (the root object or array is level
 * 1), or undefined when `doc` stays within `max`. Runs on every validated document, so the common
 * answer (within bounds) allocates nothing: a recursive walk that stops `max` levels down (so a
 * hostile document nested a hundred thousand levels costs no more stack than a legal one), and
 * pointers are worked out only once a container is too deep.
 */
export function tooDeepAt(doc: unknown, max: number = MAX_DEPTH): string | undefined {
  if (doc === null || typeof doc !== 'object') return undefined;
  return deeperThan(doc, 1, max) ? pathTo(doc, max) : undefined;
}

/** Whether a container inside `value` (at `level`) sits deeper than `max`; recurses at most `max` + 1 deep. */
function deeperThan(value: object, level: number, max: number): boolean {
  if (level > max) return true;
  // Object.values: one native call per object. Not for...in, though it allocates nothing and wins
  // when walking documents already walked: the first document a process parses holds objects whose
  // maps its later siblings deprecated, which turns the loop's for...in feedback generic for the
  // whole run, and from then on for...in is slower than Object.values in this loop (the walkers of
  // encoded-fields.ts and string-scan.ts measured the other way: each loop is measured on its own).
  const children: unknown[] = Array.isArray(value) ? value : Object.values(value);
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    if (child !== null && typeof child === 'object' && deeperThan(child, level + 1, max)) return true;
  }
  return false;
}

/** The pointer of the first container (in document order) deeper than `max`; `doc` has one. */
function pathTo(doc: object, max: number): string | undefined {
  const stack: { value: object; path: string; level: number }[] = [{ value: doc, path: '', level: 1 }];
  while (stack.length > 0) {
    const { value, path, level } = stack.pop()!;
    if (level > max) return path;
    const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
    for (let i = keys.length - 1; i >= 0; i--) {
      const child = (value as Record<string | number, unknown>)[keys[i]];
      if (child !== null && typeof child === 'object') stack.push({ value: child, path: joinPointer(path, keys[i]), level: level + 1 });
    }
  }
  return undefined;
}
