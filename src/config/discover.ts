/**
 * Where the configuration file is when `--config` is not given: `xborder.config.json` in the working
 * directory or the nearest directory above it inside the same repository (up to the first directory
 * holding `.git`); outside a repository, the working directory only. A config file runs commands
 * (`merchant.newCart.command`) and pulls any `${VARIABLE}` of the environment into requests to the
 * URL it names, so one planted in a parent folder (a shared /tmp, a home folder, a download folder)
 * must not be picked up silently: the same reason git's `safe.directory` and direnv's `allow` exist.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The file name looked up. */
export const DEFAULT_CONFIG_FILE = 'xborder.config.json';

/** The nearest directory from `cwd` upward that holds `.git` (a folder, or a file in a worktree), or undefined. */
export function repositoryRoot(cwd: string): string | undefined {
  for (let dir = cwd; ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
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
