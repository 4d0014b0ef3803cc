/**
 * Each command takes only its own flags: a flag that does not apply is refused (exit 2) with the same
 * `xborder:` voice as every other error, a suggestion when one is near, and a pointer to the help;
 * help lists the command's flags and then the global ones in their own section.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

const cwd = mkdtempSync(join(tmpdir(), 'xb-flags-'));

describe('flags a command does not take', () => {
  it.each([
    [['openapi', '--insecure'], /--insecure does not apply to `xborder openapi`.*See `xborder openapi --help`/],
    [['openapi', '--timeout', '5s'], /--timeout does not apply to `xborder openapi`/],
    [['fuzz', '--last-failed'], /--last-failed does not apply to `xborder fuzz`.*See `xborder fuzz --help`/],
    [['storefront', 'http://127.0.0.1:1/', '--concurrency', '2'], /--concurrency does not apply to `xborder storefront`/],
  ])('xborder %j is refused with exit 2, before anything is sent or printed on stdout', async (args, message) => {
    const r = await runCli(args, { cwd });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('an unknown flag gets "did you mean", the xborder prefix and a pointer to the help', async () => {
    const r = await runCli(['check', '--strcit'], { cwd });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("xborder: unknown option '--strcit' (did you mean --strict?). See `xborder check --help` for what it takes.\n");
    const nested = await runCli(['gift-card', 'validate', '--pn', '1234'], { cwd });
    expect(nested.code).toBe(2);
    expect(nested.stderr).toMatch(/^xborder: unknown option '--pn' \(did you mean --pin\?\)\. See `xborder gift-card validate --help`/);
  });

  it('with --json the refusal is the usual JSON error document', async () => {
    const r = await runCli(['openapi', '--json', '--insecure'], { cwd });
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({ error: { exitCode: 2, message: expect.stringMatching(/--insecure does not apply/) } });
  });

  it('help lists the command\'s own flags, then the global flags in a section of their own', async () => {
    const r = await runCli(['openapi', '--help'], { cwd });
    expect(r.code).toBe(0);
    const [own, global] = r.stdout.split('Global Options:');
    expect(own).toMatch(/--merchant-url/);
    expect(own).not.toMatch(/--insecure|--config|--json/);
    expect(global).toMatch(/--config <file>/);
    expect(global).toMatch(/--json/);
    const fuzz = await runCli(['fuzz', '--help'], { cwd });
    expect(fuzz.stdout).not.toMatch(/--last-failed/);
    const check = await runCli(['check', '--help'], { cwd });
    expect(check.stdout).toMatch(/--last-failed/);
  });
});
