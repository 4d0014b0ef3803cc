/**
 * The inputs of a bulk run, checked before anything is written: every file named must exist and be a
 * file (exit 2 naming the first that is not). Small files are then read whole in one call each, a
 * few at a time, into buffers of their own size; larger ones are streamed.
 */
import { readFile, statSync } from 'node:fs';
import { InputError } from '../errors.js';

/** The name stdin is reported under. */
export const STDIN = '<stdin>';

/** Files up to this size are read whole in one call; larger ones are streamed. */
export const SMALL_FILE_BYTES = 1024 * 1024;

/** How many small files are being read at once. */
export const READS_IN_FLIGHT = 16;

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

/** A read that never rejects (reads started ahead must not end as unhandled rejections). */
export type SmallRead = Promise<{ bytes: Buffer } | { error: InputError }>;

/** Reads `file` whole, in one call, into a buffer of its size. */
export function readSmall(file: string): SmallRead {
  return new Promise((resolve) => {
    readFile(file, (error, bytes) => resolve(error ? { error: unreadableError(file, error) } : { bytes }));
  });
}
