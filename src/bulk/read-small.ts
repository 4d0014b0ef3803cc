/**
 * The inputs of a bulk run, checked before anything is written: every file named must exist and be a
 * file (exit 2 naming the first that is not). Small files are then read whole, synchronously, into
 * one buffer used again for each; larger ones are streamed.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { InputError } from '../errors.js';

/** The name stdin is reported under. */
export const STDIN = '<stdin>';

/** Files up to this size are read whole in one call; larger ones are streamed. */
export const SMALL_FILE_BYTES = 1024 * 1024;

/** Why a file cannot be read, in the words of the validate messages. */
export function unreadableError(file: string, error: unknown): InputError {
  const code = (error as NodeJS.ErrnoException).code;
  const why = code === 'EISDIR' ? 'it is a directory' : code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
  return new InputError(`Cannot read ${file}: ${why}.`, file);
}

/**
 * The size of each input (-1 for stdin, `-`, and for what is not a regular file, such as a FIFO),
 * checked in order before any output: the first missing file or directory is an InputError.
 * Synchronous: ten thousand stats cost milliseconds this way, not a round trip each.
 */
export function inputSizes(files: string[]): number[] {
  return files.map((file) => {
    if (file === '-') return -1;
    let info;
    try {
      info = statSync(file);
    } catch (error) {
      throw unreadableError(file, error);
    }
    if (info.isDirectory()) throw new InputError(`Cannot read ${file}: it is a directory.`, file);
    return info.isFile() ? info.size : -1;
  });
}

/** The buffer small files are read into (grown as needed); only one read uses it at a time. */
let scratch: Buffer = Buffer.allocUnsafeSlow(64 * 1024);

/**
 * The whole of `file`, `size` bytes as sized before the run (a file that grows meanwhile is read as
 * it was sized, as readFileSync reads what fstat said): a view of a buffer that the next call
 * overwrites, so the caller copies what it keeps. Synchronous on purpose: for the small files of a
 * folder of captures, open, one read and close cost a fraction of three thread-pool round trips and
 * a buffer per file (ajv-cli reads the same way), and the worker threads judge meanwhile. Throws an
 * InputError naming the file when it cannot be read.
 */
export function readSmall(file: string, size: number): Buffer {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    throw unreadableError(file, error);
  }
  try {
    if (scratch.length < size) scratch = Buffer.allocUnsafeSlow(Math.max(size, 2 * scratch.length));
    let used = 0;
    while (used < size) {
      const read = readSync(fd, scratch, used, size - used, null);
      if (read === 0) break; // shrunk since it was sized
      used += read;
    }
    return scratch.subarray(0, used);
  } catch (error) {
    throw unreadableError(file, error);
  } finally {
    closeSync(fd);
  }
}

/** Bytes a large file is read by at a time. */
const CHUNK_BYTES = 1024 * 1024;

/**
 * The bytes of a large regular file, in order, each chunk a view of the same buffer: the caller is
 * done with one before it asks for the next. One buffer, not a fresh one per chunk: new memory is
 * faulted in and zeroed by the kernel, which cost more than the reading itself. Read errors reject
 * the `next()` that met them.
 */
export async function* fileChunks(file: string): AsyncGenerator<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.allocUnsafeSlow(CHUNK_BYTES);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, null);
      if (bytesRead === 0) return;
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}
