/**
 * The one place every output file goes through (reports, HAR, run folder files, fuzz saves). A file
 * is written whole or not at all: the text goes to a temporary file in the same directory (same file
 * system, so the rename is atomic), is flushed to disk, and then replaces the target. A full disk or
 * a file size limit leaves the previous report as it was and no temporary file behind; never a
 * truncated report that a CI step would then parse.
 *
 * It never writes through a symbolic link: a link planted at the path (in a shared directory, or
 * committed to a repository) would otherwise make xborder overwrite the file the link names with
 * recorded exchanges. A link is refused with ELOOP (see linkRefused). Files are private (0600) when
 * created: they hold requests and answers.
 */
import { randomBytes } from 'node:crypto';
import { constants, writeSync, type Stats } from 'node:fs';
import { lstat, open, rename, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** The mode of a file xborder creates: it holds exchanges, so only its owner reads it. */
export const PRIVATE_FILE_MODE = 0o600;

/** How to write. */
export interface WriteOptions {
  /** The mode of a created file (default 0600); a file of the user's that is replaced keeps its own. */
  mode?: number;
}

/**
 * The paths that name this process's own streams (`--junit /dev/stdout`). They are links by nature
 * (/dev/stdout -> /proc/self/fd/1), but no one can plant them: only these are followed.
 */
const STANDARD_STREAM = /^\/(?:dev\/(?:stdout|stderr|null|tty|fd\/\d+)|proc\/self\/fd\/\d+)$/;

/** Whether `path` names one of the process's own streams (/dev/stdout, /dev/fd/N ...), the only links followed. */
export function isStandardStream(path: string): boolean {
  return STANDARD_STREAM.test(path);
}

/** The descriptor a stream path names: /dev/stdout 1, /dev/stderr 2, /dev/fd/N and /proc/self/fd/N N. */
function streamDescriptor(path: string): number | undefined {
  if (path === '/dev/stdout') return 1;
  if (path === '/dev/stderr') return 2;
  const n = /\/fd\/(\d+)$/.exec(path);
  return n ? Number(n[1]) : undefined;
}

/**
 * Writes one of the process's own streams. Appended: when stdout is a file, truncating it would
 * wipe what the run printed before. A socket (what Node's spawn gives a child as stdout) cannot be
 * opened by name (ENXIO): then the descriptor itself is written.
 */
export async function writeStream(path: string, data: string | Uint8Array): Promise<void> {
  try {
    await writeFile(path, data, { flag: 'a' });
  } catch (error) {
    const fd = streamDescriptor(path);
    if ((error as NodeJS.ErrnoException).code !== 'ENXIO' || fd === undefined) throw error;
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    for (let offset = 0; offset < bytes.length; ) {
      try {
        offset += writeSync(fd, bytes, offset);
      } catch (e) {
        // A non-blocking descriptor whose reader is behind: wait for it, as the stream would.
        if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
  }
}

/** An ELOOP error saying the path is a symbolic link and why xborder does not write through it. */
export function linkRefused(path: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${path} is a symbolic link`), { code: 'ELOOP', path });
}

/** The entry at `path` itself (a link is not followed), or undefined when there is none. */
export async function entryAt(path: string): Promise<Stats | undefined> {
  try {
    return await lstat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Writes `data` to `path` atomically. A symbolic link at `path` is refused (ELOOP), except the
 * process's own streams (/dev/stdout, /dev/fd/N ...), which are appended to as a shell's `>>` would.
 * A target that exists and is not a regular file (a FIFO, a device) is written in place: it cannot be
 * replaced, and there is nothing to truncate. A regular file is replaced; a created file gets
 * `options.mode` (0600), exactly, whatever the umask. Rejects with the underlying error (ENOSPC,
 * EFBIG, EACCES, ...).
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array, options: WriteOptions = {}): Promise<void> {
  if (isStandardStream(path)) {
    await writeStream(path, data);
    return;
  }
  const existing = await entryAt(path);
  if (existing?.isSymbolicLink()) throw linkRefused(path);
  if (existing && !existing.isFile()) {
    // O_NOFOLLOW: a link swapped in after the check above is refused by the kernel (ELOOP).
    const handle = await open(path, constants.O_WRONLY | constants.O_NOFOLLOW);
    try {
      await handle.writeFile(data);
    } finally {
      await handle.close();
    }
    return;
  }
  // A file of the user's keeps the mode they gave it; one owned by someone else (planted) does not.
  const ours = existing && existing.uid === process.getuid?.();
  const mode = ours ? existing.mode & 0o777 : (options.mode ?? PRIVATE_FILE_MODE);
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  let handle;
  try {
    // 'wx' is O_CREAT|O_EXCL: the temporary name is never a link followed, always a new file.
    handle = await open(temp, 'wx', mode);
    await handle.chmod(mode);
    await handle.writeFile(data);
    await handle.sync();
    await handle.close();
    handle = undefined;
    // rename replaces the name itself: a link planted there since the check is replaced, not followed.
    await rename(temp, path);
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}
