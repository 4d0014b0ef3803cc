/**
 * Judging one read document: the kind forced by --as or told from its shape, then every check of
 * that kind. Pure and synchronous, so the main thread and the validate workers give the same result.
 */
import type { CheckResult } from '../model.js';
import { PAYLOAD_KINDS, detectKind, validatePayload, type PayloadKind } from '../validation/index.js';
import { utf8Check, type InvalidUtf8 } from './invalid-utf8.js';
import { jsonCheck, type MalformedLine } from './malformed-line.js';

/** What a document is judged from: where it came from and its parsed value. */
export interface JudgedInput {
  source: string;
  /** 1-based NDJSON line; undefined for a single-document input. */
  line?: number;
  doc: unknown;
  /** The first byte of the document's input that is not UTF-8 (decoded as U+FFFD), when there is one. */
  invalidUtf8?: InvalidUtf8;
  /** Set for an NDJSON line that is no JSON document (`doc` is then undefined): it fails the `json` check alone. */
  malformed?: MalformedLine;
}

/** One judged document (the validate report's row source). */
export interface JudgedDocument {
  source: string;
  line?: number;
  /** Undefined when the kind could not be told. */
  kind: PayloadKind | undefined;
  checks: CheckResult[];
}

/** How every document of a run is judged. */
export interface JudgeOptions {
  forced: PayloadKind | undefined;
  strict: boolean;
}

/** Validates one document as the forced kind or the kind its shape tells. */
export function judge(input: JudgedInput, forced: PayloadKind | undefined, strict: boolean): JudgedDocument {
  // A line that is no document has no kind and nothing else to judge.
  const kind = input.malformed ? undefined : (forced ?? detectKind(input.doc));
  const checks = input.malformed ? [jsonCheck(input.malformed)] : kind === undefined ? [undetectable(input.doc)] : validatePayload(kind, input.doc, { strict });
  // Only a document with invalid bytes gets the check: the others' reports stay as they were.
  if (input.invalidUtf8) checks.unshift(utf8Check(input.invalidUtf8, input.line !== undefined));
  return { source: input.source, line: input.line, kind, checks };
}

function undetectable(doc: unknown): CheckResult {
  const shape = doc === null ? 'null' : Array.isArray(doc) ? 'an array' : typeof doc === 'object' ? 'an object with none of the markers' : `a ${typeof doc}`;
  return {
    id: 'kind',
    title: 'Payload kind',
    status: 'failed',
    findings: [
      {
        message: `cannot tell which payload this is (${shape}: ResponseInfo, CardFields, IsValid, Code+Error, productsList, MerchantGUID+OrderId); pass --as KIND`,
        path: '',
        expected: PAYLOAD_KINDS.join(' | '),
        actual: Array.isArray(doc) ? 'array' : doc === null ? 'null' : typeof doc,
        severity: 'error',
      },
    ],
  };
}
