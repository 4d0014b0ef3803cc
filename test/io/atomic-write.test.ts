/** Report files are written whole or not at all; write failures are named in words. */
import { chmodSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { execFileSync, spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/io/atomic-write.js';
import { writeFailure } from '../../src/io/write-errors.js';

describe('writeFileAtomic', () => {
  it('writes a new file and replaces an old one of the user\'s, leaving no temporary file and keeping its mode', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xb-atomic-'));
    const file = join(dir, 'junit.xml');
    await writeFileAtomic(file, '<first/>');
    expect(readFileSync(file, 'utf8')).toBe('<first/>');
    chmodSync(file, 0o640);
    await writeFileAtomic(file, '<second/>');
    expect(readFileSync(file, 'utf8')).toBe('<second/>');
    expect(statSync(file).mode & 0o777).toBe(0o640);
    expect(readdirSync(dir)).toEqual(['junit.xml']);
  });

  it('writes a device in place (never replaces it): /dev/full fails with ENOSPC', async () => {
    const error = await writeFileAtomic('/dev/full', '<x/>').catch((e: unknown) => e);
    expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
    expect(statSync('/dev/full').isCharacterDevice()).toBe(true);
    await writeFileAtomic('/dev/null', '<x/>');
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
  });

  it('a target whose directory does not exist fails and leaves nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xb-atomic-'));
    const error = await writeFileAtomic(join(dir, 'missing', 'junit.xml'), '<x/>').catch((e: unknown) => e);
    expect((error as NodeJS.ErrnoException).code).toBe('ENOENT');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a target that is a directory fails and leaves the directory and no temporary file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xb-atomic-'));
    writeFileSync(join(dir, 'keep.txt'), 'x');
    const error = await writeFileAtomic(dir, '<x/>').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(existsSync(join(dir, 'keep.txt'))).toBe(true);
    expect(readdirSync(join(dir, '..')).filter((n) => n.endsWith('.tmp') && n.includes('xb-atomic'))).toEqual([]);
  });
});

describe('writeFailure', () => {
  it('says what went wrong in words, with the code', () => {
    const err = (code: string) => Object.assign(new Error(`${code}: raw`), { code });
    expect(writeFailure(err('ENOSPC'))).toBe('no space left on the device (ENOSPC)');
    expect(writeFailure(err('EFBIG'))).toContain('file size limit');
    expect(writeFailure(err('EROFS'))).toBe('the file system is read-only (EROFS)');
    expect(writeFailure(err('EBADF'))).toBe('the target is closed or not open for writing (EBADF)');
    expect(writeFailure(new Error('odd'))).toBe('odd');
  });
});

describe('writeFileAtomic never writes through a symbolic link', () => {
  it('refuses a link at the path (ELOOP): the link and the file it names stay as they were', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xb-atomic-'));
    writeFileSync(join(dir, 'real.xml'), '<old/>', { mode: 0o644 });
    symlinkSync(join(dir, 'real.xml'), join(dir, 'link.xml'));
    const error = await writeFileAtomic(join(dir, 'link.xml'), '<new/>').catch((e: unknown) => e);
    expect((error as NodeJS.ErrnoException).code).toBe('ELOOP');
    expect(writeFailure(error)).toContain('symbolic link');
    expect(lstatSync(join(dir, 'link.xml')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'real.xml'), 'utf8')).toBe('<old/>');
    expect(readdirSync(dir).sort()).toEqual(['link.xml', 'real.xml']);
  });

  it('refuses a dangling link too (it would create the file it names)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xb-atomic-'));
    symlinkSync(join(dir, 'made.xml'), join(dir, 'link.xml'));
    const error = await writeFileAtomic(join(dir, 'link.xml'), '<new/>').catch((e: unknown) => e);
    expect((error as NodeJS.ErrnoException).code).toBe('ELOOP');
    expect(existsSync(join(dir, 'made.xml'))).toBe(false);
  });
});

describe('writeFileAtomic modes', () => {
  it('creates files 0600 (or the mode asked), whatever the umask', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xb-atomic-'));
    const old = process.umask(0);
    try {
      await writeFileAtomic(join(dir, 'a.json'), '{}');
      await writeFileAtomic(join(dir, 'reproduce.sh'), 'true', { mode: 0o700 });
    } finally {
      process.umask(old);
    }
    expect(statSync(join(dir, 'a.json')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'reproduce.sh')).mode & 0o777).toBe(0o700);
  });
});

describe('writeFileAtomic to streams', () => {
  it('writes a FIFO the user names in place, as a reader sees it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xb-atomic-'));
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    const reader = new Promise<string>((resolve, reject) => {
      const child = spawn('cat', [fifo]);
      let text = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (text += d));
      child.on('error', reject);
      child.on('close', () => resolve(text));
    });
    await writeFileAtomic(fifo, '<through the pipe/>');
    expect(await reader).toBe('<through the pipe/>');
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });
});
