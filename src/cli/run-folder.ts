/**
 * Saving a merchant run's folder: `.xborder/runs/<UTC time>/` (a suffix when that name exists), or
 * `--out DIR` (new or empty). Everything in it is masked, whatever --show-secrets says.
 */
import { chmod, mkdir, readdir } from 'node:fs/promises';
import { writeFileAtomic } from '../io/atomic-write.js';
import { join, relative, resolve } from 'node:path';
import { InputError, UsageError } from '../errors.js';
import type { RunResult } from '../model.js';
import { runFolderFiles, type RunFolderExtras } from '../report/run-folder.js';

/** Where saved runs live, under the working directory. */
export const RUNS_DIR = join('.xborder', 'runs');

/** `2026-11-23T00-15-47Z`: UTC, sortable, valid as a file name everywhere. */
export function runStamp(now: Date): string {
  return now.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
}

async function isEmptyOrMissing(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** A new folder for this run: the stamp, or the stamp with `-2`, `-3`... when it exists. */
async function freshRunDir(cwd: string, now: Date): Promise<string> {
  await mkdir(resolve(cwd, RUNS_DIR), { recursive: true });
  const base = resolve(cwd, RUNS_DIR, runStamp(now));
  for (let n = 1; ; n++) {
    const dir = n === 1 ? base : `${base}-${n}`;
    try {
      await mkdir(dir);
      return dir;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/** Writes the folder for the masked `run`; returns where, and the run with each case's script path. */
export async function saveRunFolder(run: RunResult, options: { cwd: string; out?: string; now?: Date } & RunFolderExtras): Promise<{ dir: string; run: RunResult }> {
  let dir: string;
  try {
    if (options.out !== undefined) {
      dir = resolve(options.cwd, options.out);
      if (!(await isEmptyOrMissing(dir))) throw new UsageError(`--out ${options.out}: the directory is not empty; choose a new or empty one (xborder never mixes two runs in one folder).`);
      await mkdir(dir, { recursive: true });
    } else {
      dir = await freshRunDir(options.cwd, options.now ?? new Date());
    }
    const { files, run: saved } = runFolderFiles(run, options);
    for (const file of files) {
      const path = join(dir, file.path);
      await mkdir(join(path, '..'), { recursive: true });
      // Temp file and rename: a full disk never leaves a cut report behind.
      await writeFileAtomic(path, file.content);
      if (file.mode) await chmod(path, file.mode);
    }
    // The table names scripts by a path the user can type from where they ran xborder.
    const shown = relative(options.cwd, dir) || '.';
    return { dir, run: { ...saved, cases: saved.cases.map((c) => (c.reproducePath ? { ...c, reproducePath: join(shown, c.reproducePath) } : c)) } };
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new InputError(`Cannot save the run folder: ${(error as Error).message}. Use --out DIR to choose another place, or --no-save.`, options.out ?? RUNS_DIR);
  }
}
