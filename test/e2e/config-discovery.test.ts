/**
 * End to end: which xborder.config.json the built CLI trusts without --config. A config file runs
 * its `merchant.newCart.command` and sends its `${VARIABLE}`s to its baseUrl, so a file planted in
 * a parent folder must not be used: discovery walks up only inside a repository of the user's own
 * (to a `.git` directory holding HEAD, or a gitdir file naming one, owned by the user: an empty
 * `.git` planted in a shared folder makes no repository), and outside one it reads the working
 * directory only. A file found that another user owns or every user may write is refused (exit 2);
 * named with --config it is warned about and used. Whenever discovery picked the file, stderr names
 * it (`config: ../../xborder.config.json`), with --quiet and --json too. `openapi` sends nothing, so
 * an unset credential variable does not stop it.
 */
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/run-cli.js';
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server.js';
import { ALLOW_COMMANDS } from '../helpers/store-project.js';
import { runInPty } from '../wizard/pty.js';

const PROBE = 'probe-value-3f9a0c71';
const servers: RecordingServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A fresh folder outside any repository (tmpdir holds no `.git` above it). */
function freshRoot(): string {
  return realpathSync(mkdtempSync(join(tmpdir(), 'xb-discovery-')));
}

/** Writes a config whose newCart command touches `marker` and whose header auth sends ${XB_PROBE}. */
function plantConfig(dir: string, baseUrl: string, marker: string): void {
  const config = { merchant: { baseUrl, newCart: { command: `touch '${marker}' && echo tok-planted` } }, auth: [{ mode: 'header', name: 'X-Probe', value: '${XB_PROBE}' }], timeoutMs: 10_000 };
  writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify(config));
}

async function server(): Promise<RecordingServer> {
  const s = await startRecordingServer('{}');
  servers.push(s);
  return s;
}

/**
 * `post-order` in `cwd`, the config's command allowed for the run: what stops a planted config here
 * is discovery, not consent (test/e2e/command-consent.test.ts tests consent).
 */
const postOrder = (cwd: string, extra: string[] = []) => runCli(['post-order', '--no-save', ...extra], { cwd, env: { XB_PROBE: PROBE, ...ALLOW_COMMANDS } });

/** The planted config was not used: no merchant URL (exit 2), no `config:` line, its command never ran, nothing sent. */
function expectUnused(result: CliResult, marker: string, merchant: RecordingServer): void {
  expect(result.code, result.stderr).toBe(2);
  expect(result.stderr).toMatch(/No merchant URL/);
  expect(result.stderr).not.toContain('config: ');
  expect(existsSync(marker)).toBe(false);
  expect(merchant.received).toEqual([]);
}

/** A git directory at `dir` as `git init` leaves it: a folder holding HEAD. */
function gitDir(dir: string): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'HEAD'), 'ref: refs/heads/main\n');
  return dir;
}

/** Another user's id (nobody); only root can give a file to another user. */
const OTHER_UID = 65534;
const asRoot = process.getuid?.() === 0;

describe('config discovery', () => {
  it('outside a repository, a config in a parent folder is not used: its command never runs and nothing is sent', async () => {
    const root = freshRoot();
    const merchant = await server();
    const marker = join(root, 'command-ran');
    plantConfig(root, merchant.url, marker);
    const work = join(root, 'downloads', 'project');
    mkdirSync(work, { recursive: true });
    expectUnused(await postOrder(work), marker, merchant);
  });

  it('a repository stops the walk: a config planted above the repository is not used', async () => {
    const root = freshRoot();
    const merchant = await server();
    const marker = join(root, 'command-ran');
    plantConfig(root, merchant.url, marker);
    const sub = join(root, 'repo', 'sub');
    mkdirSync(sub, { recursive: true });
    gitDir(join(root, 'repo', '.git'));
    const result = await postOrder(sub);
    expect(result.code, result.stderr).toBe(2);
    expect(existsSync(marker)).toBe(false);
    expect(merchant.received).toEqual([]);
  });

  it("inside a repository, the nearest config up to the root is used and named on stderr, with --quiet and --json too", async () => {
    const root = freshRoot();
    const merchant = await server();
    const repo = join(root, 'repo');
    const deep = join(repo, 'a', 'b');
    mkdirSync(deep, { recursive: true });
    gitDir(join(repo, '.git'));
    const marker = join(root, 'command-ran');
    plantConfig(repo, merchant.url, marker);
    const quiet = await postOrder(deep, ['--quiet']);
    expect([0, 1]).toContain(quiet.code);
    expect(quiet.stderr.split('\n')[0]).toBe('config: ../../xborder.config.json');
    expect(existsSync(marker)).toBe(true);
    expect(merchant.received.length).toBeGreaterThan(0);
    expect(merchant.received.every((r) => r.headers['x-probe'] === PROBE)).toBe(true);
    const json = await postOrder(deep, ['--json']);
    expect(json.stderr).toContain('config: ../../xborder.config.json\n');
    expect(JSON.parse(json.stdout).cases.length).toBeGreaterThan(0);
    expect(json.stdout).not.toContain('config: ');
    // In the working directory itself, the file is named too; --config names itself, so no line.
    const here = await runCli(['openapi'], { cwd: repo });
    expect(here.stderr).toBe('config: xborder.config.json\n');
    const named = await runCli(['openapi', '--config', 'xborder.config.json'], { cwd: repo });
    expect(named.code, named.stderr).toBe(0);
    expect(named.stderr).toBe('');
  });

  it('a planted empty .git file makes no repository: a config planted beside it in a shared folder is not used from a subfolder', async () => {
    const shared = freshRoot();
    const merchant = await server();
    const marker = join(shared, 'command-ran');
    writeFileSync(join(shared, '.git'), '');
    plantConfig(shared, merchant.url, marker);
    const work = join(shared, 'victim', 'work');
    mkdirSync(work, { recursive: true });
    expectUnused(await postOrder(work), marker, merchant);
    // Nor a gitdir file naming nothing, nor a .git folder without HEAD.
    writeFileSync(join(shared, '.git'), 'gitdir: /nowhere\n');
    expectUnused(await postOrder(work), marker, merchant);
    rmSync(join(shared, '.git'));
    mkdirSync(join(shared, '.git'));
    expectUnused(await postOrder(work), marker, merchant);
  });

  it.runIf(asRoot)('a .git folder with HEAD that another user owns makes no repository (as root: chown to 65534)', async () => {
    const shared = freshRoot();
    const merchant = await server();
    const marker = join(shared, 'command-ran');
    chownSync(gitDir(join(shared, '.git')), OTHER_UID, OTHER_UID);
    plantConfig(shared, merchant.url, marker);
    chownSync(join(shared, 'xborder.config.json'), OTHER_UID, OTHER_UID);
    const work = join(shared, 'victim', 'work');
    mkdirSync(work, { recursive: true });
    expectUnused(await postOrder(work), marker, merchant);
  });

  it('a config found that every user may write is refused (exit 2, naming it and the fix), in a parent or the working directory; named with --config it is warned about and used', async () => {
    const root = freshRoot();
    const merchant = await server();
    const repo = join(root, 'repo');
    const deep = join(repo, 'a');
    mkdirSync(deep, { recursive: true });
    gitDir(join(repo, '.git'));
    const marker = join(root, 'command-ran');
    plantConfig(repo, merchant.url, marker);
    chmodSync(join(repo, 'xborder.config.json'), 0o666);
    for (const cwd of [deep, repo]) {
      const found = await postOrder(cwd);
      expect(found.code, found.stderr).toBe(2);
      const label = cwd === deep ? '../xborder.config.json' : 'xborder.config.json';
      expect(found.stderr).toContain(`xborder: ${label} may be written by every user of this machine (mode 0666), so xborder does not use it`);
      expect(found.stderr).toContain(`Fix: \`chmod o-w ${label}\``);
      expect(found.stderr).not.toMatch(/\n\s+at /);
    }
    expect(existsSync(marker)).toBe(false);
    expect(merchant.received).toEqual([]);
    // Group write is allowed (umask 002).
    chmodSync(join(repo, 'xborder.config.json'), 0o664);
    expect((await postOrder(deep, ['--json'])).stderr).not.toContain('may be written');
    expect(existsSync(marker)).toBe(true);
    // Named, it is the user's choice: one warning, and the run goes on.
    chmodSync(join(repo, 'xborder.config.json'), 0o666);
    const named = await postOrder(deep, ['--config', '../xborder.config.json', '--json']);
    expect([0, 1]).toContain(named.code);
    // A warning is wrapped to the terminal (80 columns in a pipe): its lines joined back to read it whole.
    expect(named.stderr.replace(/\n +/g, ' ')).toMatch(/^warning: \.\.\/xborder\.config\.json may be written by every user of this machine \(mode 0666\), .* it is used because you named it with --config\./m);
    expect(JSON.parse(named.stdout).cases.length).toBeGreaterThan(0);
  });

  it.runIf(asRoot)('a config found that another user owns is refused (exit 2); named with --config it is warned about and used (as root: chown to 65534)', async () => {
    const dir = freshRoot();
    const merchant = await server();
    const marker = join(dir, 'command-ran');
    plantConfig(dir, merchant.url, marker);
    chownSync(join(dir, 'xborder.config.json'), OTHER_UID, OTHER_UID);
    const found = await postOrder(dir);
    expect(found.code, found.stderr).toBe(2);
    expect(found.stderr).toContain('xborder: xborder.config.json belongs to another user (uid 65534; you are uid 0), so xborder does not use it');
    expect(found.stderr).toContain('or name it with --config xborder.config.json to use it as it is');
    expect(existsSync(marker)).toBe(false);
    expect(merchant.received).toEqual([]);
    const named = await postOrder(dir, ['--config', 'xborder.config.json', '--json']);
    expect([0, 1]).toContain(named.code);
    expect(named.stderr.replace(/\n +/g, ' ')).toContain('warning: xborder.config.json belongs to another user (uid 65534; you are uid 0), and a configuration runs its commands');
    expect(existsSync(marker)).toBe(true);
  });

  it('the wizard holds the working directory\'s config to the same rules: one every user may write is refused before any question', async () => {
    const dir = freshRoot();
    const merchant = await server();
    plantConfig(dir, merchant.url, join(dir, 'command-ran'));
    chmodSync(join(dir, 'xborder.config.json'), 0o666);
    const r = await runInPty(['wizard'], [], { cwd: dir, timeoutSec: 30 });
    expect(r.exitCode).toBe(2);
    expect(r.output).toContain('xborder: xborder.config.json may be written by every user of this machine (mode 0666), so xborder does not use it');
    expect(r.output).not.toContain('What do you want to do?');
  });

  it('openapi needs no credential variables; commands that send still do', async () => {
    const dir = freshRoot();
    writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({ merchant: { baseUrl: 'http://127.0.0.1:9' }, auth: [{ mode: 'header', name: 'X-Merchant-Key', value: '${XB_HEADER_KEY}' }, { mode: 'basic', username: 'platform', password: '${XB_BASIC_PASSWORD}' }] }));
    const doc = await runCli(['openapi'], { cwd: dir });
    expect(doc.code, doc.stderr).toBe(0);
    const parsed = JSON.parse(doc.stdout);
    expect(parsed.openapi).toBe('3.1.0');
    expect(parsed.components.securitySchemes.merchantKeyHeader.name).toBe('X-Merchant-Key');
    const yaml = await runCli(['openapi', '--yaml'], { cwd: dir });
    expect(yaml.code, yaml.stderr).toBe(0);
    const sending = await runCli(['check-cart', '--no-save'], { cwd: dir });
    expect(sending.code).toBe(2);
    expect(sending.stderr).toContain('environment variable XB_HEADER_KEY is not set');
  });
});
