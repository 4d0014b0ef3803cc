/**
 * Optional fields as the platform sends them: left out, null, or a value. "Left out" comes first
 * and every choice shrinks across to it (withCrossShrink), so a minimal order keeps only what matters.
 */
import fc from 'fast-check';

/** A field the generated order leaves out. */
export const ABSENT: unique symbol = Symbol('absent');
/** A generated field value, or ABSENT. */
export type Maybe<T> = T | null | typeof ABSENT;

/** Absent, null or a value of `arb`. */
export function optional<T>(arb: fc.Arbitrary<T>): fc.Arbitrary<Maybe<T>> {
  return fc.oneof({ withCrossShrink: true }, { arbitrary: fc.constant(ABSENT), weight: 1 }, { arbitrary: fc.constant(null), weight: 1 }, { arbitrary: arb, weight: 3 });
}

/** Absent or a value (for fields whose null means something else, or that are never null). */
export function absentOr<T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | typeof ABSENT> {
  return fc.oneof({ withCrossShrink: true }, { arbitrary: fc.constant(ABSENT), weight: 1 }, { arbitrary: arb, weight: 3 });
}

/** `fields` without the absent ones. */
export function present(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== ABSENT) out[key] = value;
  return out;
}
