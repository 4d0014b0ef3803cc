/**
 * The difference between two JSON answers, leaving out values that change on every run: ids the
 * merchant or the platform mints (InternalOrderId, OrderId...), timestamps and durations. The list
 * is documented (VOLATILE_KEYS) and extended with `--ignore PATH` (a key name anywhere, or a JSON
 * pointer such as /ResponseInfo/Message). A volatile key's value is not compared, but a key that
 * appears or disappears is reported; a pointer leaves its whole subtree out.
 */

/** Keys whose values differ between any two runs, compared lower-cased wherever they appear. */
export const VOLATILE_KEYS: readonly string[] = [
  'InternalOrderId', 'OrderId', 'MerchantOrderId', 'CartId', 'CartHash', 'merchantCartToken', 'TransactionId', 'PaymentId', 'RequestId', 'TraceId', 'CorrelationId',
  'Timestamp', 'Date', 'CreatedAt', 'UpdatedAt', 'CreatedDate', 'OrderDate', 'ExpiresAt', 'Expires', 'DurationMs', 'Duration', 'ElapsedMs', 'Time',
];

/** One difference, at a JSON pointer. */
export interface JsonChange {
  path: string;
  before?: unknown;
  after?: unknown;
  kind: 'changed' | 'added' | 'removed';
}

/** What to leave out: key names (any depth) and JSON pointers (that path and below). */
export interface IgnoreList {
  keys: Set<string>;
  pointers: string[];
}

/** The default list plus `extra` (`--ignore` values: `/a/b` pointers or bare key names). */
export function ignoreList(extra: string[] = []): IgnoreList {
  const keys = new Set(VOLATILE_KEYS.map((k) => k.toLowerCase()));
  const pointers: string[] = [];
  for (const item of extra) {
    if (item.startsWith('/')) pointers.push(item.replace(/\/$/, ''));
    else if (item.trim()) keys.add(item.trim().toLowerCase());
  }
  return { keys, pointers };
}

function escape(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

function ignoredPath(path: string, ignore: IgnoreList): boolean {
  return ignore.pointers.some((p) => path === p || path.startsWith(`${p}/`));
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The differences between `a` and `b`, in document order, volatile values left out. */
export function jsonDiff(a: unknown, b: unknown, ignore: IgnoreList, path = '', out: JsonChange[] = []): JsonChange[] {
  if (isObject(a) && isObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const key of keys) {
      const p = `${path}/${escape(key)}`;
      if (ignoredPath(p, ignore)) continue;
      if (!(key in b)) out.push({ path: p, before: a[key], kind: 'removed' });
      else if (!(key in a)) out.push({ path: p, after: b[key], kind: 'added' });
      // A volatile key's value may change; its presence may not (an answer losing InternalOrderId is news).
      else if (!ignore.keys.has(key.toLowerCase())) jsonDiff(a[key], b[key], ignore, p, out);
    }
    return out;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const p = `${path}/${i}`;
      if (ignoredPath(p, ignore)) continue;
      if (i >= b.length) out.push({ path: p, before: a[i], kind: 'removed' });
      else if (i >= a.length) out.push({ path: p, after: b[i], kind: 'added' });
      else jsonDiff(a[i], b[i], ignore, p, out);
    }
    return out;
  }
  if (JSON.stringify(a) !== JSON.stringify(b)) out.push({ path: path || '(root)', before: a, after: b, kind: 'changed' });
  return out;
}
