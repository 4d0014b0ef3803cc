/** Output directories are made without following links, and private. */
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeDirNoFollow, makeUserDir } from '../../src/io/safe-dir.js';

const fresh = () => mkdtempSync(join(tmpdir(), 'xb-dir-'));

describe('makeDirNoFollow', () => {
  it('makes every missing component 0700 and returns the path', async () => {
    const base = fresh();
    const old = process.umask(0);
    try {
      expect(await makeDirNoFollow(base, '.xborder/runs/2026')).toBe(join(base, '.xborder/runs/2026'));
    } finally {
      process.umask(old);
    }
    for (const d of ['.xborder', '.xborder/runs', '.xborder/runs/2026']) expect(statSync(join(base, d)).mode & 0o777).toBe(0o700);
  });

  it('refuses a link at any component, and writes nothing where it points', async () => {
    for (const planted of ['.xborder', '.xborder/runs', '.xborder/runs/2026']) {
      const base = fresh();
      const outside = fresh();
      const parent = join(base, planted, '..');
      mkdirSync(parent, { recursive: true });
      symlinkSync(outside, join(base, planted));
      const error = await makeDirNoFollow(base, '.xborder/runs/2026/cases').catch((e: unknown) => e);
      expect((error as NodeJS.ErrnoException).code, planted).toBe('ELOOP');
      expect((error as NodeJS.ErrnoException).path).toBe(join(base, planted));
      expect(readdirSync(outside), planted).toEqual([]);
      expect(lstatSync(join(base, planted)).isSymbolicLink()).toBe(true);
    }
  });

  it('refuses a file where a directory goes, and a path leaving the base', async () => {
    const base = fresh();
    writeFileSync(join(base, '.xborder'), '');
    expect(((await makeDirNoFollow(base, '.xborder/runs').catch((e: unknown) => e)) as NodeJS.ErrnoException).code).toBe('ENOTDIR');
    expect(((await makeDirNoFollow(base, '../up').catch((e: unknown) => e)) as NodeJS.ErrnoException).code).toBe('EINVAL');
  });

  it('tightens the last directory when asked and it is ours (a .xborder/runs an older version left 0755)', async () => {
    const base = fresh();
    mkdirSync(join(base, '.xborder/runs'), { recursive: true, mode: 0o755 });
    await makeDirNoFollow(base, '.xborder/runs', { tighten: true });
    expect(statSync(join(base, '.xborder/runs')).mode & 0o777).toBe(0o700);
  });
});

describe('makeUserDir', () => {
  it('makes the parents like mkdir -p and the directory 0700; an existing directory is taken as it is', async () => {
    const base = fresh();
    const dir = join(base, 'a/b/saves');
    await makeUserDir(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    mkdirSync(join(base, 'open'), { mode: 0o755 });
    await makeUserDir(join(base, 'open'));
    expect(statSync(join(base, 'open')).mode & 0o777).toBe(0o755);
  });

  it('refuses a directory that is a link', async () => {
    const base = fresh();
    const outside = fresh();
    symlinkSync(outside, join(base, 'out'));
    expect(((await makeUserDir(join(base, 'out')).catch((e: unknown) => e)) as NodeJS.ErrnoException).code).toBe('ELOOP');
    expect(existsSync(join(outside, 'x'))).toBe(false);
  });
});
