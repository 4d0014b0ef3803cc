/** `verify --max-age`: how old an attestation may be, in days, hours, minutes or seconds. */

const AGE = /^(\d+(?:\.\d+)?)\s*(d|h|m|s)$/i;
const UNIT_MS: Record<string, number> = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000 };

/** Milliseconds from `30d`, `12h`, `90m` or `45s`; undefined when not one of those. */
export function parseMaxAgeMs(text: string): number | undefined {
  const m = AGE.exec(text.trim());
  return m ? Math.round(Number(m[1]) * UNIT_MS[m[2]!.toLowerCase()]!) : undefined;
}
