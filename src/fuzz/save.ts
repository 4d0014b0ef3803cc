/**
 * Saving what a fuzz run found: each minimal failing order as `<DIR>/<check id>-<n>.order.json`, a
 * bare order that `xborder post-order --file` posts again, beside `seed.txt` with the seed and the
 * command that replays the whole run. Files already there are never overwritten: n counts on.
 */
import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../io/atomic-write.js';

/** What to save. `payload` is already masked. */
export interface FuzzFinding {
  checkId: string;
  /** `order` (a bare order) or `cart-request` (the cart call's parameters). */
  suffix: 'order' | 'cart-request';
  payload: unknown;
}

/** Writes the finding and seed.txt into `dir`; returns the finding's file path. */
export async function saveFuzzFinding(dir: string, finding: FuzzFinding | undefined, seedText: string): Promise<string | undefined> {
  await mkdir(dir, { recursive: true });
  await writeFileAtomic(join(dir, 'seed.txt'), seedText);
  if (!finding) return undefined;
  const taken = new Set(await readdir(dir));
  let n = 1;
  while (taken.has(`${finding.checkId}-${n}.${finding.suffix}.json`)) n++;
  const file = join(dir, `${finding.checkId}-${n}.${finding.suffix}.json`);
  await writeFileAtomic(file, `${JSON.stringify(finding.payload, null, 2)}\n`);
  return file;
}
