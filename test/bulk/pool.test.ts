/**
 * A validate worker that cannot start fails the run with its error, after the documents judged
 * before it: the main thread does not go on alone as if nothing happened (it gives items only to a
 * worker that said it is ready, so a broken worker would otherwise never be noticed). The built CLI
 * is copied with its worker entry broken on purpose, as a damaged install would be.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'xborder-pool-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a validate worker that cannot start', () => {
  it('fails the run with its error (exit 70), not silently', () => {
    for (const part of ['bin', 'dist', 'package.json']) cpSync(join(root, part), join(dir, part), { recursive: true });
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
    writeFileSync(join(dir, 'dist/validate-worker.js'), "throw new Error('validate worker broken on purpose');\n");
    // Over 2 MiB of orders, so --jobs 2 starts its worker.
    const order = JSON.parse(readFileSync(join(root, 'samples/order-full.json'), 'utf8'));
    const file = join(dir, 'orders.ndjson');
    writeFileSync(file, `${JSON.stringify(order)}\n`.repeat(400));
    const run = spawnSync(process.execPath, [join(dir, 'bin/xborder.js'), 'validate', '--jobs', '2', file], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(run.stderr).toMatch(/validate worker broken on purpose/);
    expect(run.status).toBe(70);
  });
});
