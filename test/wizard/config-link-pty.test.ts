/**
 * In a real terminal: the wizard's "Update xborder.config.json?" (and "Save these answers to ...?")
 * never writes through a symbolic link. With the config name planted as a link to another file, or
 * dangling, saving the answers is refused with one line (exit 2): the file the link names is left
 * byte for byte as it was, a dangling link's target is not created, and the link stays a link.
 */
import { existsSync, lstatSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/mock/running-server.js';
import { startMockPlatform } from '../../src/mock/platform/server.js';
import { answer, KEY, runInPty, type PtyStep } from './pty.js';

const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';
/** Another project's configuration, which the link was planted to overwrite (valid JSON, so the wizard loads it). */
const VICTIM_TEXT = '{}\n\n\n';
let platform: RunningServer;
const dirs: string[] = [];

beforeAll(async () => {
  platform = await startMockPlatform({ merchantGUID: GUID });
});
afterAll(async () => {
  await platform.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const freshDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

/** Validates a gift card (asking the GUID and platform), then says yes to saving as `saveQuestion` asks. */
function giftCardThenSave(saveQuestion: string): PtyStep[] {
  return [
    { expect: 'What do you want to do?' }, { send: KEY.down }, { send: KEY.enter },
    ...answer('Merchant GUID', GUID),
    ...answer('Where is ValidateGiftCard?'),
    ...answer('Platform base URL', platform.url),
    ...answer('Gift card number', 'XB-GC-VALID-0001'),
    ...answer('Card PIN', '4321'),
    ...answer('Shipping country'),
    { expect: '9 passed, 0 failed' },
    ...answer(saveQuestion),
    { expect: 'symbolic link' },
  ];
}

describe('xborder wizard never saves through a link', () => {
  it('"Update xborder.config.json?" with the file a link to another file: refused, exit 2, that file unchanged', async () => {
    const cwd = freshDir('xborder-wizard-link-');
    const victim = join(freshDir('xborder-victim-'), 'xborder.config.json');
    writeFileSync(victim, VICTIM_TEXT, { mode: 0o644 });
    symlinkSync(victim, join(cwd, 'xborder.config.json'));
    const r = await runInPty(['wizard'], giftCardThenSave('Update xborder.config.json?'), { cwd });
    if (r.error) console.log(r.output.slice(-2500));
    expect(r.error).toBeNull();
    expect(r.exitCode).toBe(2);
    expect(r.output).toContain('Cannot write xborder.config.json: it is a symbolic link, and xborder never writes through one');
    expect(r.output).not.toContain('Saved xborder.config.json');
    expect(readFileSync(victim, 'utf8')).toBe(VICTIM_TEXT);
    expect(statSync(victim).mode & 0o777).toBe(0o644);
    expect(lstatSync(join(cwd, 'xborder.config.json')).isSymbolicLink()).toBe(true);
  });

  it('"Save these answers to xborder.config.json?" with a dangling link: refused, exit 2, nothing created where it points', async () => {
    const cwd = freshDir('xborder-wizard-link-');
    const nowhere = join(freshDir('xborder-outside-'), 'created-by-xborder.json');
    symlinkSync(nowhere, join(cwd, 'xborder.config.json'));
    const r = await runInPty(['wizard'], giftCardThenSave('Save these answers to xborder.config.json?'), { cwd });
    if (r.error) console.log(r.output.slice(-2500));
    expect(r.error).toBeNull();
    expect(r.exitCode).toBe(2);
    expect(r.output).toContain('Cannot write xborder.config.json: it is a symbolic link');
    expect(existsSync(nowhere)).toBe(false);
    expect(lstatSync(join(cwd, 'xborder.config.json')).isSymbolicLink()).toBe(true);
  });
});
