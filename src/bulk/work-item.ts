/**
 * The unit of bulk validation: raw bytes plus where they came from, judged the same way on the main
 * thread (`--jobs 1`, and small runs) and in a validate worker. Items carry undecoded lines or whole
 * small files, so the thread that judges also decodes and parses: the main thread only reads and splits.
 */
import { InputError } from '../errors.js';
import { assertUtf8Family } from '../io/text-encoding.js';
import type { CheckResult } from '../model.js';
import type { PayloadKind } from '../validation/kinds.js';
import { BLANK, DocumentAssembler, lineText, ndjsonDocument, ndjsonInput } from './assembler.js';
import type { Utf8Probe } from './decode-line.js';
import { invalidInInput, type InvalidUtf8 } from './invalid-utf8.js';
import { bytesText, pointerAt } from './pointer-at.js';
import { judge, type JudgeOptions, type JudgedDocument, type JudgedInput } from './judge.js';
import { LineSplitter } from './line-splitter.js';

/** An input error found while judging an item, as plain data (it crosses threads). */
export interface ItemFailure {
  message: string;
  file?: string;
  line?: number;
  column?: number;
}

/**
 * Lines of one NDJSON input (known to be NDJSON: its first document was read): line `lineNos[i]` is
 * `bytes[offsets[i], offsets[i + 1])`.
 */
export interface LinesItem {
  type: 'lines';
  source: string;
  lineNos: Int32Array;
  offsets: Int32Array;
  bytes: Uint8Array;
}

/** Whole small files, each read in one call: file `i` is `bytes[offsets[i], offsets[i + 1])`. */
export interface FilesItem {
  type: 'files';
  sources: string[];
  offsets: Int32Array;
  bytes: Uint8Array;
}

/** Work for one thread. */
export type WorkItem = LinesItem | FilesItem;

/**
 * What an item gave: its judged documents in input order and, when an input error stopped it, that
 * error (the documents before it are judged; nothing after it is). `lastDocFiles` tells, for a files
 * item, how many files it finished.
 */
export interface ItemResult {
  docs: JudgedDocument[];
  failure?: ItemFailure;
}

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

/** Encodes a worker's result; see EncodedResult. */
export function encodeResult(result: ItemResult): EncodedResult {
  const n = result.docs.length;
  const encoded: EncodedResult = {
    sources: [],
    kinds: [],
    sourceOf: new Int32Array(n),
    lines: new Int32Array(n),
    kindOf: new Int32Array(n),
    patternOf: new Int32Array(n),
    patterns: [],
    templates: [],
    own: [],
    failure: result.failure,
  };
  const sourceIndex = new Map<string, number>();
  const templates = new Map<string, Template[]>();
  let scratch = new Int32Array(16);
  for (let i = 0; i < n; i++) {
    const doc = result.docs[i];
    // Sources by a map: a files item has hundreds, each file its own.
    let source = sourceIndex.get(doc.source);
    if (source === undefined) {
      source = encoded.sources.push(doc.source) - 1;
      sourceIndex.set(doc.source, source);
    }
    encoded.sourceOf[i] = source;
    encoded.lines[i] = doc.line ?? -1;
    encoded.kindOf[i] = indexIn(encoded.kinds, doc.kind);
    const count = doc.checks.length;
    if (scratch.length < count) scratch = new Int32Array(count * 2);
    let shared = true;
    for (let c = 0; c < count; c++) {
      const check = doc.checks[c];
      const template = check.findings.length > 0 ? undefined : templateOf(check, templates, encoded.templates);
      if (template !== undefined) scratch[c] = template;
      else {
        scratch[c] = -encoded.own.push(check);
        shared = false;
      }
    }
    encoded.patternOf[i] = patternIndex(encoded.patterns, scratch.subarray(0, count), shared);
  }
  return encoded;
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

/** A check without findings already sent in `templates`, with what tells it from others of its id. */
interface Template {
  title: string | undefined;
  status: string;
  /** The key after `id`: the keys' order is printed too (checks are built in two orders). */
  second: string;
  keys: number;
  index: number;
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

/** The plain-data form of an InputError (other errors are bugs: thrown on). */
export function failureOf(error: unknown): ItemFailure {
  if (!(error instanceof InputError)) throw error;
  return { message: error.message, file: error.file, line: error.line, column: error.column };
}

/** The InputError an ItemFailure stands for, rebuilt on the main thread. */
export function inputErrorOf(failure: ItemFailure): InputError {
  return new InputError(failure.message, failure.file, failure.line, failure.column);
}

/** Judges every document of `item`, in order, stopping at the first input error. */
export function runItem(item: WorkItem, options: JudgeOptions): ItemResult {
  const docs: JudgedDocument[] = [];
  const bytes = Buffer.from(item.bytes.buffer, item.bytes.byteOffset, item.bytes.byteLength);
  const judged = (input: JudgedInput): void => void docs.push(judge(input, options.forced, options.strict));
  try {
    if (item.type === 'lines') {
      const probe: Utf8Probe = { at: -1 };
      for (let i = 0; i < item.lineNos.length; i++) {
        const doc = ndjsonDocument(item.source, item.lineNos[i], bytes, item.offsets[i], item.offsets[i + 1], probe);
        if (doc !== BLANK) judged(ndjsonInput(item.source, item.lineNos[i], doc, bytes, item.offsets[i], item.offsets[i + 1], probe));
      }
    } else {
      for (let i = 0; i < item.sources.length; i++) judgeWholeFile(item.sources[i], bytes.subarray(item.offsets[i], item.offsets[i + 1]), judged);
    }
  } catch (error) {
    return { docs, failure: failureOf(error) };
  }
  return { docs };
}

/**
 * A file read whole: split, assembled and judged as a stream of it would be. A pretty-printed file
 * (its first line is not a JSON value by itself) is parsed in one piece rather than joined from its
 * decoded lines: the text differs only by the CRs before its LFs, which JSON reads as whitespace
 * (inside a string either text is malformed), so the document is the same. When that parse fails the
 * file is read again line by line, so the error names the same line and column as it always did.
 */
function judgeWholeFile(source: string, bytes: Buffer, judged: (input: JudgedInput) => void): void {
  // Most captures are pretty-printed, and their first line shows it: parsed in one piece without
  // the line machinery (whose buffers and closures cost a twentieth of judging a file), after the
  // same first check (UTF-16 and UTF-32 show in the first bytes).
  if (opensPrettyDocument(bytes)) {
    assertUtf8Family(bytes.subarray(0, 4), source);
    return judgeWhole(source, bytes, judged);
  }
  const assembler = new DocumentAssembler(source, judged);
  const splitter = new LineSplitter(source, () => assembler.mode === 'ndjson');
  const onLine = (b: Buffer, start: number, end: number): void => {
    assembler.line(splitter.lines, b, start, end, splitter.lineStart);
    // Pretty-printed: no need to split the rest.
    if (assembler.mode === 'whole') throw PRETTY;
  };
  try {
    if (!splitter.push(bytes, onLine)) {
      assembler.releaseHeld();
      throw splitter.overflow();
    }
    splitter.end(onLine);
  } catch (error) {
    if (error !== PRETTY) throw error;
    return judgeWhole(source, bytes, judged);
  }
  assembler.finish();
}

/** A pretty-printed file parsed in one piece (read by lines when that fails, for the error's place). */
function judgeWhole(source: string, bytes: Buffer, judged: (input: JudgedInput) => void): void {
  const probe: Utf8Probe = { at: -1 };
  const doc = parsedWhole(bytes, probe);
  if (doc === UNPARSED) return judgeByLines(source, bytes, judged);
  if (probe.at < 0) return judged({ source, doc });
  const path = pointerAt(bytesText(bytes, 0, bytes.length), probe.at);
  const invalidUtf8: InvalidUtf8 = { ...invalidInInput(bytes, probe.at), ...(path === undefined ? {} : { path }) };
  judged({ source, doc, invalidUtf8 });
}

/**
 * Whether the first line of `bytes` is a lone `{` or `[` (spaces, tabs, a CR and a byte order mark
 * around it): the opening the assembler reads as a pretty-printed document. Anything else (other
 * whitespace, a blank first line) goes the assembler's way, which decides the same or otherwise.
 */
function opensPrettyDocument(bytes: Buffer): boolean {
  const newline = bytes.indexOf(0x0a);
  if (newline < 0) return false;
  let opener = 0;
  for (let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0; i < newline; i++) {
    const byte = bytes[i];
    if (byte === 0x20 || byte === 0x09 || byte === 0x0d) continue;
    if ((byte === 0x7b || byte === 0x5b) && opener === 0) opener = byte;
    else return false;
  }
  return opener !== 0;
}

/** Thrown out of the line loop once a file shows it is one pretty-printed document. */
const PRETTY = Symbol('pretty-printed');

const UNPARSED = Symbol('unparsed');

/** The JSON document that is the whole of `bytes` (a byte order mark dropped), or UNPARSED; `probe` learns where invalid UTF-8 starts. */
function parsedWhole(bytes: Buffer, probe: Utf8Probe): unknown {
  const text = lineText(1, bytes, 0, bytes.length, probe);
  try {
    return JSON.parse(text);
  } catch {
    return UNPARSED;
  }
}

/** The line-by-line reading of a whole file (the exact error of a malformed pretty-printed document). */
function judgeByLines(source: string, bytes: Buffer, judged: (input: JudgedInput) => void): void {
  const assembler = new DocumentAssembler(source, judged);
  const splitter = new LineSplitter(source, () => assembler.mode === 'ndjson');
  const onLine = (b: Buffer, start: number, end: number): void => assembler.line(splitter.lines, b, start, end, splitter.lineStart);
  splitter.push(bytes, onLine);
  splitter.end(onLine);
  assembler.finish();
}
