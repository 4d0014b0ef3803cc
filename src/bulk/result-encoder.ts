/**
 * Judged documents in the compact form they cross threads and wait in the run's queue in, built one
 * document at a time: a range of documents is encoded as it is judged, so the thread holds a few
 * numbers per finished document instead of its dozen small objects. Those objects would otherwise
 * survive every scavenge that meets the range half done, and the copying (and, on the main thread,
 * the young generation V8 grows for it) is what a long run paid for.
 */
import type { CheckResult } from '../model.js';
import type { PayloadKind } from '../validation/kinds.js';
import type { JudgedDocument } from './judge.js';
import type { ItemFailure, ItemResult } from './work-item.js';

/**
 * An ItemResult as it crosses threads, and as it waits in the run's queue, compact: most checks pass
 * with no finding and are the same few objects over and over, and most documents of an item have the
 * same checks, so each distinct check is sent once per item (`templates`), each distinct sequence of
 * them once (`patterns`), and a document is four numbers. A structured clone of the plain result (a
 * dozen small objects per document) would cost the main thread more than judging saves it, and would
 * outlive the young generation while it waits to be delivered.
 */
export interface EncodedResult {
  sources: string[];
  kinds: (PayloadKind | undefined)[];
  /** Per document: index into `sources`, line (-1: none), index into `kinds`, index into `patterns`. */
  sourceOf: Int32Array;
  lines: Int32Array;
  kindOf: Int32Array;
  patternOf: Int32Array;
  /** A document's checks in order: `k >= 0` is `templates[k]`, `k < 0` is `own[-1 - k]`. */
  patterns: Int32Array[];
  templates: CheckResult[];
  /** Checks sent whole: they have findings (or a key no template covers), so no other document shares them. */
  own: CheckResult[];
  failure?: ItemFailure;
}

/** Patterns compared before a document's is taken as new (an item's documents share a handful). */
const PATTERNS_SEARCHED = 8;

/** A check without findings already sent in `templates`, with what tells it from others of its id. */
interface Template {
  title: string | undefined;
  status: string;
  /** The key after `id`: the keys' order is printed too (checks are built in two orders). */
  second: string;
  keys: number;
  index: number;
}

/** Builds an EncodedResult document by document (`add`), in input order; `finish` hands it over. */
export class ResultEncoder {
  private n = 0;
  private readonly sources: string[] = [];
  private readonly sourceIndex = new Map<string, number>();
  private readonly kinds: (PayloadKind | undefined)[] = [];
  private sourceOf: Int32Array;
  private lines: Int32Array;
  private kindOf: Int32Array;
  private patternOf: Int32Array;
  private readonly patterns: Int32Array[] = [];
  private readonly templates: CheckResult[] = [];
  private readonly templatesById = new Map<string, Template[]>();
  private readonly own: CheckResult[] = [];
  private scratch = new Int32Array(16);

  /** `expected`: about how many documents will be added (the arrays grow past it as needed). */
  constructor(expected = 64) {
    const capacity = Math.max(1, expected);
    this.sourceOf = new Int32Array(capacity);
    this.lines = new Int32Array(capacity);
    this.kindOf = new Int32Array(capacity);
    this.patternOf = new Int32Array(capacity);
  }

  /** Documents added so far: the index the next one gets. */
  get count(): number {
    return this.n;
  }

  /** Encodes `doc` as the next document; nothing of it but its findings' checks is kept. */
  add(doc: JudgedDocument): void {
    const i = this.n++;
    if (i === this.lines.length) this.grow();
    // Sources by a map: a files item has hundreds, each file its own.
    let source = this.sourceIndex.get(doc.source);
    if (source === undefined) {
      source = this.sources.push(doc.source) - 1;
      this.sourceIndex.set(doc.source, source);
    }
    this.sourceOf[i] = source;
    this.lines[i] = doc.line ?? -1;
    this.kindOf[i] = indexIn(this.kinds, doc.kind);
    const count = doc.checks.length;
    if (this.scratch.length < count) this.scratch = new Int32Array(count * 2);
    const scratch = this.scratch;
    let shared = true;
    for (let c = 0; c < count; c++) {
      const check = doc.checks[c];
      const template = check.findings.length > 0 ? undefined : templateOf(check, this.templatesById, this.templates);
      if (template !== undefined) scratch[c] = template;
      else {
        scratch[c] = -this.own.push(check);
        shared = false;
      }
    }
    this.patternOf[i] = patternIndex(this.patterns, scratch.subarray(0, count), shared);
  }

  /**
   * The result of every document added, with the error that stopped the item, if any. The arrays are
   * cut to the documents added: a structured clone copies a view's whole buffer.
   */
  finish(failure?: ItemFailure): EncodedResult {
    const n = this.n;
    return {
      sources: this.sources,
      kinds: this.kinds,
      sourceOf: this.sourceOf.slice(0, n),
      lines: this.lines.slice(0, n),
      kindOf: this.kindOf.slice(0, n),
      patternOf: this.patternOf.slice(0, n),
      patterns: this.patterns,
      templates: this.templates,
      own: this.own,
      failure,
    };
  }

  private grow(): void {
    const bigger = (from: Int32Array): Int32Array => {
      const to = new Int32Array(from.length * 2);
      to.set(from);
      return to;
    };
    this.sourceOf = bigger(this.sourceOf);
    this.lines = bigger(this.lines);
    this.kindOf = bigger(this.kindOf);
    this.patternOf = bigger(this.patternOf);
  }
}

/** Encodes a finished result (a lines or files item's); see EncodedResult. */
export function encodeResult(result: ItemResult): EncodedResult {
  const encoder = new ResultEncoder(result.docs.length);
  for (const doc of result.docs) encoder.add(doc);
  return encoder.finish(result.failure);
}

/** The index of `value` in a short list of distinct values (the payload kinds), added when new. */
function indexIn<T>(list: T[], value: T): number {
  for (let k = list.length - 1; k >= 0; k--) if (list[k] === value) return k;
  return list.push(value) - 1;
}

/** The index of `pattern` in `patterns` (added as a copy when new); a pattern with own checks is always new. */
function patternIndex(patterns: Int32Array[], pattern: Int32Array, shared: boolean): number {
  if (shared) {
    for (let k = patterns.length - 1, stop = Math.max(0, patterns.length - PATTERNS_SEARCHED); k >= stop; k--) {
      if (sameInts(patterns[k], pattern)) return k;
    }
  }
  return patterns.push(pattern.slice()) - 1;
}

function sameInts(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The index in `templates` of a check with no findings equal to `check` (same keys, in the same order,
 * same values), adding it when new; undefined for a check with a key no template covers. Looked up by
 * id first: ids are a few constant strings, so the lookup hashes nothing new.
 */
function templateOf(check: CheckResult, byId: Map<string, Template[]>, templates: CheckResult[]): number | undefined {
  let second = '';
  let keys = 0;
  for (const k in check) {
    keys++;
    if (keys === 2) second = k;
    if (k !== 'id' && k !== 'title' && k !== 'status' && k !== 'findings') return undefined;
  }
  const title = check.title;
  if (title !== undefined && typeof title !== 'string') return undefined;
  let known = byId.get(check.id);
  if (!known) byId.set(check.id, (known = []));
  for (const t of known) if (t.title === title && t.status === check.status && t.second === second && t.keys === keys) return t.index;
  const index = templates.push(check) - 1;
  known.push({ title, status: check.status, second, keys, index });
  return index;
}

/**
 * The documents an EncodedResult stands for, decoded one at a time as they are delivered (checks
 * without findings shared: nothing mutates them): decoded on arrival, they would wait in the queue
 * long enough to be promoted out of the young generation.
 */
export function* decodedDocuments(encoded: EncodedResult): Generator<JudgedDocument, void, undefined> {
  const { templates, own } = encoded;
  for (let i = 0; i < encoded.lines.length; i++) {
    const pattern = encoded.patterns[encoded.patternOf[i]];
    const checks: CheckResult[] = [];
    for (let c = 0; c < pattern.length; c++) {
      const k = pattern[c];
      checks.push(k >= 0 ? templates[k] : own[-1 - k]);
    }
    const line = encoded.lines[i];
    yield { source: encoded.sources[encoded.sourceOf[i]], line: line < 0 ? undefined : line, kind: encoded.kinds[encoded.kindOf[i]], checks };
  }
}

/** How many documents a result holds, plain or encoded. */
export function documentCount(result: ItemResult | EncodedResult): number {
  return 'docs' in result ? result.docs.length : result.lines.length;
}
