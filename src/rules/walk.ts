/** Visiting every string of a document with the property name it sits under. */
import { escapeToken } from '../validation/pointer.js';

/**
 * Called for each string value with its property name (for strings inside arrays, the array's name)
 * and a function that builds its pointer (built only on demand: most strings need none).
 */
export type StringVisitor = (key: string | undefined, value: string, pointer: () => string) => void;

/** Walks `doc` depth-first and calls `visit` for every string value. */
export function walkStrings(doc: unknown, visit: StringVisitor): void {
  const tokens: (string | number)[] = [];
  const pointer = (): string => tokens.map((t) => `/${escapeToken(t)}`).join('');
  const step = (node: unknown, key: string | undefined): void => {
    if (typeof node === 'string') {
      visit(key, node, pointer);
    } else if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        tokens.push(i);
        step(node[i], key);
        tokens.pop();
      }
    } else if (node !== null && typeof node === 'object') {
      for (const k in node) {
        tokens.push(k);
        step((node as Record<string, unknown>)[k], k);
        tokens.pop();
      }
    }
  };
  step(doc, undefined);
}
