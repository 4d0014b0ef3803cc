/**
 * A validate worker that stops fails the run with its error (exit 70), after the documents judged
 * before the first item it held: the main thread does not go on alone as if nothing happened (it
 * gives items only to a worker that said it is ready, so a worker that never starts would otherwise
 * go unnoticed). The built CLI is copied with its worker entry broken on purpose, as a damaged
 * install would be. A worker that fails only after a run has ended leaves that run's report as it is.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Runs `validate --jobs 2 -v` on `orders` order-full lines with the built CLI's worker replaced by `worker`. */
function runWithWorker(worker: string, orders: number): SpawnSyncReturns<string> {
  const dir = mkdtempSync(join(tmpdir(), 'xborder-pool-'));
  dirs.push(dir);
  for (const part of ['bin', 'dist', 'package.json']) cpSync(join(root, part), join(dir, part), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  writeFileSync(join(dir, 'dist/validate-worker.js'), worker);
  const order = JSON.parse(readFileSync(join(root, 'samples/order-full.json'), 'utf8'));
  const file = join(dir, 'orders.ndjson');
  writeFileSync(file, `${JSON.stringify(order)}\n`.repeat(orders));
  return spawnSync(process.execPath, [join(dir, 'bin/xborder.js'), 'validate', '--jobs', '2', '-v', file], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
}

describe('a validate worker that stops', () => {
  it('one that cannot start fails the run with its error (exit 70), not silently', () => {
    // Over 2 MiB of orders, so --jobs 2 starts its worker.
    const run = runWithWorker("throw new Error('validate worker broken on purpose');\n", 400);
    expect(run.stderr).toMatch(/validate worker broken on purpose/);
    expect(run.status).toBe(70);
  });

  it('one that dies holding an item fails the run after the documents judged before that item', () => {
    const worker = "import { parentPort } from 'node:worker_threads';\nparentPort.on('message', () => process.exit(3));\nparentPort.postMessage({ ready: true });\n";
    const run = runWithWorker(worker, 4000);
    expect(run.stderr).toMatch(/a validate worker stopped \(exit code 3\)/);
    expect(run.status).toBe(70);
    // -v prints each document's checks: the documents before the lost item, in order, none after it.
    const lines = [...new Set([...run.stdout.matchAll(/orders\.ndjson:(\d+) /g)].map((m) => Number(m[1])))];
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThan(4000);
    expect(lines).toEqual(lines.map((_, i) => i + 1));
  });
});
