/** Appending in place (GITHUB_STEP_SUMMARY, .gitignore) never goes through a symbolic link. */
import { mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync, lstatSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendFileNoFollow } from '../../src/io/append-file.js';

const fresh = () => mkdtempSync(join(tmpdir(), 'xb-append-'));
const VICTIM = 'export PATH=/usr/bin\n';

function victim(): string {
  const file = join(fresh(), '.bashrc');
  writeFileSync(file, VICTIM, { mode: 0o644 });
  return file;
}

async function code(promise: Promise<unknown>): Promise<string | undefined> {
  return promise.then(
    () => undefined,
    (e: unknown) => (e as NodeJS.ErrnoException).code,
  );
}

describe('appendFileNoFollow', () => {
  it('adds to an existing file in place, keeping its bytes and its mode', async () => {
    const file = join(fresh(), 'summary.md');
    writeFileSync(file, '# step 1\n', { mode: 0o644 });
    await appendFileNoFollow(file, '# step 2\n');
    expect(readFileSync(file, 'utf8')).toBe('# step 1\n# step 2\n');
    expect(statSync(file).mode & 0o777).toBe(0o644);
  });

  it('creates a missing file with the mode asked (0600 by default), whatever the umask', async () => {
    const dir = fresh();
    const old = process.umask(0);
    try {
      await appendFileNoFollow(join(dir, 'a'), 'x');
      await appendFileNoFollow(join(dir, 'b'), 'y', { mode: 0o644 });
    } finally {
      process.umask(old);
    }
    expect(statSync(join(dir, 'a')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'b')).mode & 0o777).toBe(0o644);
  });

  it('refuses a link at the path, dangling or not, for every way of creating; the file it names is unchanged', async () => {
    for (const create of ['if-missing', 'never', 'new-only'] as const) {
      const target = victim();
      const link = join(fresh(), 'summary.md');
      symlinkSync(target, link);
      expect(await code(appendFileNoFollow(link, 'planted\n', { create })), create).toBe(create === 'new-only' ? 'EEXIST' : 'ELOOP');
      expect(readFileSync(target, 'utf8')).toBe(VICTIM);
      const dangling = join(fresh(), 'dangling.md');
      const nowhere = join(fresh(), 'created-through-the-link');
      symlinkSync(nowhere, dangling);
      expect(await code(appendFileNoFollow(dangling, 'planted\n', { create })), create).toBe(create === 'new-only' ? 'EEXIST' : 'ELOOP');
      expect(existsSync(nowhere), create).toBe(false);
      expect(lstatSync(dangling).isSymbolicLink()).toBe(true);
    }
  });

  it('never creates with create: never, and never adds with create: new-only', async () => {
    const dir = fresh();
    expect(await code(appendFileNoFollow(join(dir, 'missing'), 'x', { create: 'never' }))).toBe('ENOENT');
    writeFileSync(join(dir, 'there'), 'old');
    expect(await code(appendFileNoFollow(join(dir, 'there'), 'x', { create: 'new-only' }))).toBe('EEXIST');
    expect(readFileSync(join(dir, 'there'), 'utf8')).toBe('old');
  });

  it('writes a device in place: /dev/full fails with ENOSPC, /dev/null takes it', async () => {
    expect(await code(appendFileNoFollow('/dev/full', 'x'))).toBe('ENOSPC');
    await appendFileNoFollow('/dev/null', 'x');
  });
});
