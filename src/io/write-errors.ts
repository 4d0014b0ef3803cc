/**
 * Failures to write output (a full disk, a file size limit, a read-only or closed target) in words,
 * and the exit code of an output that cannot be written. The handler for stdout and stderr, which
 * exits, is the CLI's (src/cli/guard-stdio.ts).
 */

/** Why a write failed, in words, from its errno code. */
export function writeFailure(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  const words: Record<string, string> = {
    ENOSPC: 'no space left on the device',
    EDQUOT: 'the disk quota is exceeded',
    EFBIG: 'the file is larger than this file system or the file size limit (ulimit -f) allows',
    EROFS: 'the file system is read-only',
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    ENOENT: 'its directory does not exist',
    ENOTDIR: 'a part of the path is not a directory',
    EISDIR: 'it is a directory',
    EBADF: 'the target is closed or not open for writing',
    EIO: 'an input/output error on the device',
    EPIPE: 'the reader closed the pipe',
    // Refused by atomic-write.ts and safe-dir.ts: output never follows a link someone may have planted.
    ELOOP: 'it is a symbolic link, and xborder never writes through one (remove the link or choose another path)',
  };
  const text = (e?.code && words[e.code]) || (e?.message ?? String(error));
  return e?.code ? `${text} (${e.code})` : text;
}

/** The exit code of an output target that cannot be written: a usage problem (the target given). */
export const WRITE_FAILURE_EXIT = 2;
