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

/** How often each script is drawn, plain ASCII letters first (what shrinking goes to). */
const WEIGHTS: [keyof typeof SCRIPTS, number][] = [
  ['latin', 10], ['punctuation', 2], ['latinAccented', 3], ['hebrew', 1], ['arabic', 1], ['cyrillic', 1],
  ['devanagari', 1], ['cjk', 2], ['combining', 1], ['astral', 1],
];

/** One slot per weight unit, each naming its script's ranges and their size. */
const SLOTS: { ranges: Ranges; size: number }[] = WEIGHTS.flatMap(([script, weight]) => {
  const ranges = SCRIPTS[script]!;
  const size = ranges.reduce((n, [from, to]) => n + to - from + 1, 0);
  return Array.from({ length: weight }, () => ({ ranges, size }));
});

const SLOT_WIDTH = 1 << 16;

/** The character of slot number `i / SLOT_WIDTH`, at offset `i % SLOT_WIDTH` within its script. */
function characterAt(i: number): string {
  const slot = SLOTS[Math.floor(i / SLOT_WIDTH)]!;
  let offset = (i % SLOT_WIDTH) % slot.size;
  for (const [from, to] of slot.ranges) {
    if (offset <= to - from) return String.fromCodePoint(from + offset);
    offset -= to - from + 1;
  }
  return 'a';
}

/**
 * One character: a single integer mapped to a script and a character in it (one draw per
 * character, where a oneof of ranges would take three). It shrinks toward 0, which is `a`: a
 * minimal counterexample keeps only the character that matters.
 */
const unit: fc.Arbitrary<string> = fc.integer({ min: 0, max: SLOTS.length * SLOT_WIDTH - 1 }).map(characterAt);

/** Options of a generated text. */
export interface TextOptions {
  minLength?: number;
  /** The documented limit, in code points (JSON Schema's maxLength); 200 when none is documented. */
  maxLength?: number;
}

/** Free text in many scripts: names, address lines, messages. */
export function text(options: TextOptions = {}): fc.Arbitrary<string> {
  const maxLength = options.maxLength ?? 200;
  const minLength = options.minLength ?? 0;
  // Mostly short, as people type; one in five anywhere up to the limit, so the limits are reached.
  const short = fc.string({ unit, minLength, maxLength: Math.max(minLength, Math.min(maxLength, 12)) });
  return fc.oneof({ withCrossShrink: true }, { arbitrary: short, weight: 4 }, { arbitrary: fc.string({ unit, minLength, maxLength, size: 'max' }), weight: 1 });
}

/** Text of at least one character. */
export function nonEmptyText(maxLength?: number): fc.Arbitrary<string> {
  return text({ minLength: 1, maxLength });
}

/** Plain identifiers (SKUs, codes): ASCII letters, digits and dashes. */
export function code(maxLength = 24): fc.Arbitrary<string> {
  return fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-'), minLength: 1, maxLength });
}
