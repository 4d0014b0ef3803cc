/**
 * Only the schema's errors of a payload, for a receiver that refuses what the schema refuses (the
 * reference merchant): one call of the compiled validator, and the classified findings only when it
 * fails, so a valid payload costs no rule and no classification.
 */
import type { Finding } from '../model.js';
import type { PayloadKind } from './kinds.js';
import { compiledSchema } from './registry.js';
import { validatePayload } from './validate-payload.js';

/** The errors (not the tolerated forms) the schema of `kind` finds in `doc`. */
export function schemaErrors(kind: PayloadKind, doc: unknown): Finding[] {
  if (compiledSchema(kind).validate(doc)) return [];
  const schema = validatePayload(kind, doc).find((c) => c.id === 'schema');
  return (schema?.findings ?? []).filter((f) => (f.severity ?? 'error') === 'error');
}
