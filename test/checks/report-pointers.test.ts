/** End to end: a failed check points to its page in the table, JSON, JUnit and HTML reports. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { defaultConfig } from '../../src/config/defaults.js';
import { startMockMerchant, type MockMerchantServer } from '../../src/mock/merchant/server.js';

let merchant: MockMerchantServer;
let dir: string;
beforeAll(async () => {
  const config = defaultConfig();
  config.auth = [{ mode: 'none' }];
  // A merchant that takes another merchant's GUID: guid-enforced fails.
  merchant = await startMockMerchant({ config, fault: 'guid-ignored' });
  dir = mkdtempSync(join(tmpdir(), 'xb-pointers-'));
  writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({ merchant: { baseUrl: merchant.url }, auth: [{ mode: 'none' }] }));
});
afterAll(async () => merchant.close());

interface Report { cases: { checks: { id: string; status: string; docs?: string }[] }[] }

describe('reports point a failure to its page', () => {
  it('table: the failure detail says see: xborder checks ID; JUnit and HTML carry the same pointer', async () => {
    const result = await runCli(['check', '--no-save', '--checks', 'guid-enforced', '--junit', join(dir, 'r.xml'), '--html', join(dir, 'r.html')], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^ {2}see: xborder checks guid-enforced$/m);
    const junit = readFileSync(join(dir, 'r.xml'), 'utf8');
    const failures = [...junit.matchAll(/<failure[^>]*>([^<]*)<\/failure>/g)].map((m) => m[1]!);
    expect(failures.length).toBeGreaterThan(0);
    for (const text of failures) expect(text).toContain('see: xborder checks guid-enforced (docs/checks/guid-enforced.md)');
    const html = readFileSync(join(dir, 'r.html'), 'utf8');
    expect(html).toContain('<code>xborder checks guid-enforced</code> (<code>docs/checks/guid-enforced.md</code>)');
  });

  it('JSON: every check result carries docs, the path of its page', async () => {
    const result = await runCli(['check', '--no-save', '--json', '--checks', 'guid-enforced'], { cwd: dir });
    expect(result.code).toBe(1);
    const checks = (JSON.parse(result.stdout) as Report).cases.flatMap((c) => c.checks);
    expect(checks.some((k) => k.status === 'failed')).toBe(true);
    for (const k of checks) expect(k.docs).toBe(`docs/checks/${k.id}.md`);
  });

  it('validate: the table ends with the pages of the checks that failed; JSON gives docs to each check that did not pass', async () => {
    const file = join(dir, 'cart.json');
    writeFileSync(file, JSON.stringify({ productsList: [{ ProductCode: 'SKU-1', OrderedQuantity: 1 }], currencyCode: 'XYZ', CountryCode: 'DE' }));
    const table = await runCli(['validate', '--as', 'cart', file]);
    expect(table.code).toBe(1);
    expect(table.stdout).toMatch(/^see: xborder checks iso-codes$/m);
    const json = await runCli(['validate', '--as', 'cart', '--json', file]);
    const checks = (JSON.parse(json.stdout) as Report).cases.flatMap((c) => c.checks);
    expect(checks.find((k) => k.id === 'iso-codes')).toMatchObject({ status: 'failed', docs: 'docs/checks/iso-codes.md' });
    expect(checks.filter((k) => k.status === 'passed').every((k) => k.docs === undefined)).toBe(true);
  });
});
