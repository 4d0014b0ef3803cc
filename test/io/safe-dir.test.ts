/** Output directories are made without following links, and private. */
import { chmodSync, chownSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeDirNoFollow, makePrivateTempDir, makeUserDir, probeDirNoFollow, probeUserDir, UnsafeDirError } from '../../src/io/safe-dir.js';

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

/** A directory at `path` with exactly `mode`, whatever the umask. */
function dirWithMode(path: string, mode: number): string {
  mkdirSync(path, { recursive: true });
  chmodSync(path, mode);
  return path;
}

async function refusal(promise: Promise<unknown>): Promise<UnsafeDirError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(UnsafeDirError);
  return error as UnsafeDirError;
}

// Another user's folder needs root to make (chown); the CI container runs as root.
const asRoot = process.getuid?.() === 0;
const NOBODY = 65534;

describe('directories others can change are not used (git safe.directory)', () => {
  it('refuses a component that is there already and writable by every user, naming it and the fix', async () => {
    const base = fresh();
    dirWithMode(join(base, '.xborder'), 0o777);
    const error = await refusal(makeDirNoFollow(base, '.xborder/runs'));
    expect(error.path).toBe(join(base, '.xborder'));
    expect(error.describe('.xborder')).toBe(
      '.xborder is writable by every user (mode 0777), so anyone could replace the files xborder writes in it; make it yours alone with chmod o-w .xborder',
    );
    expect(existsSync(join(base, '.xborder/runs'))).toBe(false);
  });

  it.skipIf(!asRoot)('refuses a component another user made first (a planted .xborder or .xborder/runs), creating nothing in it', async () => {
    for (const planted of ['.xborder', '.xborder/runs']) {
      const base = fresh();
      dirWithMode(join(base, planted), 0o755);
      chownSync(join(base, planted), NOBODY, NOBODY);
      const error = await refusal(makeDirNoFollow(base, '.xborder/runs/2026'));
      expect(error.path, planted).toBe(join(base, planted));
      expect(error.message).toContain(`is owned by another user (uid ${NOBODY})`);
      expect(error.message).toContain('remove it if you did not make it');
      expect(readdirSync(join(base, planted)), planted).toEqual([]);
    }
  });

  it('allows group write (umask 002) on what is ours', async () => {
    const base = fresh();
    dirWithMode(join(base, '.xborder/runs'), 0o775);
    chmodSync(join(base, '.xborder'), 0o775);
    expect(await makeDirNoFollow(base, '.xborder/runs/2026')).toBe(join(base, '.xborder/runs/2026'));
  });

  it('refuses a base every user may rename entries in (0777, no sticky bit); a sticky one like /tmp is fine', async () => {
    const open = dirWithMode(join(fresh(), 'shared'), 0o777);
    const error = await refusal(makeDirNoFollow(open, '.xborder/runs'));
    expect(error.path).toBe(open);
    expect(error.message).toContain('is writable by every user and has no sticky bit (mode 0777)');
    expect(error.message).toContain('chmod o-w');
    expect(readdirSync(open)).toEqual([]);
    const sticky = dirWithMode(join(fresh(), 'tmp'), 0o1777);
    await makeDirNoFollow(sticky, '.xborder/runs');
    expect(statSync(join(sticky, '.xborder')).mode & 0o777).toBe(0o700);
  });

  it('makeUserDir refuses an existing directory that is 0777, and one in a 0777 parent; makes its own 0700 in a sticky one', async () => {
    const base = fresh();
    const wide = dirWithMode(join(base, 'wide'), 0o777);
    expect((await refusal(makeUserDir(wide))).path).toBe(wide);
    const inOpen = dirWithMode(join(dirWithMode(join(base, 'open'), 0o777), 'mine'), 0o700);
    expect((await refusal(makeUserDir(inOpen))).path).toBe(join(base, 'open'));
    expect((await refusal(makeUserDir(join(base, 'open', 'new')))).path).toBe(join(base, 'open'));
    expect(existsSync(join(base, 'open', 'new'))).toBe(false);
    const sticky = dirWithMode(join(base, 'tmp'), 0o1777);
    await makeUserDir(join(sticky, 'run'));
    expect(statSync(join(sticky, 'run')).mode & 0o7777).toBe(0o700);
  });

  it('makeUserDir makes missing parents 0755 even under umask 0, so no parent it makes is writable by every user', async () => {
    const base = fresh();
    const old = process.umask(0);
    try {
      await makeUserDir(join(base, 'a/b/run'));
    } finally {
      process.umask(old);
    }
    expect(statSync(join(base, 'a')).mode & 0o777).toBe(0o755);
    expect(statSync(join(base, 'a/b')).mode & 0o777).toBe(0o755);
    expect(statSync(join(base, 'a/b/run')).mode & 0o777).toBe(0o700);
  });

  it.skipIf(!asRoot)('makeUserDir refuses an existing directory owned by another user', async () => {
    const theirs = dirWithMode(join(fresh(), 'theirs'), 0o755);
    chownSync(theirs, NOBODY, NOBODY);
    const error = await refusal(makeUserDir(theirs));
    expect(error.message).toContain(`owned by another user (uid ${NOBODY})`);
  });
});

describe('the start-up probes refuse what the makers would, and make nothing', () => {
  it('probeDirNoFollow: a 0777 component or base is refused; a link is ELOOP; missing parts are fine and stay missing', async () => {
    const base = fresh();
    await probeDirNoFollow(base, '.xborder/runs');
    expect(readdirSync(base)).toEqual([]);
    dirWithMode(join(base, '.xborder'), 0o777);
    expect((await refusal(probeDirNoFollow(base, '.xborder/runs'))).path).toBe(join(base, '.xborder'));
    const open = dirWithMode(join(fresh(), 'open'), 0o777);
    expect((await refusal(probeDirNoFollow(open, '.xborder/runs'))).path).toBe(open);
    const linked = fresh();
    symlinkSync(fresh(), join(linked, '.xborder'));
    expect(((await probeDirNoFollow(linked, '.xborder/runs').catch((e: unknown) => e)) as NodeJS.ErrnoException).code).toBe('ELOOP');
  });

  it('probeUserDir: an existing 0777 directory, or one in a 0777 parent, is refused; a missing one under missing parents is fine', async () => {
    const base = fresh();
    await probeUserDir(join(base, 'a/b/run'));
    expect(readdirSync(base)).toEqual([]);
    const wide = dirWithMode(join(base, 'wide'), 0o777);
    expect((await refusal(probeUserDir(wide))).path).toBe(wide);
    expect((await refusal(probeUserDir(join(wide, 'run')))).path).toBe(wide);
    await probeUserDir(join(dirWithMode(join(base, 'tmp'), 0o1777), 'run'));
  });
});

describe('makePrivateTempDir', () => {
  it('makes a new 0700 directory with the prefix in the temporary folder', async () => {
    const dir = await makePrivateTempDir('xb-test-');
    expect(dir.startsWith(join(tmpdir(), 'xb-test-'))).toBe(true);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readdirSync(dir)).toEqual([]);
  });
});
