/**
 * Schema validation with the platform's reader (platform-reader.ts). One call of the compiled
 * validator decides a valid document. Only when it fails are the errors put to the reader: a name it
 * reads as a documented one (another casing, a tolerated alias), a value it reads leniently (a number
 * or boolean written as a string, a number for text, `null` or `""` for an optional value: absent) are
 * `lenient` findings with the severity the reader gives the form; a documented alias
 * (`x-documented-aliases`: OTVoucherCurrencyCode for OTCurrencyCode) is renamed too, with an `info`
 * finding in the same list (it is documented, so it never warns, not even with strict); a name the
 * schema does not know is `info`; then a normalised copy (renamed, coerced, absent values left out) is
 * validated again so the remaining errors are what the reader cannot read. The input is never mutated.
 */
import type { Finding } from '../model.js';
import type { AjvError, CompiledValidator, SchemaMeta, ShapeNode } from './compiled.js';
import { findingFromAjvError, jsonType, typesOf } from './ajv-findings.js';
import { meaningfulErrors } from './error-noise.js';
import { formSeverity, readName, readValue, type ReaderForm } from './platform-reader.js';
import { escapeToken, getAt, joinPointer, parentOf, parsePointer } from './pointer.js';
import { clipped, quoted } from './shown.js';
import { closestName } from '../did-you-mean.js';

/** The outcome of validating one document against its schema. */
export interface Classified {
  /** Real schema errors (severity error), paths in the input's terms. */
  schema: Finding[];
  /** Forms the platform's reader reads leniently (warning; error when strict), and documented aliases (info). */
  lenient: Finding[];
  /** Properties the schema does not document (info). */
  unknown: Finding[];
  /** The document the rules should read: the input itself, or a normalised copy. */
  normalized: unknown;
  /** Maps a pointer into `normalized` back to the input's pointer (renamed keys restored). */
  toOriginal(pointer: string): string;
}

/** A change the normalised copy gets, found in one pass. */
type Fix =
  | { kind: 'rename'; parent: string; from: string; to: string; form: ReaderForm }
  | { kind: 'drop'; parent: string; name: string; documented: string }
  | { kind: 'coerce'; path: string; from: unknown; to: unknown; expected: string; form: ReaderForm }
  | { kind: 'absent'; path: string; from: unknown; expected: string; form: ReaderForm; pattern?: string };

/** Renames nest (a renamed object may hold renamed keys), so passes repeat up to this many times. */
const MAX_PASSES = 8;
/** Keywords that refuse a string by its documented form: an empty one there reads as absent. */
const STRING_FORM_KEYWORDS = new Set(['pattern', 'format', 'enum', 'minLength', 'const']);

/** Validates `doc`; see the module comment. */
export function classify(validate: CompiledValidator, meta: SchemaMeta, doc: unknown, strict: boolean): Classified {
  if (validate(doc)) return { schema: [], lenient: [], unknown: [], normalized: doc, toOriginal: (p) => p };

  const renames: { norm: string; orig: string }[] = [];
  const toOriginal = (pointer: string): string => {
    let p = pointer;
    for (let i = renames.length - 1; i >= 0; i--) {
      const { norm, orig } = renames[i];
      if (p === norm || p.startsWith(`${norm}/`)) p = orig + p.slice(norm.length);
    }
    return p;
  };
  const lenient: Finding[] = [];
  let current: unknown = doc;
  let errors: AjvError[] = [...(validate.errors ?? [])];

  for (let pass = 0; pass < MAX_PASSES && errors.length > 0; pass++) {
    const fixes = findFixes(errors, meta, current);
    if (fixes.length === 0) break;
    if (current === doc) current = structuredClone(doc);
    for (const fix of fixes) lenient.push(describeFix(fix, toOriginal, strict));
    for (const fix of fixes) applyFix(current, fix, renames);
    errors = validate(current) ? [] : [...(validate.errors ?? [])];
  }

  const schema: Finding[] = [];
  const unknown: Finding[] = [];
  for (const error of meaningfulErrors(errors)) {
    const name = unknownName(error);
    if (name !== undefined) unknown.push(unknownFinding(error, name, meta, toOriginal));
    else schema.push(withReason(findingFromAjvError(error, current, toOriginal), error, meta, current));
  }
  return { schema, lenient, unknown, normalized: current, toOriginal };
}

/**
 * A required value sent empty (`null` or `""`) says why it fails: the reader reads it as absent, so the
 * answer lacks it (ajv alone would only say "must be boolean, not string").
 */
function withReason(finding: Finding, error: AjvError, meta: SchemaMeta, doc: unknown): Finding {
  const value = getAt(doc, error.instancePath);
  if (error.keyword !== 'type' || (value !== null && value !== '') || isOptional(meta, error.instancePath)) return finding;
  const reading = readValue(value, { types: typesOf(error), required: true });
  return reading.verdict === 'unreadable' ? { ...finding, message: `${finding.message}: ${reading.reason}` } : finding;
}

/** The name of an additional/unevaluated property error, else undefined. */
function unknownName(error: AjvError): string | undefined {
  if (error.keyword === 'additionalProperties') return String(error.params.additionalProperty);
  if (error.keyword === 'unevaluatedProperties') return String(error.params.unevaluatedProperty);
  return undefined;
}

/**
 * What the schema documents for the object at `instancePath`: the shape graph walked along the path
 * (the path only crosses documented properties: ajv does not descend into unknown ones).
 */
export function shapeAt(meta: SchemaMeta, instancePath: string): ShapeNode | undefined {
  let node: ShapeNode | undefined = meta.nodes[0];
  for (const token of parsePointer(instancePath)) {
    if (!node) return undefined;
    const next: number | undefined = node.children?.[token] ?? (/^\d+$/.test(token) ? node.items : undefined);
    node = next === undefined ? undefined : meta.nodes[next];
  }
  return node;
}

/**
 * The documented name `name` stands for, as the platform's reader reads it (readName): a documented
 * alias (`documented`), a tolerated alias (`viaAlias`), or the same name (or either alias) in another
 * casing.
 */
export function documentedName(object: ShapeNode, name: string): { name: string; viaAlias: boolean; documented?: boolean } | undefined {
  const read = readName(object, name);
  if (!read) return undefined;
  return { name: read.name, viaAlias: read.form !== 'name-casing', ...(read.form === 'documented-alias' ? { documented: true } : {}) };
}

function findFixes(errors: AjvError[], meta: SchemaMeta, doc: unknown): Fix[] {
  const fixes: Fix[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    const name = unknownName(error);
    if (name !== undefined) {
      const object = shapeAt(meta, error.instancePath);
      const read = object && readName(object, name);
      const key = `${error.instancePath}\0${name}`;
      if (!read || seen.has(key)) continue;
      seen.add(key);
      const parent = getAt(doc, error.instancePath) as Record<string, unknown>;
      if (Object.prototype.hasOwnProperty.call(parent, read.name)) fixes.push({ kind: 'drop', parent: error.instancePath, name, documented: read.name });
      else fixes.push({ kind: 'rename', parent: error.instancePath, from: name, to: read.name, form: read.form });
    } else if (error.keyword === 'required') {
      // In an object open to extra names (CardFields, a string map) another casing is no unknown
      // name, so it is found from the missing one: cardId for CardId.
      const missing = String(error.params.missingProperty);
      const parent = getAt(doc, error.instancePath);
      const object = shapeAt(meta, error.instancePath);
      if (!object || parent === null || typeof parent !== 'object' || Array.isArray(parent)) continue;
      const variant = Object.keys(parent).find((k) => readName(object, k)?.name === missing);
      const key = `${error.instancePath}\0${variant}`;
      if (variant === undefined || seen.has(key)) continue;
      seen.add(key);
      fixes.push({ kind: 'rename', parent: error.instancePath, from: variant, to: missing, form: readName(object, variant)?.form ?? 'name-casing' });
    } else if (!seen.has(error.instancePath)) {
      const fix = valueFix(error, meta, doc);
      if (fix) {
        seen.add(error.instancePath);
        fixes.push(fix);
      }
    }
  }
  return fixes;
}

/**
 * What the reader makes of a value the schema refused: its type (a type error), or an empty string
 * refused by a string's documented form (`.NET`'s string.Empty where a code is documented).
 */
function valueFix(error: AjvError, meta: SchemaMeta, doc: unknown): Fix | undefined {
  const value = getAt(doc, error.instancePath);
  const emptyString = value === '' && STRING_FORM_KEYWORDS.has(error.keyword);
  if (error.keyword !== 'type' && !emptyString) return undefined;
  // A list item is never optional: the list holds it or not.
  const required = !isOptional(meta, error.instancePath) || Array.isArray(parentOf(doc, error.instancePath)?.parent);
  const types = error.keyword === 'type' ? typesOf(error) : ['string'];
  const reading = readValue(value, { types, required });
  if (reading.verdict !== 'lenient') return undefined;
  if (reading.absent) {
    const pattern = error.keyword === 'pattern' ? String(error.params.pattern) : undefined;
    return { kind: 'absent', path: error.instancePath, from: value, expected: `null or ${pattern ? `matching ${pattern}` : reading.expected}`, form: reading.form, pattern };
  }
  return { kind: 'coerce', path: error.instancePath, from: value, to: reading.readAs, expected: reading.expected, form: reading.form };
}

/** True when the property at `pointer` is not required by its object's schema. */
function isOptional(meta: SchemaMeta, pointer: string): boolean {
  const tokens = parsePointer(pointer);
  const name = tokens.pop();
  const parent = shapeAt(meta, tokens.map((t) => `/${escapeToken(t)}`).join(''));
  return name !== undefined && !(parent?.required ?? []).includes(name);
}

/** The documented form of a value sent in a tolerated wrong type, or undefined when the reader cannot read it. */
export function lenientCoercion(value: unknown, types: string[]): { to: unknown; expected: string } | undefined {
  if (value === null || value === '' || value === undefined) return undefined;
  const reading = readValue(value, { types, required: false });
  return reading.verdict === 'lenient' && !reading.absent ? { to: reading.readAs, expected: reading.expected } : undefined;
}

function describeFix(fix: Fix, toOriginal: (p: string) => string, strict: boolean): Finding {
  switch (fix.kind) {
    case 'rename':
      // A documented alias passes even --strict: it is read as the schema's name and only noted.
      if (fix.form === 'documented-alias') {
        return { path: toOriginal(joinPointer(fix.parent, fix.from)), message: `${fix.from}: a documented name of ${fix.to} (read as ${fix.to})`, expected: fix.to, actual: fix.from, severity: formSeverity(fix.form, strict) };
      }
      return {
        path: toOriginal(joinPointer(fix.parent, fix.from)),
        message: `${fix.from}: documented as ${fix.to}${fix.form === 'name-alias' ? ' (a known alias)' : ''}`,
        expected: fix.to,
        actual: fix.from,
        severity: formSeverity(fix.form, strict),
      };
    case 'drop':
      return {
        path: toOriginal(joinPointer(fix.parent, fix.name)),
        message: `${fix.name} duplicates ${fix.documented}; receivers may read either one`,
        expected: fix.documented,
        actual: fix.name,
        severity: formSeverity('duplicate-name', strict),
      };
    case 'absent':
      return {
        path: toOriginal(fix.path),
        message: fix.pattern
          ? `an empty string where a value matching ${fix.pattern} is documented; receivers read it as absent: send null or leave it out`
          : `${fix.from === null ? 'null' : 'an empty string'} where ${article(fix.expected.replace(/^null or /, ''))} is documented; the platform reads it as absent: ${fix.from === null ? 'leave it out' : 'send null or leave it out'}`,
        expected: fix.expected,
        actual: fix.from,
        severity: formSeverity(fix.form, strict),
      };
    case 'coerce':
      return {
        path: toOriginal(fix.path),
        message: `${quoted(fix.from)} is a ${jsonType(fix.from)}; documented as ${article(fix.expected)} (${quoted(fix.to)})`,
        expected: fix.expected,
        actual: clipped(fix.from),
        severity: formSeverity(fix.form, strict),
      };
  }
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function applyFix(doc: unknown, fix: Fix, renames: { norm: string; orig: string }[]): void {
  if (fix.kind === 'coerce' || fix.kind === 'absent') {
    const at = parentOf(doc, fix.path);
    // Absent is left out (what the reader reads), not set to null: not every optional value is nullable.
    if (at && fix.kind === 'coerce') (at.parent as Record<string, unknown>)[at.key] = fix.to;
    else if (at) delete (at.parent as Record<string, unknown>)[at.key];
    return;
  }
  const parent = getAt(doc, fix.parent) as Record<string, unknown>;
  if (fix.kind === 'drop') {
    delete parent[fix.name];
    return;
  }
  parent[fix.to] = parent[fix.from];
  delete parent[fix.from];
  renames.push({ norm: joinPointer(fix.parent, fix.to), orig: joinPointer(fix.parent, fix.from) });
}

function unknownFinding(error: AjvError, name: string, meta: SchemaMeta, toOriginal: (p: string) => string): Finding {
  const object = shapeAt(meta, error.instancePath);
  // A payload name that begins another is usually a different field (Price, PriceWithTax): typos only.
  const suggestion = object?.props ? closestName(name, object.props, { prefixes: false, maxEdits: Math.min(2, Math.floor(name.length / 3)) }) : undefined;
  return {
    path: toOriginal(joinPointer(error.instancePath, name)),
    message: `unknown property; receivers tolerate it, but it is often a typo${suggestion ? ` (did you mean ${suggestion}?)` : ''}`,
    ...(suggestion ? { expected: suggestion } : {}),
    actual: name,
    severity: 'info',
  };
}
