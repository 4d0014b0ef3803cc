/**
 * Keeping run folders out of commits: `.xborder/runs/` holds every exchange of a run (requests,
 * answers, reproduce scripts), masked but still the merchant's data, and it appears in the project
 * the first time `xborder check` runs there. `xborder init` makes the repository's `.gitignore` say
 * `.xborder/` unless a `.gitignore` between the config's folder and the repository root already
 * decides it. Only plain lines naming the folder are understood (the forms people write); anything
 * cleverer is left alone and the line appended, which is harmless when it duplicates a glob.
 */
import { lstat, readFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { appendFileNoFollow, type AppendCreate } from '../io/append-file.js';
import { writeFailure } from '../io/write-errors.js';
import { repositoryRoot } from './discover.js';

/** The line added: unanchored, so it covers a run folder made in any folder of the repository. */
export const RUN_FOLDERS_PATTERN = '.xborder/';

/** What ensureRunFoldersIgnored found or did; `file` is the absolute path of the `.gitignore` meant. */
export type IgnoreOutcome =
  | { kind: 'created'; file: string }
  | { kind: 'appended'; file: string }
  | { kind: 'present'; file: string }
  /** A `!` line un-ignores the folder: the user decided, so nothing is written. */
  | { kind: 'unignored'; file: string }
  /** No repository and no `.gitignore` in the folder: nothing to write to. */
  | { kind: 'no-repository' }
  | { kind: 'failed'; file: string; reason: string };

/**
 * What the lines of a `.gitignore` in a folder `rel` below it (`''` for its own folder, `/`
 * separated) say of `<rel>/.xborder/`: true ignored, false un-ignored by a `!` line, undefined silent.
 * The last line that names the folder wins, as in git.
 */
export function runFoldersVerdict(text: string, rel: string): boolean | undefined {
  const anchoredName = rel === '' ? '.xborder' : `${rel}/.xborder`;
  let verdict: boolean | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '').trim();
    if (line === '' || line.startsWith('#')) continue;
    const negated = line.startsWith('!');
    let pattern = negated ? line.slice(1) : line;
    pattern = pattern.replace(/\/(\*\*?)?$/, '');
    const named =
      // No slash left: it matches a folder of that name at any depth (so does a leading **/).
      pattern === '.xborder' ||
      pattern === '**/.xborder' ||
      // A slash at the start or in the middle anchors it to the .gitignore's own folder.
      pattern.replace(/^\//, '') === anchoredName;
    if (named) verdict = !negated;
  }
  return verdict;
}

/** The `.gitignore` files that apply to `dir`, nearest first, up to `root`, with `dir` relative to each. */
function applicable(dir: string, root: string): { file: string; rel: string }[] {
  const found: { file: string; rel: string }[] = [];
  for (let at = dir; ; at = dirname(at)) {
    found.push({ file: join(at, '.gitignore'), rel: relative(at, dir).split(sep).join('/') });
    if (at === root || dirname(at) === at) return found;
  }
}

async function readIfFile(file: string): Promise<string | undefined> {
  const entry = await lstat(file).catch(() => undefined);
  if (!entry?.isFile()) return undefined;
  return readFile(file, 'utf8');
}

/**
 * Makes sure git ignores `.xborder/` for a project whose config lives in `dir`: nothing when a
 * `.gitignore` from `dir` up to the repository root decides it already; else the line appended to
 * the root's `.gitignore`, which is created when missing. Outside a repository, a `.gitignore` in
 * `dir` itself (a project not yet under git) gets the line; with none, nothing is written. Never
 * writes through a symbolic link, never throws: a failure comes back as an outcome.
 */
export async function ensureRunFoldersIgnored(dir: string): Promise<IgnoreOutcome> {
  const root = repositoryRoot(dir);
  const files = root === undefined ? [{ file: join(dir, '.gitignore'), rel: '' }] : applicable(dir, root);
  const target = files[files.length - 1]!.file;
  try {
    for (const { file, rel } of files) {
      const text = await readIfFile(file);
      const verdict = text === undefined ? undefined : runFoldersVerdict(text, rel);
      if (verdict === true) return { kind: 'present', file };
      if (verdict === false) return { kind: 'unignored', file };
    }
    const entry = await lstat(target).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (entry === undefined) {
      if (root === undefined) return { kind: 'no-repository' };
      // Created here or not at all (a file or link that appeared meanwhile is never overwritten).
      await writeLine(target, 'new-only', '');
      return { kind: 'created', file: target };
    }
    if (entry.isSymbolicLink()) return { kind: 'failed', file: target, reason: writeFailure(Object.assign(new Error('link'), { code: 'ELOOP' })) };
    if (!entry.isFile()) return { kind: 'failed', file: target, reason: 'it is not a regular file' };
    const text = await readFile(target, 'utf8');
    await writeLine(target, 'never', text);
    return { kind: 'appended', file: target };
  } catch (error) {
    return { kind: 'failed', file: target, reason: writeFailure(error) };
  }
}

/**
 * Appends the pattern after `existing` (in its line endings, on a line of its own), through the
 * shared appender (never through a link). A created `.gitignore` is 0644: it is committed, not secret.
 */
async function writeLine(file: string, create: AppendCreate, existing: string): Promise<void> {
  const eol = existing.includes('\r\n') ? '\r\n' : '\n';
  const lead = existing === '' || existing.endsWith('\n') ? '' : eol;
  await appendFileNoFollow(file, `${lead}# xborder run folders: recorded requests and answers${eol}${RUN_FOLDERS_PATTERN}${eol}`, { create, mode: 0o644 });
}
