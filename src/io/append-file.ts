/**
 * Appending to a file that is not xborder's own: the job summary GitHub names in
 * GITHUB_STEP_SUMMARY, a project's `.gitignore`. Their content is someone else's, so they are added
 * to in place, not replaced; but like every write of xborder's (src/io/atomic-write.ts), never
 * through a symbolic link: a link planted at the path would make xborder add to the file it names.
 * The final component is opened with O_NOFOLLOW, so a link swapped in after the look is refused by
 * the kernel (ELOOP) too.
 */
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { entryAt, isStandardStream, linkRefused, PRIVATE_FILE_MODE, writeStream } from './atomic-write.js';

/** Whether the file may, must or must not be created. */
export type AppendCreate = 'if-missing' | 'new-only' | 'never';

/** How to append. */
export interface AppendOptions {
  /**
   * `if-missing` (the default): created when there is none, as `>>` does; `new-only`: only created,
   * never added to (EEXIST when something is there); `never`: only added to (ENOENT when missing).
   */
  create?: AppendCreate;
  /** The mode of a created file (default 0600). A file that exists keeps its own. */
  mode?: number;
}

const CREATE_FLAGS: Record<AppendCreate, number> = {
  'if-missing': constants.O_CREAT,
  // O_EXCL with O_CREAT fails on anything at the name, a link included (dangling or not).
  'new-only': constants.O_CREAT | constants.O_EXCL,
  never: 0,
};

/**
 * Appends `data` to `path`. A symbolic link at `path` is refused (ELOOP, see linkRefused), except
 * the process's own streams (/dev/stdout ...). A FIFO or a device is written as it is. Rejects with
 * the underlying error (ENOSPC, EACCES, EEXIST, ENOENT ...).
 */
export async function appendFileNoFollow(path: string, data: string | Uint8Array, options: AppendOptions = {}): Promise<void> {
  if (isStandardStream(path)) {
    await writeStream(path, data);
    return;
  }
  const create = options.create ?? 'if-missing';
  if (create !== 'new-only' && (await entryAt(path))?.isSymbolicLink()) throw linkRefused(path);
  const flags = constants.O_WRONLY | constants.O_APPEND | constants.O_NOFOLLOW | CREATE_FLAGS[create];
  let handle;
  try {
    handle = await open(path, flags, options.mode ?? PRIVATE_FILE_MODE);
  } catch (error) {
    // The kernel's refusal of a link swapped in since the look, named as the look names it.
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw linkRefused(path);
    throw error;
  }
  try {
    await handle.writeFile(data);
  } finally {
    await handle.close();
  }
}
