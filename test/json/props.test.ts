/**
 * Case-insensitive property lookup, as the platform's .NET reader does it: the fast comparison
 * (same-length keys, ASCII folded letter by letter) finds exactly the key that lower-casing every
 * key would, for the interface's (ASCII) names.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { findKey, getProp } from '../../src/json/props.js';
import { runs } from '../helpers/fuzz-runs.js';

/** The lookup before it was made fast: lower-case every key. */
function reference(obj: Record<string, unknown>, name: string): string | undefined {
  if (Object.prototype.hasOwnProperty.call(obj, name)) return name;
  const lower = name.toLowerCase();
  return Object.keys(obj).find((k) => k.toLowerCase() === lower);
}

const NAMES = ['OrderId', 'productsList', 'Subs', 'InternationalDetails', 'CartItemId', 'k', 'Id'];

describe('findKey', () => {
  it('prefers the exact key, then the first key of another casing; a non-ASCII key is compared as lower-cased', () => {
    expect(findKey({ orderid: 1, OrderId: 2 }, 'OrderId')).toBe('OrderId');
    expect(findKey({ ORDERID: 1, orderid: 2 }, 'OrderId')).toBe('ORDERID');
    // The Kelvin sign lower-cases to "k".
    expect(findKey({ '\u212a': 1 }, 'k')).toBe('\u212a');
    expect(findKey({ OrderIdX: 1 }, 'OrderId')).toBeUndefined();
    const proto = JSON.parse('{"__proto__": {"a": 1}}');
    expect(findKey(proto, '__PROTO__')).toBe('__proto__');
    expect(getProp({ PRODUCTSLIST: [1] }, 'productsList')).toEqual([1]);
  });

  it('finds what lower-casing every key finds, for any keys', () => {
    const key = fc.oneof(
      fc.constantFrom(...NAMES),
      fc.constantFrom(...NAMES).map((n) => n.toUpperCase()),
      fc.constantFrom(...NAMES).map((n) => n.toLowerCase()),
      fc.constantFrom('\u212a', '\u0130d', 'I\u0307d', 'ıd', 'ſubs', 'ID'),
      fc.string({ maxLength: 8 }),
    );
    fc.assert(
      fc.property(fc.uniqueArray(key, { maxLength: 12 }), fc.constantFrom(...NAMES), (keys, name) => {
        const obj: Record<string, unknown> = {};
        for (const k of keys) Object.defineProperty(obj, k, { value: 1, enumerable: true, configurable: true, writable: true });
        expect(findKey(obj, name)).toBe(reference(obj, name));
      }),
      runs(500),
    );
  });
});
