/**
 * The `--set` path grammar: dotted property names with `[i]` array indexes
 * (`Products[0].Quantity`, `a.b[2].c`). A name is any run of characters other than `.`, `[`, `]`.
 */
import { UsageError } from '../errors.js';
import { maskedHead } from '../redact/cut.js';

/** The longest piece of a `--set` path (or value) quoted in a message. */
const QUOTE_MAX = 80;

/**
 * A `--set` path (or any piece of one) as quoted in an error message: masked whole, then cut to its
 * first 80 characters with its length, so a 100 KB path never becomes a 100 KB line.
 */
export function quotedPath(text: string): string {
  const head = maskedHead(text, QUOTE_MAX);
  return head.cut ? `${head.text}… (${text.length} characters)` : head.text;
}

/** One step of a path: a property name or an array index. */
export type PathSegment = { key: string } | { index: number };

/** Parses a path; malformed syntax (`a..b`, `a[x]`, empty) -> UsageError naming the path. */
export function parsePath(path: string): PathSegment[] {
  const segments: PathSegment[] = [];
  const fail = (why: string): never => {
    throw new UsageError(`Malformed --set path "${quotedPath(path)}": ${why}. Use dotted names with [i] indexes, e.g. Products[0].Quantity.`);
  };
  if (path === '') fail('the path is empty');
  let i = 0;
  let expectName = true;
  while (i < path.length) {
    const ch = path[i];
    if (ch === '[') {
      if (expectName && i > 0) fail(`empty name at ${i + 1}`);
      const close = path.indexOf(']', i);
      if (close < 0) fail(`"[" at ${i + 1} is never closed`);
      const digits = path.slice(i + 1, close);
      if (!/^\d+$/.test(digits)) fail(`"[${quotedPath(digits)}]" is not an array index`);
      const index = Number(digits);
      if (!Number.isSafeInteger(index)) fail(`index ${quotedPath(digits)} is too large`);
      segments.push({ index });
      i = close + 1;
      expectName = false;
    } else if (ch === '.') {
      if (expectName) fail(`empty name at ${i + 1}`);
      i++;
      expectName = true;
      if (i === path.length) fail('the path ends with "."');
    } else if (ch === ']') {
      fail(`unexpected "]" at ${i + 1}`);
    } else {
      if (!expectName) fail(`expected "." or "[" at ${i + 1}`);
      let end = i;
      while (end < path.length && !'.[]'.includes(path[end])) end++;
      segments.push({ key: path.slice(i, end) });
      i = end;
      expectName = false;
    }
  }
  return segments;
}

/** Writes a path back in the `--set` form (`Products[0].Quantity`). */
export function formatPath(segments: PathSegment[]): string {
  let out = '';
  for (const s of segments) {
    if ('index' in s) out += `[${s.index}]`;
    else out += out === '' ? s.key : `.${s.key}`;
  }
  return out;
}
