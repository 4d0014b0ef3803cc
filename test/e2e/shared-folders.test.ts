/**
 * End to end: a run folder is never made where someone else could swap its files. In a shared
 * folder, another user who owns `.xborder` (made before the victim's first run), or who can write a
 * `--out` folder, could rename `cases/` away and plant the `reproduce.sh` the report tells the user
 * to run, or edit `report.json`. Such folders are refused (exit 2) with one paragraph naming the
 * folder and the fix, and nothing is written in them; a sticky shared folder like /tmp is fine, and
 * so is group write. Another user's folder needs root to make (chown to 65534): those tests are
 * skipped when not root.
 */
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/run-cli.js';
import { proxyProject } from '../helpers/proxy-cli.js';
import { merchantConfig } from '../helpers/merchant-config.js';
import { startMockMerchant, type MockMerchantServer } from '../../src/mock/merchant/server.js';

const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';
const asRoot = process.getuid?.() === 0;
const NOBODY = 65534;
let merchant: MockMerchantServer;

beforeAll(async () => {
  merchant = await startMockMerchant({ config: merchantConfig({ guid: GUID }) });
});
afterAll(async () => merchant.close());

/** A project folder (0700, the test's own) with a config for the reference merchant. */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'xb-shared-'));
  writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({ merchantGUID: GUID, merchant: { baseUrl: merchant.url }, auth: [{ mode: 'none' }], timeoutMs: 10_000 }));
  return dir;
}

/** A folder at `path` with exactly `mode` (umask aside), owned by `uid` when given. */
function folder(path: string, mode: number, uid?: number): string {
  mkdirSync(path, { recursive: true });
  chmodSync(path, mode);
  if (uid !== undefined) chownSync(path, uid, uid);
  return path;
}

function expectRefused(result: CliResult, ...words: string[]): void {
  expect(result.code, result.stderr).toBe(2);
  const message = result.stderr.slice(result.stderr.indexOf('xborder: Cannot save the run folder'));
  expect(message, result.stderr).toMatch(/^xborder: Cannot save the run folder: /);
  for (const word of words) expect(message).toContain(word);
  // One paragraph with the ways out, never a stack.
  expect(message).toContain('--out DIR');
  expect(message).toContain('--no-save');
  expect(message.trimEnd().split('\n')).toHaveLength(1);
  expect(result.stderr).not.toMatch(/\n\s+at .*\(/);
}

describe('--out into a folder others can change', () => {
  it('an existing empty --out folder that is 0777 is refused, naming it and chmod o-w; nothing is written in it', async () => {
    const dir = project();
    const shared = folder(join(dir, 'shared'), 0o777);
    const result = await runCli(['check-cart', '--out', 'shared'], { cwd: dir });
    expectRefused(result, 'shared is writable by every user (mode 0777)', 'chmod o-w shared');
    expect(readdirSync(shared)).toEqual([]);
  }, 60_000);

  it.skipIf(!asRoot)('an existing empty --out folder owned by another user is refused; nothing is written in it', async () => {
    const dir = project();
    const theirs = folder(join(dir, 'theirs'), 0o755, NOBODY);
    const result = await runCli(['check-cart', '--out', 'theirs'], { cwd: dir });
    expectRefused(result, `theirs is owned by another user (uid ${NOBODY})`);
    expect(readdirSync(theirs)).toEqual([]);
  }, 60_000);

  it('a new --out folder in a folder every user can rename in (0777, no sticky bit) is refused and not made', async () => {
    const dir = project();
    const open = folder(join(dir, 'open'), 0o777);
    const result = await runCli(['check-cart', '--out', 'open/run'], { cwd: dir });
    expectRefused(result, 'open is writable by every user and has no sticky bit (mode 0777)');
    expect(readdirSync(open)).toEqual([]);
  }, 60_000);

  it('in a sticky shared folder like /tmp (1777), the run folder xborder makes is its own, 0700; a group-writable --out of the user is taken', async () => {
    const dir = project();
    folder(join(dir, 'tmp'), 0o1777);
    const result = await runCli(['check-cart', '--out', 'tmp/run'], { cwd: dir });
    expect(result.code, result.stderr).toBe(0);
    const run = statSync(join(dir, 'tmp/run'));
    expect(run.mode & 0o7777).toBe(0o700);
    expect(run.uid).toBe(process.getuid?.());
    expect(readdirSync(join(dir, 'tmp/run'))).toContain('report.json');
    folder(join(dir, 'team'), 0o775);
    const team = await runCli(['check-cart', '--out', 'team'], { cwd: dir });
    expect(team.code, team.stderr).toBe(0);
    expect(readdirSync(join(dir, 'team'))).toContain('report.json');
  }, 60_000);
});

describe('a .xborder made by someone else', () => {
  it.skipIf(!asRoot)('a .xborder (or .xborder/runs) another user made first is refused, naming it; nothing lands in it', async () => {
    for (const planted of ['.xborder', '.xborder/runs']) {
      const dir = project();
      folder(join(dir, '.xborder'), 0o700);
      // Theirs, and open to them only: what a user in a shared folder would make to catch the next run.
      const theirs = folder(join(dir, planted), 0o755, NOBODY);
      const result = await runCli(['check-cart'], { cwd: dir });
      expectRefused(result, `${planted} is owned by another user (uid ${NOBODY})`, 'remove it if you did not make it');
      expect(readdirSync(theirs), planted).toEqual([]);
      // The way out the message names works: --out into a folder of one's own.
      const elsewhere = await runCli(['check-cart', '--out', 'mine'], { cwd: dir });
      expect(elsewhere.code, elsewhere.stderr).toBe(0);
    }
  }, 60_000);

  it('a .xborder of the user that every user can write is refused; in a working folder every user can rename in, so is a new one', async () => {
    const dir = project();
    folder(join(dir, '.xborder'), 0o777);
    expectRefused(await runCli(['check-cart'], { cwd: dir }), '.xborder is writable by every user (mode 0777)', 'chmod o-w .xborder');
    expect(readdirSync(join(dir, '.xborder'))).toEqual([]);
    const open = project();
    chmodSync(open, 0o777);
    expectRefused(await runCli(['check-cart'], { cwd: open }), `${open} is writable by every user and has no sticky bit (mode 0777)`);
    expect(readdirSync(open)).toEqual(['xborder.config.json']);
    // --no-save writes nothing, so it runs there.
    expect((await runCli(['check-cart', '--no-save'], { cwd: open })).code).toBe(0);
  }, 60_000);
});

describe('the proxy refuses such a folder before it listens', () => {
  it('proxy --out into a 0777 folder: exit 2 at start, naming it, before any traffic', async () => {
    const dir = proxyProject(merchant.url);
    folder(join(dir, 'shared'), 0o777);
    const result = await runCli(['proxy', '--port', '0', '--target', merchant.url, '--count', '1', '--out', 'shared'], { cwd: dir, timeoutMs: 20_000 });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('--out shared: shared is writable by every user (mode 0777)');
    expect(result.stderr).not.toContain('listening on');
    expect(readdirSync(join(dir, 'shared'))).toEqual([]);
  }, 60_000);

  it.skipIf(!asRoot)('proxy with a .xborder another user made: exit 2 at start, naming it', async () => {
    const dir = proxyProject(merchant.url);
    folder(join(dir, '.xborder'), 0o755, NOBODY);
    const result = await runCli(['proxy', '--port', '0', '--target', merchant.url, '--count', '1'], { cwd: dir, timeoutMs: 20_000 });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain(`.xborder is owned by another user (uid ${NOBODY})`);
    expect(result.stderr).not.toContain('listening on');
  }, 60_000);
});
