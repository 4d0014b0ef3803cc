/**
 * Installing xborder as a user does, without the network (the npm cache holds every dependency once
 * `npm ci` ran): a clean clone of this repository, the unbuilt bin saying how to build, `npm ci
 * --offline` building it (`prepare`), `npm pack`; then the tarball installed into a temporary prefix the way
 * `npm install -g` lays it out (the package in lib/node_modules, its production dependencies
 * installed by npm from the project's lockfile, the bin linked), and run from elsewhere: --version,
 * validate, check against the reference merchant. `npm install -g` itself resolves versions from the
 * registry, so that exact command runs only with XBORDER_NETWORK_TESTS=1.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
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
    const manifest = JSON.parse(readFileSync(join(clone, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    // Installing the package runs no script of it: it ships built (prepare runs only in a clone or a git install).
    for (const hook of ['preinstall', 'install', 'postinstall']) expect(manifest.scripts[hook], hook).toBeUndefined();
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

  it.runIf(process.env.XBORDER_NETWORK_TESTS === '1')('npm install -g --prefix from the tarball (reaches the npm registry)', () => {
    const global = join(work, 'global');
    const r = sh('npm', ['install', '-g', '--prefix', global, tarball], work);
    expect(r.code, r.stderr).toBe(0);
    expect(sh(join(global, 'bin', 'xborder'), ['--version'], work).stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  }, 300_000);
});
