/**
 * A run you can watch and stop: outside a TTY a merchant command prints a plain progress line on
 * stderr (steps done of the total, failures, the slowest step in flight); Ctrl-C (SIGINT) or CI's
 * SIGTERM stops sending, gives requests in flight a few seconds, then prints and saves the finished
 * cases marked partial ("interrupted after N of M cases") and exits 130.
 *
 * The merchant answers carts at once and never answers an order, as a hung merchant does.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/run-cli.js';

let server: Server;
let url: string;
/** When each request arrived (Date.now()), in order. */
const arrivals: { at: number; method: string; url: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    arrivals.push({ at: Date.now(), method: req.method ?? '', url: req.url ?? '' });
    req.resume();
    if ((req.url ?? '').startsWith('/get-checkout-cart-info-url')) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end('{"Success":false,"Message":"no such cart"}');
    }
    // Orders: never answered.
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

interface Interrupted {
  code: number | null;
  stdout: string;
  stderr: string;
  signalledAt: number;
}

/** Runs `xborder args` and sends `signal` once a progress line shows an order in flight. */
function runAndInterrupt(args: string[], cwd: string, signal: NodeJS.Signals): Promise<Interrupted> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, NO_COLOR: '1', XBORDER_PROGRESS_INTERVAL_MS: '100' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let signalledAt = 0;
    const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.stdout.setEncoding('utf8').on('data', (d) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
      if (!signalledAt && /; POST \/order-update-create-url \(order [^)]*\) waiting \d+ s/.test(stderr)) {
        signalledAt = Date.now();
        child.kill(signal);
      }
    });
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ code, stdout, stderr, signalledAt });
    });
  });
}

describe('interrupting a run', () => {
  it('Ctrl-C: the finished cases as a table, the run folder, JUnit and HTML marked partial, exit 130, nothing sent after', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'xb-interrupt-'));
    const r = await runAndInterrupt(['check', '--merchant-url', url, '--timeout', '5m', '--junit', 'j.xml', '--html', 'r.html'], cwd, 'SIGINT');
    expect(r.signalledAt).toBeGreaterThan(0);
    expect(r.code).toBe(130);
    // Progress outside a TTY: plain lines with the total known from the start, naming the request
    // that waits, against which timeout, and the flag that shortens it.
    expect(r.stderr).toMatch(/^xborder: \d+ of \d+ steps done, \d+ cases?, .*s; POST \/order-update-create-url \(order .*\) waiting \d+ s of the 300 s timeout \(--timeout 30s to shorten it\)$/m);
    expect(r.stderr).toMatch(/interrupted \(SIGINT\): no new requests/);
    const partial = /interrupted \(SIGINT\) after (\d+) of (\d+) cases: this report is partial/.exec(r.stdout);
    expect(partial).not.toBeNull();
    const [done, planned] = [Number(partial![1]), Number(partial![2])];
    expect(done).toBeGreaterThan(0);
    expect(planned).toBeGreaterThan(done);
    // The finished cases are in the table: the cart cases, refused by this merchant.
    expect(r.stdout).toMatch(/GetCheckoutCartInfo/);
    const runs = readdirSync(join(cwd, '.xborder/runs'));
    expect(runs).toHaveLength(1);
    const report = JSON.parse(readFileSync(join(cwd, '.xborder/runs', runs[0]!, 'report.json'), 'utf8')) as { partial: { signal: string; casesDone: number }; cases: unknown[] };
    expect(report.partial).toMatchObject({ signal: 'SIGINT', casesDone: done });
    expect(report.cases).toHaveLength(done);
    // The requests the merchant kept waiting are in the report, each errored with how long it waited,
    // and each has its reproduce.sh in the run folder.
    const waited = (report.cases as { endpoint: string; variant: string; checks: { id: string; status: string; findings: { message: string }[] }[] }[]).filter((c) => c.checks.some((k) => /^interrupted while waiting \d+ s/.test(k.findings[0]?.message ?? '')));
    expect(waited.length).toBeGreaterThan(0);
    for (const c of waited) expect(c).toMatchObject({ endpoint: 'SendOrderToMerchant', checks: [{ id: 'reachable', status: 'errored' }] });
    expect(r.stdout).toMatch(/interrupted while waiting \d+ s/);
    const scripts = readdirSync(join(cwd, '.xborder/runs', runs[0]!, 'cases')).filter((f) => f.includes('SendOrderToMerchant'));
    expect(scripts.length).toBeGreaterThanOrEqual(waited.length);
    expect(readFileSync(join(cwd, 'j.xml'), 'utf8')).toContain(`name="xborder.partial" value="interrupted (SIGINT) after ${done} of ${planned} cases`);
    expect(readFileSync(join(cwd, 'r.html'), 'utf8')).toContain('this report is partial');
    // Stopped sending: no request reached the merchant after the signal (one sent just before it may
    // be read late by this test process on a loaded machine: a second of slack).
    expect(arrivals.filter((a) => a.at > r.signalledAt + 1000)).toEqual([]);
  }, 90_000);

  it('SIGTERM with --json: one JSON document with the finished cases and `partial`, exit 130', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'xb-interrupt-'));
    const r = await runAndInterrupt(['check', '--json', '--merchant-url', url, '--no-save'], cwd, 'SIGTERM');
    expect(r.code).toBe(130);
    const doc = JSON.parse(r.stdout) as { partial: { signal: string; casesDone: number; casesPlanned: number }; cases: unknown[] };
    expect(doc.partial.signal).toBe('SIGTERM');
    expect(doc.cases).toHaveLength(doc.partial.casesDone);
    expect(existsSync(join(cwd, '.xborder'))).toBe(false);
  }, 90_000);
});
