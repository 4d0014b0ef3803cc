/**
 * The platform's reader: how the platform reads what a merchant sends, written down once. The
 * platform is a .NET service reading JSON the way Json.NET does (public-facts, "Wire quirks" and
 * "How deployed merchant integrations behave"; contract, "Details users rely on"):
 *
 * - property names are matched case-insensitively (a documented name in another casing is read as
 *   that name; the same name twice in two casings: the reader takes either one);
 * - an optional value given as `null`, as `""` or left out reads as absent (Json.NET coerces `""` to
 *   null for every non-string nullable type: numbers, booleans, records, lists);
 * - a number written as a string (`"12.50"`, `"1.0000"`, `" 3 "`) reads as that number; an integer
 *   only from a string holding an integer (.NET's Int32 parse refuses a decimal point);
 * - `"true"` / `"True"` / `"false"` (any casing, blanks around) reads as the boolean;
 * - a number where text is documented reads as its text (`100` for ErrorCode reads as "100").
 *
 * What it cannot read stays a failure: a non-numeric string for a number, a required value missing,
 * `null` or `""`, an object where a list (or text) is documented, and so on.
 *
 * The schema checks (classify.ts) ask this module about every value the schema refused and every name
 * it did not know; the lenient notes are the forms it reads leniently, with the severity FORMS gives.
 */
import type { Severity } from '../model.js';
import type { ShapeNode } from './compiled.js';

/** A form the reader accepts although the schema documents another one. */
export type ReaderForm =
  | 'name-casing'
  | 'name-alias'
  | 'documented-alias'
  | 'duplicate-name'
  | 'null-as-absent'
  | 'empty-as-absent'
  | 'number-as-string'
  | 'boolean-as-string'
  | 'number-as-text'
  | 'flat-response-info';

/** What a reader form is, where it is seen, and how it is reported. */
export interface FormFacts {
  /** A few words for findings and docs. */
  title: string;
  /** Severity without --strict (warning: a lenient note; info: documented, only noted). */
  severity: Severity;
  /** True when --strict fails the form (every form only merchants send). */
  strictFails: boolean;
}

/**
 * Every form the reader accepts, with its severity. docs/reader-model.md lists where each is seen;
 * test/validation/platform-reader.test.ts keeps the two in step.
 */
export const FORMS: Readonly<Record<ReaderForm, FormFacts>> = {
  'name-casing': { title: 'a property name in another casing', severity: 'warning', strictFails: true },
  'name-alias': { title: 'a tolerated alias of a property name', severity: 'warning', strictFails: true },
  'documented-alias': { title: 'another documented name of a property', severity: 'info', strictFails: false },
  'duplicate-name': { title: 'the same property twice, in two casings', severity: 'warning', strictFails: true },
  'null-as-absent': { title: 'null for an optional value', severity: 'warning', strictFails: true },
  'empty-as-absent': { title: 'an empty string for an optional value', severity: 'warning', strictFails: true },
  'number-as-string': { title: 'a number written as a string', severity: 'warning', strictFails: true },
  'boolean-as-string': { title: 'a boolean written as a string', severity: 'warning', strictFails: true },
  'number-as-text': { title: 'a number where text is documented', severity: 'warning', strictFails: true },
  'flat-response-info': { title: 'the ResponseInfo fields at the top level', severity: 'info', strictFails: true },
};

/** The severity a finding on `form` gets. */
export function formSeverity(form: ReaderForm, strict: boolean): Severity {
  const facts = FORMS[form];
  return strict && facts.strictFails ? 'error' : facts.severity;
}

/** Where a value sits, as far as the reader cares: its documented types and whether it is required. */
export interface ReadSite {
  /** The JSON types the schema documents there (`integer` included); empty when unknown. */
  types: readonly string[];
  /** The object requires the property. */
  required: boolean;
}

/** How the reader reads one value. */
export type ValueReading =
  /** As documented (an optional value left out, null where null is documented). */
  | { verdict: 'as-is' }
  /** The reader reads it, in a form the schema does not document. `absent` when it reads as absent. */
  | { verdict: 'lenient'; form: ReaderForm; readAs: unknown; absent: boolean; expected: string }
  /** The reader cannot read it: the platform refuses the answer. */
  | { verdict: 'unreadable'; reason: string };

/** A number the reader takes from text: blanks, a sign, digits with a decimal point, an exponent. */
const DECIMAL_TEXT = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;
/** An integer the reader takes from text (Int32 parsing: no decimal point, no exponent). */
const INTEGER_TEXT = /^\s*[-+]?\d+\s*$/;

const isNumberType = (types: readonly string[]): boolean => types.includes('number') || types.includes('integer');

/**
 * How the reader reads `value` at `site`. The schema checks ask about the values the schema refused
 * (their type, or for `""` their documented form); `undefined` is a value left out. A value the schema
 * takes needs no asking: it reads as it is, except `""` for an optional string, which reads as absent
 * like any optional `""` (no note: the schema documents it).
 */
export function readValue(value: unknown, site: ReadSite): ValueReading {
  if (value === undefined || value === null || value === '') return readEmpty(value, site);
  if (typeof value === 'string') {
    if (isNumberType(site.types)) {
      const integerOnly = !site.types.includes('number');
      if ((integerOnly ? INTEGER_TEXT : DECIMAL_TEXT).test(value)) {
        const n = Number(value);
        if (Number.isFinite(n)) return { verdict: 'lenient', form: 'number-as-string', readAs: n, absent: false, expected: integerOnly ? 'integer' : 'number' };
      }
    }
    const word = value.trim().toLowerCase();
    if (site.types.includes('boolean') && (word === 'true' || word === 'false')) {
      return { verdict: 'lenient', form: 'boolean-as-string', readAs: word === 'true', absent: false, expected: 'boolean' };
    }
  }
  if (typeof value === 'number' && Number.isFinite(value) && site.types.includes('string')) {
    return { verdict: 'lenient', form: 'number-as-text', readAs: String(value), absent: false, expected: 'string' };
  }
  return { verdict: 'unreadable', reason: `the platform's reader cannot read ${describe(value)} as ${either(site.types)}` };
}

/** null, "" or nothing: absent when optional, a failure when required. */
function readEmpty(value: unknown, site: ReadSite): ValueReading {
  const shown = value === undefined ? 'nothing' : value === null ? 'null' : 'an empty string';
  if (site.required) return { verdict: 'unreadable', reason: `required, and ${shown} reads as absent` };
  if (value === undefined || (value === null && site.types.includes('null'))) return { verdict: 'as-is' };
  return { verdict: 'lenient', form: value === null ? 'null-as-absent' : 'empty-as-absent', readAs: undefined, absent: true, expected: site.types.filter((t) => t !== 'null').join(' | ') };
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'this text';
  return `a ${typeof value}`;
}

function either(types: readonly string[]): string {
  const names = [...new Set(types.map((t) => (t === 'array' ? 'a list' : t === 'object' ? 'an object' : t === 'integer' ? 'an integer' : t === 'null' ? 'null' : `a ${t}`)))];
  return names.length <= 1 ? (names[0] ?? 'the documented type') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/** How the reader reads a property name the object's schema does not list as such. */
export interface NameReading {
  /** The documented name it is read as. */
  name: string;
  form: 'name-casing' | 'name-alias' | 'documented-alias';
}

/**
 * The documented property `name` is read as in `object`, or undefined when it is read as an unknown
 * name (or is documented as it is): a documented alias (`x-documented-aliases`), a tolerated alias
 * (`x-aliases`), or a documented name (or either alias) in another casing. An ambiguous casing (two
 * documented names differing only in case) is not read as either.
 */
export function readName(object: ShapeNode, name: string): NameReading | undefined {
  const props = object.props ?? [];
  const aliases = object.aliases ?? {};
  const documentedAliases = object.documentedAliases ?? {};
  if (props.includes(name)) return undefined;
  if (Object.prototype.hasOwnProperty.call(documentedAliases, name)) return { name: documentedAliases[name], form: 'documented-alias' };
  if (Object.prototype.hasOwnProperty.call(aliases, name)) return { name: aliases[name], form: 'name-alias' };
  const lower = name.toLowerCase();
  const caseMatch = props.filter((p) => p.toLowerCase() === lower);
  if (caseMatch.length === 1) return { name: caseMatch[0], form: 'name-casing' };
  // Another casing of either alias is a casing deviation of a tolerated name: lenient, as an alias.
  const others = { ...aliases, ...documentedAliases };
  const aliasMatch = Object.keys(others).filter((a) => a.toLowerCase() === lower);
  if (caseMatch.length === 0 && aliasMatch.length === 1) return { name: others[aliasMatch[0]], form: 'name-alias' };
  return undefined;
}

/** The key of `obj` the reader takes for `name`: the exact spelling first, else any casing. */
export function keyFor(obj: Record<string, unknown>, name: string): string | undefined {
  if (Object.prototype.hasOwnProperty.call(obj, name)) return name;
  const lower = name.toLowerCase();
  for (const key of Object.keys(obj)) if (key.toLowerCase() === lower) return key;
  return undefined;
}

/** The value the reader takes for `name` in `obj` (any casing), or undefined. */
export function readProperty(obj: Record<string, unknown>, name: string): unknown {
  const key = keyFor(obj, name);
  return key === undefined ? undefined : obj[key];
}

/** A boolean as the reader reads it (`true`, `"True"`, `" false "`), or undefined (absent, "", unreadable). */
export function readBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  const reading = typeof value === 'string' && value !== '' ? readValue(value, { types: ['boolean'], required: false }) : undefined;
  return reading?.verdict === 'lenient' && typeof reading.readAs === 'boolean' ? reading.readAs : undefined;
}

/** A number as the reader reads it (`12.5`, `"12.50"`, `"1.0000"`), or undefined (absent, "", unreadable). */
export function readNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  const reading = typeof value === 'string' && value !== '' ? readValue(value, { types: ['number'], required: false }) : undefined;
  return reading?.verdict === 'lenient' && typeof reading.readAs === 'number' ? reading.readAs : undefined;
}
