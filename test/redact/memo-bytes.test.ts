/**
 * Issue 34: the redactor remembers masked long texts by size, not by count: 64 texts of 10 MiB
 * (the default body cap) were 640 MiB held by a proxy that runs for a day. Read through the private
 * fields (bracket access): what is held, in characters, never passes the bound.
 */
import { describe, expect, it } from 'vitest';
import { MASK } from '../../src/redact/patterns.js';
import { Redactor } from '../../src/redact/redactor.js';

/** Bytes the memo may hold (32 MiB), counted as two bytes a character. */
const BOUND = 32 * 1024 * 1024;

describe('the redactor memo', () => {
  it('holds at most 32 MiB of texts and masks, whatever the count of texts', () => {
    const r = new Redactor(['memo-secret-123']);
    for (let i = 0; i < 24; i++) {
      const text = `${i} memo-secret-123 ${'x'.repeat(1536 * 1024)}`;
      expect(r.text(text).startsWith(`${i} ${MASK} `)).toBe(true);
      const held = [...r['memo'].entries()].reduce((n, [k, v]) => n + 2 * (k.length + v.length), 0);
      expect(held).toBe(r['memoBytes']);
      expect(held).toBeLessThanOrEqual(BOUND);
    }
    // The newest texts are the ones kept.
    expect(r['memo'].size).toBeGreaterThan(0);
    expect([...r['memo'].keys()].at(-1)!.startsWith('23 ')).toBe(true);
  });

  it('does not keep a text larger than a quarter of the bound', () => {
    const r = new Redactor();
    const big = `token=abcdef ${'y'.repeat(5 * 1024 * 1024)}`;
    expect(r.text(big).startsWith(`token=${MASK} `)).toBe(true);
    expect(r['memo'].size).toBe(0);
    expect(r['memoBytes']).toBe(0);
  });
});
