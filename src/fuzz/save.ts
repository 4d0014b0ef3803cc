/**
 * Saving what a fuzz run found: each minimal failing order as `<DIR>/<check id>-<n>.order.json`, a
 * bare order that `xborder post-order --file` posts again, beside `seed.txt` with the seed and the
 * command that replays the whole run. Files already there are never overwritten: n counts on.
 * Written through src/io like every output: no link followed, files 0600, a new DIR 0700.
 */
import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { InputError } from '../errors.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import { makeUserDir } from '../io/safe-dir.js';
import { writeFailure } from '../io/write-errors.js';

/** What to save. `payload` is already masked. */
export interface FuzzFinding {
  checkId: string;
  /** `order` (a bare order) or `cart-request` (the cart call's parameters). */
  suffix: 'order' | 'cart-request';
  payload: unknown;
}

/** Writes the finding and seed.txt into `dir`; returns the finding's file path. An InputError (exit 2) names what could not be written. */
export async function saveFuzzFinding(dir: string, finding: FuzzFinding | undefined, seedText: string): Promise<string | undefined> {
  let path = dir;
  try {
    await makeUserDir(resolve(dir));
    path = join(dir, 'seed.txt');
    await writeFileAtomic(path, seedText);
    if (!finding) return undefined;
    const taken = new Set(await readdir(dir));
    let n = 1;
    while (taken.has(`${finding.checkId}-${n}.${finding.suffix}.json`)) n++;
    path = join(dir, `${finding.checkId}-${n}.${finding.suffix}.json`);
    await writeFileAtomic(path, `${JSON.stringify(finding.payload, null, 2)}\n`);
    return path;
  } catch (error) {
    throw new InputError(`Cannot save the fuzz finding to ${path}: ${writeFailure(error)}.`, path);
  }
}
