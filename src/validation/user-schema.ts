/**
 * Validation against a schema the user brings (`platform call --schema FILE`). The shipped schemas
 * are compiled at build time; a user's schema can only be compiled at run time, so this is the one
 * place that loads ajv's compiler. Draft 2020-12 unless the schema's `$schema` names draft-07/06.
 */
import AjvModule from 'ajv';
import Ajv2019Module from 'ajv/dist/2019.js';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { InputError } from '../errors.js';
import type { Finding } from '../model.js';
import { findingFromAjvError } from './ajv-findings.js';
import type { AjvError } from './compiled.js';
import { meaningfulErrors } from './error-noise.js';

// ajv and ajv-formats are CommonJS: under NodeNext their classes sit on `.default`.
const addFormats = addFormatsModule.default;

/** A fresh ajv of the dialect the schema names (2020-12 when it names none). */
function ajvFor(schemaDoc: unknown) {
  const dialect = typeof schemaDoc === 'object' && schemaDoc !== null ? String((schemaDoc as { $schema?: unknown }).$schema ?? '') : '';
  const Ajv = /draft-0[67]/.test(dialect) ? AjvModule.default : /2019-09/.test(dialect) ? Ajv2019Module.default : Ajv2020Module.default;
  const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true });
  addFormats(ajv);
  return ajv;
}

/**
 * Validates `doc` against the user's `schemaDoc`; every violation is one error finding with a JSON
 * pointer. A schema ajv cannot compile is an InputError (exit 2) naming `source`.
 */
export function validateWithSchema(schemaDoc: unknown, doc: unknown, source = 'the schema'): Finding[] {
  if (typeof schemaDoc !== 'object' || schemaDoc === null || Array.isArray(schemaDoc)) {
    if (typeof schemaDoc !== 'boolean') throw new InputError(`${source} is not a JSON Schema: expected an object.`, source);
  }
  const ajv = ajvFor(schemaDoc);
  let validate: ReturnType<ReturnType<typeof ajvFor>['compile']>;
  try {
    validate = ajv.compile(schemaDoc);
  } catch (error) {
    throw new InputError(`${source} is not a valid JSON Schema: ${(error as Error).message}`, source);
  }
  if (validate(doc)) return [];
  return meaningfulErrors((validate.errors ?? []) as AjvError[]).map((error) => findingFromAjvError(error, doc));
}
