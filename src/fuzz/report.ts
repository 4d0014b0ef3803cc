/**
 * The fuzz run as report cases: one case per kind of generated input summing up the runs that did
 * not fail (each check's worst status, on how many of them), then the minimal failing case, its
 * name saying where it was found and how far it was shrunk. Every reporter (table, JSON, JUnit,
 * HTML, run folder) takes these as they take `check`'s cases.
 */
import type { CaseResult, CheckResult, CheckStatus, Finding } from '../model.js';
import type { Judged, PropertyBudget, PropertyOutcome } from './property-run.js';

const WORST: CheckStatus[] = ['failed', 'errored', 'warning', 'passed', 'skipped'];

/** One check's statuses over many cases, as one check. */
function aggregate(id: string, checks: CheckResult[], noun: string): CheckResult {
  const status = WORST.find((s) => checks.some((c) => c.status === s)) ?? 'skipped';
  const hits = checks.filter((c) => c.status === status);
  const findings: Finding[] = [{ severity: 'info', message: `${status} on ${hits.length} of ${checks.length} ${noun}` }];
  if (status !== 'passed' && status !== 'skipped') findings.push(...(hits[0]?.findings ?? []));
  return { id, status, findings };
}

/** The summary case of `judged` (the runs of one kind), or nothing when there were none. */
function summaryCase(judged: Judged<unknown>[], variant: string, noun: string): CaseResult[] {
  const mains = judged.map((j) => j.cases[j.cases.length - 1]!).filter(Boolean);
  if (mains.length === 0) return [];
  const ids = [...new Set(mains.flatMap((c) => c.checks.map((k) => k.id)))];
  const first = mains[0]!;
  return [{ endpoint: first.endpoint, variant: `${variant} (${mains.length})`, authMode: [...new Set(mains.map((c) => c.authMode))].join(','), request: { method: first.request.method, url: first.request.url, headers: {} }, checks: ids.map((id) => aggregate(id, mains.flatMap((c) => c.checks.filter((k) => k.id === id)), noun)) }];
}

/** What a run of one endpoint is called in the report. */
export interface FuzzKind<T> {
  /** Sorts the generated values into the groups reported as one case each (valid, invalid...). */
  groups: { variant: string; noun: string; member: (value: T) => boolean }[];
  /** What the minimal failing value is called (`order`, `invalid order: no OrderId`, `cart request`). */
  describe(value: T): string;
}

/** The report cases of a property run. */
export function fuzzReportCases<T>(outcome: PropertyOutcome<T>, kind: FuzzKind<T>, budget: PropertyBudget): CaseResult[] {
  const passing = outcome.judged.filter((j) => j.failing.length === 0);
  const cases = kind.groups.flatMap((g) => summaryCase(passing.filter((j) => g.member(j.value)) as Judged<unknown>[], g.variant, g.noun));
  const failure = outcome.failure;
  if (!failure) return cases;
  const how = failure.shrinkSteps === 0 ? 'not shrunk' : `shrunk in ${failure.shrinkSteps} request${failure.shrinkSteps === 1 ? '' : 's'}${failure.budgetExhausted ? `, budget of ${budget.shrinkRequests} requests or ${Math.round(budget.shrinkTimeMs / 1000)} s used up` : ''}`;
  const minimal = failure.minimal.cases.map((c, i, all) => (i === all.length - 1 ? { ...c, variant: `minimal failing ${kind.describe(failure.minimal.value)} (run ${failure.run}, seed ${budget.seed}, ${how})` } : c));
  return [...cases, ...minimal];
}
