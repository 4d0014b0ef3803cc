/**
 * Report files written whole or not at all: the text goes to a temporary file in the same directory
 * (same file system, so the rename is atomic), is flushed to disk, and then replaces the target. A
 * full disk or a file size limit leaves the previous report as it was and no temporary file behind;
 * never a truncated report that a CI step would then parse.
 */
import { randomBytes } from 'node:crypto';
import { open, realpath, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Writes `data` to `path` atomically. A target that exists and is not a regular file (a device
 * such as /dev/stdout or /dev/null, a FIFO) is written in place: it cannot be replaced, and there is
 * nothing to truncate. Rejects with the underlying error (ENOSPC, EFBIG, EACCES, ...).
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  // Through a symbolic link to the file it names: the link stays, its file is replaced.
  const target = await realpath(path).catch(() => path);
  const existing = await stat(target).catch(() => undefined);
  if (existing && !existing.isFile()) {
    await writeFile(target, data);
    return;
  }
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  let handle;
  try {
    handle = await open(temp, 'wx', existing ? existing.mode & 0o777 : 0o666);
    await handle.writeFile(data);
    await handle.sync();
    await handle.close();
    handle = undefined;
    await rename(temp, target);
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}
