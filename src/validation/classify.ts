/**
 * Schema validation with the wire's leniency. One call of the compiled validator decides a valid
 * document. Only when it fails are the errors classified: a property written in another casing or
 * as a tolerated alias (`x-aliases`), a number written as a numeric string (and the like), an empty
 * string for an optional code are `lenient` findings; a documented alias (`x-documented-aliases`:
 * OTVoucherCurrencyCode for OTCurrencyCode) is renamed too, with an `info` finding in the same list
 * (it is documented, so it never warns, not even with strict); a name the schema does not know is
 * `info`; then a normalised copy (renamed, coerced) is validated again so the remaining errors are
 * the real ones. The input is never mutated.
 */
import type { Finding, Severity } from '../model.js';
import type { AjvError, CompiledValidator, SchemaMeta, ShapeNode } from './compiled.js';
import { findingFromAjvError, jsonType, typesOf } from './ajv-findings.js';
import { meaningfulErrors } from './error-noise.js';
import { escapeToken, getAt, joinPointer, parentOf, parsePointer } from './pointer.js';
import { clipped, quoted } from './shown.js';
import { nearestName } from './suggest.js';

/** The outcome of validating one document against its schema. */
export interface Classified {
  /** Real schema errors (severity error), paths in the input's terms. */
  schema: Finding[];
  /** Tolerated deviations: casing, aliases, numbers as strings... (warning; error when strict), and documented aliases (info). */
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
  | { kind: 'rename'; parent: string; from: string; to: string; viaAlias: boolean; documented?: boolean }
  | { kind: 'drop'; parent: string; name: string; documented: string }
  | { kind: 'coerce'; path: string; from: unknown; to: unknown; expected: string }
  | { kind: 'blank'; path: string; pattern: string };

/** Renames nest (a renamed object may hold renamed keys), so passes repeat up to this many times. */
const MAX_PASSES = 8;
const NUMERIC = /^\s*-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;

/** Validates `doc`; see the module comment. */
export function classify(validate: CompiledValidator, meta: SchemaMeta, doc: unknown, strict: boolean): Classified {
  if (validate(doc)) return { schema: [], lenient: [], unknown: [], normalized: doc, toOriginal: (p) => p };

  const lenientSeverity: Severity = strict ? 'error' : 'warning';
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
    for (const fix of fixes) lenient.push(describeFix(fix, toOriginal, lenientSeverity));
    for (const fix of fixes) applyFix(current, fix, renames);
    errors = validate(current) ? [] : [...(validate.errors ?? [])];
  }

  const schema: Finding[] = [];
  const unknown: Finding[] = [];
  for (const error of meaningfulErrors(errors)) {
    const name = unknownName(error);
    if (name !== undefined) unknown.push(unknownFinding(error, name, meta, toOriginal));
    else schema.push(findingFromAjvError(error, current, toOriginal));
  }
  return { schema, lenient, unknown, normalized: current, toOriginal };
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
 * The documented name `name` stands for: a documented alias (`documented`: `x-documented-aliases`),
 * a tolerated alias (`x-aliases`), or the same name (or either alias) in another casing.
 */
export function documentedName(object: ShapeNode, name: string): { name: string; viaAlias: boolean; documented?: boolean } | undefined {
  const props = object.props ?? [];
  const aliases = object.aliases ?? {};
  const documentedAliases = object.documentedAliases ?? {};
  if (props.includes(name)) return undefined;
  if (Object.prototype.hasOwnProperty.call(documentedAliases, name)) return { name: documentedAliases[name], viaAlias: true, documented: true };
  if (Object.prototype.hasOwnProperty.call(aliases, name)) return { name: aliases[name], viaAlias: true };
  const lower = name.toLowerCase();
  const caseMatch = props.filter((p) => p.toLowerCase() === lower);
  if (caseMatch.length === 1) return { name: caseMatch[0], viaAlias: false };
  // Another casing of either alias is a casing deviation: lenient, as any other casing.
  const others = { ...aliases, ...documentedAliases };
  const aliasMatch = Object.keys(others).filter((a) => a.toLowerCase() === lower);
  if (caseMatch.length === 0 && aliasMatch.length === 1) return { name: others[aliasMatch[0]], viaAlias: true };
  return undefined;
}

function findFixes(errors: AjvError[], meta: SchemaMeta, doc: unknown): Fix[] {
  const fixes: Fix[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    const name = unknownName(error);
    if (name !== undefined) {
      const object = shapeAt(meta, error.instancePath);
      const documented = object && documentedName(object, name);
      const key = `${error.instancePath}\0${name}`;
      if (!documented || seen.has(key)) continue;
      seen.add(key);
      const parent = getAt(doc, error.instancePath) as Record<string, unknown>;
      if (Object.prototype.hasOwnProperty.call(parent, documented.name)) fixes.push({ kind: 'drop', parent: error.instancePath, name, documented: documented.name });
      else fixes.push({ kind: 'rename', parent: error.instancePath, from: name, to: documented.name, viaAlias: documented.viaAlias, documented: documented.documented });
    } else if (error.keyword === 'required') {
      // In an object open to extra names (CardFields, a string map) another casing is no unknown
      // name, so it is found from the missing one: cardId for CardId.
      const missing = String(error.params.missingProperty);
      const parent = getAt(doc, error.instancePath);
      const object = shapeAt(meta, error.instancePath);
      if (!object || parent === null || typeof parent !== 'object' || Array.isArray(parent)) continue;
      const variant = Object.keys(parent).find((k) => documentedName(object, k)?.name === missing);
      const key = `${error.instancePath}\0${variant}`;
      if (variant === undefined || seen.has(key)) continue;
      seen.add(key);
      const documented = documentedName(object, variant);
      fixes.push({ kind: 'rename', parent: error.instancePath, from: variant, to: missing, viaAlias: documented?.viaAlias ?? false, documented: documented?.documented });
    } else if (error.keyword === 'pattern' && getAt(doc, error.instancePath) === '' && !seen.has(error.instancePath) && isOptional(meta, error.instancePath)) {
      // An empty string where an optional code is documented (.NET's string.Empty): read as absent.
      seen.add(error.instancePath);
      fixes.push({ kind: 'blank', path: error.instancePath, pattern: String(error.params.pattern) });
    } else if (error.keyword === 'type' && !seen.has(error.instancePath)) {
      const coerced = lenientCoercion(getAt(doc, error.instancePath), typesOf(error));
      if (coerced) {
        seen.add(error.instancePath);
        fixes.push({ kind: 'coerce', path: error.instancePath, from: getAt(doc, error.instancePath), ...coerced });
      }
    }
  }
  return fixes;
}

/** True when the property at `pointer` is not required by its object's schema. */
function isOptional(meta: SchemaMeta, pointer: string): boolean {
  const tokens = parsePointer(pointer);
  const name = tokens.pop();
  const parent = shapeAt(meta, tokens.map((t) => `/${escapeToken(t)}`).join(''));
  return name !== undefined && !(parent?.required ?? []).includes(name);
}

/** The documented form of a value sent in a tolerated wrong type, or undefined when not tolerated. */
export function lenientCoercion(value: unknown, types: string[]): { to: unknown; expected: string } | undefined {
  if (typeof value === 'string') {
    if ((types.includes('number') || types.includes('integer')) && NUMERIC.test(value)) {
      const n = Number(value);
      if (types.includes('number') || Number.isInteger(n)) return { to: n, expected: types.includes('number') ? 'number' : 'integer' };
    }
    const lower = value.trim().toLowerCase();
    if (types.includes('boolean') && (lower === 'true' || lower === 'false')) return { to: lower === 'true', expected: 'boolean' };
  }
  if (typeof value === 'number' && Number.isFinite(value) && types.includes('string')) return { to: String(value), expected: 'string' };
  return undefined;
}

function describeFix(fix: Fix, toOriginal: (p: string) => string, severity: Severity): Finding {
  switch (fix.kind) {
    case 'rename':
      // A documented alias passes even --strict: it is read as the schema's name and only noted.
      if (fix.documented) {
        return { path: toOriginal(joinPointer(fix.parent, fix.from)), message: `${fix.from}: a documented name of ${fix.to} (read as ${fix.to})`, expected: fix.to, actual: fix.from, severity: 'info' };
      }
      return {
        path: toOriginal(joinPointer(fix.parent, fix.from)),
        message: `${fix.from}: documented as ${fix.to}${fix.viaAlias ? ' (a known alias)' : ''}`,
        expected: fix.to,
        actual: fix.from,
        severity,
      };
    case 'drop':
      return {
        path: toOriginal(joinPointer(fix.parent, fix.name)),
        message: `${fix.name} duplicates ${fix.documented}; receivers may read either one`,
        expected: fix.documented,
        actual: fix.name,
        severity,
      };
    case 'blank':
      return {
        path: toOriginal(fix.path),
        message: `an empty string where a value matching ${fix.pattern} is documented; receivers read it as absent: send null or leave it out`,
        expected: `null or matching ${fix.pattern}`,
        actual: '',
        severity,
      };
    case 'coerce':
      return {
        path: toOriginal(fix.path),
        message: `${quoted(fix.from)} is a ${jsonType(fix.from)}; documented as ${article(fix.expected)} (${quoted(fix.to)})`,
        expected: fix.expected,
        actual: clipped(fix.from),
        severity,
      };
  }
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function applyFix(doc: unknown, fix: Fix, renames: { norm: string; orig: string }[]): void {
  if (fix.kind === 'coerce' || fix.kind === 'blank') {
    const at = parentOf(doc, fix.path);
    if (at) (at.parent as Record<string, unknown>)[at.key] = fix.kind === 'coerce' ? fix.to : null;
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
  const suggestion = object?.props ? nearestName(name, object.props) : undefined;
  return {
    path: toOriginal(joinPointer(error.instancePath, name)),
    message: `unknown property; receivers tolerate it, but it is often a typo${suggestion ? ` (did you mean ${suggestion}?)` : ''}`,
    ...(suggestion ? { expected: suggestion } : {}),
    actual: name,
    severity: 'info',
  };
}
