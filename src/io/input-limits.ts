/**
 * The bounds on what a user gives xborder to read (config files, payload files, `--body`, stdin,
 * NDJSON lines, `--set` values): past them the input is refused with a message naming the place and
 * the limit (exit 2), before it can exhaust memory or the stack.
 */
import { InputError } from '../errors.js';
import { MAX_DEPTH, tooDeepAt } from '../validation/depth.js';

/**
 * The largest JSON document (a whole file, or one NDJSON line) xborder reads: 64 MiB. Payloads of the
 * interface are a few KB; V8 strings end at 512 MiB, so a document and the copies made while judging
 * it stay well inside memory.
 */
export const MAX_DOCUMENT_BYTES = 64 * 1024 * 1024;

/** How deep a JSON document given by the user may nest (containers; the root is level 1). */
export const MAX_JSON_DEPTH = MAX_DEPTH;

/** "64 MiB" */
export const MAX_DOCUMENT_TEXT = `${MAX_DOCUMENT_BYTES / (1024 * 1024)} MiB`;

/** The error for an input that grew past MAX_DOCUMENT_BYTES on `line`. */
export function tooLargeError(source: string, line: number, ndjson: boolean): InputError {
  const what = ndjson ? `NDJSON line ${line} is longer than ${MAX_DOCUMENT_TEXT}` : `the JSON input is larger than ${MAX_DOCUMENT_TEXT} (passed on line ${line})`;
  return new InputError(`${source}:${line}: ${what}; xborder reads JSON documents of at most ${MAX_DOCUMENT_TEXT} (${MAX_DOCUMENT_BYTES} bytes).`, source, line);
}

/** A JSON pointer as quoted in a message: cut to its first 80 characters. */
function shortPointer(pointer: string): string {
  return pointer.length > 80 ? `${pointer.slice(0, 80)}…` : pointer;
}

/**
 * Why `doc` nests too deeply to be read, or undefined: "nests deeper than 64 levels (at /a/0/0…);
 * xborder reads at most 64 levels of nesting" (the caller says what nests, and where it came from).
 */
export function depthProblem(doc: unknown): string | undefined {
  const at = tooDeepAt(doc, MAX_JSON_DEPTH);
  if (at === undefined) return undefined;
  return `nests deeper than ${MAX_JSON_DEPTH} levels (at ${shortPointer(at) || '/'}); xborder reads at most ${MAX_JSON_DEPTH} levels of nesting`;
}

/**
 * Throws an InputError naming `source` when `doc` nests deeper than MAX_JSON_DEPTH; `what` says
 * what the document is ("payload", "configuration").
 */
export function assertDepth(doc: unknown, source: string, what = 'payload'): void {
  const problem = depthProblem(doc);
  if (problem) throw new InputError(`${source}: the ${what} ${problem}.`, source);
}
