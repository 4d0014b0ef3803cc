/**
 * End to end: which xborder.config.json the built CLI trusts without --config. A config file runs
 * its `merchant.newCart.command` and sends its `${VARIABLE}`s to its baseUrl, so a file planted in
 * a parent folder must not be used: discovery walks up only inside a repository (to the directory
 * holding `.git`), and outside one it reads the working directory only. Whenever discovery picked
 * the file, stderr names it (`config: ../../xborder.config.json`), with --quiet and --json too.
 * `openapi` sends nothing, so an unset credential variable does not stop it.
 */
import { existsSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server.js';

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

const postOrder = (cwd: string, extra: string[] = []) => runCli(['post-order', '--no-save', ...extra], { cwd, env: { XB_PROBE: PROBE } });

describe('config discovery', () => {
  it('outside a repository, a config in a parent folder is not used: its command never runs and nothing is sent', async () => {
    const root = freshRoot();
    const merchant = await server();
    const marker = join(root, 'command-ran');
    plantConfig(root, merchant.url, marker);
    const work = join(root, 'downloads', 'project');
    mkdirSync(work, { recursive: true });
    const result = await postOrder(work);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/No merchant URL/);
    expect(result.stderr).not.toContain('config: ');
    expect(existsSync(marker)).toBe(false);
    expect(merchant.received).toEqual([]);
  });

  it('a repository stops the walk: a config planted above the repository is not used', async () => {
    const root = freshRoot();
    const merchant = await server();
    const marker = join(root, 'command-ran');
    plantConfig(root, merchant.url, marker);
    const sub = join(root, 'repo', 'sub');
    mkdirSync(sub, { recursive: true });
    mkdirSync(join(root, 'repo', '.git'));
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
    mkdirSync(join(repo, '.git'));
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
