/**
 * Saving a merchant run's folder: `.xborder/runs/<UTC time>/` (a suffix when that name exists), for a
 * configured merchant `.xborder/runs/<merchant>/<UTC time>/`, or `--out DIR` (new or empty). Everything in it is masked, whatever --show-secrets says. The folders
 * are 0700 and the files 0600 (scripts 0700): they hold exchanges. No part of the way there is
 * followed when it is a link (src/io/safe-dir.ts), so a planted `.xborder/runs` link cannot send
 * the run elsewhere; and no folder on the way that another user owns or every user can write (a
 * `.xborder` planted first in a shared folder, a `--out` that is 0777) is used, so no one else can
 * swap the `reproduce.sh` the report tells the user to run.
 */
import { readdir } from 'node:fs/promises';
import { entryAt, PRIVATE_FILE_MODE, writeFileAtomic } from '../io/atomic-write.js';
import { makeDirNoFollow, makeUserDir, UnsafeDirError } from '../io/safe-dir.js';
import { writeFailure } from '../io/write-errors.js';
import { dirname, join, relative, resolve } from 'node:path';
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
  // A link is not looked through: makeUserDir refuses it with its own message.
  if ((await entryAt(dir))?.isSymbolicLink()) return true;
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/**
 * A new folder for this run: the stamp, or the stamp with `-2`, `-3`... when that name is taken
 * (by anything: a link with the name is never followed, mkdir does not follow links).
 */
async function freshRunDir(cwd: string, now: Date, merchant: string | undefined): Promise<string> {
  // A configured merchant's name is a single safe path segment (the config schema's pattern).
  const runs = await makeDirNoFollow(resolve(cwd), merchant === undefined ? RUNS_DIR : join(RUNS_DIR, merchant), { tighten: true });
  const stamp = runStamp(now);
  for (let n = 1; ; n++) {
    const name = n === 1 ? stamp : `${stamp}-${n}`;
    if (await entryAt(join(runs, name))) continue;
    try {
      return await makeDirNoFollow(runs, name);
    } catch (error) {
      // Taken between the look and the mkdir (a concurrent run): try the next name.
      if ((error as NodeJS.ErrnoException).code !== 'ELOOP' && (error as NodeJS.ErrnoException).code !== 'ENOTDIR') throw error;
    }
  }
}

/** Writes the folder for the masked `run`; returns where, and the run with each case's script path. */
export async function saveRunFolder(run: RunResult, options: { cwd: string; out?: string; now?: Date } & RunFolderExtras): Promise<{ dir: string; run: RunResult }> {
  // A run of a configured merchant (an entry of `merchants`) is saved among its own runs.
  const merchant = run.merchant;
  let dir: string;
  try {
    if (options.out !== undefined) {
      dir = resolve(options.cwd, options.out);
      if (!(await isEmptyOrMissing(dir))) throw new UsageError(`--out ${options.out}: the directory is not empty; choose a new or empty one (xborder never mixes two runs in one folder).`);
      await makeUserDir(dir);
    } else {
      dir = await freshRunDir(options.cwd, options.now ?? new Date(), merchant);
    }
    const { files, run: saved } = runFolderFiles(run, options);
    for (const file of files) {
      const path = join(dir, file.path);
      await makeDirNoFollow(dir, dirname(file.path));
      // Temp file and rename: a full disk never leaves a cut report behind; the mode is set as it is made.
      await writeFileAtomic(path, file.content, { mode: file.mode ?? PRIVATE_FILE_MODE });
    }
    // The table names scripts by a path the user can type from where they ran xborder.
    const shown = relative(options.cwd, dir) || '.';
    return { dir, run: { ...saved, cases: saved.cases.map((c) => (c.reproducePath ? { ...c, reproducePath: join(shown, c.reproducePath) } : c)) } };
  } catch (error) {
    if (error instanceof UsageError) throw error;
    if (error instanceof UnsafeDirError) {
      const rel = relative(options.cwd, error.path);
      const shown = rel !== '' && !rel.startsWith('..') ? rel : error.path;
      throw new InputError(`Cannot save the run folder: ${error.describe(shown)}, or choose a folder of your own with --out DIR, or --no-save.`, shown);
    }
    // A refused link is named: it may be a component of the path (.xborder/runs), not the folder.
    const e = error as NodeJS.ErrnoException;
    const refused = e.code === 'ELOOP' && e.path ? `${e.path}: ` : '';
    throw new InputError(`Cannot save the run folder: ${refused}${writeFailure(error)}. Use --out DIR to choose another place, or --no-save.`, options.out ?? RUNS_DIR);
  }
}
