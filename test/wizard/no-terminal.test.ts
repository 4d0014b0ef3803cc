/** Without a terminal the wizard refuses (exit 2) and a bare `xborder` prints the usage instead (exit 2). */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

describe('no terminal', () => {
  it('xborder wizard is a usage error pointing to the commands, and writes nothing', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'xborder-wizard-pipe-'));
    const r = await runCli(['wizard'], { cwd });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/The wizard needs a terminal/);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('a bare xborder prints the usage rather than opening the wizard, and exits 2 (a CI step missing its command fails)', async () => {
    const r = await runCli([], {});
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Usage: xborder/);
    expect(r.stderr).toMatch(/no command given/);
    expect(r.stdout + r.stderr).not.toMatch(/What do you want to do/);
  });
});
