/**
 * Saved runs (`.xborder/runs/`): listing them for `xborder runs`, and the failed cases of the newest
 * one for `--last-failed`.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { UsageError } from '../errors.js';
import type { RunResult, Summary } from '../model.js';
import { caseKey } from '../engine/run-plan.js';
import { caseStatus } from '../report/summary.js';
import { RUNS_DIR } from './run-folder.js';

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

/** Every saved run under `cwd`, newest first. */
export async function listSavedRuns(cwd: string): Promise<SavedRun[]> {
  const root = resolve(cwd, RUNS_DIR);
  let names: string[];
  try {
    names = (await readdir(root, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name);
  } catch {
    return [];
  }
  // The stamps sort as times; a `-2` suffix sorts after its first run of that second.
  names.sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
  return Promise.all(names.map((name) => readSavedRun(join(root, name), name)));
}

async function readSavedRun(dir: string, name: string): Promise<SavedRun> {
  try {
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as RunResult;
    const failed = report.cases.filter((c) => ['failed', 'errored'].includes(caseStatus(c))).map((c) => caseKey(c.endpoint, c.variant, c.authMode));
    return { name, dir, summary: report.summary, cases: report.cases.length, failed };
  } catch (error) {
    return { name, dir, failed: [], problem: `report.json unreadable: ${(error as Error).message}` };
  }
}

/** The failed and errored cases of the newest saved run (a UsageError when there is none). */
export async function lastFailed(cwd: string): Promise<{ run: SavedRun; keys: Set<string> }> {
  const runs = await listSavedRuns(cwd);
  const newest = runs.find((r) => !r.problem);
  if (!newest) throw new UsageError(`--last-failed: no saved run in ${RUNS_DIR} under ${cwd}; run without --last-failed first (and without --no-save).`);
  return { run: newest, keys: new Set(newest.failed) };
}
