/**
 * Which of ajv's raw errors a person should see. With allErrors, ajv reports every branch of a
 * failed `anyOf`/`oneOf` (the schemas' "this record or null", the config's auth modes), the `if` of
 * an if/then beside the `then` error that says what is missing, and an enum miss beside the type
 * error of the same value. One problem should read as one finding.
 */
import type { AjvError } from './compiled.js';

/** The type names of a `type` error (ajv gives a string or, for unions, the schema's array). */
function typesOf(error: AjvError): string[] {
  const t = error.params.type;
  return Array.isArray(t) ? t.map(String) : String(t).split(',');
}

function isCombinator(error: AjvError): boolean {
  return error.keyword === 'anyOf' || error.keyword === 'oneOf';
}

function parentPointer(pointer: string): string {
  return pointer.slice(0, pointer.lastIndexOf('/'));
}

/** The errors that explain a document's failure, in ajv's order; see the module comment. */
export function meaningfulErrors(errors: AjvError[]): AjvError[] {
  let out = errors.filter((e) => e.keyword !== 'if');
  // ajv reports an inner combinator before the one around it: inner ones are settled first.
  for (const combinator of out.filter(isCombinator)) {
    if (out.includes(combinator)) out = settleCombinator(out, combinator);
  }
  const mistyped = new Set(out.filter((e) => e.keyword === 'type').map((e) => e.instancePath));
  return out.filter((e) => !((e.keyword === 'enum' || e.keyword === 'const') && mistyped.has(e.instancePath)));
}

/**
 * Replaces a failed combinator and its branches' errors by what explains the failure:
 * - every branch refused the value's type: one type error naming every type ("object or null");
 * - one branch fits (its type and its discriminating `const`, such as an auth `mode`): that
 *   branch's errors (and those of keywords beside the combinator);
 * - several fit: the keywords beside the combinator when they failed (a missing `mode`), else the
 *   branch with the fewest errors;
 * - none fits: the other errors on the value (a `$ref` branch's, whose schema paths name no branch,
 *   or an enum beside the combinator), else the combinator's own error.
 */
function settleCombinator(errors: AjvError[], combinator: AjvError): AjvError[] {
  const at = combinator.instancePath;
  const prefix = `${combinator.schemaPath}/`;
  const within = (e: AjvError): boolean => e !== combinator && (e.instancePath === at || e.instancePath.startsWith(`${at}/`));
  const branches = new Map<string, AjvError[]>();
  const others: AjvError[] = [];
  for (const e of errors.filter(within)) {
    if (!e.schemaPath.startsWith(prefix)) others.push(e);
    else {
      const branch = e.schemaPath.slice(prefix.length).split('/')[0];
      branches.set(branch, [...(branches.get(branch) ?? []), e]);
    }
  }
  const involved = errors.filter(within);
  if (involved.length > 0 && involved.every((e) => e.keyword === 'type' && e.instancePath === at)) {
    const merged: AjvError = { ...involved[0], params: { type: [...new Set(involved.flatMap(typesOf))] } };
    return errors.flatMap((e) => (e === combinator ? [merged] : involved.includes(e) ? [] : [e]));
  }
  const refused = (list: AjvError[]): boolean =>
    list.some((e) => (e.keyword === 'type' && e.instancePath === at) || (e.keyword === 'const' && parentPointer(e.instancePath) === at));
  const fitting = [...branches.values()].filter((list) => !refused(list));
  let keep: AjvError[];
  if (fitting.length === 1) keep = [...fitting[0], ...others];
  else if (fitting.length > 1) keep = others.length > 0 ? others : fitting.reduce((a, b) => (b.length < a.length ? b : a));
  else keep = others;
  if (keep.length === 0) keep = [combinator];
  return errors.filter((e) => (e === combinator || within(e) ? keep.includes(e) : true));
}
