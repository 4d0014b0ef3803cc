/**
 * Turns a JSON document into rows of (path, value) for a readable table: nested objects and arrays
 * become dotted paths with `[i]` indexes, the same grammar `--set Path=value` takes, so a row can be
 * copied into the next call.
 */

/** One leaf of a document. */
export interface FlatRow {
  /** `CardFields.CardId`, `Errors[0]`, or `(value)` for a document that is not an object. */
  path: string;
  /** The value as JSON text (strings unquoted); `{}` / `[]` for empty containers. */
  value: string;
}

/** Every leaf of `doc`, in document order. */
export function flattenJson(doc: unknown): FlatRow[] {
  const rows: FlatRow[] = [];
  walk(doc, '', rows);
  return rows;
}

function walk(value: unknown, path: string, rows: FlatRow[]): void {
  if (Array.isArray(value)) {
    if (value.length === 0) rows.push({ path: path || '(value)', value: '[]' });
    value.forEach((item, i) => walk(item, `${path}[${i}]`, rows));
    return;
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    if (entries.length === 0) rows.push({ path: path || '(value)', value: '{}' });
    for (const [key, item] of entries) walk(item, path ? `${path}.${key}` : key, rows);
    return;
  }
  rows.push({ path: path || '(value)', value: typeof value === 'string' ? value : JSON.stringify(value) });
}
