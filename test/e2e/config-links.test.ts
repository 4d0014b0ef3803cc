/**
 * End to end: the files xborder writes outside a run folder never go through a symbolic link
 * either. A configuration name planted as a link (`xborder.config.json -> ../home/victim/.bashrc`,
 * committed to a repository or made in a shared folder) is refused by `init` (exit 2), with or
 * without --force, and a dangling one never creates the file it names; GITHUB_STEP_SUMMARY naming
 * a link is refused too. The file a link names stays byte for byte and mode for mode as it was. A
 * config init creates is 0600; one of the user's that --force replaces keeps its mode.
 */
import { existsSync, lstatSync, mkdtempSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/run-cli.js';
import { merchantConfig } from '../helpers/merchant-config.js';
import { startMockMerchant, type MockMerchantServer } from '../../src/mock/merchant/server.js';

const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';
const VICTIM_TEXT = 'export PATH="$HOME/bin:$PATH"  # the file a link was planted to overwrite\n';

/** A user's file outside the project (0644, like a dotfile) that a planted link names. */
function victim(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'xb-home-')), '.bashrc');
  writeFileSync(file, VICTIM_TEXT, { mode: 0o644 });
  return file;
}

function expectUntouched(file: string): void {
  expect(readFileSync(file, 'utf8')).toBe(VICTIM_TEXT);
  expect(statSync(file).mode & 0o777).toBe(0o644);
}

function expectLinkRefused(result: CliResult, name: string): void {
  expect(result.code, result.stderr).toBe(2);
  expect(result.stderr).toContain(`Cannot write ${name}: it is a symbolic link, and xborder never writes through one`);
  expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(result.stderr).not.toMatch(/\n\s+at .*\(/);
  expect(result.stdout).not.toContain('Wrote');
}

describe('xborder init never writes through a link', () => {
  it('init --force on xborder.config.json -> a victim file: exit 2, the victim unchanged, the link left as it was', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xb-init-link-'));
    const target = victim();
    symlinkSync(target, join(dir, 'xborder.config.json'));
    for (const args of [['init', '--force'], ['init']]) {
      expectLinkRefused(await runCli(args, { cwd: dir }), 'xborder.config.json');
      expectUntouched(target);
      expect(lstatSync(join(dir, 'xborder.config.json')).isSymbolicLink()).toBe(true);
    }
    // Nothing else was written beside it either (no temporary file, no .gitignore).
    expect(readdirSync(dir)).toEqual(['xborder.config.json']);
  }, 60_000);

  it('init -c on a dangling link: exit 2, and the file the link names is not created', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xb-init-link-'));
    const outside = join(mkdtempSync(join(tmpdir(), 'xb-outside-')), 'created-by-xborder.json');
    symlinkSync(outside, join(dir, 'dangling.json'));
    expectLinkRefused(await runCli(['-c', 'dangling.json', 'init'], { cwd: dir }), 'dangling.json');
    expect(existsSync(outside)).toBe(false);
    expect(lstatSync(join(dir, 'dangling.json')).isSymbolicLink()).toBe(true);
  }, 60_000);

  it('a config init creates is 0600 (umask aside); one of the user\'s that --force replaces keeps its mode', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xb-init-mode-'));
    expect((await runCli(['init'], { cwd: dir })).code).toBe(0);
    expect(statSync(join(dir, 'xborder.config.json')).mode & 0o777).toBe(0o600);
    chmodSync(join(dir, 'xborder.config.json'), 0o644);
    expect((await runCli(['init', '--force'], { cwd: dir })).code).toBe(0);
    expect(statSync(join(dir, 'xborder.config.json')).mode & 0o777).toBe(0o644);
    expect(readdirSync(dir)).toEqual(['xborder.config.json']);
  }, 60_000);
});

describe('GITHUB_STEP_SUMMARY never goes through a link', () => {
  let merchant: MockMerchantServer;
  beforeAll(async () => {
    merchant = await startMockMerchant({ config: merchantConfig({ guid: GUID }) });
  });
  afterAll(async () => merchant.close());

  it('a link at GITHUB_STEP_SUMMARY is refused (exit 2), the file it names unchanged; a real file is appended to', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xb-summary-'));
    writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({ merchantGUID: GUID, merchant: { baseUrl: merchant.url }, auth: [{ mode: 'none' }], timeoutMs: 10_000 }));
    const target = victim();
    symlinkSync(target, join(dir, 'summary.md'));
    const result = await runCli(['check-cart', '--no-save'], { cwd: dir, env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: join(dir, 'summary.md') } });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('Cannot append the job summary to GITHUB_STEP_SUMMARY');
    expect(result.stderr).toContain('it is a symbolic link, and xborder never writes through one');
    expectUntouched(target);
    writeFileSync(join(dir, 'real.md'), '# earlier step\n');
    const real = await runCli(['check-cart', '--no-save'], { cwd: dir, env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: join(dir, 'real.md') } });
    expect(real.code, real.stderr).toBe(0);
    expect(readFileSync(join(dir, 'real.md'), 'utf8')).toMatch(/^# earlier step\n[\s\S]*xborder/);
  }, 60_000);
});
