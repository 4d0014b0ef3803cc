import { describe, expect, it } from 'vitest';
import { canonicalDigest, canonicalJson } from '../../src/certify/canonical-json.js';

describe('canonicalJson', () => {
  it('sorts keys at every depth and writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: 'x' } })).toBe('{"a":{"c":"x","d":[3,{"y":2,"z":1}]},"b":1}');
  });

  it('sorts by UTF-16 code units (RFC 8785) and escapes as JSON does', () => {
    expect(canonicalJson({ '\u20ac': 1, '\r': 2, a: 'é"\n' })).toBe('{"\\r":2,"a":"é\\"\\n","€":1}');
  });

  it('writes numbers as ECMAScript does and leaves out undefined members', () => {
    expect(canonicalJson({ n: 1e21, f: 0.1, i: -0, u: undefined, l: [undefined] })).toBe('{"f":0.1,"i":0,"l":[null],"n":1e+21}');
  });

  it('gives one digest whatever the key order', () => {
    expect(canonicalDigest({ a: 1, b: [1, 2] })).toBe(canonicalDigest({ b: [1, 2], a: 1 }));
    expect(canonicalDigest({ a: 1 })).not.toBe(canonicalDigest({ a: 2 }));
    expect(canonicalDigest({})).toBe('44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a');
  });
});
