/**
 * The summary of many merchants' runs (`check --all`, `check --merchants`, `report merge`): one
 * result per merchant, worst first, and the exit code of the whole. Pure: the renderers beside it
 * (merchants-table.ts, merchants-junit.ts, merchants-html.ts) draw it, and `--json` prints it.
 */
import type { RunResult, Summary } from '../model.js';
import type { RunChanges } from '../diff/since.js';
import { exitCodeOf } from './summary.js';
import { VERSION } from '../version.js';

/** The exit code of an interrupted run (as shells report SIGINT; the CLI's INTERRUPTED_EXIT_CODE). */
const INTERRUPTED = 130;

/** One merchant's line of the summary. */
export interface MerchantResult {
  name: string;
  /** Its run folder (or report file), as a path from where xborder ran; absent when not saved. */
  run?: string;
  /** Its checks by status; absent when it could not be run. */
  summary?: Summary;
  cases?: number;
  /** Its own exit code: 0, 1 (a check failed), 3 (one could not judge), 130 (interrupted), 2 (not run: bad configuration). */
  exitCode: number;
  /** The ids of its checks that failed somewhere, sorted. */
  failedChecks: string[];
  /** The ids of its checks that could not judge somewhere (and failed nowhere), sorted. */
  erroredChecks: string[];
  /** What changed since its previous run; absent when unknown (a report file with no runs beside it). */
  changes?: RunChanges;
  /** The run's headlines (a merchant that stopped answering, credentials refused). */
  notices?: string[];
  /** Set when the run was interrupted: its verdicts are those of the cases that finished. */
  partial?: boolean;
  /** Why it was not run (its configuration, an interrupted batch): it has no verdicts. */
  notRun?: string;
}

/** The whole summary, as `--json` prints it. */
export interface MerchantsSummary {
  tool: { name: 'xborder'; version: string };
  /** Worst first (not run, failed, could not judge, passed), then by name. */
  merchants: MerchantResult[];
  /** How many merchants ended each way. */
  totals: { merchants: number; passed: number; failed: number; errored: number; notRun: number; interrupted: number };
  /** The worst over the merchants: 130 interrupted, else 2 a merchant's configuration, else 1, 3, 0. */
  exitCode: number;
}

/** One merchant's result from its run. */
export function merchantResult(name: string, run: RunResult, extras: { run?: string; changes?: RunChanges } = {}): MerchantResult {
  const failed = new Set<string>();
  const errored = new Set<string>();
  for (const c of run.cases) {
    for (const k of c.checks) {
      if (k.status === 'failed') failed.add(k.id);
      else if (k.status === 'errored') errored.add(k.id);
    }
  }
  return {
    name,
    ...(extras.run !== undefined ? { run: extras.run } : {}),
    summary: run.summary,
    cases: run.cases.length,
    exitCode: run.partial ? INTERRUPTED : exitCodeOf(run.summary),
    failedChecks: [...failed].sort(),
    erroredChecks: [...errored].filter((id) => !failed.has(id)).sort(),
    ...(extras.changes ? { changes: extras.changes } : {}),
    ...(run.notices?.length ? { notices: run.notices } : {}),
    ...(run.partial ? { partial: true } : {}),
  };
}

/** A merchant that was not run: why, and the exit code that stands for it. */
export function notRunResult(name: string, why: string, exitCode: number): MerchantResult {
  return { name, exitCode, failedChecks: [], erroredChecks: [], notRun: why };
}

/**
 * How bad an exit code is, for the worst of many: interrupted, then a configuration that could not
 * be used (the list itself needs fixing), then a failure, then a check that could not judge.
 */
function severity(code: number): number {
  if (code === 0) return 0;
  if (code === 3) return 1;
  if (code === 1) return 2;
  if (code === 2) return 3;
  return 4;
}

/** The exit code of many merchants: the worst of theirs (0 for none). */
export function worstExitCode(codes: readonly number[]): number {
  return codes.reduce((worst, code) => (severity(code) > severity(worst) ? code : worst), 0);
}

/** The summary of `results` (in any order). */
export function merchantsSummary(results: readonly MerchantResult[]): MerchantsSummary {
  const merchants = [...results].sort((a, b) => severity(b.exitCode) - severity(a.exitCode) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const count = (test: (r: MerchantResult) => boolean) => results.filter(test).length;
  return {
    tool: { name: 'xborder', version: VERSION },
    merchants,
    totals: {
      merchants: results.length,
      passed: count((r) => !r.notRun && r.exitCode === 0),
      failed: count((r) => !r.notRun && r.exitCode === 1),
      errored: count((r) => !r.notRun && r.exitCode === 3),
      notRun: count((r) => r.notRun !== undefined),
      interrupted: count((r) => !r.notRun && r.exitCode === INTERRUPTED),
    },
    exitCode: worstExitCode(results.map((r) => r.exitCode)),
  };
}

/** "20 merchants: 15 passed, 3 failed, 1 could not be judged, 1 not run": the summary's last line. */
export function merchantsLine(summary: MerchantsSummary): string {
  const t = summary.totals;
  const parts = [`${t.passed} passed`, `${t.failed} failed`, `${t.errored} could not be judged`];
  if (t.interrupted > 0) parts.push(`${t.interrupted} interrupted`);
  if (t.notRun > 0) parts.push(`${t.notRun} not run`);
  return `${t.merchants} merchant${t.merchants === 1 ? '' : 's'}: ${parts.join(', ')}`;
}

/** The summary as one JSON document (pretty, newline-terminated). */
export function renderMerchantsJson(summary: MerchantsSummary): string {
  return `${JSON.stringify(summary, null, 2)}\n`;
}
