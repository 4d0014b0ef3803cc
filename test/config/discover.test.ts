/** Discovery: inside a repository, the nearest config up to its root; outside one, the working directory only. */
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverConfigFile, repositoryRoot, searchedDirectories } from '../../src/config/discover.js';

function tree(): { root: string; repo: string; deep: string } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'xb-discover-unit-')));
  const repo = join(root, 'repo');
  const deep = join(repo, 'a', 'b');
  mkdirSync(deep, { recursive: true });
  writeFileSync(join(root, 'xborder.config.json'), '{}');
  return { root, repo, deep };
}

describe('discoverConfigFile', () => {
  it('outside a repository: the working directory only, never a parent', () => {
    const { root, deep } = tree();
    expect(repositoryRoot(deep)).toBeUndefined();
    expect(searchedDirectories(deep)).toEqual([deep]);
    expect(discoverConfigFile(deep)).toBeUndefined();
    expect(discoverConfigFile(root)).toBe(join(root, 'xborder.config.json'));
  });
  it('inside a repository: up to its root (a .git folder or file) and no further', () => {
    const { repo, deep } = tree();
    writeFileSync(join(repo, '.git'), 'gitdir: /elsewhere\n');
    expect(searchedDirectories(deep)).toEqual([deep, join(repo, 'a'), repo]);
    expect(discoverConfigFile(deep)).toBeUndefined();
    writeFileSync(join(repo, 'a', 'xborder.config.json'), '{}');
    expect(discoverConfigFile(deep)).toBe(join(repo, 'a', 'xborder.config.json'));
    writeFileSync(join(deep, 'xborder.config.json'), '{}');
    expect(discoverConfigFile(deep)).toBe(join(deep, 'xborder.config.json'));
  });
});
