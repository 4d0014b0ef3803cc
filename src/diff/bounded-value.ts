/**
 * A JSON value cut at a depth, for showing it: what lies deeper becomes a short note. A change
 * `diff` reports carries the values before and after, and those are printed (JSON.stringify,
 * which recurses natively) in the text and JSON renderings; a recorded answer of 20,000 nested
 * arrays would overflow the call stack there. The copy is made with an explicit stack for the same
 * reason.
 */

/** How deep a shown value goes; deeper containers read as DEEPER_NOTE. */
export const MAX_SHOWN_DEPTH = 32;

/** What stands for a container below MAX_SHOWN_DEPTH. */
export const DEEPER_NOTE = `[nested deeper than ${MAX_SHOWN_DEPTH} levels: not shown]`;

type Container = Record<string, unknown> | unknown[];

const isContainer = (v: unknown): v is Container => typeof v === 'object' && v !== null;

/** A copy of `value` with every container deeper than `maxDepth` replaced by a note; scalars as they are. */
export function boundedValue(value: unknown, maxDepth = MAX_SHOWN_DEPTH): unknown {
  if (!isContainer(value)) return value;
  const emptyOf = (v: Container): Container => (Array.isArray(v) ? [] : {});
  const root = emptyOf(value);
  // Each entry: a source container, its copy, and the copy's depth (the root is depth 1).
  const stack: { from: Container; to: Container; depth: number }[] = [{ from: value, to: root, depth: 1 }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { from, to, depth } = item;
    for (const [key, child] of Object.entries(from)) {
      let copy: unknown = child;
      if (isContainer(child)) {
        if (depth >= maxDepth) copy = DEEPER_NOTE;
        else {
          copy = emptyOf(child);
          stack.push({ from: child, to: copy as Container, depth: depth + 1 });
        }
      }
      // Defined, not assigned: a recorded `__proto__` key stays a key and never becomes a prototype.
      Object.defineProperty(to, key, { value: copy, enumerable: true, writable: true, configurable: true });
    }
  }
  return root;
}
