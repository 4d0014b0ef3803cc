/** Which config files xborder trusts: the user's own, that no other user may write (group write allowed). */
import { chmodSync, chownSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { distrustMessage, distrustOf } from '../../src/config/ownership.js';

const asRoot = process.getuid?.() === 0;

function file(mode: number): string {
  const path = join(mkdtempSync(join(tmpdir(), 'xb-ownership-')), 'xborder.config.json');
  writeFileSync(path, '{}');
  chmodSync(path, mode);
  return path;
}

describe('distrustOf', () => {
  it('trusts the user\'s file, group-writable included (umask 002)', () => {
    expect(distrustOf(file(0o644))).toBeUndefined();
    expect(distrustOf(file(0o664))).toBeUndefined();
    expect(distrustOf(file(0o600))).toBeUndefined();
  });

  it('refuses a file every user may write, with its mode', () => {
    expect(distrustOf(file(0o666))).toEqual({ kind: 'world-writable', mode: 0o666 });
    expect(distrustOf(file(0o646))).toEqual({ kind: 'world-writable', mode: 0o646 });
  });

  it.runIf(asRoot)('refuses another user\'s file, naming both ids (as root: chown to 65534)', () => {
    const path = file(0o644);
    chownSync(path, 65534, 65534);
    expect(distrustOf(path)).toEqual({ kind: 'owner', owner: 65534, user: 0 });
  });

  it('a file that cannot be read is left to its reader', () => {
    expect(distrustOf('/nowhere/xborder.config.json')).toBeUndefined();
  });
});

describe('distrustMessage', () => {
  it('found: refused, naming the file, why, and the fix; named: warned, used', () => {
    const found = distrustMessage('../../xborder.config.json', { kind: 'world-writable', mode: 0o666 }, false);
    expect(found).toBe(
      '../../xborder.config.json may be written by every user of this machine (mode 0666), so xborder does not use it: a configuration runs its commands (merchant.newCart.command) and sends your ${VARIABLE}s to the URLs it names, and git\'s safe.directory refuses such a repository for the same reason. Fix: `chmod o-w ../../xborder.config.json` (group write is fine), or name it with --config ../../xborder.config.json to use it as it is.',
    );
    const named = distrustMessage('shared config.json', { kind: 'owner', owner: 65534, user: 1000 }, true);
    expect(named).toBe(
      "shared config.json belongs to another user (uid 65534; you are uid 1000), and a configuration runs its commands (merchant.newCart.command) and sends your ${VARIABLE}s to the URLs it names; it is used because you named it with --config. If you trust it, make it a file of your own (`cp 'shared config.json' 'shared config.json'.mine && mv 'shared config.json'.mine 'shared config.json'`).",
    );
  });

  it('a name with control characters reaches the terminal escaped', () => {
    const message = distrustMessage('\u001b[2J/xborder.config.json', { kind: 'world-writable', mode: 0o777 }, false);
    expect(message).not.toContain('\u001b');
    expect(message).toContain('\\x1b[2J/xborder.config.json');
  });
});
