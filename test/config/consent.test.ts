/**
 * Consent to a configuration's commands: recorded under the user's state folder by the file's real
 * path and each command's sha256 (0600 in a 0700 folder), a changed command no longer allowed, a
 * state file someone else could write consenting to nothing; and the decision of a run.
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandDigest } from '../../src/config/commands.js';
import { allowedByVariable, allowedCommandsPath, consentDecision, notAllowed, readAllowedCommands, recordAllowedCommands, stateDirectory } from '../../src/config/consent.js';
import { InputError } from '../../src/errors.js';

const KEY = 'merchant.newCart.command';
const cmd = (command: string) => ({ setting: KEY, command });

function stateEnv(): Record<string, string> {
  return { XDG_STATE_HOME: join(mkdtempSync(join(tmpdir(), 'xb-consent-')), 'state') };
}

describe('where consent is kept', () => {
  it('$XDG_STATE_HOME/xborder, else ~/.local/state/xborder; a relative XDG_STATE_HOME is ignored', () => {
    expect(stateDirectory({ XDG_STATE_HOME: '/var/lib/me' }, '/home/me')).toBe('/var/lib/me/xborder');
    expect(stateDirectory({}, '/home/me')).toBe('/home/me/.local/state/xborder');
    expect(stateDirectory({ XDG_STATE_HOME: 'state' }, '/home/me')).toBe('/home/me/.local/state/xborder');
    expect(allowedCommandsPath({ XDG_STATE_HOME: '/s' })).toBe('/s/xborder/allowed-commands.json');
  });

  it('XBORDER_ALLOW_COMMANDS=1 (or true, yes) allows for the run; anything else does not', () => {
    for (const v of ['1', 'true', 'TRUE', 'yes']) expect(allowedByVariable({ XBORDER_ALLOW_COMMANDS: v })).toBe(true);
    for (const v of [undefined, '', '0', 'false', 'no', '2']) expect(allowedByVariable({ XBORDER_ALLOW_COMMANDS: v })).toBe(false);
  });
});

describe('recording and reading consent', () => {
  it('records the real path and each sha256, 0600 in a folder made 0700; only that exact command from that file is allowed', async () => {
    const env = stateEnv();
    expect(notAllowed((await readAllowedCommands(env)).state, '/p/xborder.config.json', [cmd('echo a')])).toEqual([cmd('echo a')]);
    const path = await recordAllowedCommands('/p/xborder.config.json', [cmd('echo a')], env, new Date('2025-01-02T03:04:05Z'));
    expect(path).toBe(join(env.XDG_STATE_HOME!, 'xborder', 'allowed-commands.json'));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(env.XDG_STATE_HOME!, 'xborder')).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({
      version: 1,
      files: { '/p/xborder.config.json': { commands: [{ setting: KEY, sha256: commandDigest(cmd('echo a')) }], allowedAt: '2025-01-02T03:04:05.000Z' } },
    });
    expect(readFileSync(path, 'utf8')).not.toContain('echo a');
    const { state, problem } = await readAllowedCommands(env);
    expect(problem).toBeUndefined();
    expect(notAllowed(state, '/p/xborder.config.json', [cmd('echo a')])).toEqual([]);
    // Another command, or the same command from another file, is not allowed.
    expect(notAllowed(state, '/p/xborder.config.json', [cmd('echo b')])).toEqual([cmd('echo b')]);
    expect(notAllowed(state, '/q/xborder.config.json', [cmd('echo a')])).toEqual([cmd('echo a')]);
    expect(notAllowed(state, '/p/xborder.config.json', [{ setting: 'other.command', command: 'echo a' }])).toHaveLength(1);
  });

  it('allowing another command of a file keeps what was allowed (one command per merchant), once each', async () => {
    const env = stateEnv();
    await recordAllowedCommands('/p/c.json', [cmd('echo a')], env);
    await recordAllowedCommands('/p/c.json', [cmd('echo b'), cmd('echo a')], env);
    const { state } = await readAllowedCommands(env);
    expect(notAllowed(state, '/p/c.json', [cmd('echo a'), cmd('echo b')])).toEqual([]);
    expect(notAllowed(state, '/p/c.json', [cmd('echo c')])).toEqual([cmd('echo c')]);
    expect(state.files['/p/c.json']!.commands).toHaveLength(2);
  });

  it('a state file every user may write consents to nothing, and allow refuses to build on it', async () => {
    const env = stateEnv();
    const path = await recordAllowedCommands('/p/c.json', [cmd('echo a')], env);
    chmodSync(path, 0o666);
    const read = await readAllowedCommands(env);
    expect(read.problem).toContain('may be written by every user');
    expect(notAllowed(read.state, '/p/c.json', [cmd('echo a')])).toEqual([cmd('echo a')]);
    await expect(recordAllowedCommands('/p/c.json', [cmd('echo a')], env)).rejects.toThrow(InputError);
  });

  it('a state file that is no JSON, or not of this shape, allows nothing and is named', async () => {
    const env = stateEnv();
    mkdirSync(join(env.XDG_STATE_HOME!, 'xborder'), { recursive: true, mode: 0o700 });
    const path = allowedCommandsPath(env);
    writeFileSync(path, '{"version":1,', { mode: 0o600 });
    expect((await readAllowedCommands(env)).problem).toBe(`${path} is not valid JSON`);
    writeFileSync(path, JSON.stringify({ version: 1, files: { '/p/c.json': { commands: 'all' } } }));
    expect((await readAllowedCommands(env)).problem).toBe(`${path} is not a state file of this xborder`);
    await expect(recordAllowedCommands('/p/c.json', [cmd('echo a')], env)).rejects.toThrow(/Remove it/);
  });
});

describe('consentDecision', () => {
  const missing = [cmd('echo a')];
  it('runs when nothing is missing or the run is allowed; else asks in a terminal and skips without one', () => {
    expect(consentDecision({ missing: [], allowedForRun: false, terminal: false })).toEqual({ kind: 'run' });
    expect(consentDecision({ missing, allowedForRun: true, terminal: false })).toEqual({ kind: 'run' });
    expect(consentDecision({ missing, allowedForRun: false, terminal: true })).toEqual({ kind: 'ask', missing });
    expect(consentDecision({ missing, allowedForRun: false, terminal: false })).toEqual({ kind: 'skip', missing });
  });
});
