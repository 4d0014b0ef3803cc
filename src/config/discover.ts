/**
 * Where the configuration file is when `--config` is not given: `xborder.config.json` in the working
 * directory or the nearest directory above it inside the same repository (up to the first directory
 * holding a `.git` of the user's own); outside a repository, the working directory only. A config
 * file runs commands (`merchant.newCart.command`) and pulls any `${VARIABLE}` of the environment
 * into requests to the URL it names, so one planted in a parent folder (a shared /tmp, a home
 * folder, a download folder) must not be picked up silently: the same reason git's `safe.directory`
 * and direnv's `allow` exist. Whether the file found is trusted (its owner, who may write it) is
 * ownership.ts's to say; the loader refuses it.
 */
import { existsSync, lstatSync, readFileSync, statSync, type Stats } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { ownedByCurrentUser } from './ownership.js';

/** The file name looked up. */
export const DEFAULT_CONFIG_FILE = 'xborder.config.json';

/**
 * The nearest directory from `cwd` upward that holds a repository of the user's own, or undefined.
 * As git's `safe.directory`: `.git` counts only when it is a directory holding `HEAD`, or a
 * `gitdir:` file (a worktree, a submodule) naming such a directory, and both belong to the user
 * running xborder. An empty file or a folder named `.git` that another user planted in a shared
 * folder is passed over, so it never makes the folder holding it, and a config planted there, trusted.
 */
export function repositoryRoot(cwd: string): string | undefined {
  for (let dir = cwd; ; dir = dirname(dir)) {
    if (isOwnRepository(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/** The entry at `path` itself (a link is not followed), or undefined. */
function entry(path: string, follow = false): Stats | undefined {
  try {
    return follow ? statSync(path) : lstatSync(path);
  } catch {
    return undefined;
  }
}

/** Whether `dir` is a git directory of the user's: a directory of theirs holding a `HEAD` file. */
function isOwnGitDirectory(dir: string): boolean {
  const stats = entry(dir, true);
  return stats !== undefined && stats.isDirectory() && ownedByCurrentUser(stats) && entry(join(dir, 'HEAD'), true)?.isFile() === true;
}

/** Whether the `.git` at `path` makes its folder a repository of the user's (see repositoryRoot). */
function isOwnRepository(path: string): boolean {
  const self = entry(path);
  // The entry itself must be the user's: a link or a gitdir file another user planted could name
  // the user's own repository elsewhere.
  if (self === undefined || !ownedByCurrentUser(self)) return false;
  if (!self.isFile()) return isOwnGitDirectory(path);
  // A `.git` file is a pointer: `gitdir: <path>`, relative to the folder holding it.
  if (self.size > 4096) return false;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return false;
  }
  const target = /^gitdir: *(.+?)\s*$/m.exec(text)?.[1];
  if (!target) return false;
  return isOwnGitDirectory(isAbsolute(target) ? target : resolve(dirname(path), target));
}

/** The directories searched, nearest first: `cwd` up to its repository's root, or `cwd` alone outside one. */
export function searchedDirectories(where: string): string[] {
  const cwd = resolve(where);
  const root = repositoryRoot(cwd);
  if (root === undefined) return [cwd];
  const dirs: string[] = [];
  for (let dir = cwd; ; dir = dirname(dir)) {
    dirs.push(dir);
    if (dir === root || dirname(dir) === dir) return dirs;
  }
}

/** The nearest `xborder.config.json` xborder may trust from `cwd` (see above), or undefined. */
export function discoverConfigFile(cwd: string): string | undefined {
  return searchedDirectories(cwd)
    .map((dir) => join(dir, DEFAULT_CONFIG_FILE))
    .find((candidate) => existsSync(candidate));
}
