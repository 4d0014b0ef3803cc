/**
 * The difference between two JSON answers, leaving out values that change on every run: ids the
 * merchant or the platform mints (InternalOrderId, OrderId...), timestamps and durations. The list
 * is documented (VOLATILE_KEYS) and extended with `--ignore PATH` (a key name anywhere, or a JSON
 * pointer such as /ResponseInfo/Message). A volatile key's value is not compared, but a key that
 * appears or disappears is reported; a pointer leaves its whole subtree out.
 */
import { boundedValue } from './bounded-value.js';

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

/**
 * An `--ignore` pointer as far as the walk has followed it: its segments, and how many of them the
 * current path has matched. Matching segment by segment, rather than comparing each child's whole
 * path with the pointer, keeps a walk 200,000 levels deep linear (whole-path comparisons of ever
 * longer paths are quadratic, minutes of CPU).
 */
interface Following {
  segments: string[];
  matched: number;
}

/** The pointers as the walk starts at the root (`/` and `` leave everything below the root out). */
function following(ignore: IgnoreList): Following[] {
  return ignore.pointers.map((p) => ({ segments: p === '' ? [] : p.slice(1).split('/'), matched: 0 }));
}

/** For the child `segment` of a path `live` follows: is it left out, and what does its own walk follow. */
function followChild(live: Following[], segment: string): { ignored: boolean; live: Following[] } {
  if (live.length === 0) return { ignored: false, live };
  let ignored = false;
  const next: Following[] = [];
  for (const f of live) {
    if (f.matched === f.segments.length) ignored = true;
    else if (f.segments[f.matched] === segment) {
      if (f.matched + 1 === f.segments.length) ignored = true;
      next.push({ segments: f.segments, matched: f.matched + 1 });
    }
  }
  return { ignored, live: next };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One step of the walk: compare a pair below `path`, or report a change found on the way. */
type Step = { a: unknown; b: unknown; path: string; live: Following[] } | { change: JsonChange };

/**
 * The differences between `a` and `b`, in document order, volatile values left out. The walk keeps
 * its own stack rather than recursing: a recorded answer may nest thousands of levels deep (20,000
 * nested arrays are a few dozen kilobytes), which would overflow the call stack. Values put in a
 * change are cut at MAX_SHOWN_DEPTH (bounded-value.ts) so that showing them cannot overflow either.
 */
export function jsonDiff(a: unknown, b: unknown, ignore: IgnoreList): JsonChange[] {
  const out: JsonChange[] = [];
  const stack: Step[] = [{ a, b, path: '', live: following(ignore) }];
  for (let step = stack.pop(); step !== undefined; step = stack.pop()) {
    if ('change' in step) {
      out.push(step.change);
      continue;
    }
    // Children are pushed last-first so they are visited, and their changes reported, in order.
    const next = childSteps(step, ignore);
    for (let i = next.length - 1; i >= 0; i--) stack.push(next[i]!);
  }
  return out;
}

/** What comparing one pair leads to: its children to compare, or the changes it shows. */
function childSteps(step: { a: unknown; b: unknown; path: string; live: Following[] }, ignore: IgnoreList): Step[] {
  const { a, b, path } = step;
  const steps: Step[] = [];
  if (isObject(a) && isObject(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const segment = escape(key);
      const child = followChild(step.live, segment);
      if (child.ignored) continue;
      const p = `${path}/${segment}`;
      if (!Object.hasOwn(b, key)) steps.push({ change: { path: p, before: boundedValue(a[key]), kind: 'removed' } });
      else if (!Object.hasOwn(a, key)) steps.push({ change: { path: p, after: boundedValue(b[key]), kind: 'added' } });
      // A volatile key's value may change; its presence may not (an answer losing InternalOrderId is news).
      else if (!ignore.keys.has(key.toLowerCase())) steps.push({ a: a[key], b: b[key], path: p, live: child.live });
    }
    return steps;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const child = followChild(step.live, String(i));
      if (child.ignored) continue;
      const p = `${path}/${i}`;
      if (i >= b.length) steps.push({ change: { path: p, before: boundedValue(a[i]), kind: 'removed' } });
      else if (i >= a.length) steps.push({ change: { path: p, after: boundedValue(b[i]), kind: 'added' } });
      else steps.push({ a: a[i], b: b[i], path: p, live: child.live });
    }
    return steps;
  }
  // Two containers of one kind were walked above; any other pair is equal only as equal scalars
  // (JSON.parse gives no NaN, and -0 prints as 0), so nothing needs stringifying here.
  const container = (v: unknown) => typeof v === 'object' && v !== null;
  if (container(a) || container(b) || a !== b) steps.push({ change: { path: path || '(root)', before: boundedValue(a), after: boundedValue(b), kind: 'changed' } });
  return steps;
}
