/**
 * A merchant that hangs: every cart request sleeps two minutes. Outside a TTY the first progress
 * line already names the request that waits, against which timeout, and the flag that shortens it;
 * Ctrl-C's partial report (table, JSON, run folder) lists each request still waiting as an errored
 * case, "interrupted while waiting N s", with its reproduce.sh.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../../src/model.js';
import { BIN } from '../helpers/run-cli.js';

let server: Server;
let url: string;

beforeAll(async () => {
  // Carts: answered after 120 s (never, within this test). Anything else: a bare 400.
  server = createServer((req, res) => {
    req.resume();
    if ((req.url ?? '').startsWith('/get-checkout-cart-info-url')) {
      setTimeout(() => res.end('{}'), 120_000).unref();
      return;
    }
    res.writeHead(400).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

/** Runs `check` and sends SIGINT once a progress line says a request has waited `seconds`. */
function runUntilWaited(cwd: string, seconds: number): Promise<{ code: number | null; stdout: string; stderr: string; firstProgress: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'check', '--merchant-url', url], { cwd, env: { ...process.env, NO_COLOR: '1', COLUMNS: '80', XBORDER_PROGRESS_INTERVAL_MS: '200' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let signalled = false;
    const killer = setTimeout(() => child.kill('SIGKILL'), 100_000);
    child.stdout.setEncoding('utf8').on('data', (d) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
      const waited = [...stderr.matchAll(/waiting (\d+) s of/g)].map((m) => Number(m[1]));
      if (!signalled && waited.some((s) => s >= seconds)) {
        signalled = true;
        child.kill('SIGINT');
      }
    });
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(killer);
      const firstProgress = stderr.split('\n').find((l) => l.startsWith('xborder: ')) ?? '';
      resolve({ code, stdout, stderr, firstProgress });
    });
  });
}

describe('a merchant that hangs on every cart request', () => {
  it('the first progress line names the request, the timeout and --timeout; Ctrl-C lists the requests in flight', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'xb-hang-'));
    writeFileSync(join(cwd, 'xborder.config.json'), JSON.stringify({ merchantGUID: 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77', merchant: { baseUrl: url, cartMethods: ['GET'] }, auth: [{ mode: 'none' }] }));
    const r = await runUntilWaited(cwd, 2);
    expect(r.code).toBe(130);
    expect(r.firstProgress).toMatch(/; GET \/get-checkout-cart-info-url \(cart GET \[none\]\) waiting \d+ s of the 300 s timeout \(--timeout 30s to shorten it\)$/);
    // The partial report: the waiting cart request is an errored case with how long it waited.
    expect(r.stdout).toMatch(/interrupted \(SIGINT\) after \d+ of \d+ cases: this report is partial/);
    expect(r.stdout).toMatch(/interrupted while waiting \d+ s/);
    const runs = join(cwd, '.xborder/runs');
    const folder = join(runs, readdirSync(runs)[0]!);
    const report = JSON.parse(readFileSync(join(folder, 'report.json'), 'utf8')) as RunResult;
    const waited = report.cases.filter((c) => c.checks.some((k) => /^interrupted while waiting (\d+) s/.test(k.findings[0]?.message ?? '')));
    expect(waited.map((c) => `${c.endpoint} ${c.variant} ${c.authMode}`)).toContain('GetCheckoutCartInfo GET none');
    const seconds = Number(/waiting (\d+) s/.exec(waited[0]!.checks[0]!.findings[0]!.message)![1]);
    expect(seconds).toBeGreaterThanOrEqual(2);
    expect(waited.every((c) => c.checks[0]!.status === 'errored')).toBe(true);
    // Each one's reproduce.sh is written, and sends the request that waited.
    const scripts = readdirSync(join(folder, 'cases')).filter((f) => f.includes('GetCheckoutCartInfo'));
    expect(scripts.length).toBeGreaterThanOrEqual(1);
    const script = readFileSync(join(folder, 'cases', scripts[0]!, 'reproduce.sh'), 'utf8');
    expect(script).toContain('/get-checkout-cart-info-url');
  }, 120_000);
});
