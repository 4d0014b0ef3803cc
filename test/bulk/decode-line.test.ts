/**
 * The fast line decoder gives exactly the string Node's UTF-8 decoder gives, for any bytes: ASCII,
 * Latin-1 letters, other scripts, emoji, and malformed UTF-8 (replaced by U+FFFD the same way); with a
 * probe it also tells where the slice stops being UTF-8, whichever path decoded it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeLine } from '../../src/bulk/decode-line.js';
import { isUtf8 } from 'node:buffer';
import { firstInvalidUtf8 } from '../../src/http/utf8.js';
import { runs } from '../helpers/fuzz-runs.js';

/** Bytes biased towards what trips a decoder: ASCII, Latin-1 leads, continuation bytes, other leads. */
const hostileByte = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
  { weight: 2, arbitrary: fc.constantFrom(0xc2, 0xc3) },
  { weight: 2, arbitrary: fc.integer({ min: 0x80, max: 0xbf }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 0xff }) },
);

describe('decodeLine', () => {
  it.each([
    ['ASCII', '{"OrderId":"GE1234GB","Total":10}'],
    ['Latin-1 letters', '{"City":"Köln","Name":"Müller","x":"é"}'],
    ['a Latin-1 letter at each end', 'ÿ' + 'a'.repeat(40) + 'Ä'],
    ['U+0080 and U+00FF', '\u0080\u00ff'.repeat(20)],
    ['other scripts', '{"Name":"東京","City":"Αθήνα"}'],
    ['emoji after Latin-1', `${'ü'.repeat(20)}😀`],
    ['a byte order mark', '\ufeff{"a":1}'],
  ])('%s: the same string as toString("utf8")', (_, text) => {
    const bytes = Buffer.from(`xx${text}yy`);
    expect(decodeLine(bytes, 2, bytes.length - 2)).toBe(text);
  });

  it.each([
    ['a lone continuation byte', [0x61, 0x80, 0x62]],
    ['a Latin-1 lead at the end', [...Buffer.from('a'.repeat(20)), 0xc3]],
    ['a Latin-1 lead before ASCII', [0x61, 0xc3, 0x41, 0x62]],
    ['an overlong NUL', [0xc0, 0x80, ...Buffer.from('a'.repeat(20))]],
    ['a truncated 3-byte sequence', [...Buffer.from('ö'.repeat(10)), 0xe2, 0x82]],
    ['a surrogate written in UTF-8', [0xed, 0xa0, 0x80, 0x61]],
  ])('malformed UTF-8 (%s): replaced exactly as Node replaces it', (_, list) => {
    const bytes = Buffer.from(list);
    expect(decodeLine(bytes)).toBe(bytes.toString('utf8'));
  });

  it('any bytes, any slice: the same string as toString("utf8")', () => {
    fc.assert(
      fc.property(fc.array(hostileByte, { maxLength: 200 }), fc.nat(5), fc.nat(5), (list, cutStart, cutEnd) => {
        const bytes = Buffer.from(list);
        const start = Math.min(cutStart, bytes.length);
        const end = Math.max(start, bytes.length - cutEnd);
        expect(decodeLine(bytes, start, end)).toBe(bytes.toString('utf8', start, end));
      }),
      runs(2000),
    );
  });

  it('any text round-trips', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 100 }), (text) => {
        const bytes = Buffer.from(text);
        expect(decodeLine(bytes)).toBe(bytes.toString('utf8'));
      }),
      runs(1000),
    );
  });

  it.each([
    ['ASCII', [...Buffer.from('{"a":"b"}')], -1],
    ['Latin-1 letters', [...Buffer.from('{"a":"Köln"}')], -1],
    ['emoji', [...Buffer.from('{"a":"🎁 東京"}')], -1],
    ['a lone continuation byte after ASCII', [0x61, 0x62, 0x80, 0x63], 2],
    ['a Latin-1 lead before ASCII', [0x61, 0xc3, 0x41], 1],
    ['0xFC (ü saved as ISO-8859-1) after Latin-1 letters', [...Buffer.from('Köln '), 0xfc], 6],
    ['a truncated euro sign after emoji', [...Buffer.from('😀'), 0xe2, 0x82, 0x22], 4],
    ['an overlong slash', [0x22, 0xc0, 0xaf], 1],
  ])('probe: %s', (_, list, at) => {
    const bytes = Buffer.from([0x7b, ...list, 0x7d]);
    const probe = { at: 99 };
    expect(decodeLine(bytes, 1, bytes.length - 1, probe)).toBe(bytes.toString('utf8', 1, bytes.length - 1));
    expect(probe.at).toBe(at);
  });

  it('probe, any bytes and slice: -1 exactly when the slice is UTF-8, else the first bad byte of the slice', () => {
    const probe = { at: 0 };
    fc.assert(
      fc.property(fc.array(hostileByte, { maxLength: 120 }), fc.nat(5), fc.nat(5), (list, cutStart, cutEnd) => {
        const bytes = Buffer.from(list);
        const start = Math.min(cutStart, bytes.length);
        const end = Math.max(start, bytes.length - cutEnd);
        decodeLine(bytes, start, end, probe);
        const slice = bytes.subarray(start, end);
        expect(probe.at).toBe(isUtf8(slice) ? -1 : firstInvalidUtf8(slice));
      }),
      runs(1000),
    );
  });
});
