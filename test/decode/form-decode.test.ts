import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeValue, formDecode, formEncode, looksEncoded } from '../../src/decode/form-decode.js';
import { runs } from '../helpers/fuzz-runs.js';

describe('formDecode', () => {
  it('decodes + as a space and %20 as a space', () => {
    expect(formDecode('Main+Street+1')).toEqual({ value: 'Main Street 1', issues: [] });
    expect(formDecode('Main%20Street')).toEqual({ value: 'Main Street', issues: [] });
  });

  it('decodes %40 to @ and an encoded + (%2B) to a literal +', () => {
    expect(formDecode('anna.mueller%40example.de').value).toBe('anna.mueller@example.de');
    expect(formDecode('%2B49+30+12345678').value).toBe('+49 30 12345678');
  });

  it('accepts hex digits in either case', () => {
    expect(formDecode('https%3a%2f%2ftrack.example.com%2fx%3fid%3d1').value).toBe('https://track.example.com/x?id=1');
    expect(formDecode('https%3A%2F%2Ftrack.example.com').value).toBe('https://track.example.com');
  });

  it('decodes multi-byte UTF-8 sequences', () => {
    expect(formDecode('Ren%C3%A9').value).toBe('René');
    expect(formDecode('Friedrichstra%C3%9Fe+123').value).toBe('Friedrichstraße 123');
    expect(formDecode('%E6%9D%B1%E4%BA%AC').value).toBe('東京');
    expect(formDecode('%F0%9F%98%80').value).toBe('😀');
    expect(formDecode('%c3%a9').value).toBe('é');
  });

  it('keeps malformed percent sequences as written and reports each', () => {
    const zz = formDecode('100%zz+off');
    expect(zz.value).toBe('100%zz off');
    expect(zz.issues).toHaveLength(1);
    expect(zz.issues[0]).toContain('%zz');
    const short = formDecode('abc%4');
    expect(short.value).toBe('abc%4');
    expect(short.issues[0]).toContain('"%4"');
    const bare = formDecode('50%');
    expect(bare.value).toBe('50%');
    expect(bare.issues).toHaveLength(1);
  });

  it('keeps an invalid UTF-8 byte run as written and still decodes the rest', () => {
    const truncated = formDecode('Ren%C3+x');
    expect(truncated.value).toBe('Ren%C3 x');
    expect(truncated.issues[0]).toContain('%C3');
    const badContinuation = formDecode('%C3%28ab%40c');
    expect(badContinuation.value).toBe('%C3(ab@c');
    expect(badContinuation.issues).toHaveLength(1);
    // Overlong encoding of "/" and an encoded UTF-16 surrogate are not valid UTF-8.
    expect(formDecode('%C0%AF').value).toBe('%C0%AF');
    expect(formDecode('%ED%A0%80').issues).toHaveLength(1);
    expect(formDecode('%FF%C3%A9').value).toBe('%FFé');
  });

  it('leaves a raw @ in an already-encoded URL alone', () => {
    expect(formDecode('https%3A%2F%2Ftrack.example.com%2Fu%2Fanna@example.de%3Fa%3D1').value).toBe(
      'https://track.example.com/u/anna@example.de?a=1',
    );
  });

  it('decodes a double-encoded value only once (formDecode is a single pass)', () => {
    expect(formDecode('anna%2540example.de').value).toBe('anna%40example.de');
  });

  it('differs from decodeURIComponent on +', () => {
    expect(decodeURIComponent('a+b')).toBe('a+b');
    expect(formDecode('a+b').value).toBe('a b');
  });
});

describe('formDecode on long and hostile values', () => {
  it('keeps an encoded byte order mark (nothing the sender wrote is dropped)', () => {
    expect(formDecode('%EF%BB%BFAnna').value).toBe('\uFEFFAnna');
  });

  it('lists the first ten bad sequences and counts the rest', () => {
    const r = formDecode('%zz'.repeat(25));
    expect(r.value).toBe('%zz'.repeat(25));
    expect(r.issues).toHaveLength(11);
    expect(r.issues[10]).toBe('and 15 more bad sequences');
  });

  it('decodes values of many megabytes (a 20 MB address line, 6 MB of escapes)', () => {
    const plain = 'x'.repeat(20 * 1024 * 1024);
    expect(formDecode(plain).value).toBe(plain);
    const spaced = 'a+b'.repeat(1024 * 1024);
    expect(formDecode(spaced).value).toBe('a b'.repeat(1024 * 1024));
    expect(formDecode('%41'.repeat(2 * 1024 * 1024)).value).toBe('A'.repeat(2 * 1024 * 1024));
  });

  it('takes time in proportion to the length: eight times the text, not sixty-four times the time', () => {
    // Character-by-character concatenation once took seconds (and gigabytes) on such values. Not
    // a speed target (those live in npm run bench): the two sizes are timed back to back, best of
    // three, so a loaded machine slows both alike; quadratic work would show as 64x, linear as 8x.
    const value = (n: number): string => 'ab%41+%c3%bc'.repeat(n);
    const best = (text: string): number => {
      let fastest = Infinity;
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        formDecode(text);
        fastest = Math.min(fastest, performance.now() - started);
      }
      return fastest;
    };
    const small = value(16 * 1024);
    const large = value(8 * 16 * 1024);
    best(small); // warm up the compiler first
    const ratio = best(large) / best(small);
    expect(ratio, `8x the text took ${ratio.toFixed(1)}x the time`).toBeLessThan(24);
  });
});

describe('decodeValue', () => {
  it('decodes a double-encoded value twice and flags it', () => {
    expect(decodeValue('anna%2540example.de')).toEqual({ value: 'anna@example.de', issues: [], doubleEncoded: true });
    expect(decodeValue('https%253A%252F%252Fx.example')).toMatchObject({ value: 'https://x.example', doubleEncoded: true });
  });

  it('does not flag a single encoded percent sign', () => {
    expect(decodeValue('50%25+off')).toEqual({ value: '50% off', issues: [], doubleEncoded: false });
  });

  it('does not decode twice when the second pass would be broken', () => {
    expect(decodeValue('%25C3')).toEqual({ value: '%C3', issues: [], doubleEncoded: false });
  });
});

describe('looksEncoded', () => {
  it('is true for %XX escapes and for + between word characters', () => {
    expect(looksEncoded('anna%40example.de')).toBe(true);
    expect(looksEncoded('Main+Street')).toBe(true);
    expect(looksEncoded('M%c3%bcnchen')).toBe(true);
    expect(looksEncoded('Stra%C3%9Fe')).toBe(true);
  });

  it('is false for base64 (DocumentData): its + are not spaces', () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages>>').toString('base64');
    expect(pdf).toContain('+');
    expect(looksEncoded(pdf)).toBe(false);
    // Form text as long keeps its escapes or punctuation and is still seen.
    expect(looksEncoded('Flat+3%2c+27+Queen%27s+Road+Brighton+East+Sussex+United+Kingdom+BN1+3XA')).toBe(true);
  });

  it('is false for plain text, a + not between word characters, and escapes that decode to nothing new', () => {
    expect(looksEncoded('Main Street 1')).toBe(false);
    expect(looksEncoded('C++ books')).toBe(false);
    expect(looksEncoded('+49 30 1234')).toBe(false);
    expect(looksEncoded('100%zz')).toBe(false);
    expect(looksEncoded('%C3')).toBe(false);
    expect(looksEncoded('')).toBe(false);
  });
});

describe('formEncode', () => {
  it('encodes as the platform does: + for space, upper-case %XX UTF-8 bytes', () => {
    expect(formEncode('Friedrichstraße 123')).toBe('Friedrichstra%C3%9Fe+123');
    expect(formEncode('anna+x@example.de')).toBe('anna%2Bx%40example.de');
  });
});

describe('properties', () => {
  it('formDecode never throws and always returns a string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (s) => {
        const r = formDecode(s);
        expect(typeof r.value).toBe('string');
        expect(Array.isArray(r.issues)).toBe(true);
      }),
      runs(400),
    );
  });

  it('formDecode never throws on strings dense in % and hex digits, and keeps clean input unreported', () => {
    const dense = fc.string({ unit: fc.constantFrom('%', '+', 'a', 'F', '0', '9', 'c', '3', 'z', 'é'), maxLength: 40 });
    fc.assert(
      fc.property(dense, (s) => {
        const r = formDecode(s);
        if (!s.includes('%')) expect(r.issues).toEqual([]);
        expect(typeof r.value).toBe('string');
      }),
      runs(400),
    );
  });

  it('formDecode(formEncode(s)) === s for arbitrary unicode strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (s) => {
        const r = formDecode(formEncode(s));
        expect(r.issues).toEqual([]);
        expect(r.value).toBe(s);
      }),
      runs(400),
    );
  });

  it('agrees with decodeURIComponent (after + to space) wherever that succeeds', () => {
    const dense = fc.string({ unit: fc.constantFrom('%', '+', 'a', 'F', '0', '9', 'c', '3', 'C', '8', 'E', '2', 'é', ' '), maxLength: 40 });
    fc.assert(
      fc.property(dense, (s) => {
        let expected: string;
        try {
          expected = decodeURIComponent(s.replace(/\+/g, ' '));
        } catch {
          return;
        }
        expect(formDecode(s)).toEqual({ value: expected, issues: [] });
      }),
      runs(400),
    );
  });

  it('lower-case encoding decodes the same as upper-case', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (s) => {
        const lower = formEncode(s).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase());
        expect(formDecode(lower).value).toBe(s);
      }),
      runs(300),
    );
  });
});
