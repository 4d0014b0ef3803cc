/**
 * Directories for output (run folders, `.xborder/runs`, fuzz saves) made without following links:
 * a symbolic link planted where a directory of ours goes (`.xborder/runs` pointing at another
 * project, a run folder's name pre-created as a link) would otherwise send recorded exchanges into
 * the directory it names. Each component is made with mkdir (which never follows a link) and then
 * checked with lstat; a link is refused with ELOOP. New directories are private (0700).
 */
import { chmod, mkdir } from 'node:fs/promises';
import { basename, join, normalize, sep } from 'node:path';
import { entryAt, linkRefused } from './atomic-write.js';

/** The mode of a directory xborder creates for exchanges: only its owner lists or enters it. */
export const PRIVATE_DIR_MODE = 0o700;

/** How to make the directory. */
export interface DirOptions {
  /** The mode of created directories (default 0700). */
  mode?: number;
  /** Also set `mode` on the last directory when it exists already and is ours (`.xborder/runs` of an older version). */
  tighten?: boolean;
}

/**
 * Makes `base/rel` and the missing directories between, refusing a link at any component of `rel`
 * (ELOOP) and a component that is not a directory (ENOTDIR). `base` itself is the user's (their
 * working directory, or a path they gave) and is taken as it is. Returns the full path.
 */
export async function makeDirNoFollow(base: string, rel: string, options: DirOptions = {}): Promise<string> {
  const mode = options.mode ?? PRIVATE_DIR_MODE;
  const parts = normalize(rel).split(sep).filter((p) => p !== '' && p !== '.');
  if (parts.includes('..')) throw Object.assign(new Error(`${rel} leaves ${base}`), { code: 'EINVAL' });
  let path = base;
  for (const [i, part] of parts.entries()) {
    path = join(path, part);
    const last = i === parts.length - 1;
    if (await makeOne(path, mode)) continue;
    const entry = await entryAt(path);
    if (!entry) throw Object.assign(new Error(`${path} vanished while it was being made`), { code: 'ENOENT' });
    if (entry.isSymbolicLink()) throw linkRefused(path);
    if (!entry.isDirectory()) throw Object.assign(new Error(`${path} is not a directory`), { code: 'ENOTDIR' });
    if (last && options.tighten && entry.uid === process.getuid?.() && (entry.mode & 0o777) !== mode) await chmod(path, mode);
  }
  return path;
}

/**
 * Makes one directory; false when something is there already. The umask can only take bits away
 * from 0700; no chmod after, as chmod would follow a link swapped in since the mkdir.
 */
async function makeOne(path: string, mode: number): Promise<boolean> {
  try {
    await mkdir(path, { mode });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * A directory the user named (`--out DIR`, `fuzz --save DIR`): its parents are made as `mkdir -p`
 * would, but the directory itself must not be a link (ELOOP). Created with `mode` (0700).
 */
export async function makeUserDir(dir: string, options: DirOptions = {}): Promise<string> {
  const entry = await entryAt(dir);
  if (entry?.isSymbolicLink()) throw linkRefused(dir);
  if (entry) {
    if (!entry.isDirectory()) throw Object.assign(new Error(`${dir} is not a directory`), { code: 'ENOTDIR' });
    return dir;
  }
  await mkdir(join(dir, '..'), { recursive: true });
  return makeDirNoFollow(join(dir, '..'), basename(dir), options);
}
