/**
 * The fuzz run as report cases: one case per kind of generated input summing up the runs that did
 * not fail (each check's worst status, on how many of them), then the minimal failing case, its
 * name saying where it was found and how far it was shrunk. Every reporter (table, JSON, JUnit,
 * HTML, run folder) takes these as they take `check`'s cases.
 */
import type { CaseResult } from '../model.js';
import type { PropertyBudget, PropertyOutcome } from './property-run.js';
import type { FuzzTally } from './tally.js';

/** What the minimal failing value is called (`order`, `invalid order (no OrderId)`, `cart request`). */
export type Describe<T> = (value: T) => string;

/** The report cases of a property run: the tally's summaries, then the minimal failing case. */
export function fuzzReportCases<T>(outcome: PropertyOutcome<T>, tally: FuzzTally<T>, describe: Describe<T>, budget: PropertyBudget): CaseResult[] {
  const cases = tally.cases();
  const failure = outcome.failure;
  if (!failure) return cases;
  const how = failure.shrinkSteps === 0 ? 'not shrunk' : `shrunk in ${failure.shrinkSteps} request${failure.shrinkSteps === 1 ? '' : 's'}${failure.budgetExhausted ? `, budget of ${budget.shrinkRequests} requests or ${Math.round(budget.shrinkTimeMs / 1000)} s used up` : ''}`;
  const minimal = failure.minimal.cases.map((c, i, all) => (i === all.length - 1 ? { ...c, variant: `minimal failing ${describe(failure.minimal.value)} (run ${failure.run}, seed ${budget.seed}, ${how})` } : c));
  return [...cases, ...minimal];
}
