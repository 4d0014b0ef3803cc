/**
 * `xborder init`: a starter config that validates, with a $schema that works for every clone: the
 * project's own node_modules/xborder when it has one, else the schema published at this version's
 * tag, never a path into the user's install.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { loadConfig } from '../../src/config/load.js';
import { runFoldersVerdict } from '../../src/config/ignore-run-folders.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; repository: { url: string } };

describe('xborder init', () => {
  it('writes a config that loads, whose $schema is the published schema of this version outside a project that has xborder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xb-init-'));
    const result = await runCli(['init'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Wrote xborder.config.json');
    const doc = JSON.parse(readFileSync(join(dir, 'xborder.config.json'), 'utf8')) as { $schema: string };
    // Never a path into this installation (a global install, a clone): wrong for every teammate.
    expect(doc.$schema).toBe(`https://raw.githubusercontent.com/xborder-dev/xborder/v${pkg.version}/schemas/config.schema.json`);
    expect(pkg.repository.url).toContain('github.com/xborder-dev/xborder');
    const config = await loadConfig({ cwd: dir, env: { XB_HEADER_KEY: 'k', XB_MERCHANT_GUID: 'a1b2c3d4-0000-4000-8000-0000000000aa' } });
    expect(config.merchant.baseUrl).toBe('https://shop.example.com');
    // The platform issues the MerchantGUID: the starter never offers the sample's.
    expect(config.merchantGUID).toBe('a1b2c3d4-0000-4000-8000-0000000000aa');
    expect(readFileSync(join(dir, 'xborder.config.json'), 'utf8')).not.toContain('f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77');
    expect(result.stdout).toContain('XB_MERCHANT_GUID');
    // Unset, a run says which variable to set: exit 2, no stack trace.
    const unset = await runCli(['check-cart', '--no-save'], { cwd: dir, env: { XB_HEADER_KEY: 'k' } });
    expect(unset.code).toBe(2);
    expect(unset.stderr).toContain('XB_MERCHANT_GUID');
    expect(unset.stderr).not.toMatch(/at .*\.js:\d+/);
  });

  it('never replaces a file without --force; --config chooses where', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xb-init-'));
    await runCli(['init'], { cwd: dir });
    const again = await runCli(['init'], { cwd: dir });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('exists already');
    expect((await runCli(['init', '--force'], { cwd: dir })).code).toBe(0);
    mkdirSync(join(dir, 'nested/deeper'), { recursive: true });
    expect((await runCli(['--config', 'nested/deeper/shop.json', 'init'], { cwd: dir })).code).toBe(0);
    const nested = join(dir, 'nested/deeper/shop.json');
    const doc = JSON.parse(readFileSync(nested, 'utf8')) as { $schema: string };
    expect(doc.$schema).toMatch(/^https:\/\//);
  });

  it('in a project with xborder as a dependency: the project\'s own copy, relative, which resolves from the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xb-init-dep-'));
    mkdirSync(join(dir, 'node_modules/xborder/schemas'), { recursive: true });
    cpSync(join(ROOT, 'schemas/config.schema.json'), join(dir, 'node_modules/xborder/schemas/config.schema.json'));
    expect((await runCli(['init'], { cwd: dir })).code).toBe(0);
    const doc = JSON.parse(readFileSync(join(dir, 'xborder.config.json'), 'utf8')) as { $schema: string };
    expect(doc.$schema).toBe('./node_modules/xborder/schemas/config.schema.json');
    expect(JSON.parse(readFileSync(resolve(dir, doc.$schema), 'utf8')).title).toBeDefined();
  });
});

/** A fresh git repository (git itself, so its answers on what is ignored are git's). */
function repository(): string {
  const dir = mkdtempSync(join(tmpdir(), 'xb-init-git-'));
  expect(spawnSync('git', ['init', '-q'], { cwd: dir }).status).toBe(0);
  return dir;
}

/** Whether git ignores `path` (a run folder's file) in the repository at `dir`. */
function gitIgnores(dir: string, path: string): boolean {
  return spawnSync('git', ['check-ignore', '-q', '--no-index', path], { cwd: dir }).status === 0;
}

const lines = (text: string) => text.split(/\r?\n/).filter((l) => l === '.xborder/').length;

describe('xborder init keeps run folders out of commits (.gitignore)', () => {
  it('in a repository without .gitignore: creates it, says so on stderr, and git ignores run folders; a second init adds nothing', async () => {
    const dir = repository();
    expect(gitIgnores(dir, '.xborder/runs/2026-01-01T00-00-00Z/report.json')).toBe(false);
    const first = await runCli(['init'], { cwd: dir });
    expect(first.code).toBe(0);
    expect(first.stderr).toBe('Created .gitignore with .xborder/ (run folders hold recorded requests and answers; keep them out of commits).\n');
    expect(gitIgnores(dir, '.xborder/runs/2026-01-01T00-00-00Z/report.json')).toBe(true);
    expect(gitIgnores(dir, 'xborder.config.json')).toBe(false);
    const before = readFileSync(join(dir, '.gitignore'), 'utf8');
    expect(lines(before)).toBe(1);
    const again = await runCli(['init', '--force'], { cwd: dir });
    expect(again.code).toBe(0);
    expect(again.stderr).toBe('');
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toBe(before);
  });

  it('appends to an existing .gitignore on a line of its own, keeping its bytes and its line endings', async () => {
    const dir = repository();
    writeFileSync(join(dir, '.gitignore'), 'node_modules/\r\ndist');
    const result = await runCli(['init'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('Added .xborder/ to .gitignore');
    const text = readFileSync(join(dir, '.gitignore'), 'utf8');
    expect(text.startsWith('node_modules/\r\ndist\r\n')).toBe(true);
    expect(text.endsWith('\r\n.xborder/\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');
    expect(gitIgnores(dir, '.xborder/runs/x/report.json')).toBe(true);
    expect(gitIgnores(dir, 'dist/main.js')).toBe(true);
  });

  it('leaves a .gitignore that already ignores the folder, in any usual spelling, as it was', async () => {
    for (const line of ['.xborder', '/.xborder/', '**/.xborder/', '.xborder/**']) {
      const dir = repository();
      const text = `# mine\n${line}\n`;
      writeFileSync(join(dir, '.gitignore'), text);
      const result = await runCli(['init'], { cwd: dir });
      expect(result.code).toBe(0);
      expect(result.stderr, line).toBe('');
      expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toBe(text);
      expect(gitIgnores(dir, '.xborder/runs/x/report.json'), line).toBe(true);
    }
  });

  it('a config in a sub-folder of the repository: the root .gitignore gets the line, and it covers the sub-folder\'s run folders', async () => {
    const dir = repository();
    mkdirSync(join(dir, 'shop'));
    // An anchored line for the root folder only does not cover shop/.xborder/.
    writeFileSync(join(dir, '.gitignore'), '/.xborder/\n');
    const result = await runCli(['init'], { cwd: join(dir, 'shop') });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`Added .xborder/ to ${join('..', '.gitignore')}`);
    expect(existsSync(join(dir, 'shop', '.gitignore'))).toBe(false);
    expect(gitIgnores(dir, 'shop/.xborder/runs/x/report.json')).toBe(true);
    // A sub-folder .gitignore that ignores it settles it: nothing more is written.
    const other = repository();
    mkdirSync(join(other, 'shop'));
    writeFileSync(join(other, 'shop', '.gitignore'), '.xborder/\n');
    expect((await runCli(['init'], { cwd: join(other, 'shop') })).stderr).toBe('');
    expect(existsSync(join(other, '.gitignore'))).toBe(false);
  });

  it('a ! line that un-ignores the folder is the user\'s choice: left as it is, and said', async () => {
    const dir = repository();
    const text = '.xborder/\n!.xborder/\n';
    writeFileSync(join(dir, '.gitignore'), text);
    const result = await runCli(['init'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('.gitignore un-ignores .xborder/');
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toBe(text);
  });

  it('outside a repository: writes no .gitignore and says to ignore .xborder/; appends to one that is there', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xb-init-'));
    const result = await runCli(['init'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('Not in a git repository, so no .gitignore was written: ignore .xborder/');
    expect(existsSync(join(dir, '.gitignore'))).toBe(false);
    const prepared = mkdtempSync(join(tmpdir(), 'xb-init-'));
    writeFileSync(join(prepared, '.gitignore'), 'node_modules/\n');
    expect((await runCli(['init'], { cwd: prepared })).stderr).toContain('Added .xborder/ to .gitignore');
    expect(lines(readFileSync(join(prepared, '.gitignore'), 'utf8'))).toBe(1);
  });

  it('never writes through a .gitignore that is a symbolic link: says to add the line, the config is written, exit 0', async () => {
    const dir = repository();
    const elsewhere = join(mkdtempSync(join(tmpdir(), 'xb-init-elsewhere-')), 'ignored');
    writeFileSync(elsewhere, 'node_modules/\n');
    symlinkSync(elsewhere, join(dir, '.gitignore'));
    const result = await runCli(['init'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(existsSync(join(dir, 'xborder.config.json'))).toBe(true);
    expect(result.stderr).toMatch(/^Could not add \.xborder\/ to \.gitignore: it is a symbolic link.*Add the line \.xborder\/ to it yourself/);
    expect(result.stderr).not.toMatch(/at .*\.js:\d+/);
    expect(readFileSync(elsewhere, 'utf8')).toBe('node_modules/\n');
  });

  it('reads the lines as git does: the last line naming the folder wins; anchored lines hold for their own folder', () => {
    expect(runFoldersVerdict('', '')).toBeUndefined();
    expect(runFoldersVerdict('# .xborder/\nnode_modules\n', '')).toBeUndefined();
    expect(runFoldersVerdict('.xborder/\n', 'a/b')).toBe(true);
    expect(runFoldersVerdict('/.xborder/\n', 'a')).toBeUndefined();
    expect(runFoldersVerdict('a/.xborder/\n', 'a')).toBe(true);
    expect(runFoldersVerdict('!.xborder/\n.xborder\n', '')).toBe(true);
    expect(runFoldersVerdict('.xborder\r\n!/.xborder/*\r\n', '')).toBe(false);
  });
});
