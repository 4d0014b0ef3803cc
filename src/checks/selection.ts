/**
 * `--checks ID,...` and `--exclude-checks ID,...`: which registered checks a run reports. Unknown ids
 * are a usage error naming the closest registered one.
 */
import type { CaseResult } from '../model.js';
import { UsageError } from '../errors.js';
import { didYouMean } from '../did-you-mean.js';
import { allChecks, isCheckId } from './registry.js';

/** The checks a run keeps: `only` (when given) minus `except`. */
export interface CheckSelection {
  only?: ReadonlySet<string>;
  except?: ReadonlySet<string>;
}

/** Parses the two flags (comma lists); throws UsageError for an id no check has. */
export function parseSelection(checks: string | undefined, exclude: string | undefined): CheckSelection {
  const parse = (flag: string, value: string | undefined): Set<string> | undefined => {
    if (value === undefined) return undefined;
    const ids = value.split(',').map((s) => s.trim()).filter(Boolean);
    if (ids.length === 0) throw new UsageError(`${flag}: name at least one check id (\`xborder checks\` lists them).`);
    for (const id of ids) {
      if (isCheckId(id)) continue;
      throw new UsageError(`${flag}: no check is called "${id}".${didYouMean(id, allChecks().map((c) => c.id))} \`xborder checks\` lists every check id.`);
    }
    return new Set(ids);
  };
  return { only: parse('--checks', checks), except: parse('--exclude-checks', exclude) };
}

/** True when the selection keeps check `id`. */
export function isSelected(selection: CheckSelection | undefined, id: string): boolean {
  if (!selection) return true;
  if (selection.only && !selection.only.has(id)) return false;
  return !selection.except?.has(id);
}

/** True when the selection keeps any of `ids` (a case worth sending). */
export function selectsAny(selection: CheckSelection | undefined, ids: readonly string[]): boolean {
  return ids.some((id) => isSelected(selection, id));
}

/** The cases with only the selected checks; a case left without checks is left out. */
export function applySelection(cases: CaseResult[], selection: CheckSelection | undefined): CaseResult[] {
  if (!selection || (!selection.only && !selection.except)) return cases;
  return cases.map((c) => {
    const kept = c.checks.filter((k) => isSelected(selection, k.id));
    // A case none of whose selected checks could be judged (nothing reached, not sent) keeps what
    // says why: a merchant that is down never passes a run because of a selection.
    const judged = kept.some((k) => k.status === 'passed' || k.status === 'failed' || k.status === 'warning');
    const why = judged ? [] : c.checks.filter((k) => k.status === 'errored' && !kept.includes(k));
    return { ...c, checks: [...kept, ...why] };
  }).filter((c) => c.checks.length > 0);
}
