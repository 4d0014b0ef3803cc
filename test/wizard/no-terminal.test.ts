/** Without a terminal the wizard refuses (exit 2) and a bare `xborder` prints the help instead. */
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

  it('a bare xborder prints the help rather than opening the wizard', async () => {
    const r = await runCli([], {});
    expect(r.stdout + r.stderr).toMatch(/Usage: xborder/);
    expect(r.stdout + r.stderr).not.toMatch(/What do you want to do/);
  });
});
