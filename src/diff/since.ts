/**
 * What changed in a merchant's run since its previous one, in a few numbers: the line a summary of
 * many merchants gives each (`xborder diff A B` shows the whole comparison). Pure.
 */
import type { RunResult } from '../model.js';
import { caseKey } from '../engine/run-plan.js';
import { diffRuns } from './compare.js';
import { ignoreList } from './json-diff.js';

/** A run compared with the run before it. */
export interface RunChanges {
  /** The previous run's name (its folder's, a time); null when there was none: this is the first. */
  since: string | null;
  /** Cases that fail (or could not be judged) anew: they passed or were not there before, or a check of theirs fails that did not. */
  newlyFailing: number;
  /** Cases that failed or could not be judged before and pass now. */
  fixed: number;
  /** Cases that failed before and fail still. */
  stillFailing: number;
  /** Check ids that fail (or could not judge) now and did not in the same case before, sorted. */
  newFailures: string[];
}

/** `run` compared with `previous` (named `since`), or the changes of a first run when there is none. */
export function changesSince(run: RunResult, previous?: { name: string; report: RunResult }): RunChanges {
  if (!previous) return { since: null, newlyFailing: 0, fixed: 0, stillFailing: 0, newFailures: [] };
  // Answers are not compared: only the verdicts move these numbers.
  const diff = diffRuns(previous.report, run, ignoreList());
  const bad = (status: string | undefined) => status === 'failed' || status === 'errored';
  // What `xborder diff` calls a regression: a case that fails anew, a new case that fails, or a
  // failing case with a check failing that did not before.
  const fresh = diff.cases.filter((c) => c.change === 'newly failing' || (c.change === 'only in B' && bad(c.after)) || (c.change === 'still failing' && (c.newFailures?.length ?? 0) > 0));
  const now = new Map(run.cases.map((c) => [caseKey(c.endpoint, c.variant, c.authMode), c]));
  const failingNow = (key: string) => (now.get(key)?.checks ?? []).filter((k) => bad(k.status)).map((k) => k.id);
  const ids = new Set(fresh.flatMap((c) => c.newFailures ?? failingNow(c.key)));
  return { since: previous.name, newlyFailing: fresh.length, fixed: diff.counts.fixed, stillFailing: diff.counts['still failing'], newFailures: [...ids].sort() };
}

/** "2 newly failing (guid-enforced), 1 fixed", "no change", "no earlier run": the summary's cell. */
export function changesText(changes: RunChanges | undefined): string {
  if (!changes) return 'unknown';
  if (changes.since === null) return 'no earlier run';
  const parts: string[] = [];
  if (changes.newlyFailing > 0) parts.push(`${changes.newlyFailing} newly failing${changes.newFailures.length ? ` (${changes.newFailures.join(', ')})` : ''}`);
  if (changes.fixed > 0) parts.push(`${changes.fixed} fixed`);
  if (parts.length === 0) return changes.stillFailing > 0 ? `no change (${changes.stillFailing} still failing)` : 'no change';
  return parts.join(', ');
}
