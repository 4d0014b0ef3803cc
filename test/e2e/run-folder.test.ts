/**
 * End to end: the run folder. A failing check saves report.json and, per failed case, the request,
 * the response and a reproduce.sh that reproduces the failure with curl, credentials from the
 * environment and nothing secret on disk; `xborder runs` lists runs; `--last-failed` reruns only the
 * failed cases; `--no-save` and `--out` do what they say.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder } from '../helpers/files-under.js';
import { runCli } from '../helpers/run-cli.js';
import { defaultConfig } from '../../src/config/defaults.js';
import { startMockMerchant, type MockMerchantServer } from '../../src/mock/merchant/server.js';

const KEY = 'folder-Secret-7f3a91';
const PASSWORD = 'folder-Pass-2b8c';
let merchant: MockMerchantServer;
let dir: string;

beforeAll(async () => {
  const config = defaultConfig();
  config.auth = [{ mode: 'header', name: 'X-Merchant-Key', value: KEY }, { mode: 'basic', username: 'platform', password: PASSWORD }];
  merchant = await startMockMerchant({ config, fault: 'order-duplicate' });
  dir = mkdtempSync(join(tmpdir(), 'xb-folder-'));
  writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({
    merchant: { baseUrl: merchant.url },
    auth: [{ mode: 'header', name: 'X-Merchant-Key', value: '${XB_KEY}' }, { mode: 'basic', username: 'platform', password: '${XB_PASSWORD}' }],
    timeoutMs: 5000,
  }));
});
afterAll(async () => merchant.close());

const ENV = { XB_KEY: KEY, XB_PASSWORD: PASSWORD };
const run = promisify(execFile);
const runsIn = (d: string) => (existsSync(join(d, '.xborder/runs')) ? readdirSync(join(d, '.xborder/runs')).sort() : []);

describe('the run folder', () => {
  it('saves the reports and a reproduction per failed case, with no secret in any file', async () => {
    const result = await runCli(['check'], { cwd: dir, env: ENV });
    expect(result.code).toBe(1);
    const [run] = runsIn(dir);
    expect(run).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$/);
    expect(result.stderr).toContain(`Run saved to .xborder/runs/${run}`);
    const root = join(dir, '.xborder/runs', run!);
    const report = JSON.parse(readFileSync(join(root, 'report.json'), 'utf8')) as { summary: { failed: number } };
    expect(report.summary.failed).toBe(2);
    const html = readFileSync(join(root, 'report.html'), 'utf8');
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('idempotent-redelivery');
    const scripts = filesUnder(root).map((f) => join(root, f)).filter((f) => f.endsWith('reproduce.sh'));
    expect(scripts.length).toBe(2);
    // The table points at the script instead of printing a long curl.
    expect(result.stdout).toMatch(/reproduce: sh \.xborder\/runs\/.*\/reproduce\.sh/);
    for (const file of filesUnder(root).map((f) => join(root, f))) {
      const text = readFileSync(file, 'utf8');
      for (const secret of [KEY, PASSWORD, Buffer.from(`platform:${PASSWORD}`).toString('base64')]) expect(text, file).not.toContain(secret);
    }
    const basic = scripts.find((s) => s.includes('-basic'))!;
    expect(readFileSync(basic, 'utf8')).toContain('-u "platform:${XB_PASSWORD}"');
    expect(statSync(basic).mode & 0o111).not.toBe(0);
  });

  it('reproduce.sh reproduces the failure against the merchant: curl succeeds with the same status', async () => {
    const root = join(dir, '.xborder/runs', runsIn(dir)[0]!);
    const script = filesUnder(root).map((f) => join(root, f)).find((f) => f.endsWith('reproduce.sh') && f.includes('-header'))!;
    const response = readFileSync(join(script, '../response.txt'), 'utf8');
    // Asynchronously: the merchant answering it lives in this very process.
    const { stdout: out } = await run('sh', [script], { env: { ...process.env, XB_KEY: KEY }, encoding: 'utf8' });
    expect(out.split('\r\n')[0]).toBe(`HTTP/1.1 ${/^HTTP (\d+)/.exec(response)![1]} OK`);
    // The re-delivered order made yet another order: the duplicate the check caught.
    expect(out).toMatch(/"InternalOrderId":"\d+"/);
    // Without the credential in the environment the script stops and says which variable to set.
    const missing = await run('sh', [script], { env: { PATH: process.env.PATH }, encoding: 'utf8' }).then(() => undefined, (error: { code: number; stderr: string }) => error);
    expect(missing?.code).not.toBe(0);
    expect(missing?.stderr).toContain('XB_KEY');
  });

  it('xborder runs lists it; --last-failed reruns only the failed cases', async () => {
    const listed = await runCli(['runs', '--json'], { cwd: dir });
    const runs = JSON.parse(listed.stdout) as { name: string; failed: string[] }[];
    expect(runs[0]!.failed.sort()).toEqual(['SendOrderToMerchant|redelivery|basic', 'SendOrderToMerchant|redelivery|header']);
    const rerun = await runCli(['check', '--last-failed', '--json'], { cwd: dir, env: ENV });
    const report = JSON.parse(rerun.stdout) as { cases: { endpoint: string; variant: string; authMode: string }[] };
    expect(report.cases.map((c) => `${c.variant} ${c.authMode}`).sort()).toEqual(['redelivery basic', 'redelivery header']);
    expect(rerun.code).toBe(1);
    expect(runsIn(dir)).toHaveLength(2);
    const table = await runCli(['runs'], { cwd: dir });
    expect(table.stdout).toContain('2 saved runs, each in .xborder/runs/RUN; the newest has 2 failed or errored cases');
  });

  it('--html FILE writes the self-contained report there, masked', async () => {
    const result = await runCli(['check', '--no-save', '--html', 'out.html'], { cwd: dir, env: ENV });
    expect(result.code).toBe(1);
    const html = readFileSync(join(dir, 'out.html'), 'utf8');
    expect(html).toContain('SendOrderToMerchant');
    expect(html).not.toContain(KEY);
    expect(html).not.toContain(Buffer.from(`platform:${PASSWORD}`).toString('base64'));
  });

  it('--no-save writes nothing; --out writes where asked and refuses a folder in use', async () => {
    const other = mkdtempSync(join(tmpdir(), 'xb-folder-'));
    writeFileSync(join(other, 'xborder.config.json'), readFileSync(join(dir, 'xborder.config.json')));
    await runCli(['check-cart', '--no-save'], { cwd: other, env: ENV });
    expect(runsIn(other)).toEqual([]);
    const saved = await runCli(['check', '--out', 'here', '--json'], { cwd: other, env: ENV });
    expect(existsSync(join(other, 'here/report.json'))).toBe(true);
    expect(saved.stderr).not.toContain('Run saved');
    const again = await runCli(['check', '--out', 'here'], { cwd: other, env: ENV });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('--out here: the directory is not empty');
  });

  it('--last-failed without a saved run is a usage error', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'xb-folder-'));
    writeFileSync(join(empty, 'xborder.config.json'), readFileSync(join(dir, 'xborder.config.json')));
    const result = await runCli(['check', '--last-failed'], { cwd: empty, env: ENV });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('no saved run');
  });
});
