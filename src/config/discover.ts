/**
 * Where the configuration file is when `--config` is not given: `xborder.config.json` in the working
 * directory or the nearest directory above it, up to the repository root (the first directory
 * holding `.git`) or the file system's root, as git, eslint and npm find theirs. Running xborder
 * from a subdirectory of a project uses the project's config.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The file name looked up. */
export const DEFAULT_CONFIG_FILE = 'xborder.config.json';

/** The nearest `xborder.config.json` from `cwd` upward, or undefined. */
export function discoverConfigFile(cwd: string): string | undefined {
  for (let dir = cwd; ; dir = dirname(dir)) {
    const candidate = join(dir, DEFAULT_CONFIG_FILE);
    if (existsSync(candidate)) return candidate;
    // The repository's root is as far as a project's config can be.
    if (existsSync(join(dir, '.git')) || dirname(dir) === dir) return undefined;
  }
}
