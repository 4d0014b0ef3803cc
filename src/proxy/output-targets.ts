/**
 * The proxy writes its HAR and run folder only when the session ends, after minutes or hours of
 * traffic that cannot be sent again: a path that cannot be written is refused before it listens
 * (exit 2), not discovered when everything would be lost. These are probes, not the writes: the
 * writers still check (and refuse links) when they write.
 */
import { constants } from 'node:fs';
import { access, lstat, readdir, stat } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { writeFailure } from '../io/write-errors.js';
import { probeDirNoFollow, probeUserDir, UnsafeDirError } from '../io/safe-dir.js';

type Stats = Awaited<ReturnType<typeof lstat>>;

/** The process's own streams, which the writer (src/io/atomic-write.ts) takes as they are: `--har /dev/stderr`. */
const STANDARD_STREAM = /^\/(?:dev\/(?:stdout|stderr|null|tty|fd\/\d+)|proc\/self\/fd\/\d+)$/;

async function entry(path: string): Promise<Stats | undefined> {
  try {
    return await lstat(path);
  } catch (error) {
    // ENOTDIR: a file stands where a directory of the path should be; nearestExisting names it.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw error;
  }
}

/** The nearest directory at or above `path` that exists, and what stands in the way when a file does. */
async function nearestExisting(path: string): Promise<{ dir: string; blocker?: string }> {
  let current = path;
  for (;;) {
    const found = await entry(current).catch(() => undefined);
    if (found) {
      const isDir = found.isDirectory() || (found.isSymbolicLink() && (await stat(current).catch(() => undefined))?.isDirectory());
      return isDir ? { dir: current } : { dir: current, blocker: current };
    }
    const up = dirname(current);
    if (up === current) return { dir: current };
    current = up;
  }
}

async function writable(path: string, mode = constants.W_OK | constants.X_OK): Promise<boolean> {
  try {
    await access(path, mode);
    return true;
  } catch {
    return false;
  }
}

/** Throws a UsageError naming `flag` unless the HAR file `file` (relative to `cwd`) can be written when the session ends. */
export async function checkHarTarget(flag: string, file: string, cwd: string): Promise<void> {
  const refuse = (why: string) => new UsageError(`${flag} ${file}: ${why}; nothing would be recorded. Choose another file.`);
  await probe(() => harProbe(resolve(cwd, file), refuse), refuse);
}

/** Runs a probe; a file system error it meets (permission denied on a parent, say) refuses too. */
async function probe(run: () => Promise<void>, refuse: (why: string) => UsageError): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw refuse(writeFailure(error));
  }
}

async function harProbe(path: string, refuse: (why: string) => UsageError): Promise<void> {
  if (STANDARD_STREAM.test(path)) return;
  const found = await entry(path);
  if (found?.isDirectory()) throw refuse('it is a directory');
  if (found?.isSymbolicLink()) throw refuse('it is a symbolic link, which xborder does not write through');
  if (found && !found.isFile()) {
    // A FIFO or a device is written in place, as it is.
    if (!(await writable(path, constants.W_OK))) throw refuse('it cannot be written');
    return;
  }
  const parent = dirname(path);
  const up = await nearestExisting(parent);
  if (up.blocker) throw refuse(`${up.blocker} is not a directory`);
  if (up.dir !== parent) throw refuse(`its directory ${parent} does not exist`);
  // The file is written beside itself and renamed: the directory must take new files.
  if (!(await writable(parent))) throw refuse(`its directory ${parent} is not writable`);
}

/**
 * Throws a UsageError unless the run folder can be saved when the session ends: `--out DIR` new or
 * empty, under a directory that can be written; without it the default `runsDir` under `cwd`.
 */
export async function checkRunFolderTarget(out: string | undefined, runsDir: string, cwd: string): Promise<void> {
  const refuse = (why: string) =>
    new UsageError(out !== undefined ? `--out ${out}: ${why}; the run folder could not be saved. Choose another directory, or --no-save.` : `Cannot save the run folder in ${runsDir}: ${why}. Use --out DIR to choose another place, or --no-save.`);
  await probe(() => runFolderProbe(resolve(cwd, out ?? runsDir), out !== undefined, refuse), refuse);
  // Folders another user owns or every user can write are refused when the folder is made: say so now.
  try {
    await (out !== undefined ? probeUserDir(resolve(cwd, out)) : probeDirNoFollow(resolve(cwd), runsDir));
  } catch (error) {
    if (!(error instanceof UnsafeDirError)) return; // links and files: runFolderProbe's words above
    const rel = relative(cwd, error.path);
    throw refuse(error.describe(rel !== '' && !rel.startsWith('..') ? rel : error.path));
  }
}

async function runFolderProbe(path: string, mustBeEmpty: boolean, refuse: (why: string) => UsageError): Promise<void> {
  const found = await entry(path);
  if (found && !found.isDirectory()) throw refuse(found.isSymbolicLink() ? 'it is a symbolic link' : 'it is not a directory');
  if (found && mustBeEmpty && (await readdir(path)).length > 0) throw refuse('the directory is not empty (xborder never mixes two runs in one folder)');
  const up = found ? { dir: path } : await nearestExisting(dirname(path));
  if (up.blocker) throw refuse(`${up.blocker} is not a directory`);
  if (!(await writable(up.dir))) throw refuse(`${up.dir} is not writable`);
}
