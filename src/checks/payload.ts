/**
 * Runs the offline validation (schema, lenient forms, named rules) on a response payload and names
 * the checks for the endpoint: `schema` becomes `cart-schema` or `order-response-schema`, the
 * lenient findings `cart-lenient`..., named rules keep their own ids.
 */
import type { CheckResult } from '../model.js';
import { unwrapResponseInfo, validatePayload, type PayloadKind } from '../validation/index.js';

/** Validation checks of `doc` as `kind`, ids prefixed where they are generic. */
export function judgePayload(kind: PayloadKind, doc: unknown, strict: boolean): CheckResult[] {
  const generic = new Set(['schema', 'lenient', 'unknown-properties']);
  return validatePayload(kind, doc, { strict }).map((check) => (generic.has(check.id) ? { ...check, id: `${kind}-${check.id}` } : check));
}

/**
 * What is wrong with a refusal's answer, when it is a ResponseInfo (flat or wrapped): its forms count
 * like a success answer's (`ErrorCode` as a number is lenient), but only the checks that found a
 * problem are kept, so a clean refusal stays one row. Other error bodies (none, HTML, a framework's
 * JSON) are named by the refusal check itself: one problem, one row.
 */
export function judgeRefusalAnswer(json: unknown, strict: boolean): CheckResult[] {
  return unwrapResponseInfo(json) ? judgePayload('order-response', json, strict).filter((c) => c.status !== 'passed') : [];
}
