/**
 * Finds the package root (the folder holding package.json) from this module's location, so the
 * shipped samples/ and schemas/ are found both from src/ (vitest) and from the bundled dist/ chunk.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/** The absolute path of the xborder package root. Throws (a bug, not user input) if none is found. */
export function packageRoot(): string {
  if (cached) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return (cached = dir);
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`cannot find the xborder package root above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}
