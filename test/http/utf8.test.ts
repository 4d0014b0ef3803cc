/**
 * firstInvalidUtf8 against an oracle that shares none of its code: the answer r is right when
 * bytes[0, r) is valid UTF-8 (so r is a character boundary: UTF-8 is prefix-free) and no valid
 * character of 1 to 4 bytes starts at r; -1 exactly when the whole is valid (node's isUtf8).
 */
import { isUtf8 } from 'node:buffer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstInvalidUtf8 } from '../../src/http/utf8.js';
import { runs } from '../helpers/fuzz-runs.js';

function expectFirstInvalid(bytes: Buffer): void {
  const r = firstInvalidUtf8(bytes);
  if (isUtf8(bytes)) return void expect(r).toBe(-1);
  expect(r).toBeGreaterThanOrEqual(0);
  expect(isUtf8(bytes.subarray(0, r))).toBe(true);
  for (let k = 1; k <= 4 && r + k <= bytes.length; k++) expect(isUtf8(bytes.subarray(r, r + k))).toBe(false);
}

/** Bytes that make near-valid UTF-8: ASCII, lead bytes of every length, continuation bytes, the edges. */
const nearUtf8Byte = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
  { weight: 3, arbitrary: fc.integer({ min: 0x80, max: 0xbf }) },
  { weight: 3, arbitrary: fc.constantFrom(0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 0xff }) },
);

/** Any Unicode scalar value, weighted to every UTF-8 width (fc.string's binary unit is slow to generate). */
const codePoint = fc.oneof(
  fc.integer({ min: 0x20, max: 0x7f }),
  fc.integer({ min: 0x80, max: 0x7ff }),
  fc.integer({ min: 0x800, max: 0xffff }).filter((c) => c < 0xd800 || c > 0xdfff),
  fc.integer({ min: 0x10000, max: 0x10ffff }),
);

describe('firstInvalidUtf8', () => {
  it.each([
    ['valid text of every width', Buffer.from('a ö € 😀'), -1],
    ['a lone continuation byte', Buffer.from([0x61, 0x80]), 1],
    ['0xFF', Buffer.from([0x61, 0x62, 0xff]), 2],
    ['an overlong slash', Buffer.from([0xc0, 0xaf]), 0],
    ['an overlong 3-byte form', Buffer.from([0x61, 0xe0, 0x80, 0xaf]), 1],
    ['a UTF-16 surrogate', Buffer.from([0xed, 0xa0, 0x80]), 0],
    ['past U+10FFFF', Buffer.from([0xf4, 0x90, 0x80, 0x80]), 0],
    ['a sequence cut at the end', Buffer.from([0x61, 0xe2, 0x82]), 1],
  ])('%s', (_, bytes, at) => {
    expect(firstInvalidUtf8(bytes)).toBe(at);
    expectFirstInvalid(bytes);
  });

  it('any bytes: the first byte where the text stops being UTF-8', () => {
    fc.assert(fc.property(fc.array(nearUtf8Byte, { maxLength: 60 }), (list) => expectFirstInvalid(Buffer.from(list))), runs(2000));
  });

  it('valid text with one bad byte spliced in: that byte, or the start of the character it cuts', () => {
    fc.assert(
      fc.property(fc.array(codePoint, { maxLength: 30 }), fc.nat(), fc.constantFrom(0x80, 0xbf, 0xc0, 0xff), (points, where, bad) => {
        const good = Buffer.from(String.fromCodePoint(...points));
        const at = where % (good.length + 1);
        expectFirstInvalid(Buffer.concat([good.subarray(0, at), Buffer.from([bad]), good.subarray(at)]));
      }),
      runs(1000),
    );
  });
});
