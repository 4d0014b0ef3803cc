/**
 * Failures to write output (a full disk, a file size limit, a read-only or closed target) in words,
 * and the handler that turns one on stdout or stderr into one clear line and exit 2 instead of an
 * uncaught stack trace.
 */
import { writeSync } from 'node:fs';

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

/**
 * Installs the error handlers of stdout and stderr. A closed pipe (`xborder ... | head`) is the
 * reader's choice and ends the run quietly. Any other failure of stdout (`> /dev/full`, a full disk,
 * a read-only descriptor) prints one line on stderr and exits 2: the report did not reach its
 * reader. stderr only carries progress, warnings and messages: when it cannot be written the run
 * goes on, its report and exit code intact.
 */
export function guardStdio(streams: { stdout: NodeJS.WriteStream; stderr: NodeJS.WriteStream } = process): void {
  streams.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    try {
      // Straight to the descriptor: this is the last word, and it must not queue behind anything.
      writeSync(2, `xborder: cannot write the output to stdout: ${writeFailure(error)}.\n`);
    } catch {
      // stderr is gone as well: the exit code is all that is left to say it.
    }
    process.exit(WRITE_FAILURE_EXIT);
  });
  streams.stderr.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  });
}
