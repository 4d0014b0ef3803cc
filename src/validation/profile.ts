/** Validation of a certification profile against schemas/profile.schema.json (for xborder certify and verify). */
import type { Finding } from '../model.js';
import { findingFromAjvError } from './ajv-findings.js';
import { meaningfulErrors } from './error-noise.js';
import { compiledSchema } from './registry.js';

/** Every problem of a profile document at once, each with a JSON pointer path. Empty when it conforms. */
export function validateProfileDocument(doc: unknown): Finding[] {
  const { validate, meta } = compiledSchema('profile');
  if (meta.missing || validate(doc)) return [];
  return meaningfulErrors(validate.errors ?? []).map((error) => findingFromAjvError(error, doc));
}
