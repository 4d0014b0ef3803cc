/**
 * Turns a JSON document into rows of (path, value) for a readable table: nested objects and arrays
 * become dotted paths with `[i]` indexes, the same grammar `--set Path=value` takes, so a row can be
 * copied into the next call. An answer is whatever the platform sent (up to the body cap), so the
 * table is bounded: `clipDepth` and `maxRows` keep a hostile answer from crashing or flooding it.
 */

/** One leaf of a document. */
export interface FlatRow {
  /** `CardFields.CardId`, `Errors[0]`, or `(value)` for a document that is not an object. */
  path: string;
  /** The value as JSON text (strings unquoted); `{}` / `[]` for empty containers. */
  value: string;
}

/** A copy of `doc` in which containers nested deeper than `maxDepth` are replaced by a note. */
export function clipDepth(doc: unknown, maxDepth: number): unknown {
  const clip = (value: unknown, depth: number): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    if (depth >= maxDepth) return `(nested deeper than ${maxDepth} levels: --json shows it)`;
    if (Array.isArray(value)) return value.map((item) => clip(item, depth + 1));
    // A computed key makes an own property, even for "__proto__".
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = clip(item, depth + 1);
    return out;
  };
  return clip(doc, 0);
}

/**
 * Every leaf of `doc`, in document order; with `maxRows`, the first ones and then a last row
 * saying how many were left out. Recursion follows the document's depth: clip it first when the
 * document comes from outside.
 */
export function flattenJson(doc: unknown, options: { maxRows?: number } = {}): FlatRow[] {
  const rows: FlatRow[] = [];
  const max = options.maxRows ?? Infinity;
  let omitted = 0;
  const push = (path: string, value: string) => {
    if (rows.length < max) rows.push({ path: path || '(value)', value });
    else omitted++;
  };
  const walk = (value: unknown, path: string): void => {
    if (Array.isArray(value)) {
      if (value.length === 0) push(path, '[]');
      value.forEach((item, i) => walk(item, `${path}[${i}]`));
      return;
    }
    if (typeof value === 'object' && value !== null) {
      const entries = Object.entries(value);
      if (entries.length === 0) push(path, '{}');
      for (const [key, item] of entries) walk(item, path ? `${path}.${key}` : key);
      return;
    }
    push(path, typeof value === 'string' ? value : JSON.stringify(value));
  };
  walk(doc, '');
  if (omitted > 0) rows.push({ path: '…', value: `${omitted} more value${omitted === 1 ? '' : 's'} (--json shows the whole answer)` });
  return rows;
}
