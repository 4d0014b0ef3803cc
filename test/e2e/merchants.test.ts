/**
 * End to end: many merchants from one config. 20 entries of `merchants` point at four reference
 * merchants (a conforming one, one with the guid-ignored fault, one with its own GUID, paths and a
 * header key from a variable, and one that is not listening): `merchants --json`, `check --all`
 * (one summary, 20 run folders), `report merge` of those folders (the same summary), `--merchants
 * a,b`, `--merchant-index`, an unknown name, and a merchant whose variable is unset.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { runCli } from '../helpers/run-cli.js';
import { merchantConfig } from '../helpers/merchant-config.js';
import { startMockMerchant, type MockMerchantServer } from '../../src/mock/merchant/server.js';
import type { MerchantsSummary } from '../../src/report/merchants-summary.js';

const GUID_B = 'bbbbbbbb-1111-4c55-9d2b-3e8a6c1f0b77';
const KEY = 'mk-Secret-8472';
/** What every run of the test checks: a few checks, no large order, so 20 merchants stay quick. */
const SUBSET = ['--checks', 'guid-enforced,status-200,reachable', '--large-order-bytes', '0'];
const NAMES = Array.from({ length: 20 }, (_, i) => `m${String(i + 1).padStart(2, '0')}`);

let servers: MockMerchantServer[] = [];
let dir: string;
let down: string;

/** The entry of merchant `i`: round the four servers (the fourth is down). */
function entry(name: string, i: number): Record<string, unknown> {
  const [plain, guidIgnored, keyed] = servers;
  switch (i % 4) {
    case 0:
      return { name, merchant: { baseUrl: plain!.url } };
    case 1:
      return { name, merchant: { baseUrl: guidIgnored!.url } };
    case 2:
      return { name, merchantGUID: GUID_B, merchant: { baseUrl: keyed!.url, cartPath: '/shop/cart', orderPath: '/shop/order' }, auth: [{ mode: 'header', name: 'X-Key', value: '${MERCHANT_KEY}' }] };
    default:
      return { name, merchant: { baseUrl: down } };
  }
}

/** Every file under `root` (run folders), as text. */
function filesUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' }).map((f) => join(root, f)).filter((f) => statSync(f).isFile());
}

/** The run folders of each merchant, oldest first. */
function runFolders(name: string): string[] {
  const root = join(dir, '.xborder', 'runs', name);
  return existsSync(root) ? readdirSync(root).sort().map((r) => join('.xborder', 'runs', name, r)) : [];
}

const env = { MERCHANT_KEY: KEY, COLUMNS: '160' };

beforeAll(async () => {
  servers = [
    await startMockMerchant({ config: merchantConfig() }),
    await startMockMerchant({ config: merchantConfig(), fault: 'guid-ignored' }),
    await startMockMerchant({ config: { ...merchantConfig({ guid: GUID_B, auth: [{ mode: 'header', name: 'X-Key', value: KEY }] }), merchant: { ...merchantConfig().merchant, cartPath: '/shop/cart', orderPath: '/shop/order' } } }),
  ];
  // A port nothing listens on: a server started and closed.
  const closed = await startMockMerchant({ config: merchantConfig() });
  down = closed.url;
  await closed.close();
  dir = mkdtempSync(join(tmpdir(), 'xb-merchants-'));
  writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({ auth: [{ mode: 'none' }], merchants: NAMES.map(entry) }, null, 2));
  // A second file: one merchant's variable is unset.
  writeFileSync(join(dir, 'unset.json'), JSON.stringify({ merchants: [entry('ok', 0), { ...entry('needs-key', 2), auth: [{ mode: 'header', name: 'X-Key', value: '${UNSET_KEY}' }] }] }));
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

describe('many merchants', () => {
  it('merchants --json prints the names on one line, as a GitHub Actions matrix takes them; merchants prints one a line', async () => {
    const json = await runCli(['merchants', '--json'], { cwd: dir, env });
    expect(json.code).toBe(0);
    expect(json.stdout).toBe(`${JSON.stringify(NAMES)}\n`);
    const text = await runCli(['merchants'], { cwd: dir, env });
    expect(text.stdout.trimEnd().split('\n')).toEqual(NAMES);
  });

  it('check --all runs the 20 with bounded concurrency: one summary, 20 run folders, the worst exit code; report merge of the folders says the same', async () => {
    const first = await runCli(['check', '--all', '--parallel', '4', ...SUBSET, '--json', '--junit', 'all.xml', '--html', 'all.html'], { cwd: dir, env, timeoutMs: 180_000 });
    expect(first.stderr).not.toMatch(/MaxListeners|Error:/);
    const summary = JSON.parse(first.stdout) as MerchantsSummary;
    // m02, m06... fail guid-enforced; m04, m08... are down (could not judge): exit 1, the worst.
    expect(first.code).toBe(1);
    expect(summary.exitCode).toBe(1);
    expect(summary.totals).toEqual({ merchants: 20, passed: 10, failed: 5, errored: 5, notRun: 0, interrupted: 0 });
    expect(summary.merchants.map((m) => m.name).sort()).toEqual(NAMES);
    const byName = new Map(summary.merchants.map((m) => [m.name, m]));
    expect(byName.get('m02')).toMatchObject({ exitCode: 1, failedChecks: ['guid-enforced'], changes: { since: null } });
    expect(byName.get('m03')).toMatchObject({ exitCode: 0, failedChecks: [], erroredChecks: [] });
    expect(byName.get('m04')).toMatchObject({ exitCode: 3 });
    for (const name of NAMES) {
      const folders = runFolders(name);
      expect(folders).toHaveLength(1);
      expect(byName.get(name)!.run).toBe(folders[0]);
      expect(JSON.parse(readFileSync(join(dir, folders[0]!, 'report.json'), 'utf8')).merchant).toBe(name);
    }
    // The files: a JUnit suite per merchant, an HTML row per merchant linking its run's report.
    const xml = readFileSync(join(dir, 'all.xml'), 'utf8');
    expect(XMLValidator.validate(xml)).toBe(true);
    const suites = [new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml).testsuites.testsuite].flat() as { name: string }[];
    expect(suites.map((s) => s.name).sort()).toEqual(NAMES);
    const html = readFileSync(join(dir, 'all.html'), 'utf8');
    for (const name of NAMES) {
      const link = new RegExp(`<a href="(\\./)?(${runFolders(name)[0]!.replace(/\./g, '\\.')}/report\\.html)">${name}</a>`).exec(html);
      expect(link, name).not.toBeNull();
      expect(existsSync(join(dir, link![2]!))).toBe(true);
    }
    // The key the keyed merchants were sent never shows: not on the terminal, in the files or the run folders.
    for (const text of [first.stdout, first.stderr, xml, html, ...filesUnder(join(dir, '.xborder')).map((f) => readFileSync(f, 'utf8'))]) expect(text).not.toContain(KEY);

    const folders = NAMES.map((n) => runFolders(n)[0]!);
    const merged = await runCli(['report', 'merge', ...folders, '--json'], { cwd: dir, env });
    expect(merged.code).toBe(1);
    expect(merged.stdout).toBe(first.stdout);
    // A folder of merchants' folders stands for each one's newest run.
    expect((await runCli(['report', 'merge', '.xborder/runs', '--json'], { cwd: dir, env })).stdout).toBe(first.stdout);

    // Again, as a table: what changed since each merchant's previous run; merge of these folders prints the same table.
    const second = await runCli(['check', '--all', ...SUBSET], { cwd: dir, env, timeoutMs: 180_000 });
    expect(second.code).toBe(1);
    expect(second.stdout).toMatch(/│ m02 +│ \d+ +│ 1 +│ 0 +│ no change \(1 still failing\) +│ guid-enforced/);
    expect(second.stdout).toMatch(/│ m01 +│ \d+ +│ 0 +│ 0 +│ no change +│/);
    expect(second.stdout).toContain('20 merchants: 10 passed, 5 failed, 5 could not be judged.');
    expect(NAMES.every((n) => runFolders(n).length === 2)).toBe(true);
    const again = await runCli(['report', 'merge', ...NAMES.map((n) => runFolders(n)[1]!)], { cwd: dir, env });
    expect(again.code).toBe(1);
    expect(again.stdout).toBe(second.stdout);

    // The merchants' folders are no broken runs of the top level's.
    const runs = await runCli(['runs'], { cwd: dir, env });
    expect(runs.stdout).toContain('No saved runs');
    // --last-failed reruns each merchant's own failures: m02's guid-enforced case, nothing of m01's.
    const rerun = await runCli(['check', '--merchants', 'm01,m02', '--last-failed', ...SUBSET, '--json'], { cwd: dir, env });
    const rerunSummary = JSON.parse(rerun.stdout) as MerchantsSummary;
    expect(rerunSummary.merchants.map((m) => [m.name, m.cases, m.failedChecks])).toEqual([['m02', 1, ['guid-enforced']], ['m01', 0, []]]);
  }, 300_000);

  it('--merchants a,b runs just those; one name runs as check runs one merchant; --merchant-index picks by place', async () => {
    const before = NAMES.map((n) => runFolders(n).length);
    const two = await runCli(['check', '--merchants', 'm03,m06', ...SUBSET, '--json'], { cwd: dir, env });
    expect(two.code).toBe(1);
    const summary = JSON.parse(two.stdout) as MerchantsSummary;
    expect(summary.merchants.map((m) => m.name)).toEqual(['m06', 'm03']);
    const grew = NAMES.filter((n, i) => runFolders(n).length > before[i]!);
    expect(grew).toEqual(['m03', 'm06']);

    const one = await runCli(['check', '--merchant-index', '2', ...SUBSET, '--json'], { cwd: dir, env });
    expect(one.code).toBe(0);
    const report = JSON.parse(one.stdout) as { merchant: string; cases: { request: { url: string } }[] };
    expect(report.merchant).toBe('m03');
    expect(report.cases.every((c) => c.request.url.startsWith(servers[2]!.url) && /\/shop\/(cart|order)/.test(c.request.url))).toBe(true);
    expect(runFolders('m03')).toHaveLength(before[2]! + 2);
  }, 120_000);

  it('a name not in the list is a usage error with the closest names; so is an index past the end', async () => {
    const typo = await runCli(['check', '--merchants', 'm1,m02'], { cwd: dir, env });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/--merchants: "m1" is not in the merchants of xborder\.config\.json\. Did you mean/);
    expect(typo.stderr).not.toMatch(/\n\s+at /);
    const past = await runCli(['check', '--merchant-index', '20'], { cwd: dir, env });
    expect(past.code).toBe(2);
    expect(past.stderr).toContain('lists 20 merchants (indexes 0 to 19)');
  });

  it("a merchant whose variable is unset is not run, saying why; the others run, alone or together, and are listed", async () => {
    const result = await runCli(['--config', 'unset.json', 'check', '--all', ...SUBSET], { cwd: dir, env });
    expect(result.code).toBe(2);
    expect(result.stdout).toMatch(/│ needs-key +│ - +│ - +│ - +│ not run/);
    expect(result.stdout).toMatch(/needs-key not run: .*UNSET_KEY is not set/s);
    expect(result.stdout).toMatch(/│ ok +│ \d+ +│ 0 +│ 0 +│/);
    expect((await runCli(['--config', 'unset.json', 'check', '--merchants', 'ok', ...SUBSET], { cwd: dir, env })).code).toBe(0);
    expect((await runCli(['--config', 'unset.json', 'merchants'], { cwd: dir, env })).stdout).toBe('ok\nneeds-key\n');
  }, 120_000);
});
