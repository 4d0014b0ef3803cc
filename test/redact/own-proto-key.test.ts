/**
 * A "__proto__" key in a document or in headers is an own property (JSON.parse makes it one); the
 * redactor's copies keep it as one, masked like any other key, instead of setting the copy's
 * prototype (which lost the value from every report, recording and log).
 */
import { describe, expect, it } from 'vitest';
import { MASK, Redactor } from '../../src/redact/redactor.js';

describe('Redactor and a "__proto__" key', () => {
  it('json() keeps it as an own key, with what is under it masked', () => {
    const doc = JSON.parse('{"a":1,"__proto__":{"CardNumber":"4111111111111111","Name":"x"}}');
    const copy = new Redactor().json(doc) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['a', '__proto__']);
    const inner = Object.getOwnPropertyDescriptor(copy, '__proto__')?.value as Record<string, unknown>;
    expect(inner.Name).toBe('x');
    expect(JSON.stringify(copy)).not.toContain('4111111111111111');
    expect(JSON.stringify(copy)).toContain('"__proto__"');
  });

  it('a "__proto__" key holding a string is kept, not dropped', () => {
    const copy = new Redactor().json(JSON.parse('{"__proto__":"text"}')) as Record<string, unknown>;
    expect(JSON.stringify(copy)).toBe('{"__proto__":"text"}');
  });

  it('headers() keeps a header named __proto__ (a recording may hold anything)', () => {
    const headers = JSON.parse('{"__proto__":"v","authorization":"Basic abc"}') as Record<string, string>;
    const copy = new Redactor().headers(headers);
    expect(JSON.stringify(copy)).toBe(`{"__proto__":"v","authorization":"${MASK}"}`);
  });
});

describe('Redactor.jsonAt: a value masked by its place in the document', () => {
  it('masks by the keys above the value, and whole under an ancestor masked whole', () => {
    const r = new Redactor();
    expect(r.jsonAt('4111111111111111', ['PaymentDetails', 'CardNumber'])).not.toContain('41111111');
    expect(r.jsonAt('4821', ['CardFields', 'Pin'])).toBe(MASK);
    // CardFields' values are masked whole, so a value deep inside one is too (it was a crash).
    expect(r.jsonAt('XX', ['CardFields', 'Extra', '0', 'CountryCode'])).toBe(MASK);
    expect(r.jsonAt('Berlin', ['PrimaryShipping', 'City'])).toBe('Berlin');
    expect(r.jsonAt({ a: 1 }, ['__proto__'])).toEqual({ a: 1 });
    expect(r.jsonAt('4111111111111111', ['__proto__', 'CardNumber'])).not.toContain('41111111');
  });
});
