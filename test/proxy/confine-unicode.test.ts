/**
 * Confinement over Unicode: a server that reads a decoded path as UTF-8 and normalises it (NFKC, as
 * .NET, Java and Python frameworks and some file systems do) turns `‥` into `..`, `﹒` into `.` and
 * `﹨` into `\`. The set of such characters is computed here once from the whole code space (every
 * code point whose NFKC form holds `.`, `/` or `\` and differs from it), not listed by hand, so a
 * look-alike the list would have missed is generated all the same. Properties: each of them, in any
 * segment pattern and any percent-encoding, is refused; a code point is refused in an ordinary
 * segment exactly when it is one of them; ordinary text in any script passes as sent. IIS-style
 * `%u` escapes are refused.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { confine } from '../../src/proxy/confine.js';
import { runs } from '../helpers/fuzz-runs.js';

const target = new URL('http://shop.test:8080/shop/api');
const SEPARATOR = /[./\\]/;

/** Every code point (surrogates aside) whose NFKC form holds a dot, slash or backslash and is not the code point itself. */
const LOOKALIKES: readonly string[] = (() => {
  const out: string[] = [];
  for (let cp = 0; cp <= 0x10ffff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const c = String.fromCodePoint(cp);
    const n = c.normalize('NFKC');
    if (n !== c && SEPARATOR.test(n)) out.push(c);
  }
  return out;
})();

/** The percent-encodings a client may send: UTF-8 upper-case hex, lower-case hex, and encoded twice (`%25E2...`). */
const ENCODINGS: readonly ((text: string) => string)[] = [
  (t) => encodeURIComponent(t),
  (t) => encodeURIComponent(t).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
  (t) => encodeURIComponent(t).replace(/%/g, '%25'),
];

/** Any code point but the surrogates and the C0 and C1 controls (a NUL or a control is the ASCII rules' business). */
const anyCodePoint = fc
  .integer({ min: 0x20, max: 0x10ffff })
  .filter((cp) => (cp < 0xd800 || cp > 0xdfff) && !(cp >= 0x7f && cp <= 0x9f))
  .map((cp) => String.fromCodePoint(cp));

const refused = (requestTarget: string): boolean => !confine('GET', requestTarget, target).ok;

describe('confine: Unicode look-alikes of dots, slashes and backslashes', () => {
  it('the computed set holds the known look-alikes (so the properties below generate from something real)', () => {
    for (const c of ['\u2024', '\u2025', '\u2026', '\ufe52', '\ufe68', '\uff0e', '\uff0f', '\uff3c', '\u2100', '\ufe30']) expect(LOOKALIKES, c).toContain(c);
    expect(LOOKALIKES.length).toBeGreaterThan(30);
  });

  it('the attacks of the report are refused, with a reason naming what they are', () => {
    for (const path of ['/%E2%80%A5/admin', '/%EF%B9%92%EF%B9%92/admin', '/%E2%80%A4%E2%80%A4/admin', '/x%EF%B9%A8..%EF%B9%A8admin', '/%EF%BC%85%EF%BC%92%EF%BD%85%EF%BC%85%EF%BC%92%EF%BD%85/admin', '/%E2%80%A5%FF/admin']) {
      const got = confine('GET', path, target);
      expect(got.ok, path).toBe(false);
      if (!got.ok) expect(got.reason, path).toContain('Unicode normalisation (NFKC)');
    }
    for (const path of ['/%u002e%u002e/admin', '/%U002E%U002E/admin', '/x%u2215..%u2215admin', '/%25u002e%25u002e/admin']) {
      const got = confine('GET', path, target);
      expect(got.ok, path).toBe(false);
      if (!got.ok) expect(got.reason, path).toContain('%u escape');
    }
  });

  it('every look-alike, in every encoding, is refused alone, doubled, and beside dots', () => {
    for (const c of LOOKALIKES) {
      for (const enc of ENCODINGS) {
        for (const segment of [enc(c), enc(c + c), `.${enc(c)}`, `${enc(c)}.`, `x${enc(c)}..${enc(c)}admin`, `%2e${enc(c)}`]) {
          expect(refused(`/${segment}/admin`), `${c} as ${segment}`).toBe(true);
        }
      }
    }
  });

  it('a segment mixing look-alikes with dots, encoded dots and letters is refused, wherever it stands in the path', () => {
    const piece = fc.oneof(fc.constantFrom(...LOOKALIKES).map((c) => ({ c, lookalike: true })), fc.constantFrom('.', 'a', ';', ' ', '-', '~', 'é').map((c) => ({ c, lookalike: false })));
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 8 }), fc.constantFrom(...LOOKALIKES), fc.nat({ max: 8 }), fc.constantFrom(...ENCODINGS), fc.constantFrom('/%s/admin', '/a/%s', '/a/%s/b?x=1', '/%s'), (pieces, c, at, enc, shape) => {
        const texts = pieces.map((p) => p.c);
        texts.splice(Math.min(at, texts.length), 0, c);
        const segment = texts.map((t) => (t === '.' ? '.' : enc(t))).join('');
        expect(refused(shape.replace('%s', segment)), segment).toBe(true);
      }),
      runs(300),
    );
  });

  it('a code point in an ordinary segment is refused exactly when NFKC turns it into a dot, slash or backslash', () => {
    // Any code point, with the look-alikes weighted in (they are 38 of 1.1 million).
    const codePoint = fc.oneof(fc.constantFrom(...LOOKALIKES), anyCodePoint);
    fc.assert(
      fc.property(codePoint, fc.stringMatching(/^[a-z0-9]{1,6}$/), fc.stringMatching(/^[a-z0-9]{1,6}$/), fc.constantFrom(...ENCODINGS), (c, before, after, enc) => {
        // The plain ones are the ASCII rules' (a dot is fine mid-name, a slash ends the segment).
        fc.pre(!/[./\\%?#;]/.test(c));
        const lookalike = SEPARATOR.test(c.normalize('NFKC'));
        expect(refused(`/${before}${enc(c)}${after}/x`), `U+${c.codePointAt(0)!.toString(16)}`).toBe(lookalike);
      }),
      runs(1000),
    );
  });

  it('ordinary text in any script passes, sent as it came', () => {
    fc.assert(
      fc.property(fc.array(anyCodePoint, { minLength: 1, maxLength: 12 }), fc.constantFrom(...ENCODINGS.slice(0, 2)), (chars, enc) => {
        const text = chars.join('');
        // eslint-disable-next-line no-control-regex
        fc.pre(!/[./\\%?#;\u0000-\u001f\u007f-\u009f]/.test(text.normalize('NFKC')));
        const requestTarget = `/get-checkout-cart-info-url/${enc(text)}?merchantCartToken=c1`;
        expect(confine('GET', requestTarget, target)).toEqual({ ok: true, path: `/shop/api${requestTarget}` });
      }),
      runs(500),
    );
  });
});
