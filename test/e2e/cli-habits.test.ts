/**
 * End to end, the habits of a command-line tool: shell completion sourced in a real bash, --quiet,
 * a bare `xborder` outside a terminal, the configuration found from a subdirectory, and Examples in
 * every command's help.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, runCli } from '../helpers/run-cli.js';
import { defaultConfig } from '../../src/config/defaults.js';
import { startMockMerchant, type MockMerchantServer } from '../../src/mock/merchant/server.js';

const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';
const running: MockMerchantServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

/** Completes `line` (the cursor at its end) with the script sourced in a real bash. */
function complete(script: string, words: string[]): string[] {
  const file = join(mkdtempSync(join(tmpdir(), 'xb-comp-')), 'xborder.bash');
  writeFileSync(file, script);
  const quoted = words.map((w) => `'${w}'`).join(' ');
  const r = spawnSync('bash', ['-c', `source '${file}'; COMP_WORDS=(${quoted}); COMP_CWORD=${words.length - 1}; _xborder_completion; printf '%s\\n' "\${COMPREPLY[@]}"`], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout.split('\n').filter(Boolean);
}

describe('shell completion', () => {
  it('bash: commands, subcommands, flags, sample names and files, in a real bash', async () => {
    const r = await runCli(['completion', 'bash']);
    expect(r.code).toBe(0);
    expect(complete(r.stdout, ['xborder', 'ch'])).toEqual(['check', 'check-cart', 'checks']);
    expect(complete(r.stdout, ['xborder', 'samples', 'sh'])).toEqual(['show']);
    expect(complete(r.stdout, ['xborder', 'samples', 'show', 'order-f'])).toEqual(['order-full']);
    expect(complete(r.stdout, ['xborder', 'post-order', '--sample', 'order-m'])).toEqual(['order-minimal', 'order-mixed']);
    expect(complete(r.stdout, ['xborder', 'check', '--ju'])).toEqual(['--junit']);
    expect(complete(r.stdout, ['xborder', 'mock', 'merchant', '--st'])).toEqual(['--store']);
    expect(complete(r.stdout, ['xborder', 'gift-card', 'v'])).toEqual(['validate']);
    expect(complete(r.stdout, ['xborder', 'fuzz', '--end'])).toEqual(['--endpoint']);
  });

  it('bash: check ids, comma lists of them, merchant and platform faults, in a real bash', async () => {
    const r = await runCli(['completion', 'bash']);
    expect(r.code).toBe(0);
    expect(complete(r.stdout, ['xborder', 'checks', 'idempotent'])).toEqual(['idempotent-redelivery']);
    expect(complete(r.stdout, ['xborder', 'check', '--checks', 'redelivery-c'])).toEqual(['redelivery-concurrent']);
    expect(complete(r.stdout, ['xborder', 'check', '--exclude-checks', 'auth-enforced,guid-'])).toEqual(['auth-enforced,guid-enforced']);
    expect(complete(r.stdout, ['xborder', 'demo', '--fault', 'order-dup'])).toEqual(['order-duplicate']);
    expect(complete(r.stdout, ['xborder', 'mock', 'merchant', '--fault', 'cart-reuse'])).toEqual(['cart-reuse-accepted']);
    expect(complete(r.stdout, ['xborder', 'mock', 'platform', '--fault', 'html'])).toEqual(['html-502']);
    // Flags still complete after `checks`.
    expect(complete(r.stdout, ['xborder', 'checks', '--js'])).toEqual(['--json']);
  });

  it('zsh loads the bash script through bashcompinit; fish gets its own; another shell is a usage error', async () => {
    const zsh = await runCli(['completion', 'zsh']);
    expect(zsh.stdout).toMatch(/^#compdef xborder/);
    expect(zsh.stdout).toContain('bashcompinit');
    const fish = await runCli(['completion', 'fish']);
    expect(fish.stdout).toContain("complete -c xborder -n '__fish_use_subcommand' -a 'check'");
    expect(fish.stdout).toContain("complete -c xborder -n '__fish_seen_subcommand_from check' -l junit -r");
    expect(fish.stdout).toMatch(/^complete -c xborder -n '__fish_seen_subcommand_from checks' -a '.*\bidempotent-redelivery\b/m);
    expect(fish.stdout).toContain("complete -c xborder -l checks -x -a '(__fish_complete_list , __xborder_check_ids)'");
    expect(fish.stdout).toMatch(/-l fault -x -a '.*\border-duplicate\b/);
    const bad = await runCli(['completion', 'tcsh']);
    expect(bad.code).toBe(2);
  });
});

describe('command-line habits', () => {
  it('--quiet shows only the failing cases and the summary line', async () => {
    const server = await startMockMerchant({ config: defaultConfig(), fault: 'order-duplicate' });
    running.push(server);
    const dir = mkdtempSync(join(tmpdir(), 'xb-quiet-'));
    writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({ merchantGUID: GUID, merchant: { baseUrl: server.url }, auth: [{ mode: 'none' }] }));
    const loud = await runCli(['check', '--no-save'], { cwd: dir });
    const quiet = await runCli(['--quiet', 'check', '--no-save'], { cwd: dir });
    expect(quiet.code).toBe(1);
    // A row of the table, or of its blocks when the case names do not fit beside a readable detail.
    expect(loud.stdout).toMatch(/(│ |^)order-full\s/m);
    expect(quiet.stdout).not.toMatch(/(│ |^)order-full\s/m);
    expect(quiet.stdout).toMatch(/idempotent-redelivery/);
    expect(quiet.stdout).toMatch(/\d+ passed, \d+ failed/);
    expect(quiet.stdout.length).toBeLessThan(loud.stdout.length / 2);
  });

  it('finds xborder.config.json from a subdirectory, up to the repository root and no further', async () => {
    const root = mkdtempSync(join(tmpdir(), 'xb-discover-'));
    // Discovery walks up only inside a repository of the user's own, a .git holding HEAD
    // (config-discovery.test.ts: never outside one, never for an empty planted .git).
    mkdirSync(join(root, '.git'));
    writeFileSync(join(root, '.git', 'HEAD'), 'ref: refs/heads/main\n');
    writeFileSync(join(root, 'xborder.config.json'), JSON.stringify({ merchantGUID: GUID, merchant: { baseUrl: 'http://127.0.0.1:9', countryCode: 'CH' } }));
    const repo = join(root, 'repo');
    const deep = join(repo, 'src', 'deep');
    mkdirSync(deep, { recursive: true });
    const fromParent = await runCli(['check-cart', '--json', '--no-save', '--no-negative'], { cwd: join(root), timeoutMs: 30_000 });
    expect(fromParent.stdout).toContain('countryCode=CH');
    const fromDeep = await runCli(['check-cart', '--json', '--no-save', '--no-negative'], { cwd: deep, timeoutMs: 30_000 });
    expect(fromDeep.stdout).toContain('countryCode=CH');
    // A repository root stops the walk: its parent's configuration is another project's.
    mkdirSync(join(repo, '.git'));
    writeFileSync(join(repo, '.git', 'HEAD'), 'ref: refs/heads/main\n');
    const stopped = await runCli(['check-cart', '--json', '--no-save', '--no-negative'], { cwd: deep, timeoutMs: 30_000 });
    expect(stopped.code).toBe(2);
    expect(stopped.stderr).toMatch(/No merchant URL/);
  });

  it('every command has Examples in its help', async () => {
    const commands = ['check', 'check-cart', 'post-order', 'checks', 'decode', 'completion', 'demo', 'fuzz', 'samples', 'samples list', 'samples show', 'runs', 'init', 'allow', 'send', 'mock', 'mock merchant', 'mock platform', 'gift-card', 'gift-card validate', 'platform', 'platform list', 'platform call', 'wizard', 'validate'];
    for (const command of commands) {
      const r = spawnSync(process.execPath, [BIN, 'help', ...command.split(' ')], { encoding: 'utf8' });
      expect(r.stdout, command).toMatch(/\nExamples:\n {2}\S/);
    }
  });
});
