/**
 * Directories for output (run folders, `.xborder/runs`, fuzz saves) made without following links:
 * a symbolic link planted where a directory of ours goes (`.xborder/runs` pointing at another
 * project, a run folder's name pre-created as a link) would otherwise send recorded exchanges into
 * the directory it names. Each component is made with mkdir (which never follows a link) and then
 * checked with lstat; a link is refused with ELOOP. New directories are private (0700).
 *
 * Nor are directories others can change used, in the spirit of git's safe.directory: one that is
 * there already (a `.xborder` made first by another user in a shared folder, a `--out` folder that
 * is 0777) must be the user's and not writable by every user, and the folder that holds the first
 * of them must not let every user rename what is in it (world-writable without the sticky bit of
 * /tmp). Otherwise its owner, or anyone, could move `cases/` away and plant the `reproduce.sh` the
 * report tells the user to run, or edit `report.json`. Group write is allowed (umask 002 is
 * common). Refused with an UnsafeDirError naming the folder and the fix.
 */
import { chmod, mkdir, mkdtemp, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { Stats } from 'node:fs';
import { basename, dirname, join, normalize, sep } from 'node:path';
import { entryAt, linkRefused } from './atomic-write.js';

/** The mode of a directory xborder creates for exchanges: only its owner lists or enters it. */
export const PRIVATE_DIR_MODE = 0o700;

/** A directory xborder would write into that others can change; its message names it and the fix. */
export class UnsafeDirError extends Error {
  constructor(
    /** The directory, as it was reached. */
    readonly path: string,
    /** What is wrong with it and what that allows, after its name: `is owned by another user (uid 65534), ...`. */
    readonly problem: string,
    /** What the user can do, with `DIR` standing for the directory's name as shown. */
    private readonly fix: string,
  ) {
    super('');
    this.message = this.describe(path);
  }

  /** The one-sentence explanation with the directory shown as `shown` (a path relative to where the user is). */
  describe(shown: string): string {
    return `${shown} ${this.problem}; ${this.fix.replaceAll('DIR', shown)}`;
  }
}

const octal = (mode: number) => `0${(mode & 0o7777).toString(8).padStart(3, '0')}`;

/**
 * Refuses a directory that is there already unless it is the user's and not writable by every user.
 * Without user ids (Windows) there is nothing to compare.
 */
function checkOwnDir(path: string, entry: Stats): void {
  const uid = process.getuid?.();
  if (uid === undefined) return;
  if (entry.uid !== uid) {
    throw new UnsafeDirError(path, `is owned by another user (uid ${entry.uid}), who could replace the files xborder writes in it`, 'remove it if you did not make it (or ask its owner to)');
  }
  if (entry.mode & 0o002) {
    throw new UnsafeDirError(path, `is writable by every user (mode ${octal(entry.mode)}), so anyone could replace the files xborder writes in it`, 'make it yours alone with chmod o-w DIR');
  }
}

/**
 * Refuses the folder that holds xborder's first directory (the working directory for `.xborder`,
 * the parent of `--out DIR`) when every user may rename what is in it: world-writable without the
 * sticky bit. /tmp (1777) is fine: there only a folder's owner renames it.
 */
async function checkContainingDir(path: string): Promise<void> {
  if (process.getuid?.() === undefined) return;
  const found = await stat(path);
  if (found.mode & 0o002 && !(found.mode & 0o1000)) {
    throw new UnsafeDirError(
      path,
      `is writable by every user and has no sticky bit (mode ${octal(found.mode)}), so anyone could rename the folder xborder makes in it and put their own in its place`,
      'run chmod o-w DIR (or chmod +t DIR)',
    );
  }
}

/** How to make the directory. */
export interface DirOptions {
  /** The mode of created directories (default 0700). */
  mode?: number;
  /** Also set `mode` on the last directory when it exists already and is ours (`.xborder/runs` of an older version). */
  tighten?: boolean;
}

/**
 * Makes `base/rel` and the missing directories between, refusing a link at any component of `rel`
 * (ELOOP), a component that is not a directory (ENOTDIR), one that is there already but is another
 * user's or writable by every user, and a `base` that lets every user rename what is in it
 * (UnsafeDirError). `base` is otherwise the user's (their working directory, or a path they gave).
 * Returns the full path.
 */
export async function makeDirNoFollow(base: string, rel: string, options: DirOptions = {}): Promise<string> {
  const mode = options.mode ?? PRIVATE_DIR_MODE;
  const parts = normalize(rel).split(sep).filter((p) => p !== '' && p !== '.');
  if (parts.includes('..')) throw Object.assign(new Error(`${rel} leaves ${base}`), { code: 'EINVAL' });
  await checkContainingDir(base);
  let path = base;
  for (const [i, part] of parts.entries()) {
    path = join(path, part);
    const last = i === parts.length - 1;
    if (await makeOne(path, mode)) continue;
    const entry = await entryAt(path);
    if (!entry) throw Object.assign(new Error(`${path} vanished while it was being made`), { code: 'ENOENT' });
    if (entry.isSymbolicLink()) throw linkRefused(path);
    if (!entry.isDirectory()) throw Object.assign(new Error(`${path} is not a directory`), { code: 'ENOTDIR' });
    checkOwnDir(path, entry);
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
 * would, but the directory itself must not be a link (ELOOP). Created with `mode` (0700). One that
 * is there already must be the user's and not writable by every user, in a parent that does not let
 * every user rename it (UnsafeDirError).
 */
export async function makeUserDir(dir: string, options: DirOptions = {}): Promise<string> {
  const entry = await entryAt(dir);
  if (entry?.isSymbolicLink()) throw linkRefused(dir);
  const parent = dirname(dir);
  if (entry) {
    if (!entry.isDirectory()) throw Object.assign(new Error(`${dir} is not a directory`), { code: 'ENOTDIR' });
    await checkContainingDir(parent);
    checkOwnDir(dir, entry);
    return dir;
  }
  // 0755 whatever the umask: a parent made here is never writable by every user.
  await mkdir(parent, { recursive: true, mode: 0o755 });
  return makeDirNoFollow(parent, basename(dir), options);
}

/**
 * Throws what makeDirNoFollow(base, rel) would throw for what is there already (a link, a file, a
 * directory others can change), making nothing: for a start-up probe (the proxy's), so a session's
 * traffic is not lost to a run folder refused at its end.
 */
export async function probeDirNoFollow(base: string, rel: string): Promise<void> {
  await checkContainingDir(base);
  let path = base;
  for (const part of normalize(rel).split(sep).filter((p) => p !== '' && p !== '.')) {
    path = join(path, part);
    const entry = await entryAt(path);
    if (!entry) return;
    if (entry.isSymbolicLink()) throw linkRefused(path);
    if (!entry.isDirectory()) throw Object.assign(new Error(`${path} is not a directory`), { code: 'ENOTDIR' });
    checkOwnDir(path, entry);
  }
}

/** Throws what makeUserDir(dir) would throw for what is there already, making nothing (a start-up probe). */
export async function probeUserDir(dir: string): Promise<void> {
  const entry = await entryAt(dir);
  if (entry?.isSymbolicLink()) throw linkRefused(dir);
  if (entry && !entry.isDirectory()) throw Object.assign(new Error(`${dir} is not a directory`), { code: 'ENOTDIR' });
  // A missing parent is made 0755 by makeUserDir: only one that is there already can be open to all.
  if (await entryAt(dirname(dir))) await checkContainingDir(dirname(dir));
  if (entry) checkOwnDir(dir, entry);
}

/**
 * A new private directory in the system's temporary folder (`prefix` and six random characters,
 * 0700, made by mkdtemp, so never a name someone planted): for a file that must exist only while a
 * command runs (the wizard's copy of its answers).
 */
export async function makePrivateTempDir(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}
