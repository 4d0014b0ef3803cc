/** Validation of the configuration file against schemas/config.schema.json (for the config loader). */
import type { Finding } from '../model.js';
import { findingFromAjvError } from './ajv-findings.js';
import { meaningfulErrors } from './error-noise.js';
import { compiledSchema } from './registry.js';
import { configMessage } from './config-messages.js';
import { getAt } from './pointer.js';

/**
 * Every problem of a configuration document at once, each with a JSON pointer path (severity error).
 * Empty when the document conforms. An unknown key is reported with its own path.
 */
export function validateConfigDocument(doc: unknown): Finding[] {
  const { validate, meta } = compiledSchema('config');
  if (meta.missing || validate(doc)) return [];
  return meaningfulErrors(validate.errors ?? []).map((error) => {
    const finding = findingFromAjvError(error, doc);
    const clearer = configMessage(error, getAt(doc, error.instancePath));
    if (clearer) finding.message = clearer;
    return finding;
  });
}
