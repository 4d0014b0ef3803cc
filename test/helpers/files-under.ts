/** The files a run wrote, for tests that search every one of them (for secrets, for a layout). */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every regular file below `root`, as paths relative to it (links and directories left out). */
export function filesUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}
