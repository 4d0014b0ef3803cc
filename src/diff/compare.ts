/**
 * Two reports compared case by case (key: endpoint|variant|authMode): fixed, newly failing,
 * still failing, unchanged, and cases found on one side only; for each pair, the status and the
 * answer's JSON difference with volatile values left out (json-diff.ts). Pure.
 */
import type { CaseResult, RunResult } from '../model.js';
import { caseStatus } from '../report/summary.js';
import { caseKey } from '../engine/run-plan.js';
import { jsonDiff, type IgnoreList, type JsonChange } from './json-diff.js';

/** How a case moved from A to B. */
export type CaseChange = 'fixed' | 'newly failing' | 'still failing' | 'unchanged' | 'only in A' | 'only in B';

/** One case's comparison. */
export interface CaseDiff {
  key: string;
  change: CaseChange;
  before?: string;
  after?: string;
  /** HTTP status before and after, when they differ. */
  status?: { before?: number; after?: number };
  /** The answer's difference (both answers kept as JSON), volatile values left out. */
  answer?: JsonChange[];
  /** Why the answers were not compared (a side kept no body). */
  answerNote?: string;
  /** Checks failing in B that did not fail in A. */
  newFailures?: string[];
}

/** The whole comparison. */
export interface RunDiff {
  cases: CaseDiff[];
  counts: Record<CaseChange, number>;
  /** True when something passed in A and fails in B (or a new case fails): exit 1. */
  regression: boolean;
}

const bad = (status: string | undefined) => status === 'failed' || status === 'errored';

function parsed(text: string | undefined): { ok: boolean; value?: unknown } {
  if (text === undefined) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function failing(c: CaseResult): Set<string> {
  return new Set(c.checks.filter((k) => bad(k.status)).map((k) => k.id));
}

function compareCase(key: string, a: CaseResult | undefined, b: CaseResult | undefined, ignore: IgnoreList): CaseDiff {
  const before = a ? caseStatus(a) : undefined;
  const after = b ? caseStatus(b) : undefined;
  let change: CaseChange;
  if (!a) change = 'only in B';
  else if (!b) change = 'only in A';
  else if (bad(before) && !bad(after)) change = 'fixed';
  else if (!bad(before) && bad(after)) change = 'newly failing';
  else change = bad(after) ? 'still failing' : 'unchanged';
  const diff: CaseDiff = { key, change, ...(before ? { before } : {}), ...(after ? { after } : {}) };
  if (!a || !b) return diff;
  if (a.response?.status !== b.response?.status) diff.status = { before: a.response?.status, after: b.response?.status };
  const pa = parsed(a.responseBody);
  const pb = parsed(b.responseBody);
  if (pa.ok && pb.ok) {
    const changes = jsonDiff(pa.value, pb.value, ignore);
    if (changes.length) diff.answer = changes;
  } else if (a.responseBody !== undefined || b.responseBody !== undefined) {
    diff.answerNote = a.responseBody === undefined || b.responseBody === undefined ? 'one side kept no answer body (reports keep bodies of failed cases, or every case with -v)' : 'an answer is not JSON';
  }
  const was = failing(a);
  const fresh = [...failing(b)].filter((id) => !was.has(id));
  if (fresh.length) diff.newFailures = fresh;
  return diff;
}

/** Compares run A (before) with run B (after). */
export function diffRuns(a: RunResult, b: RunResult, ignore: IgnoreList): RunDiff {
  const key = (c: CaseResult) => caseKey(c.endpoint, c.variant, c.authMode);
  const left = new Map(a.cases.map((c) => [key(c), c]));
  const right = new Map(b.cases.map((c) => [key(c), c]));
  const keys = [...new Set([...left.keys(), ...right.keys()])];
  const cases = keys.map((k) => compareCase(k, left.get(k), right.get(k), ignore));
  const counts = { fixed: 0, 'newly failing': 0, 'still failing': 0, unchanged: 0, 'only in A': 0, 'only in B': 0 } as Record<CaseChange, number>;
  for (const c of cases) counts[c.change]++;
  const regression = cases.some((c) => c.change === 'newly failing' || (c.change === 'only in B' && bad(c.after)) || (c.change === 'still failing' && (c.newFailures?.length ?? 0) > 0));
  return { cases, counts, regression };
}
