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
 * The JSON pointer of the first container (in document order) nested deeper than `max` levels (the
 * root object or array is level 1), or undefined when `doc` stays within `max`.
 */
export function tooDeepAt(doc: unknown, max: number = MAX_DEPTH): string | undefined {
  // Each entry: a container, its pointer and its level. Document order: children pushed in reverse.
  const stack: { value: object; path: string; level: number }[] = [];
  if (doc !== null && typeof doc === 'object') stack.push({ value: doc, path: '', level: 1 });
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
