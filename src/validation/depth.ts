/**
 * How deeply a JSON value nests, measured without recursion (a hostile document may nest a
 * hundred thousand levels: a recursive walk would overflow the stack long before it finished).
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
 * answer (within bounds) allocates no pointers: they are worked out only once one is too deep.
 */
export function tooDeepAt(doc: unknown, max: number = MAX_DEPTH): string | undefined {
  if (doc === null || typeof doc !== 'object') return undefined;
  const values: object[] = [doc];
  const levels: number[] = [1];
  while (values.length > 0) {
    const value = values.pop()!;
    const level = levels.pop()!;
    if (level > max) return pathTo(doc, max);
    if (Array.isArray(value)) {
      for (const child of value) {
        if (child !== null && typeof child === 'object') {
          values.push(child);
          levels.push(level + 1);
        }
      }
    } else {
      for (const key in value) {
        const child = (value as Record<string, unknown>)[key];
        if (child !== null && typeof child === 'object') {
          values.push(child);
          levels.push(level + 1);
        }
      }
    }
  }
  return undefined;
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
