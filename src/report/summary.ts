/** Counting check statuses and turning a run into an exit code (contract: exit codes). */
import type { CaseResult, CheckStatus, RunResult, Summary } from '../model.js';
import { VERSION } from '../version.js';

/** Counts every check of every case by status. */
export function summarize(cases: CaseResult[]): Summary {
  const summary: Summary = { passed: 0, failed: 0, warnings: 0, errored: 0, skipped: 0 };
  for (const c of cases) {
    for (const check of c.checks) {
      if (check.status === 'warning') summary.warnings++;
      else summary[check.status]++;
    }
  }
  return summary;
}

/** Wraps cases into the RunResult every report is a pure function of. */
export function toRunResult(cases: CaseResult[]): RunResult {
  return { tool: { name: 'xborder', version: VERSION }, summary: summarize(cases), cases };
}

/** "interrupted after 12 of 40 cases": the line every report of a partial run carries. */
export function partialLine(run: RunResult): string | undefined {
  const p = run.partial;
  return p ? `interrupted (${p.signal}) after ${p.casesDone} of ${p.casesPlanned} cases: this report is partial` : undefined;
}

/** 1 when anything failed, else 3 when anything could not be judged, else 0 (warnings allowed). */
export function exitCodeOf(summary: Summary): number {
  if (summary.failed > 0) return 1;
  if (summary.errored > 0) return 3;
  return 0;
}

/** The worst status of a case's checks, for one-line displays. */
export function caseStatus(c: CaseResult): CheckStatus {
  const order: CheckStatus[] = ['failed', 'errored', 'warning', 'passed', 'skipped'];
  for (const status of order) if (c.checks.some((k) => k.status === status)) return status;
  return 'skipped';
}
