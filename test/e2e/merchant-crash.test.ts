/**
 * A bad day at the merchant, end to end: a merchant process that dies when two deliveries of one
 * order overlap (test/personas/crash-front.mjs, a real process in front of the reference store),
 * and a URL where nothing listens. The run keeps every verdict made before the crash, fails the
 * check whose copies took the merchant down, sends nothing more than a re-probe to a dead host, and
 * says so in one headline; nothing listening is a few lines and exit 3.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunResult } from '../../src/model.js';
import { startMockMerchant, type MockMerchantServer } from '../../src/mock/merchant/server.js';
import { merchantConfig } from '../helpers/merchant-config.js';
import { curlNewCart } from '../helpers/new-cart-curl.js';
import { ALLOW_COMMANDS } from '../helpers/store-project.js';
import { runCli } from '../helpers/run-cli.js';

const GUID = '6d0c2b1a-3e4f-4a5b-9c8d-7e6f5a4b3c2d';
const FRONT = fileURLToPath(new URL('../personas/crash-front.mjs', import.meta.url));

const stores: MockMerchantServer[] = [];
const fronts: ChildProcess[] = [];
afterEach(async () => {
  for (const f of fronts.splice(0)) f.kill('SIGKILL');
  await Promise.all(stores.splice(0).map((s) => s.close()));
});

/** The reference store, and the crashing merchant process in front of it: its URL and its exit. */
async function crashingMerchant(): Promise<{ url: string; exited: Promise<number | null> }> {
  const store = await startMockMerchant({ config: merchantConfig({ guid: GUID, cartMethods: ['GET'] }), store: true });
  stores.push(store);
  // Each order takes 500 ms to write: copies sent at once overlap even on a loaded machine.
  const child = spawn(process.execPath, [FRONT, store.url, '500'], { stdio: ['ignore', 'pipe', 'pipe'] });
  fronts.push(child);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').once('data', (d: string) => resolve(d.trim()));
    child.once('exit', () => reject(new Error('the merchant process exited before listening')));
  });
  return { url, exited };
}

/** A project whose config points at `url`, carts from `carts` (a newCart command, or a list). */
function project(url: string, carts: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'xb-crash-'));
  writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({
    merchantGUID: GUID,
    merchant: { baseUrl: url, cartMethods: ['GET'], countryCode: 'DE', currencyCode: 'EUR', ...carts },
    auth: [{ mode: 'none' }],
    timeoutMs: 5000,
  }));
  return dir;
}

/** A port where nothing listens: one the system handed out and took back. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  await new Promise((r) => server.close(r));
  return port;
}

type Check = RunResult['cases'][number]['checks'][number];
const checksOf = (run: RunResult, id: string): Check[] => run.cases.flatMap((c) => c.checks).filter((k) => k.id === id);

describe('a merchant that crashes when two deliveries of one order overlap', () => {
  it('newCart: exit 1, redelivery-concurrent failed, every verdict before the crash kept, one headline, the cart command\'s failure errors only its cases', async () => {
    const { url, exited } = await crashingMerchant();
    const dir = project(url, { newCart: { command: curlNewCart(`${url}/xborder/new-cart`) } });
    const table = await runCli(['check'], { cwd: dir, env: { COLUMNS: '80', ...ALLOW_COMMANDS }, timeoutMs: 120_000 });
    expect(await exited).toBe(2);
    expect(table.stderr).not.toMatch(/\n\s+at /);
    expect(table.code).toBe(1);
    // The headline is prose, wrapped to the width: read with its line breaks as spaces.
    const headline = table.stdout.replace(/\s+/g, ' ');
    expect(headline).toMatch(/The merchant stopped answering at \d\d:\d\d:\d\d UTC after \d+ answered requests/);
    expect(headline).toMatch(/It went down under redelivery-concurrent, which failed\./);
    // The run folder holds the same report: the verdicts judged before the crash are in it.
    const runs = join(dir, '.xborder/runs');
    const saved = JSON.parse(readFileSync(join(runs, readdirSync(runs)[0]!, 'report.json'), 'utf8')) as RunResult;
    expect(saved.stopped).toMatchObject({ answeredBefore: expect.any(Number), crashedUnder: ['redelivery-concurrent'] });
    expect(saved.stopped!.answeredBefore).toBeGreaterThan(3);
    expect(saved.stopped!.inFlight).toContain('order 4 deliveries at once [none]');
    const race = checksOf(saved, 'redelivery-concurrent');
    expect(race).toHaveLength(1);
    expect(race[0]).toMatchObject({ status: 'failed', findings: [{ message: expect.stringContaining('stopped answering while the copies were in flight') }] });
    // Verdicts made before the crash are kept as judged: the cart cases passed.
    const cart = saved.cases.find((c) => c.endpoint === 'GetCheckoutCartInfo' && c.variant === 'GET')!;
    expect(cart.checks.every((k) => k.status === 'passed')).toBe(true);
    // Whatever was not sent says why; nothing is failed but what the crash is blamed on.
    const failed = saved.cases.filter((c) => c.checks.some((k) => k.status === 'failed')).map((c) => c.variant);
    expect(failed).toEqual(['redelivery-concurrent']);
    const unsent = saved.cases.filter((c) => c.checks.some((k) => k.status === 'errored' && /^not (sent|judged): /.test(k.findings[0]?.message ?? '')));
    for (const c of unsent) expect(c.checks[0]!.findings[0]!.message).toMatch(/^not sent: the merchant stopped answering|^not judged: no cart for it: merchant\.newCart\.command exited with code \d+ after \d+ ms/);
  }, 150_000);

  it('merchant.carts and --checks redelivery-concurrent alone: exit 1, not a pass', async () => {
    const { url } = await crashingMerchant();
    const tokens: string[] = [];
    for (let i = 0; i < 12; i++) tokens.push((await (await fetch(`${url}/xborder/new-cart`, { method: 'POST' })).text()).trim());
    const dir = project(url, { carts: tokens });
    const result = await runCli(['check', '--json', '--no-save', '--checks', 'redelivery-concurrent'], { cwd: dir, timeoutMs: 120_000 });
    expect(result.code).toBe(1);
    const run = JSON.parse(result.stdout) as RunResult;
    expect(checksOf(run, 'redelivery-concurrent')).toMatchObject([{ status: 'failed' }]);
    expect(run.stopped?.crashedUnder).toEqual(['redelivery-concurrent']);
    expect(run.notices?.[0]).toMatch(/^The merchant stopped answering at /);
  }, 150_000);
});

describe('a URL where nothing listens', () => {
  it('at most 10 lines naming the URL, the error once and "is it running?"; exit 3; the JSON keeps every case', async () => {
    const url = `http://127.0.0.1:${await deadPort()}`;
    const dir = project(url, {});
    const result = await runCli(['check', '--no-save'], { cwd: dir, env: { COLUMNS: '80' }, timeoutMs: 120_000 });
    expect(result.code).toBe(3);
    const lines = `${result.stdout}${result.stderr}`.trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(10);
    expect(result.stdout).toContain(`Nothing answers at ${url}`);
    expect(result.stdout).toContain('Is it running?');
    expect(result.stdout.match(/ECONNREFUSED/g)).toHaveLength(1);
    const json = await runCli(['check', '--no-save', '--json'], { cwd: dir, timeoutMs: 120_000 });
    expect(json.code).toBe(3);
    const run = JSON.parse(json.stdout) as RunResult;
    expect(run.stopped).toMatchObject({ answeredBefore: 0, code: 'ECONNREFUSED', url });
    expect(run.summary.failed).toBe(0);
    expect(run.cases.length).toBeGreaterThan(10);
    expect(existsSync(join(dir, '.xborder'))).toBe(false);
    // A base URL with a key in its query: the headline names the URL without it (never the key).
    const keyed = project(`${url}/shop?apikey=sup3r-s3cret-k3y`, {});
    const withKey = await runCli(['check', '--no-save'], { cwd: keyed, env: { COLUMNS: '80' }, timeoutMs: 120_000 });
    expect(withKey.code).toBe(3);
    expect(withKey.stdout).toContain(`Nothing answers at ${url}/shop: connection refused`);
    expect(withKey.stdout + withKey.stderr).not.toContain('sup3r-s3cret-k3y');
    // A selection of checks that never got to be judged is no pass.
    const selected = await runCli(['check', '--no-save', '--json', '--checks', 'guid-enforced,status-200'], { cwd: dir, timeoutMs: 120_000 });
    expect(selected.code).toBe(3);
    expect((JSON.parse(selected.stdout) as RunResult).summary.errored).toBeGreaterThan(0);
  }, 150_000);
});
