/**
 * The one boundary where ajv's errors become findings: a sentence a person can act on, a JSON
 * pointer, what the schema documents and what was received.
 */
import type { Finding } from '../model.js';
import type { AjvError } from './compiled.js';
import { getAt, joinPointer } from './pointer.js';
import { clipped } from './shown.js';

/** The JSON type name of a value, as schemas spell types (`integer` is reported as `number`). */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** The documented types of a `type` error (ajv gives a string or, for unions, the schema's array). */
export function typesOf(error: AjvError): string[] {
  const t = error.params.type;
  return Array.isArray(t) ? t.map(String) : String(t).split(',');
}

/** A readable list: `a`, `a or b`, `a, b or c`. */
function either(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/**
 * Turns one ajv error into a finding. `doc` is the document that was validated; `toPath` maps its
 * pointers back to the caller's document (after renames); severity is `error`.
 */
export function findingFromAjvError(error: AjvError, doc: unknown, toPath: (p: string) => string = (p) => p): Finding {
  const p = error.params;
  const value = getAt(doc, error.instancePath);
  const actual = clipped(value);
  const at = toPath(error.instancePath);
  const base = { path: at, severity: 'error' as const };
  switch (error.keyword) {
    case 'required':
      return { ...base, path: toPath(joinPointer(error.instancePath, String(p.missingProperty))), message: `missing required property ${String(p.missingProperty)}`, expected: 'present', actual: 'absent' };
    case 'type': {
      const types = typesOf(error);
      // JSON.parse reads a number past the range of a double (1e400) as Infinity, which no schema
      // type accepts: say so, instead of "must be number, not number".
      if (typeof value === 'number' && !Number.isFinite(value)) {
        return { ...base, message: `is a number too large for a double (over ±1.8e308, read as ${value}): JSON readers turn it into infinity or refuse it`, expected: `${types.join(' | ')} within ±1.8e308`, actual: `${value < 0 ? '-' : ''}a number beyond ±1.8e308` };
      }
      // An object or array received is named by its type: the whole value says nothing more.
      return { ...base, message: `must be ${either(types)}, not ${jsonType(value)}`, expected: types.join(' | '), actual: value !== null && typeof value === 'object' ? jsonType(value) : actual };
    }
    case 'enum':
      return { ...base, message: 'must be one of the documented values', expected: p.allowedValues, actual };
    case 'const':
      return { ...base, message: 'must be the documented constant', expected: p.allowedValue, actual };
    case 'pattern':
      return { ...base, message: `does not match the documented form ${String(p.pattern)}`, expected: `matching ${String(p.pattern)}`, actual };
    case 'format':
      return { ...base, message: `is not a valid ${String(p.format)}`, expected: String(p.format), actual };
    case 'maxLength':
    case 'minLength': {
      const length = typeof value === 'string' ? [...value].length : undefined;
      const bound = error.keyword === 'maxLength' ? 'at most' : 'at least';
      return { ...base, message: `must be ${bound} ${String(p.limit)} characters long (it has ${length})`, expected: `${bound} ${String(p.limit)} characters`, actual: `${length} characters` };
    }
    case 'maxItems':
    case 'minItems': {
      const bound = error.keyword === 'maxItems' ? 'at most' : 'at least';
      return { ...base, message: `must have ${bound} ${String(p.limit)} items`, expected: `${bound} ${String(p.limit)} items`, actual: Array.isArray(value) ? `${value.length} items` : actual };
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { ...base, message: `must be ${String(p.comparison)} ${String(p.limit)}`, expected: `${String(p.comparison)} ${String(p.limit)}`, actual };
    case 'multipleOf':
      return { ...base, message: `must be a multiple of ${String(p.multipleOf)}`, expected: `multiple of ${String(p.multipleOf)}`, actual };
    case 'uniqueItems':
      return { ...base, message: `items ${String(p.j)} and ${String(p.i)} are identical; items must be unique`, expected: 'unique items', actual };
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const name = String(p.additionalProperty ?? p.unevaluatedProperty);
      return { ...base, path: toPath(joinPointer(error.instancePath, name)), message: 'property not allowed here', expected: 'a documented property', actual: name };
    }
    case 'oneOf':
    case 'anyOf':
      return { ...base, message: `does not match ${error.keyword === 'oneOf' ? 'exactly one' : 'any'} of the documented forms`, actual };
    default:
      return { ...base, message: `fails the schema keyword ${error.keyword} ${JSON.stringify(p)}`, actual };
  }
}
