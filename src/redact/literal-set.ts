/**
 * A set of literal strings found in a text by their first characters: the spellings of every
 * registered secret (each JWT xborder signs adds a dozen), which a single alternation regex would
 * try one by one at every position of a megabyte report.
 */

/** Characters every literal is indexed by (no literal is shorter). */
const HEAD = 4;

export class LiteralSet {
  private readonly byHead = new Map<string, string[]>();
  private readonly byTail = new Map<string, string[]>();
  /** First two characters of the literals (as one number): most positions of a text are ruled out by this alone. */
  private readonly pairs = new Set<number>();
  /** Their third and fourth characters, likewise. */
  private readonly pairs2 = new Set<number>();
  /** Length of the longest literal. */
  readonly longest: number;
  readonly size: number;

  /** `literals` shorter than 4 characters are ignored. */
  constructor(literals: Iterable<string>) {
    const sorted = [...new Set(literals)].filter((l) => l.length >= HEAD).sort((a, b) => b.length - a.length);
    for (const l of sorted) {
      const head = l.slice(0, HEAD);
      const tail = l.slice(-HEAD);
      (this.byHead.get(head) ?? this.byHead.set(head, []).get(head)!).push(l);
      this.pairs.add(l.charCodeAt(0) * 65536 + l.charCodeAt(1));
      this.pairs2.add(l.charCodeAt(2) * 65536 + l.charCodeAt(3));
      (this.byTail.get(tail) ?? this.byTail.set(tail, []).get(tail)!).push(l);
    }
    this.longest = sorted[0]?.length ?? 0;
    this.size = sorted.length;
  }

  /** Leftmost-longest, non-overlapping occurrences of the literals in `s`, as [start, end). */
  *matches(s: string): Generator<[number, number]> {
    if (this.size === 0) return;
    for (let i = 0; i + HEAD <= s.length; ) {
      if (!this.pairs.has(s.charCodeAt(i) * 65536 + s.charCodeAt(i + 1)) || !this.pairs2.has(s.charCodeAt(i + 2) * 65536 + s.charCodeAt(i + 3))) {
        i++;
        continue;
      }
      const candidates = this.byHead.get(s.slice(i, i + HEAD));
      const found = candidates?.find((l) => s.startsWith(l, i));
      if (found) {
        yield [i, i + found.length];
        i += found.length;
      } else i++;
    }
  }

  /** Length of the longest proper prefix (at least `min` characters) of a literal that ends at `at` in `s`; 0 if none. */
  prefixEndingAt(s: string, at: number, min: number): number {
    for (let k = Math.min(this.longest - 1, at); k >= Math.max(min, HEAD); k--) {
      const piece = s.slice(at - k, at);
      if (this.byHead.get(piece.slice(0, HEAD))?.some((l) => l.length > k && l.startsWith(piece))) return k;
    }
    return 0;
  }

  /** Length of the longest proper suffix (at least `min` characters) of a literal that starts at `at` in `s`; 0 if none. */
  suffixStartingAt(s: string, at: number, min: number): number {
    for (let k = Math.min(this.longest - 1, s.length - at); k >= Math.max(min, HEAD); k--) {
      const piece = s.slice(at, at + k);
      if (this.byTail.get(piece.slice(-HEAD))?.some((l) => l.length > k && l.endsWith(piece))) return k;
    }
    return 0;
  }
}
