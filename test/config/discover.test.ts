/**
 * Discovery: inside a repository, the nearest config up to its root; outside one, the working
 * directory only. A repository root is a `.git` of the user's own, as git's safe.directory: a
 * directory holding HEAD, or a `gitdir:` file naming one; an empty file or folder named `.git`, or
 * one another user owns, is passed over.
 */
import { chownSync, lchownSync, mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverConfigFile, repositoryRoot, searchedDirectories } from '../../src/config/discover.js';

/** Another user's id: nobody. Only root can give a file to another user, so those cases run as root (else skipped). */
const OTHER_UID = 65534;
const asRoot = process.getuid?.() === 0;

function tree(): { root: string; repo: string; deep: string } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'xb-discover-unit-')));
  const repo = join(root, 'repo');
  const deep = join(repo, 'a', 'b');
  mkdirSync(deep, { recursive: true });
  writeFileSync(join(root, 'xborder.config.json'), '{}');
  return { root, repo, deep };
}

/** A git directory at `dir`: a folder holding HEAD, as `git init` leaves it. */
function gitDir(dir: string): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'HEAD'), 'ref: refs/heads/main\n');
  return dir;
}

describe('discoverConfigFile', () => {
  it('outside a repository: the working directory only, never a parent', () => {
    const { root, deep } = tree();
    expect(repositoryRoot(deep)).toBeUndefined();
    expect(searchedDirectories(deep)).toEqual([deep]);
    expect(discoverConfigFile(deep)).toBeUndefined();
    expect(discoverConfigFile(root)).toBe(join(root, 'xborder.config.json'));
  });
  it('inside a repository: up to its root (a .git folder or a gitdir file) and no further', () => {
    const { root, repo, deep } = tree();
    const elsewhere = gitDir(join(root, 'elsewhere.git'));
    writeFileSync(join(repo, '.git'), `gitdir: ${elsewhere}\n`);
    expect(searchedDirectories(deep)).toEqual([deep, join(repo, 'a'), repo]);
    expect(discoverConfigFile(deep)).toBeUndefined();
    writeFileSync(join(repo, 'a', 'xborder.config.json'), '{}');
    expect(discoverConfigFile(deep)).toBe(join(repo, 'a', 'xborder.config.json'));
    writeFileSync(join(deep, 'xborder.config.json'), '{}');
    expect(discoverConfigFile(deep)).toBe(join(deep, 'xborder.config.json'));
  });
});

describe('repositoryRoot: only a .git of the user\'s own', () => {
  it('a .git folder holding HEAD is a root', () => {
    const { repo, deep } = tree();
    gitDir(join(repo, '.git'));
    expect(repositoryRoot(deep)).toBe(repo);
  });

  it('an empty .git file, a .git folder without HEAD and a gitdir to nowhere are passed over', () => {
    const { root, repo, deep } = tree();
    writeFileSync(join(repo, '.git'), '');
    expect(repositoryRoot(deep)).toBeUndefined();
    writeFileSync(join(repo, '.git'), 'gitdir: /nowhere/at/all\n');
    expect(repositoryRoot(deep)).toBeUndefined();
    writeFileSync(join(repo, '.git'), `gitdir: ${join(root, 'plain')}\n`);
    mkdirSync(join(root, 'plain'));
    expect(repositoryRoot(deep)).toBeUndefined();
    mkdirSync(join(repo, 'a', '.git'));
    expect(repositoryRoot(deep)).toBeUndefined();
    // Passed over, not a wall: a real repository further up is still found.
    gitDir(join(root, '.git'));
    expect(repositoryRoot(deep)).toBe(root);
  });

  it('a gitdir file is read relative to the folder holding it', () => {
    const { repo, deep } = tree();
    gitDir(join(repo, 'modules', 'sub'));
    writeFileSync(join(repo, 'a', '.git'), 'gitdir: ../modules/sub\n');
    expect(repositoryRoot(deep)).toBe(join(repo, 'a'));
  });

  it.runIf(asRoot)('a .git folder, a gitdir file or the git directory it names owned by another user is passed over (as root: chown to 65534)', () => {
    const { root, repo, deep } = tree();
    const git = gitDir(join(repo, '.git'));
    chownSync(git, OTHER_UID, OTHER_UID);
    expect(repositoryRoot(deep)).toBeUndefined();
    chownSync(git, 0, 0);
    expect(repositoryRoot(deep)).toBe(repo);
    // A pointer another user planted, naming the user's own repository.
    const pointer = join(repo, 'a', '.git');
    writeFileSync(pointer, `gitdir: ${git}\n`);
    chownSync(pointer, OTHER_UID, OTHER_UID);
    expect(repositoryRoot(deep)).toBe(repo);
    chownSync(pointer, 0, 0);
    expect(repositoryRoot(deep)).toBe(join(repo, 'a'));
    // A pointer of the user's naming another user's git directory.
    const theirs = gitDir(join(root, 'theirs.git'));
    chownSync(theirs, OTHER_UID, OTHER_UID);
    writeFileSync(pointer, `gitdir: ${theirs}\n`);
    expect(repositoryRoot(deep)).toBe(repo);
  });

  it.runIf(asRoot)('a .git link another user planted is passed over even when it names the user\'s repository', () => {
    const { root, repo, deep } = tree();
    const mine = gitDir(join(root, 'mine.git'));
    symlinkSync(mine, join(repo, '.git'));
    expect(repositoryRoot(deep)).toBe(repo);
    // lchown: the link's own owner.
    lchownSync(join(repo, '.git'), OTHER_UID, OTHER_UID);
    expect(repositoryRoot(deep)).toBeUndefined();
  });
});
