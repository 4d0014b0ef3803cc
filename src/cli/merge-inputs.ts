/**
 * What `report merge` reads: each path given is a JSON report (`check --json > r.json`), a run folder
 * (holding report.json), or a folder of them: a merchant's folder (`.xborder/runs/shop-de`, its
 * newest run) or a folder of merchants' folders (`.xborder/runs`, each merchant's newest run), so
 * the night's results are one argument whichever engine wrote them to one place.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { InputError } from '../errors.js';
import { isRunStamp } from './saved-runs.js';

/** One report to merge: a run folder, or a report file. */
export interface MergeInput {
  path: string;
  kind: 'folder' | 'file';
}

async function kindOf(path: string): Promise<'file' | 'dir' | 'run' | undefined> {
  try {
    const info = await stat(path);
    if (!info.isDirectory()) return 'file';
    return (await stat(join(path, 'report.json')).then((s) => s.isFile()).catch(() => false)) ? 'run' : 'dir';
  } catch {
    return undefined;
  }
}

/** The subfolders of `dir`: runs (named by their time, newest first) and the others (by name). */
async function subfolders(dir: string): Promise<{ runs: string[]; others: string[] }> {
  const names = (await readdir(dir, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  return { runs: names.filter(isRunStamp).reverse(), others: names.filter((n) => !isRunStamp(n)) };
}

/** The newest run folder among `runs` (newest first) of `dir` that holds a report.json. */
async function newestRun(dir: string, runs: string[]): Promise<string | undefined> {
  for (const name of runs) if ((await kindOf(join(dir, name))) === 'run') return join(dir, name);
  return undefined;
}

/** The reports the paths stand for, in the order given (a folder's merchants by name). */
export async function mergeInputs(paths: readonly string[]): Promise<MergeInput[]> {
  const inputs: MergeInput[] = [];
  for (const path of paths) {
    const kind = await kindOf(path);
    if (kind === undefined) throw new InputError(`Cannot read ${path}: no such file or folder (give run folders, JSON reports, or a folder of them such as .xborder/runs).`, path);
    if (kind === 'file') inputs.push({ path, kind: 'file' });
    else if (kind === 'run') inputs.push({ path, kind: 'folder' });
    else {
      const found = await runsUnder(path);
      if (found.length === 0) throw new InputError(`${path}: no run folder in it (a run folder holds report.json; a merchant's folder holds run folders named by their time).`, path);
      inputs.push(...found.map((p) => ({ path: p, kind: 'folder' as const })));
    }
  }
  return inputs;
}

/** A folder's own newest run (a merchant's folder), then its merchants' folders' newest runs. */
async function runsUnder(dir: string): Promise<string[]> {
  const { runs, others } = await subfolders(dir);
  const found: string[] = [];
  const own = await newestRun(dir, runs);
  if (own) found.push(own);
  for (const name of others) {
    const merchant = join(dir, name);
    const newest = await newestRun(merchant, (await subfolders(merchant)).runs);
    if (newest) found.push(newest);
  }
  return found;
}
