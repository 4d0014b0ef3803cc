/**
 * The proxy's start-up probes of --har and --out: what the writers could not write is refused before
 * the proxy listens; what they can (a new file, a FIFO, the process's own streams, a new or empty
 * folder) is accepted.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkHarTarget, checkRunFolderTarget } from '../../src/proxy/output-targets.js';
import { UsageError } from '../../src/errors.js';

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'xb-targets-'));
  mkdirSync(join(dir, 'sub'));
  writeFileSync(join(dir, 'file'), 'x');
  writeFileSync(join(dir, 'sub', 'inside'), 'x');
  symlinkSync(join(dir, 'file'), join(dir, 'link'));
  execFileSync('mkfifo', [join(dir, 'fifo')]);
  return dir;
}

describe('checkHarTarget', () => {
  it('accepts a new or existing file, a FIFO and the standard streams', async () => {
    const dir = folder();
    for (const file of ['new.har', 'file', 'fifo', 'sub/new.har', '/dev/stderr', '/dev/null']) await expect(checkHarTarget('--har', file, dir)).resolves.toBeUndefined();
  });

  it.each([
    ['sub', 'it is a directory'],
    ['link', 'symbolic link'],
    ['missing/new.har', 'does not exist'],
    ['file/new.har', 'is not a directory'],
  ])('refuses %s (%s)', async (file, why) => {
    const error = await checkHarTarget('--har', file, folder()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toContain(`--har ${file}: `);
    expect((error as Error).message).toContain(why);
  });
});

describe('checkRunFolderTarget', () => {
  it('accepts a new folder (also several levels deep), an empty one, and the default runs folder', async () => {
    const dir = folder();
    mkdirSync(join(dir, 'empty'));
    for (const out of ['new', 'new/deeper/still', 'empty', undefined]) await expect(checkRunFolderTarget(out, '.xborder/runs', dir)).resolves.toBeUndefined();
  });

  it.each([
    ['file', 'not a directory'],
    ['link', 'symbolic link'],
    ['sub', 'not empty'],
    ['file/below', 'is not a directory'],
  ])('refuses --out %s (%s)', async (out, why) => {
    const error = await checkRunFolderTarget(out, '.xborder/runs', folder()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toContain(why);
  });
});
