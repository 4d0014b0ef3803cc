/**
 * Text as shoppers type it: Latin with accents, right-to-left scripts (Hebrew, Arabic), CJK,
 * Cyrillic, Devanagari, combining marks, and characters outside the Basic Multilingual Plane
 * (emoji, rare CJK). Each unit is one code point, so a length here is a length as JSON Schema's
 * maxLength counts it. Shrinking goes to shorter strings of plain ASCII letters.
 */
import fc from 'fast-check';

/** Code point ranges of one script, inclusive. */
type Ranges = readonly (readonly [number, number])[];

const SCRIPTS: Record<string, Ranges> = {
  latin: [[0x61, 0x7a], [0x41, 0x5a], [0x30, 0x39]],
  punctuation: [[0x20, 0x20], [0x2c, 0x2f], [0x27, 0x27], [0x26, 0x26], [0x23, 0x23], [0x2b, 0x2b]],
  latinAccented: [[0xc0, 0xd6], [0xd8, 0xf6], [0xf8, 0x17f]],
  hebrew: [[0x5d0, 0x5ea]],
  arabic: [[0x621, 0x64a]],
  cyrillic: [[0x410, 0x44f]],
  devanagari: [[0x905, 0x939]],
  cjk: [[0x4e00, 0x9fff], [0x3041, 0x3096], [0xac00, 0xd7a3]],
  combining: [[0x300, 0x36f]],
  // Outside the BMP: two UTF-16 code units each, four bytes of UTF-8 (MySQL's utf8mb3 refuses them).
  astral: [[0x1f600, 0x1f64f], [0x1f300, 0x1f5ff], [0x20000, 0x2a6df]],
};

function fromRanges(ranges: Ranges): fc.Arbitrary<string> {
  return fc.oneof({ withCrossShrink: true }, ...ranges.map(([from, to]) => fc.integer({ min: from, max: to }).map((cp) => String.fromCodePoint(cp))));
}

/**
 * One character. Plain ASCII letters come first, so shrinking replaces every other script by
 * them and a minimal counterexample keeps only the character that matters.
 */
const unit: fc.Arbitrary<string> = fc.oneof(
  { withCrossShrink: true },
  { arbitrary: fromRanges(SCRIPTS.latin!), weight: 10 },
  { arbitrary: fromRanges(SCRIPTS.punctuation!), weight: 2 },
  { arbitrary: fromRanges(SCRIPTS.latinAccented!), weight: 3 },
  { arbitrary: fromRanges(SCRIPTS.hebrew!), weight: 1 },
  { arbitrary: fromRanges(SCRIPTS.arabic!), weight: 1 },
  { arbitrary: fromRanges(SCRIPTS.cyrillic!), weight: 1 },
  { arbitrary: fromRanges(SCRIPTS.devanagari!), weight: 1 },
  { arbitrary: fromRanges(SCRIPTS.cjk!), weight: 2 },
  { arbitrary: fromRanges(SCRIPTS.combining!), weight: 1 },
  { arbitrary: fromRanges(SCRIPTS.astral!), weight: 1 },
);

/** Options of a generated text. */
export interface TextOptions {
  minLength?: number;
  /** The documented limit, in code points (JSON Schema's maxLength); 200 when none is documented. */
  maxLength?: number;
}

/** Free text in many scripts: names, address lines, messages. Lengths up to the limit (fast-check's bias keeps most short). */
export function text(options: TextOptions = {}): fc.Arbitrary<string> {
  const maxLength = options.maxLength ?? 200;
  const minLength = options.minLength ?? 0;
  return fc.string({ unit, minLength, maxLength, size: 'max' });
}

/** Text of at least one character. */
export function nonEmptyText(maxLength?: number): fc.Arbitrary<string> {
  return text({ minLength: 1, maxLength });
}

/** Plain identifiers (SKUs, codes): ASCII letters, digits and dashes. */
export function code(maxLength = 24): fc.Arbitrary<string> {
  return fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-'), minLength: 1, maxLength });
}
