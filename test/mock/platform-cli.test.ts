/**
 * End to end: `xborder mock platform` from the built CLI (`npm run build` first): --list-faults,
 * flag errors (exit 2), and serving a fault until SIGTERM (exit 0).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, runCli } from '../helpers/run-cli.js';
import { PLATFORM_FAULTS } from '../../src/mock/platform/faults.js';

const dirs: string[] = [];
const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'xborder-mock-platform-'));
  dirs.push(dir);
  return dir;
}

/** Starts `xborder ...args` in `cwd` and resolves once it printed its listening line. */
function serve(args: string[], cwd: string): Promise<{ child: ChildProcessWithoutNullStreams; url: string; out: () => string }> {
  const env: Record<string, string> = { NO_COLOR: '1' };
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('XBORDER_')) env[k] ??= v;
  const child = spawn(process.execPath, [BIN, ...args], { cwd, env, stdio: 'pipe' });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line; stderr: ${stderr}`)), 15_000);
    child.on('exit', (code) => reject(new Error(`exited ${code} before listening; stderr: ${stderr}`)));
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      // The text banner's first line, or the --json line.
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout) ?? /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(stdout);
      // The whole banner: it ends with the fault line when a fault is served.
      if (match && /\n$/.test(stdout) && (args.includes('--json') || !args.includes('--fault') || /Fault /.test(stdout))) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!, out: () => stdout });
      }
    });
  });
}

function exited(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  return new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.on('exit', (code) => resolve(code))));
}

describe('xborder mock platform', () => {
  it('prints its public test PIN as it is in the banner, and its Try line is a command that works', async () => {
    const cwd = tempDir();
    const { child, url, out } = await serve(['mock', 'platform', '--port', '0'], cwd);
    try {
      // Wait for the banner's last line.
      for (let i = 0; i < 100 && !/Try: .*\n/.test(out()); i++) await new Promise((r) => setTimeout(r, 50));
      expect(out()).toMatch(/│ XB-GC-VALID-0001 +│ 4321 +│ valid, balance 75\.50 EUR \(PIN 4321; a wrong PIN is refused\)/);
      expect(out()).not.toContain('****');
      const tried = /Try: xborder (.*)\n/.exec(out())![1]!.split(' ');
      expect(tried).toContain('4321');
      const r = await runCli(tried, { cwd });
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/75\.50 EUR/);
      // Reports of a run still mask it: only the banner says it.
      expect(r.stdout).not.toContain('4321');
      expect(url).toMatch(/^http:/);
    } finally {
      child.kill('SIGTERM');
      await exited(child);
    }
  });

  it('--quiet keeps it to its banner: no line per request in the terminal it shares', async () => {
    const cwd = tempDir();
    const { child, out } = await serve(['--quiet', 'mock', 'platform', '--port', '0'], cwd);
    try {
      for (let i = 0; i < 100 && !/Try: .*\n/.test(out()); i++) await new Promise((r) => setTimeout(r, 50));
      const r = await runCli(/Try: xborder (.*)\n/.exec(out())![1]!.split(' '), { cwd });
      expect(r.code).toBe(0);
      await new Promise((r) => setTimeout(r, 200));
      expect(out()).not.toMatch(/ -> \d{3}/);
    } finally {
      child.kill('SIGTERM');
      await exited(child);
    }
  });

  it('--list-faults prints every fault with the check it shows in', async () => {
    const r = await runCli(['mock', 'platform', '--list-faults'], { cwd: tempDir() });
    expect(r.code).toBe(0);
    for (const fault of PLATFORM_FAULTS) {
      expect(r.stdout).toContain(fault.name);
      expect(r.stdout).toContain(fault.catches);
    }
    expect(r.stdout).toContain(`${PLATFORM_FAULTS.length} faults; serve one with: xborder mock platform --fault NAME`);
  });

  it('--list-faults --json prints the list as JSON', async () => {
    const r = await runCli(['--json', 'mock', 'platform', '--list-faults'], { cwd: tempDir() });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(PLATFORM_FAULTS);
  });

  it('an unknown fault is a usage error (exit 2) that lists the faults', async () => {
    const r = await runCli(['mock', 'platform', '--fault', 'html-500'], { cwd: tempDir() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Unknown platform fault "html-500"');
    for (const fault of PLATFORM_FAULTS) expect(r.stderr).toContain(fault.name);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('a bad --slow-ms is a usage error (exit 2)', async () => {
    const r = await runCli(['mock', 'platform', '--fault', 'slow', '--slow-ms', 'soon'], { cwd: tempDir() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--slow-ms');
  });

  it('serves a fault until SIGTERM, then exits 0, and gift-card validate fails against it', async () => {
    const dir = tempDir();
    const { child, url, out } = await serve(['mock', 'platform', '--fault', 'gift-card-no-isvalid'], dir);
    expect(out()).toMatch(/^Reference platform listening on http:\/\/127\.0\.0\.1:\d+ \(fault: gift-card-no-isvalid\)\n/);
    expect(out()).toContain('Fault gift-card-no-isvalid: ValidateGiftCard answers without IsValid');
    const r = await runCli(['--json', 'gift-card', 'validate', '--platform-url', url, '--card-id', 'XB-GC-ZERO-0002', '--country', 'DE'], { cwd: dir });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toContain('gift-card-response-schema');
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
    expect(out()).toContain('POST /ValidateGiftCard -> 200');
  });

  it('html-502 answers every request with an HTML page; --json names the fault', async () => {
    const { child, url, out } = await serve(['--json', 'mock', 'platform', '--fault', 'html-502'], tempDir());
    expect(JSON.parse(out().split('\n')[0]!)).toMatchObject({ url, fault: 'html-502' });
    const answer = await fetch(`${url}/ValidateGiftCard`, { method: 'POST', body: '{}' });
    expect(answer.status).toBe(502);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await answer.text()).toContain('<h1>502 Bad Gateway</h1>');
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
  });
});
