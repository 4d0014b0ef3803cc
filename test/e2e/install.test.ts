/**
 * Installing xborder as a user does, without the network (the npm cache holds every dependency once
 * `npm ci` ran): a clean clone of this repository, the unbuilt bin saying how to build, `npm ci
 * --offline` building it (`prepare`), `npm pack` (whose package.json carries no install script, and
 * which leaves the clone as it was); then the tarball installed into a temporary prefix the way
 * `npm install -g` lays it out (the package in lib/node_modules, its production dependencies
 * installed by npm from the project's lockfile, the bin linked), and run from elsewhere: --version,
 * validate, check against the reference merchant; and the tarball installed by `npm install` into a
 * project, which must print no install-scripts warning. `npm install -g` resolves versions from the
 * registry (full documents npm's cache does not hold after `npm ci`), so that exact command runs only
 * with XBORDER_NETWORK_TESTS=1. `npm install -g git+URL` is no install route (npm links the
 * temporary clone it prepared in: npm/cli#4148), and the README says so instead of offering it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Scripts npm runs when it installs a package (prepare: one from a tarball, a folder or git). */
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'preprepare', 'prepare', 'postprepare'];
const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';

function sh(command: string, args: string[], cwd: string, timeout = 240_000) {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', timeout, env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' } });
  return { code: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

const hasGit = existsSync(join(ROOT, '.git'));
let work: string;
let clone: string;
let tarball: string;
let prefix: string;
const children: { kill(): void }[] = [];

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'xb-install-'));
  clone = join(work, 'clone');
  prefix = join(work, 'prefix');
});
afterAll(() => {
  for (const c of children) c.kill();
  // A clone with node_modules and a global prefix: about 190 MB a run, left behind before.
  rmSync(work, { recursive: true, force: true });
});

describe.runIf(hasGit)('install', () => {
  it('a clean clone: unbuilt, the bin says how to build; npm ci --offline builds it (prepare); it packs without benchmark code', () => {
    expect(sh('git', ['clone', '-q', '--no-hardlinks', ROOT, clone], work).code).toBe(0);
    const unbuilt = sh(process.execPath, ['bin/xborder.js', 'validate', 'samples/order-full.json'], clone);
    expect(unbuilt.code).toBe(2);
    expect(unbuilt.stderr).toMatch(/not built .*npm ci && npm run build/);
    const ci = sh('npm', ['ci', '--offline'], clone);
    expect(ci.code, ci.stderr).toBe(0);
    expect(sh(process.execPath, ['bin/xborder.js', '--version'], clone).stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const pack = sh('npm', ['pack', '--json', '--pack-destination', work], clone);
    expect(pack.code, pack.stderr).toBe(0);
    const [packed] = JSON.parse(pack.stdout) as { filename: string; files: { path: string }[] }[];
    tarball = join(work, packed!.filename);
    const files = packed!.files.map((f) => f.path);
    expect(files).toEqual(expect.arrayContaining(['LICENSE', 'CHANGELOG.md', 'README.md', 'bin/xborder.js', 'dist/main.js', 'schemas/config.schema.json', 'samples/order-full.json']));
    expect(files.filter((f) => /bench/.test(f))).toEqual([]);
    expect(files).not.toContain('package.json.prepack');
    // The packed manifest carries no script npm runs on install (npm lists a `prepare` of a tarball as
    // one); the clone keeps its `prepare`, byte for byte, so `npm ci` there still builds.
    const packedManifest = sh('tar', ['xzf', tarball, '-O', 'package/package.json'], work);
    expect(packedManifest.code, packedManifest.stderr).toBe(0);
    const packedScripts = (JSON.parse(packedManifest.stdout) as { scripts: Record<string, string> }).scripts;
    for (const hook of INSTALL_SCRIPTS) expect(packedScripts[hook], hook).toBeUndefined();
    expect(packedScripts.build).toBeDefined();
    const manifest = JSON.parse(readFileSync(join(clone, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(manifest.scripts.prepare).toBeDefined();
    for (const hook of ['preinstall', 'install', 'postinstall']) expect(manifest.scripts[hook], hook).toBeUndefined();
    expect(sh('git', ['status', '--porcelain'], clone).stdout).toBe('');
    expect(existsSync(join(clone, 'package.json.prepack'))).toBe(false);
  }, 300_000);

  it('the tarball, installed into a prefix as npm install -g lays it out, runs from anywhere', async () => {
    expect(tarball).toBeDefined();
    const pkg = join(prefix, 'lib', 'node_modules', 'xborder');
    mkdirSync(pkg, { recursive: true });
    mkdirSync(join(prefix, 'bin'));
    expect(sh('tar', ['xzf', tarball, '-C', pkg, '--strip-components=1'], work).code).toBe(0);
    copyFileSync(join(clone, 'package-lock.json'), join(pkg, 'package-lock.json'));
    const deps = sh('npm', ['ci', '--omit=dev', '--offline', '--ignore-scripts'], pkg);
    expect(deps.code, deps.stderr).toBe(0);
    expect(readdirSync(join(pkg, 'node_modules'))).not.toContain('vitest');
    symlinkSync(join('..', 'lib', 'node_modules', 'xborder', 'bin', 'xborder.js'), join(prefix, 'bin', 'xborder'));
    const xborder = join(prefix, 'bin', 'xborder');
    const elsewhere = mkdtempSync(join(tmpdir(), 'xb-user-'));
    expect(sh(xborder, ['--version'], elsewhere).stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    writeFileSync(join(elsewhere, 'order.json'), readFileSync(join(ROOT, 'samples', 'order-full.json')));
    const validated = sh(xborder, ['validate', 'order.json'], elsewhere);
    expect(validated.code, validated.stderr).toBe(0);
    expect(validated.stdout).toMatch(/1 passed/);

    // The installed reference merchant, and the installed check against it.
    const merchant = spawn(xborder, ['mock', 'merchant', '--port', '0'], { cwd: elsewhere, stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(merchant);
    const url = await new Promise<string>((resolve) => {
      let out = '';
      merchant.stdout.setEncoding('utf8').on('data', (d: string) => {
        out += d;
        const m = /listening on (\S+)/.exec(out);
        if (m) resolve(m[1]!);
      });
    });
    writeFileSync(join(elsewhere, 'xborder.config.json'), JSON.stringify({ merchantGUID: GUID, merchant: { baseUrl: url }, auth: [{ mode: 'none' }] }));
    const check = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = spawn(xborder, ['check', '--no-save'], { cwd: elsewhere, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
      child.on('close', (code) => resolve({ code, stdout }));
    });
    expect(check.code, check.stdout.slice(-1500)).toBe(0);
    expect(check.stdout).toMatch(/\d+ passed, 0 failed/);
  }, 120_000);

  it('npm install of the tarball into a project prints no install-scripts warning and links a bin that runs', () => {
    expect(tarball).toBeDefined();
    // A project that already holds xborder's production dependencies at the versions of its lockfile,
    // installed by npm ci from the cache; npm install of the tarball then resolves nothing remotely.
    const project = join(work, 'project');
    mkdirSync(project);
    const pkg = JSON.parse(readFileSync(join(clone, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const lock = JSON.parse(readFileSync(join(clone, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> };
    const packages: Record<string, unknown> = { '': { name: 'project', version: '1.0.0', dependencies: pkg.dependencies } };
    for (const [path, entry] of Object.entries(lock.packages)) if (path !== '' && !entry.dev) packages[path] = entry;
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'project', version: '1.0.0', private: true, dependencies: pkg.dependencies }));
    writeFileSync(join(project, 'package-lock.json'), JSON.stringify({ name: 'project', version: '1.0.0', lockfileVersion: 3, requires: true, packages }));
    const deps = sh('npm', ['ci', '--offline'], project);
    expect(deps.code, deps.stderr).toBe(0);
    const installed = sh('npm', ['install', '--offline', tarball], project);
    expect(installed.code, installed.stderr).toBe(0);
    expect(installed.stderr).not.toMatch(/install-scripts|allowScripts|prepare/);
    expect(installed.stdout).toMatch(/added 1 package/);
    const version = sh(join(project, 'node_modules', '.bin', 'xborder'), ['--version'], project);
    expect(version.stdout.trim(), version.stderr).toMatch(/^\d+\.\d+\.\d+$/);
  }, 120_000);

  it.runIf(process.env.XBORDER_NETWORK_TESTS === '1')('npm install -g --prefix from the tarball (reaches the npm registry)', () => {
    const global = join(work, 'global');
    const r = sh('npm', ['install', '-g', '--prefix', global, tarball], work);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/install-scripts|allowScripts/);
    expect(sh(join(global, 'bin', 'xborder'), ['--version'], work).stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  }, 300_000);
});

describe('pack manifest (scripts/pack-manifest.mjs)', () => {
  const text = '{\n    "name": "p",\n    "scripts": { "build": "b", "prepare": "node scripts/prepare.mjs", "postinstall": "x" }\n}\n';
  function project(): { dir: string; run(mode: string): number | null } {
    const dir = mkdtempSync(join(tmpdir(), 'xb-packmanifest-'));
    mkdirSync(join(dir, 'scripts'));
    copyFileSync(join(ROOT, 'scripts', 'pack-manifest.mjs'), join(dir, 'scripts', 'pack-manifest.mjs'));
    writeFileSync(join(dir, 'package.json'), text);
    return { dir, run: (mode) => spawnSync(process.execPath, [join(dir, 'scripts', 'pack-manifest.mjs'), mode]).status };
  }

  it('strip drops the install scripts and keeps the rest and the indentation; restore gives the file back byte for byte', () => {
    const p = project();
    expect(p.run('strip')).toBe(0);
    const stripped = readFileSync(join(p.dir, 'package.json'), 'utf8');
    expect(JSON.parse(stripped)).toEqual({ name: 'p', scripts: { build: 'b' } });
    expect(stripped).toMatch(/^ {4}"name"/m);
    expect(p.run('restore')).toBe(0);
    expect(readFileSync(join(p.dir, 'package.json'), 'utf8')).toBe(text);
    expect(readdirSync(p.dir).sort()).toEqual(['package.json', 'scripts']);
  });

  it('a pack that died after strip (no postpack) is repaired by the next strip, never stripped twice over', () => {
    const p = project();
    expect(p.run('strip')).toBe(0);
    expect(p.run('strip')).toBe(0);
    expect(p.run('restore')).toBe(0);
    expect(readFileSync(join(p.dir, 'package.json'), 'utf8')).toBe(text);
    expect(p.run('restore')).toBe(0);
    expect(readFileSync(join(p.dir, 'package.json'), 'utf8')).toBe(text);
    expect(p.run('bogus')).toBe(2);
  });
});

describe('install routes the docs offer', () => {
  it('README and docs/ never offer npm install -g from git (npm leaves a dangling link: npm/cli#4148)', () => {
    const pages = [join(ROOT, 'README.md'), ...readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md')).map((f) => join(ROOT, 'docs', f))];
    const offers = pages.flatMap((page) =>
      readFileSync(page, 'utf8')
        .split('\n')
        .filter((line) => /^\s*(?:\$\s*)?npm (?:install|i) (?:-g|--global)\b.*\b(?:git\+|github:|git:\/\/)/.test(line))
        .map((line) => `${page}: ${line}`),
    );
    expect(offers).toEqual([]);
  });
});
