/**
 * Runs the offline validation (schema, lenient forms, named rules) on a response payload and names
 * the checks for the endpoint: `schema` becomes `cart-schema` or `order-response-schema`, the
 * lenient findings `cart-lenient`..., named rules keep their own ids.
 */
import type { CheckResult } from '../model.js';
import { validatePayload, type PayloadKind } from '../validation/index.js';

/** Validation checks of `doc` as `kind`, ids prefixed where they are generic. */
export function judgePayload(kind: PayloadKind, doc: unknown, strict: boolean): CheckResult[] {
  const generic = new Set(['schema', 'lenient', 'unknown-properties']);
  return validatePayload(kind, doc, { strict }).map((check) => (generic.has(check.id) ? { ...check, id: `${kind}-${check.id}` } : check));
}
