import { describe, expect, it } from 'vitest';
import { formatPath, parsePath } from '../../src/samples/path-syntax.js';
import { UsageError } from '../../src/errors.js';

describe('parsePath', () => {
  it('parses dotted names and indexes', () => {
    expect(parsePath('OrderId')).toEqual([{ key: 'OrderId' }]);
    expect(parsePath('Products[0].Quantity')).toEqual([{ key: 'Products' }, { index: 0 }, { key: 'Quantity' }]);
    expect(parsePath('a.b[2].c')).toEqual([{ key: 'a' }, { key: 'b' }, { index: 2 }, { key: 'c' }]);
    expect(parsePath('m[1][0]')).toEqual([{ key: 'm' }, { index: 1 }, { index: 0 }]);
    expect(parsePath('[0].x')).toEqual([{ index: 0 }, { key: 'x' }]);
  });

  it.each(['', 'a..b', '.a', 'a.', 'a[x]', 'a[]', 'a[-1]', 'a[1', 'a]', 'a[0]b', 'a.[0]', 'a[1.5]'])('rejects %j with a UsageError', (p) => {
    expect(() => parsePath(p)).toThrow(UsageError);
  });

  it('formats back to the same text', () => {
    for (const p of ['OrderId', 'Products[0].Quantity', 'a.b[2].c', 'm[1][0]']) expect(formatPath(parsePath(p))).toBe(p);
  });
});
