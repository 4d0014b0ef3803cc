/**
 * "Did you mean": the names a user most likely meant when they typed one that does not exist (a
 * check id, a fault, a sample, a flag, a config key). One helper for every such message, so each
 * suggests the same way. Edit distance alone misses the commonest slip, a name typed short
 * (`idempotent` for `idempotent-redelivery`, `--merchant` for `--merchant-url`, `order-dup` for
 * `order-duplicate`), so a name whose words begin the candidate's words is suggested first.
 */

/** How many names a suggestion lists at most. */
const MAX_LISTED = 3;

/**
 * Optimal string alignment distance (Damerau-Levenshtein): inserting, deleting or substituting a
 * character, or swapping two neighbours (`strcit` -> `strict`), each costs 1.
 */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/** Words of a name: `--merchant-url` -> [merchant, url]; `MerchantGUID` stays one word. */
function words(name: string): string[] {
  return name.toLowerCase().replace(/^-+/, '').split(/[-_.\s]+/).filter(Boolean);
}

/**
 * Where the words of `typed` begin consecutive words of `candidate` (`order-dup` in
 * `order-duplicate` at 0, `redel-conc` in `redelivery-concurrent` at 0, `concurrent` in
 * `refund-concurrent` at 1), or -1. Each typed word may be cut short.
 */
function wordsStartAt(typed: string[], candidate: string[]): number {
  for (let at = 0; at + typed.length <= candidate.length; at++) {
    if (typed.every((w, i) => candidate[at + i]!.startsWith(w))) return at;
  }
  return -1;
}

/** Options of `similarNames`. */
export interface SimilarOptions {
  /** Most edits a typo may have (default: a third of the name, at least 2, at most 4). */
  maxEdits?: number;
  /** Suggest names the typed one begins (default true); false for payload property names, where a prefix is another field. */
  prefixes?: boolean;
}

/**
 * The names the user most likely meant by `typed`, best first, at most three: the same name in
 * another case; else the names whose words `typed` begins (shortest first); else the nearest by
 * edit distance within typo range; else the names with `typed` as later words. Empty when nothing
 * is close.
 */
export function similarNames(typed: string, candidates: Iterable<string>, options: SimilarOptions = {}): string[] {
  const names = [...new Set(candidates)].filter((c) => c !== typed);
  const wanted = typed.trim().toLowerCase();
  if (wanted.replace(/^-+/, '') === '') return [];
  const same = names.filter((c) => c.toLowerCase() === wanted);
  if (same.length > 0) return same.slice(0, MAX_LISTED);
  const typedWords = words(wanted);
  const starts = options.prefixes === false || wanted.replace(/^-+/, '').length < 2 ? [] : names.map((c) => ({ c, at: wordsStartAt(typedWords, words(c)) })).filter((m) => m.at >= 0);
  const leading = starts.filter((m) => m.at === 0).map((m) => m.c).sort((a, b) => a.length - b.length || a.localeCompare(b));
  if (leading.length > 0) return leading.slice(0, MAX_LISTED);
  const bare = (s: string) => s.toLowerCase().replace(/^-+/, '');
  const limit = options.maxEdits ?? Math.min(4, Math.max(2, Math.floor(bare(typed).length / 3)));
  let best = limit + 1;
  let nearest: string[] = [];
  for (const c of names) {
    const d = editDistance(bare(typed), bare(c));
    // A distance as long as the name itself is no typo ("ab" is not "xy").
    if (d >= Math.max(bare(typed).length, bare(c).length)) continue;
    if (d < best) [best, nearest] = [d, [c]];
    else if (d === best) nearest.push(c);
  }
  if (nearest.length > 0) return nearest.sort((a, b) => a.localeCompare(b)).slice(0, MAX_LISTED);
  // A word from the middle (`duplicate` for `order-duplicate`) is a weaker hint: only for 4+ letters.
  if (wanted.length < 4) return [];
  return starts.map((m) => m.c).sort((a, b) => a.length - b.length || a.localeCompare(b)).slice(0, MAX_LISTED);
}

/** The single best name, or undefined (for messages that name one: an unknown config key). */
export function closestName(typed: string, candidates: Iterable<string>, options: SimilarOptions = {}): string | undefined {
  return similarNames(typed, candidates, options)[0];
}

/** `did you mean X?`, `did you mean X or Y?`, `did you mean one of X, Y or Z?`; '' for no names. */
export function meantPhrase(names: readonly string[]): string {
  if (names.length === 0) return '';
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
  return `did you mean ${names.length > 2 ? 'one of ' : ''}${list}?`;
}

/** The sentence to add to an error: ` Did you mean X?` (leading space), or '' when nothing is close. */
export function didYouMean(typed: string, candidates: Iterable<string>, options: SimilarOptions = {}): string {
  const phrase = meantPhrase(similarNames(typed, candidates, options));
  return phrase ? ` D${phrase.slice(1)}` : '';
}
