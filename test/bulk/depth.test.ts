/** The depth limit every validated document is checked against: exact at the bound, safe far past it. */
import { describe, expect, it } from 'vitest';
import { MAX_DEPTH, tooDeepAt } from '../../src/validation/depth.js';

/** `levels` arrays nested in one another; the innermost holds `inner`. */
const nested = (levels: number, inner: unknown = 1): unknown => {
  let value: unknown = inner;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
};

describe('tooDeepAt', () => {
  it('accepts exactly MAX_DEPTH levels and names the first container past them', () => {
    expect(tooDeepAt(nested(MAX_DEPTH))).toBeUndefined();
    expect(tooDeepAt(nested(MAX_DEPTH + 1))).toBe('/0'.repeat(MAX_DEPTH));
  });

  it('a hundred thousand levels: an answer, not a stack overflow', () => {
    expect(tooDeepAt(nested(100_000))).toBe('/0'.repeat(MAX_DEPTH));
  });

  it('names the first too-deep container in document order, through object keys', () => {
    const doc = { a: { ok: nested(10) }, 'b/c': [{ deep: nested(3) }, { x: 1 }] };
    expect(tooDeepAt(doc)).toBeUndefined();
    expect(tooDeepAt(doc, 4)).toBe('/a/ok/0/0');
    expect(tooDeepAt({ first: 1, 'b/c': nested(5), later: nested(9) }, 4)).toBe('/b~1c/0/0/0');
    expect(tooDeepAt('text')).toBeUndefined();
    expect(tooDeepAt(null)).toBeUndefined();
  });
});
