/**
 * A file written as it grows, for a recording that has no end known in advance (the proxy's HAR,
 * written entry by entry for as long as the proxy runs): holding it whole in memory until the end
 * would grow without bound, and a document past 512 MiB cannot even be made a string.
 *
 * The file is always a whole document: `opening`, every piece appended so far, `closing`. Each piece
 * is written over the closing text, the closing text after it again, so a reader (or a proxy killed
 * between two pieces) finds valid JSON at any time. Like every file xborder writes (atomic-write.ts),
 * it is created 0600 beside its name and renamed into place, so a symbolic link at the path is
 * refused (ELOOP) and never written through; a link planted after the check is replaced, not
 * followed. The process's own streams (`/dev/stdout`), a FIFO or a device are written in place, in
 * order: the closing text comes once, when the file is closed.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { open, rename, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { entryAt, isStandardStream, linkRefused, PRIVATE_FILE_MODE, writeStream, type WriteOptions } from './atomic-write.js';

/** A file being written piece by piece (see openGrowingFile). */
export interface GrowingFile {
  /** Adds `piece` before the closing text. Pieces are written in the order given; rejects when this one (or an earlier one) could not be written. */
  append(piece: string): Promise<void>;
  /** Finishes the file (the closing text written, flushed to disk) and closes it. Rejects with the first write error met. */
  close(): Promise<void>;
}

/** Where the pieces go: a regular file written at positions, or a stream written in order. */
interface Sink {
  write(bytes: Buffer, position: number | null): Promise<void>;
  finish(): Promise<void>;
}

/** A regular file of ours at `path`: made beside it, 0600 (or the mode of the user's file it replaces), renamed into place. */
async function regularSink(path: string, first: Buffer, mode: number): Promise<Sink> {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  let handle: FileHandle | undefined;
  try {
    // 'wx' is O_CREAT|O_EXCL: the temporary name is a new file, never a link followed.
    handle = await open(temp, 'wx', mode);
    await handle.chmod(mode);
    await handle.write(first, 0, first.length, 0);
    // rename replaces the name itself: a link planted there since the check is replaced, not followed.
    await rename(temp, path);
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  const h = handle;
  return {
    write: async (bytes, position) => {
      await h.write(bytes, 0, bytes.length, position);
    },
    finish: async () => {
      try {
        await h.sync();
      } finally {
        await h.close();
      }
    },
  };
}

/** A FIFO or a device the user named: opened as it is (O_NOFOLLOW), written in order. */
async function specialSink(path: string): Promise<Sink> {
  const h = await open(path, constants.O_WRONLY | constants.O_NOFOLLOW);
  return {
    write: async (bytes) => {
      await h.write(bytes);
    },
    finish: () => h.close(),
  };
}

/** One of the process's own streams (`/dev/stdout`), appended to as atomic-write.ts does. */
function streamSink(path: string): Sink {
  return { write: (bytes) => writeStream(path, bytes), finish: async () => undefined };
}

/**
 * Opens `path` for a document written as it grows: `opening` and `closing` are written at once for a
 * regular file (so it is valid before the first piece), the closing text only at close() for a
 * stream. Rejects (ELOOP) when `path` is a symbolic link, and with the underlying error (EISDIR,
 * EACCES, ENOSPC ...) when it cannot be made.
 */
export async function openGrowingFile(path: string, opening: string, closing: string, options: WriteOptions = {}): Promise<GrowingFile> {
  const close = Buffer.from(closing);
  let sink: Sink;
  let positioned = false;
  if (isStandardStream(path)) sink = streamSink(path);
  else {
    const existing = await entryAt(path);
    if (existing?.isSymbolicLink()) throw linkRefused(path);
    if (existing && !existing.isFile() && !existing.isDirectory()) sink = await specialSink(path);
    else {
      // A file of the user's keeps the mode they gave it; one owned by someone else (planted) does not.
      const ours = existing && existing.uid === process.getuid?.();
      const mode = ours ? existing.mode & 0o777 : (options.mode ?? PRIVATE_FILE_MODE);
      sink = await regularSink(path, Buffer.concat([Buffer.from(opening), close]), mode);
      positioned = true;
    }
  }
  // Where the closing text starts: each piece is written there.
  let end = positioned ? Buffer.byteLength(opening) : 0;
  let failed: unknown;
  let closed = false;
  const remember = (error: unknown) => {
    failed ??= error;
  };
  // The chain of writes never rejects: a failure is remembered, and every later step reports it.
  let queue: Promise<void> = positioned ? Promise.resolve() : sink.write(Buffer.from(opening), null).catch(remember);
  const step = (work: () => Promise<void>): Promise<void> => {
    const run = queue.then(async () => {
      if (failed) throw failed;
      await work().catch((error: unknown) => {
        remember(error);
        throw error;
      });
    });
    queue = run.catch(() => undefined);
    return run;
  };
  return {
    append: (piece) =>
      closed ? Promise.reject(new Error(`${path} is closed`)) : step(async () => {
        const bytes = Buffer.from(piece);
        if (positioned) {
          await sink.write(Buffer.concat([bytes, close]), end);
          end += bytes.length;
        } else await sink.write(bytes, null);
      }),
    close: async () => {
      closed = true;
      await queue;
      if (!failed && !positioned) await sink.write(close, null).catch(remember);
      await sink.finish().catch(remember);
      // A failed append is reported here once more, after the file is closed.
      if (failed) throw failed;
    },
  };
}
