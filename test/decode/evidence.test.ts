/** The evidence rule: whether one value was form-encoded, judged from its own text. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { encodingEvidence, keptByEncoders, mayBeEncoded, unencodedCharacter, wasFormEncoded } from '../../src/decode/evidence.js';
import { decodeValue, formDecode, formEncode } from '../../src/decode/form-decode.js';
import { decodePayload } from '../../src/decode/payload-decode.js';
import { runs } from '../helpers/fuzz-runs.js';

describe('encodingEvidence on the values real payloads carry', () => {
  it('a literal space means raw, whatever else the value holds', () => {
    expect(encodingEvidence('+1 (212) 634-3952')).toEqual({ encoded: false, why: 'whitespace' });
    expect(encodingEvidence('+1 215-925-1800')).toEqual({ encoded: false, why: 'whitespace' });
    expect(encodingEvidence(' 972 73 204 1384')).toEqual({ encoded: false, why: 'whitespace' });
    expect(encodingEvidence('Unit+4\r\nGE92799319GB')).toEqual({ encoded: false, why: 'whitespace' });
    expect(encodingEvidence('50%25 off')).toEqual({ encoded: false, why: 'whitespace' });
  });

  it('a %XX means encoded, a raw @ beside it notwithstanding (encoded URLs carry one)', () => {
    expect(encodingEvidence('alextest%40test.com')).toEqual({ encoded: true, by: 'percent' });
    expect(encodingEvidence('M%c3%bcller')).toEqual({ encoded: true, by: 'percent' });
    expect(encodingEvidence('https%3a%2f%2fwaybill.example.com%2fu%2fa@b')).toEqual({ encoded: true, by: 'percent' });
    expect(encodingEvidence('anna%2540example.de')).toEqual({ encoded: true, by: 'percent' });
  });

  it('a + after the first character, among characters an encoder leaves, is a space', () => {
    expect(encodingEvidence('Hertzel+12')).toEqual({ encoded: true, by: 'plus' });
    expect(encodingEvidence('BN1+3XA')).toEqual({ encoded: true, by: 'plus' });
    expect(encodingEvidence('3.+OG')).toEqual({ encoded: true, by: 'plus' });
    // A stray % is a bad sequence of an encoded value, reported when decoded.
    expect(encodingEvidence('100%zz+Street')).toEqual({ encoded: true, by: 'plus' });
  });

  it('a + only in front is a phone prefix; a + beside a character an encoder escapes is literal', () => {
    expect(encodingEvidence('+4917612345678')).toEqual({ encoded: false, why: 'leading-plus' });
    expect(encodingEvidence('+1(212)634-3952')).toEqual({ encoded: false, why: 'leading-plus' });
    expect(encodingEvidence('ben+global@shop.example')).toEqual({ encoded: false, why: 'unescaped' });
    expect(encodingEvidence('Stra\u00dfe+1')).toEqual({ encoded: false, why: 'unescaped' });
    expect(encodingEvidence('https://x.example/?q=a+b')).toEqual({ encoded: false, why: 'unescaped' });
  });

  it('no %XX and no + is raw (and decodes to itself anyway)', () => {
    for (const plain of ['Berlin', 'alextest@test.com', '50%', '', 'Noord-Holland']) expect(wasFormEncoded(plain), plain).toBe(false);
    expect(encodingEvidence('Berlin')).toEqual({ encoded: false, why: 'plain' });
  });
});

describe('unencodedCharacter', () => {
  it('names whitespace first, then @, then the first other character the platform would escape', () => {
    expect(unencodedCharacter('+1 (212) 634-3952')).toBe(' ');
    expect(unencodedCharacter('ben+global@shop.example')).toBe('@');
    expect(unencodedCharacter('+4917612345678')).toBe('+');
    expect(unencodedCharacter('M\u00fcnchen')).toBe('\u00fc');
    expect(unencodedCharacter('\u{1F600}x')).toBe('\u{1F600}');
    expect(unencodedCharacter('Noord-Holland')).toBeUndefined();
    expect(unencodedCharacter('')).toBeUndefined();
  });
});

/** Strings of the characters that matter to the rule, and some that do not. */
const dense = fc.string({ unit: fc.constantFrom('+', '%', ' ', '@', 'a', 'Z', '0', '4', '2', 'B', '(', '-', '.', '\u00e9', '\r'), maxLength: 30 });
const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^[0-9]{${min},${max}}$`));
const phone = fc.oneof(
  // +49 30 12345678, +49-30-1234, +4917612345678, +1.215.925
  fc.tuple(digits(1, 3), fc.array(digits(2, 4), { minLength: 1, maxLength: 4 }), fc.constantFrom(' ', '-', '', '.')).map(([cc, groups, sep]) => `+${cc}${sep}${groups.join(sep)}`),
  // +1 (212) 634-3952, +1(212)634-3952
  fc.tuple(digits(1, 3), digits(3, 3), digits(3, 3), digits(4, 4), fc.constantFrom(' ', '')).map(([cc, area, a, b, sp]) => `+${cc}${sp}(${area})${sp}${a}-${b}`),
);
const email = fc.tuple(fc.stringMatching(/^[a-z][a-z0-9.]{0,8}$/), fc.stringMatching(/^[a-z0-9]{1,8}$/), fc.stringMatching(/^[a-z]{2,8}\.[a-z]{2,4}$/)).map(([user, tag, domain]) => `${user}+${tag}@${domain}`);

describe('properties', () => {
  it('whatever the platform encodes (and encoding changes) is recognised as encoded, and decodes back', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), fc.boolean(), (s, lower) => {
        // A value that starts with a space encodes to a leading + only: indistinguishable from a prefix.
        fc.pre(!s.startsWith(' '));
        let encoded = formEncode(s);
        fc.pre(encoded !== s);
        if (lower) encoded = encoded.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase());
        expect(wasFormEncoded(encoded)).toBe(true);
        expect(formDecode(encoded).value).toBe(s);
      }),
      runs(400),
    );
  });

  it('a value with a literal whitespace character is never judged encoded', () => {
    fc.assert(
      fc.property(dense, fc.constantFrom(' ', '\t', '\r\n', '\u00a0'), dense, (a, space, b) => {
        expect(wasFormEncoded(`${a}${space}${b}`)).toBe(false);
      }),
      runs(400),
    );
  });

  it('raw phones (a leading +, spaces, dashes, parentheses) are never judged encoded', () => {
    fc.assert(
      fc.property(phone, (p) => {
        expect(encodingEvidence(p).encoded, p).toBe(false);
      }),
      runs(300),
    );
  });

  it('raw e-mails with a +tag are never judged encoded; encoded, they are', () => {
    fc.assert(
      fc.property(email, (e) => {
        expect(encodingEvidence(e)).toEqual({ encoded: false, why: 'unescaped' });
        expect(wasFormEncoded(formEncode(e))).toBe(true);
        expect(decodeValue(formEncode(e)).value).toBe(e);
      }),
      runs(300),
    );
  });

  it('unencodedCharacter is undefined exactly when encodeURIComponent keeps the value', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 20 }), dense, (a, b) => {
        for (const s of [a, b]) expect(unencodedCharacter(s) === undefined, s).toBe(encodeURIComponent(s) === s);
      }),
      runs(300),
    );
  });

  it('decodePayload keeps every value without the evidence exactly as sent, in either pair of blocks', () => {
    fc.assert(
      fc.property(dense, dense, fc.boolean(), (end, hub, primary) => {
        const doc = { OrderId: 'GE1', Customer: { IsEndCustomerPrimary: primary }, PrimaryShipping: { Address1: end }, SecondaryShipping: { Address1: hub } };
        const { decoded } = decodePayload(doc);
        const out = decoded as typeof doc;
        for (const [raw, got] of [
          [end, out.PrimaryShipping.Address1],
          [hub, out.SecondaryShipping.Address1],
        ]) {
          expect(got).toBe(wasFormEncoded(raw) ? decodeValue(raw).value : raw);
        }
      }),
      runs(400),
    );
  });
});

/**
 * The rule as first written, with regular expressions: the one-pass scanner that replaced them (for
 * speed: every address value of every validated order is judged) must give the same verdicts.
 */
function evidenceByRegex(raw: string): ReturnType<typeof encodingEvidence> {
  if (/\s/.test(raw)) return { encoded: false, why: 'whitespace' };
  if (/%[0-9A-Fa-f]{2}/.test(raw)) return { encoded: true, by: 'percent' };
  if (raw.indexOf('+', 1) < 0) return raw.startsWith('+') ? { encoded: false, why: 'leading-plus' } : { encoded: false, why: 'plain' };
  return /^[A-Za-z0-9\-_.!~*'()+%]*$/.test(raw) ? { encoded: true, by: 'plus' } : { encoded: false, why: 'unescaped' };
}

function unencodedByRegex(raw: string): string | undefined {
  return /\s/.exec(raw)?.[0] ?? (raw.includes('@') ? '@' : /[^A-Za-z0-9\-_.!~*'()]/u.exec(raw)?.[0]);
}

describe('the one-pass scanner is the regular-expression rule', () => {
  // Every ASCII character, Unicode spaces, a surrogate pair and the hex digits that make %XX.
  const anyUnit = fc.oneof(
    fc.integer({ min: 0, max: 127 }).map((code) => String.fromCharCode(code)),
    fc.constantFrom('%', '+', '%2', '%4', '%c3', 'F', 'a', '\u00a0', '\u2028', '\u3000', '\ufeff', '\u00e9', '\ud83d\ude00', '\ud800'),
  );
  it('encodingEvidence and unencodedCharacter agree with the regular expressions on any text', () => {
    fc.assert(
      fc.property(fc.array(anyUnit, { maxLength: 24 }).map((units) => units.join('')), (raw) => {
        expect(encodingEvidence(raw)).toEqual(evidenceByRegex(raw));
        expect(unencodedCharacter(raw)).toBe(unencodedByRegex(raw));
      }),
      runs(3000),
    );
  });

  it('the rule\'s shortcuts agree: keptByEncoders is "nothing to show", mayBeEncoded false is "not encoded"', () => {
    fc.assert(
      fc.property(fc.array(anyUnit, { maxLength: 24 }).map((units) => units.join('')), (raw) => {
        expect(keptByEncoders(raw)).toBe(unencodedByRegex(raw) === undefined);
        if (!mayBeEncoded(raw)) expect(evidenceByRegex(raw).encoded).toBe(false);
        expect(mayBeEncoded(raw)).toBe(/%|.\+/su.test(raw));
      }),
      runs(3000),
    );
  });
});
