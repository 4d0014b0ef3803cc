/**
 * Saved runs (`.xborder/runs/`, a configured merchant's under `.xborder/runs/<merchant>/`): listing
 * them for `xborder runs`, the failed cases of the newest one for `--last-failed`, and the run saved
 * before a given one (what changed since, in a summary of many merchants).
 */
import { readdir, readFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { UsageError } from '../errors.js';
import type { RunResult, Summary } from '../model.js';
import { caseKey } from '../engine/run-plan.js';
import { caseStatus } from '../report/summary.js';
import { RUNS_DIR } from './run-folder.js';
import { readReport } from '../diff/load.js';

/** One saved run, as `xborder runs` shows it. */
export interface SavedRun {
  /** The folder's name: its UTC time (and a suffix when two runs shared a second). */
  name: string;
  dir: string;
  summary?: Summary;
  cases?: number;
  /** `endpoint|variant|authMode` of every case that failed or errored. */
  failed: string[];
  /** Why the report could not be read, when it could not. */
  problem?: string;
}

/** `2026-11-23T00-15-47Z` or `2026-11-23T00-15-47Z-2`: the name runStamp gives a run folder. */
const RUN_STAMP = /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ(?:-\d+)?$/;

/** Whether `name` is a run folder's name (runStamp's, perhaps with a suffix). */
export function isRunStamp(name: string): boolean {
  return RUN_STAMP.test(name);
}

/**
 * Every saved run under `cwd`, newest first: the runs of the top level, or with `merchant` those of
 * that configured merchant (`.xborder/runs/<merchant>/`). A merchant's folder among the top level's
 * runs (no report.json, a name no run has) is not listed as a broken run.
 */
export async function listSavedRuns(cwd: string, merchant?: string): Promise<SavedRun[]> {
  return listRunsIn(merchant === undefined ? resolve(cwd, RUNS_DIR) : resolve(cwd, RUNS_DIR, merchant));
}

/** The runs saved in folder `root`, newest first. */
export async function listRunsIn(root: string): Promise<SavedRun[]> {
  let names: string[];
  try {
    names = (await readdir(root, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name);
  } catch {
    return [];
  }
  // The stamps sort as times; a `-2` suffix sorts after its first run of that second.
  names.sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
  const runs = await Promise.all(names.map((name) => readSavedRun(join(root, name), name)));
  return runs.filter((r): r is SavedRun => r !== undefined);
}

async function readSavedRun(dir: string, name: string): Promise<SavedRun | undefined> {
  try {
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as RunResult;
    const failed = report.cases.filter((c) => ['failed', 'errored'].includes(caseStatus(c))).map((c) => caseKey(c.endpoint, c.variant, c.authMode));
    return { name, dir, summary: report.summary, cases: report.cases.length, failed };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && !RUN_STAMP.test(name)) return undefined;
    return { name, dir, failed: [], problem: `report.json unreadable: ${(error as Error).message}` };
  }
}

/** The failed and errored cases of the newest saved run (of `merchant`, when given; a UsageError when there is none). */
export async function lastFailed(cwd: string, merchant?: string): Promise<{ run: SavedRun; keys: Set<string> }> {
  const runs = await listSavedRuns(cwd, merchant);
  const newest = runs.find((r) => !r.problem);
  if (!newest) throw new UsageError(`--last-failed: no saved run in ${merchant === undefined ? RUNS_DIR : join(RUNS_DIR, merchant)} under ${cwd}; run without --last-failed first (and without --no-save).`);
  return { run: newest, keys: new Set(newest.failed) };
}

/**
 * The run saved just before the one in folder `dir`, beside it: the newest run folder of its parent
 * named earlier (run folders are named by their time), with a report that reads. Undefined for a
 * folder not named as runs are (an --out folder), or when none came before. `dir` itself need not
 * exist yet: a run not saved (--no-save) is compared with the newest of `dir`'s parent.
 */
export async function earlierRun(dir: string): Promise<{ name: string; report: RunResult } | undefined> {
  const name = basename(dir);
  if (!RUN_STAMP.test(name)) return undefined;
  let names: string[];
  try {
    names = (await readdir(dirname(dir), { withFileTypes: true })).filter((d) => d.isDirectory() && RUN_STAMP.test(d.name) && d.name < name).map((d) => d.name);
  } catch {
    return undefined;
  }
  // Newest first; only as many reports are read as it takes to find one that reads.
  for (const earlier of names.sort().reverse()) {
    try {
      return { name: earlier, report: await readReport(join(dirname(dir), earlier)) };
    } catch {
      continue;
    }
  }
  return undefined;
}
