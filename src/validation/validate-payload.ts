/**
 * Validation of one payload: the schema step (with the wire's leniency) and every named rule of its
 * kind, as CheckResults. A valid document costs one call of the compiled validator plus the rules.
 */
import type { CheckResult, Finding } from '../model.js';
import { rulesFor } from '../rules/index.js';
import type { RuleContext } from '../rules/types.js';
import { classify, type Classified } from './classify.js';
import { toCheck } from './check-result.js';
import { MAX_DEPTH, tooDeepAt } from './depth.js';
import type { PayloadKind } from './kinds.js';
import { compiledSchema } from './registry.js';
import { documentForm, type DocumentForm } from './response-form.js';

const LENIENT_TITLE = 'Tolerated forms (casing, aliases, types)';

/** Options of validatePayload. */
export interface ValidateOptions {
  /** Treat warnings (tolerated forms, soft rules) as errors: their checks fail. */
  strict?: boolean;
}

/**
 * Validates `doc` as `kind`. A document nested deeper than MAX_DEPTH gets one failed `schema` check and
 * nothing else. Checks, in order: `schema` (errors), `lenient` (casing, aliases, numbers
 * or booleans written as strings...: warnings), `unknown-properties` (info; always passed), then each
 * named rule of the kind. Paths are JSON pointers into `doc`, which is never mutated.
 *
 * An `order-response` may be flat (the ResponseInfo fields at the top level, as deployed merchants
 * answer): it is validated as if wrapped, with one `lenient` finding (info; error with strict). A
 * framework's error body gets one `schema` finding (warning; error with strict) instead of the schema's
 * errors, and the rules find nothing more to say about it.
 */
export function validatePayload(kind: PayloadKind, doc: unknown, options: ValidateOptions = {}): CheckResult[] {
  const strict = options.strict ?? false;
  // Checked first: the compiled validator and the rules recurse, and no receiver reads such nesting.
  const deep = tooDeepAt(doc);
  if (deep !== undefined) {
    const finding: Finding = {
      path: deep,
      message: `nests deeper than ${MAX_DEPTH} levels; .NET JSON readers (the platform's and most merchants') refuse such a document, so it was not checked further`,
      expected: `at most ${MAX_DEPTH} nested objects or arrays`,
      actual: `more than ${MAX_DEPTH} levels`,
      severity: 'error',
    };
    return [toCheck('schema', 'Schema', [finding])];
  }
  const { validate, meta } = compiledSchema(kind);
  const checks: CheckResult[] = [];
  // A flat answer is validated wrapped; its findings come back to the body as sent.
  const form = documentForm(kind, doc, strict);
  let ruleInput = form.doc;
  let classified: Classified | undefined;
  const context: RuleContext = { memo: new Map<string, unknown>() };
  if (meta.missing) {
    checks.push({ id: 'schema', title: 'Schema', status: 'errored', findings: [{ message: `the ${kind} schema was not available when xborder was built; rebuild with npm run build`, severity: 'error' }] });
  } else if (form.notResponseInfo) {
    // Nothing of the schema applies to a body that is not the documented kind at all: one finding.
    checks.push(toCheck('schema', 'Schema', [form.notResponseInfo]));
    checks.push(toCheck('lenient', LENIENT_TITLE, form.lenient));
    checks.push({ id: 'unknown-properties', title: 'Undocumented properties', status: 'passed', findings: [] });
  } else {
    classified = classify(validate, meta, form.doc, strict);
    ruleInput = classified.normalized;
    // Rules that judge strings by their property's name read documented properties only: the value
    // of a property the interface does not name (tolerated, reported as info) is not theirs to fail.
    context.shape = meta.nodes;
    checks.push(toCheck('schema', 'Schema', located(classified.schema, form)));
    const lenient = located(classified.lenient, form);
    checks.push(toCheck('lenient', LENIENT_TITLE, form.lenient.length === 0 ? lenient : [...form.lenient, ...lenient]));
    checks.push({ id: 'unknown-properties', title: 'Undocumented properties', status: 'passed', findings: located(classified.unknown, form) });
  }
  for (const rule of rulesFor(kind)) {
    let findings: Finding[];
    try {
      findings = rule.check(ruleInput, context);
    } catch (error) {
      // A rule that throws is our bug; say so on this check rather than abort the document.
      checks.push({ id: rule.id, title: rule.title, status: 'errored', findings: [{ message: `internal error in rule ${rule.id}: ${(error as Error).message}` }] });
      continue;
    }
    for (const f of findings) {
      if (f.path !== undefined) f.path = form.toInput(classified ? classified.toOriginal(f.path) : f.path);
      if (strict && f.severity === 'warning') f.severity = 'error';
    }
    checks.push(toCheck(rule.id, rule.title, findings));
  }
  return checks;
}

/**
 * Findings of the schema step with their paths moved to the input's (`form.toInput`): copies, the
 * classifier's own objects untouched. A valid document's lists are empty and come back as they are.
 */
function located(findings: Finding[], form: DocumentForm): Finding[] {
  return findings.length === 0 ? findings : findings.map((f) => (f.path === undefined ? f : { ...f, path: form.toInput(f.path) }));
}
