/**
 * The passing runs of a fuzz run, summed up as they come: per group of generated inputs (valid
 * orders, invalid orders...), each check's count per status and the first findings of its worst
 * one. Nothing else of a run is kept, so a run of a million orders needs no more memory than one
 * of a hundred.
 */
import type { CaseResult, CheckStatus, Finding } from '../model.js';
import type { Judged } from './property-run.js';

const WORST: CheckStatus[] = ['failed', 'errored', 'warning', 'passed', 'skipped'];

/** One check over many runs. */
interface CheckTally {
  counts: Partial<Record<CheckStatus, number>>;
  /** The findings of the first run in each status. */
  firstFindings: Partial<Record<CheckStatus, Finding[]>>;
  total: number;
}

/** One group of generated inputs, reported as one case. */
interface GroupTally {
  variant: string;
  noun: string;
  runs: number;
  first?: CaseResult;
  authModes: Set<string>;
  checks: Map<string, CheckTally>;
}

/** Sums up passing runs per group; `cases()` gives the summary cases. */
export class FuzzTally<T> {
  private readonly groups: (GroupTally & { member: (value: T) => boolean })[];

  constructor(groups: { variant: string; noun: string; member: (value: T) => boolean }[]) {
    this.groups = groups.map((g) => ({ ...g, runs: 0, authModes: new Set(), checks: new Map() }));
  }

  /** Counts one judged run (its last case: the one of the generated input itself). */
  add(judged: Judged<T>): void {
    const group = this.groups.find((g) => g.member(judged.value));
    const main = judged.cases[judged.cases.length - 1];
    if (!group || !main) return;
    group.runs++;
    group.first ??= main;
    group.authModes.add(main.authMode);
    for (const check of main.checks) {
      const tally = group.checks.get(check.id) ?? { counts: {}, firstFindings: {}, total: 0 };
      tally.counts[check.status] = (tally.counts[check.status] ?? 0) + 1;
      tally.firstFindings[check.status] ??= check.findings;
      tally.total++;
      group.checks.set(check.id, tally);
    }
  }

  /** One case per group that had runs: each check's worst status, on how many runs. */
  cases(): CaseResult[] {
    return this.groups.flatMap((g) => {
      if (!g.first) return [];
      const checks = [...g.checks].map(([id, t]) => {
        const status = WORST.find((s) => (t.counts[s] ?? 0) > 0) ?? 'skipped';
        const findings: Finding[] = [{ severity: 'info', message: `${status} on ${t.counts[status]} of ${t.total} ${g.noun}` }];
        if (status !== 'passed' && status !== 'skipped') findings.push(...(t.firstFindings[status] ?? []));
        return { id, status, findings };
      });
      return [{ endpoint: g.first.endpoint, variant: `${g.variant} (${g.runs})`, authMode: [...g.authModes].join(','), request: { method: g.first.request.method, url: g.first.request.url, headers: {} }, checks }];
    });
  }
}
