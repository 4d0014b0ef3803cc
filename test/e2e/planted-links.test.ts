/**
 * End to end: output never follows a planted link. A symbolic link at the --junit, --html, --har,
 * fuzz --save or run folder path (or at .xborder, .xborder/runs, --out) pointing at a file or
 * directory outside is refused with one clear message and exit 2; the outside stays byte for byte
 * as it was. What xborder creates is private: files 0600 (scripts 0700), run folders and
 * .xborder/runs 0700. /dev/stdout and a FIFO the user names still take the report.
 */
import { execFileSync, spawn } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/run-cli.js';
import { defaultConfig } from '../../src/config/defaults.js';
import { startMockMerchant, type MockMerchantServer } from '../../src/mock/merchant/server.js';

const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';
const OUTSIDE_TEXT = 'ssh-ed25519 AAAA... the file a link was planted to overwrite\n';
let merchant: MockMerchantServer;

beforeAll(async () => {
  // A fault, so cases fail and the run folder holds per-case files and scripts.
  merchant = await startMockMerchant({ config: defaultConfig(), fault: 'order-duplicate' });
});
afterAll(async () => merchant.close());

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'xb-links-'));
  writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({ merchantGUID: GUID, merchant: { baseUrl: merchant.url }, auth: [{ mode: 'none' }], timeoutMs: 10_000 }));
  return dir;
}

/** A file outside the project, 0644 like a user's dotfile, that a link points at. */
function outsideFile(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'xb-outside-')), 'authorized_keys');
  writeFileSync(file, OUTSIDE_TEXT, { mode: 0o644 });
  return file;
}

function expectUntouched(file: string): void {
  expect(readFileSync(file, 'utf8')).toBe(OUTSIDE_TEXT);
  expect(statSync(file).mode & 0o777).toBe(0o644);
}

function expectRefused(result: CliResult, what: string): void {
  expect(result.code, result.stderr).toBe(2);
  expect(result.stderr).toContain(what);
  expect(result.stderr).toContain('symbolic link');
  expect(result.stderr).not.toMatch(/\n\s+at .*\(/);
}

const filesUnder = (root: string) => readdirSync(root, { recursive: true, withFileTypes: true }).map((e) => join(e.parentPath, e.name));

describe('report files never follow a link', () => {
  it('--junit, --html: a link at the path is refused, exit 2, and the file it names is unchanged', async () => {
    for (const flag of ['--junit', '--html']) {
      const dir = project();
      const target = outsideFile();
      symlinkSync(target, join(dir, 'report.out'));
      const result = await runCli(['check-cart', '--no-save', flag, 'report.out'], { cwd: dir });
      expectRefused(result, `report.out`);
      expectUntouched(target);
      expect(lstatSync(join(dir, 'report.out')).isSymbolicLink()).toBe(true);
    }
  }, 60_000);

  it('--junit and --html files are created 0600; /dev/stdout still takes the JUnit report', async () => {
    const dir = project();
    const result = await runCli(['check-cart', '--no-save', '--junit', 'junit.xml', '--html', 'report.html'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(statSync(join(dir, 'junit.xml')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'report.html')).mode & 0o777).toBe(0o600);
    const piped = await runCli(['check-cart', '--no-save', '--quiet', '--junit', '/dev/stdout'], { cwd: dir });
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toContain('<testsuites');
  }, 60_000);

  it('a FIFO the user names takes the JUnit report', async () => {
    const dir = project();
    execFileSync('mkfifo', [join(dir, 'junit.pipe')]);
    const read = new Promise<string>((resolve, reject) => {
      const cat = spawn('cat', [join(dir, 'junit.pipe')]);
      let text = '';
      cat.stdout.setEncoding('utf8').on('data', (d: string) => (text += d));
      cat.on('error', reject);
      cat.on('close', () => resolve(text));
    });
    const result = await runCli(['check-cart', '--no-save', '--junit', 'junit.pipe'], { cwd: dir });
    expect(result.code, result.stderr).toBe(0);
    expect(await read).toContain('<testsuites');
  }, 60_000);
});

describe('run folders never follow a link', () => {
  it('a link planted as .xborder/runs or .xborder is refused, exit 2, and nothing lands where it points', async () => {
    for (const planted of ['.xborder/runs', '.xborder']) {
      const dir = project();
      const outside = mkdtempSync(join(tmpdir(), 'xb-outside-'));
      mkdirSync(join(dir, planted, '..'), { recursive: true });
      symlinkSync(outside, join(dir, planted));
      const result = await runCli(['check-cart'], { cwd: dir });
      expectRefused(result, 'Cannot save the run folder');
      expect(result.stderr).toContain(planted);
      expect(readdirSync(outside), planted).toEqual([]);
    }
  }, 60_000);

  it('--out naming a link is refused; a run folder name pre-created as a link is passed over, never entered', async () => {
    const dir = project();
    const outside = mkdtempSync(join(tmpdir(), 'xb-outside-'));
    symlinkSync(outside, join(dir, 'out'));
    const result = await runCli(['check-cart', '--out', 'out'], { cwd: dir });
    expectRefused(result, 'Cannot save the run folder');
    expect(readdirSync(outside)).toEqual([]);
    // The names of the next two minutes, each a link to the outside folder.
    const runs = join(dir, '.xborder/runs');
    mkdirSync(runs, { recursive: true, mode: 0o700 });
    const now = Date.now();
    const planted = Array.from({ length: 120 }, (_, i) => new Date(now + i * 1000).toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-'));
    for (const name of planted) symlinkSync(outside, join(runs, name));
    const saved = await runCli(['check-cart'], { cwd: dir });
    expect(saved.code, saved.stderr).toBe(0);
    expect(readdirSync(outside)).toEqual([]);
    const real = readdirSync(runs).filter((n) => !lstatSync(join(runs, n)).isSymbolicLink());
    expect(real).toHaveLength(1);
    expect(planted).toContain(real[0]!.replace(/-\d+$/, ''));
  }, 60_000);

  it('a run folder, .xborder/runs and their files are private: 0700 folders, 0600 files, 0700 scripts', async () => {
    const dir = project();
    const result = await runCli(['check', '--junit', 'junit.xml'], { cwd: dir });
    expect(result.code, result.stderr).toBe(1);
    const runs = join(dir, '.xborder/runs');
    expect(statSync(runs).mode & 0o777).toBe(0o700);
    const [name] = readdirSync(runs);
    const root = join(runs, name!);
    const entries = [root, ...filesUnder(root)];
    expect(entries.some((e) => e.endsWith('reproduce.sh'))).toBe(true);
    for (const entry of entries) {
      const st = lstatSync(entry);
      const want = st.isDirectory() || entry.endsWith('.sh') ? 0o700 : 0o600;
      expect(st.mode & 0o777, entry).toBe(want);
    }
  }, 120_000);
});

describe('HAR and fuzz saves never follow a link', () => {
  it('proxy --har naming a link: refused at start, before it listens (exit 2), the file it names unchanged', async () => {
    const dir = project();
    const target = outsideFile();
    symlinkSync(target, join(dir, 'traffic.har'));
    // Refused before listening, so no session's traffic is lost to a HAR that cannot be written.
    const result = await runCli(['proxy', '--port', '0', '--target', merchant.url, '--count', '1', '--no-save', '--har', 'traffic.har'], { cwd: dir, timeoutMs: 20_000 });
    expectRefused(result, 'traffic.har');
    expect(result.stderr).not.toContain('listening on');
    expectUntouched(target);
  }, 60_000);

  it('fuzz --save: a link planted at seed.txt is refused, exit 2; saved files are 0600', async () => {
    const dir = project();
    const target = outsideFile();
    mkdirSync(join(dir, 'saves'));
    symlinkSync(target, join(dir, 'saves', 'seed.txt'));
    const result = await runCli(['fuzz', '--runs', '3', '--seed', '5', '--no-save', '--save', 'saves'], { cwd: dir, timeoutMs: 60_000 });
    expectRefused(result, 'seed.txt');
    expectUntouched(target);
    const clean = await runCli(['fuzz', '--runs', '3', '--seed', '5', '--no-save', '--save', 'fresh'], { cwd: dir, timeoutMs: 60_000 });
    expect(clean.code, clean.stderr).not.toBe(2);
    expect(statSync(join(dir, 'fresh')).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'fresh', 'seed.txt')).mode & 0o777).toBe(0o600);
  }, 120_000);
});
