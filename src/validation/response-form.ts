/**
 * How an answer to SendOrderToMerchant is put before its schema. The schema documents the wrapped
 * form (`{ "ResponseInfo": {...} }`, the interface document's); deployed merchants answer flat and the
 * platform reads both, so a flat answer is validated as if wrapped and its findings are moved back to
 * where they sit in the body as sent. A framework's error body is no ResponseInfo at all: it gets one
 * finding that says so instead of every ajv error the wrapper's absence would raise.
 */
import type { Finding, Severity } from '../model.js';
import { formSeverity } from './platform-reader.js';
import { describeFrameworkError, responseShape, wrappedToFlat } from './response-shape.js';

/** A document as its schema sees it. */
export interface DocumentForm {
  /** What the schema and the rules read: the input, or the flat answer wrapped. */
  doc: unknown;
  /** Maps a pointer into `doc` to the input's pointer. */
  toInput(pointer: string): string;
  /** Findings about the form itself (the `lenient` check). */
  lenient: Finding[];
  /** Set for a framework error body: the one `schema` finding; the schema is not run. */
  notResponseInfo?: Finding;
}

/** The finding on a flat answer (info; error with --strict, which fails undocumented forms). */
export const FLAT_RESPONSE_INFO_MESSAGE =
  'a flat ResponseInfo: the interface documents { "ResponseInfo": {...} }; deployed merchants answer flat and the platform reads both';

/** The finding on a framework error body (warning; error with --strict). */
export const FRAMEWORK_ERROR_MESSAGE =
  "a framework error body, not a ResponseInfo (Success false with a Message): the merchant's code failed before answering; the platform reads it only as a failed call";

const same = (p: string): string => p;

/** The form `doc` of `kind` is validated in; see the module comment. */
export function documentForm(kind: string, doc: unknown, strict: boolean): DocumentForm {
  if (kind !== 'order-response') return { doc, toInput: same, lenient: [] };
  switch (responseShape(doc)) {
    case 'flat': {
      const severity = formSeverity('flat-response-info', strict);
      const finding: Finding = { path: '', message: FLAT_RESPONSE_INFO_MESSAGE, expected: '{ "ResponseInfo": {...} }', actual: 'the ResponseInfo fields at the top level', severity };
      return { doc: { ResponseInfo: doc }, toInput: wrappedToFlat, lenient: [finding] };
    }
    case 'framework-error': {
      const severity: Severity = strict ? 'error' : 'warning';
      const finding: Finding = { path: '', message: FRAMEWORK_ERROR_MESSAGE, expected: 'a ResponseInfo with Success false and a Message', actual: describeFrameworkError(doc), severity };
      return { doc, toInput: same, lenient: [], notResponseInfo: finding };
    }
    default:
      return { doc, toInput: same, lenient: [] };
  }
}
