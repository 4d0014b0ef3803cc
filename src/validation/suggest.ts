/** "Did you mean" for unknown property names: the closest documented name by edit distance. */

/** Levenshtein distance with an early exit once every cell of a row exceeds `max`. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      best = Math.min(best, row[j]);
    }
    if (best > max) return max + 1;
    prev = row;
  }
  return prev[b.length];
}

/**
 * The documented name closest to `name` (compared case-insensitively), when it is close enough to be
 * a typo: at most 2 edits, and at most a third of the name.
 */
export function nearestName(name: string, documented: string[]): string | undefined {
  const max = Math.min(2, Math.floor(name.length / 3));
  if (max === 0) return undefined;
  let best: string | undefined;
  let bestDistance = max + 1;
  for (const candidate of documented) {
    const d = distance(name.toLowerCase(), candidate.toLowerCase(), max);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}
