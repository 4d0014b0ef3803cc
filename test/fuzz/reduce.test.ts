/** The domain shrinking pass: big cuts first, the essence kept, the budget respected. */
import { describe, expect, it } from 'vitest';
import { reduce, type ReduceRules } from '../../src/fuzz/reduce.js';
import { ABSENT } from '../../src/fuzz/optional.js';

const rules: ReduceRules = {
  simplest: (path) => (path[path.length - 1] === 'note' ? ABSENT : path[path.length - 1] === 'qty' ? 1 : undefined),
  minItems: (path) => (path.length === 1 && path[0] === 'items' ? 1 : 0),
  freeText: (path) => path[path.length - 1] === 'text',
};

const value = {
  note: 'keep me?',
  items: Array.from({ length: 40 }, (_, i) => ({ qty: 5, text: i === 17 ? 'abc😀def' : 'plain text here', tags: ['x', 'y'] })),
};

describe('reduce', () => {
  it('keeps only what makes the value fail: one item, one character, everything else simplest', async () => {
    let requests = 0;
    const fails = async (v: typeof value) => {
      requests++;
      return JSON.stringify(v).includes('😀');
    };
    const out = await reduce(value, rules, fails);
    expect(out).toEqual({ note: ABSENT, items: [{ qty: 1, text: '😀', tags: [] }] });
    expect(requests).toBeLessThan(150);
  });

  it('keeps the array minimum and never sends a value below it', async () => {
    const seen: number[] = [];
    const out = await reduce(value, rules, async (v) => {
      seen.push(v.items.length);
      return true;
    });
    expect(Math.min(...seen)).toBe(1);
    expect(out.items).toHaveLength(1);
    expect(out.items[0]!.text).toBe('');
  });

  it('stops when the budget is spent (the predicate answers undefined) and returns the smallest value found so far', async () => {
    let left = 3;
    const out = await reduce(value, rules, async () => (left-- > 0 ? true : undefined));
    expect(out.items.length).toBeLessThan(40);
  });
});
