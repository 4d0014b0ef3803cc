/** End to end: `xborder checks` and --checks / --exclude-checks on a merchant run. */
import { mkdtempSync, writeFileSync } from 'node:fs';
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
  config.auth = [{ mode: 'header', name: 'X-Key', value: 'sel-Secret-1' }];
  merchant = await startMockMerchant({ config, fault: 'guid-ignored' });
  dir = mkdtempSync(join(tmpdir(), 'xb-select-'));
  writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({ merchant: { baseUrl: merchant.url }, auth: [{ mode: 'header', name: 'X-Key', value: 'sel-Secret-1' }] }));
});
afterAll(async () => merchant.close());

interface Report { cases: { variant: string; checks: { id: string; status: string }[] }[] }

describe('check selection', () => {
  it('xborder checks lists every id (table and --json)', async () => {
    const table = await runCli(['checks']);
    expect(table.code).toBe(0);
    // The proves column wraps between words at 120 columns: its first line.
    expect(table.stdout).toMatch(/│ guid-enforced\s+│ merchant\s+│ a request naming another merchant's/);
    const json = JSON.parse((await runCli(['checks', '--json'])).stdout) as { id: string }[];
    expect(json.some((c) => c.id === 'cart-bundles')).toBe(true);
  });

  it('--checks reports only those checks, and sends only what judges them', async () => {
    const result = await runCli(['check', '--json', '--checks', 'guid-enforced'], { cwd: dir });
    const report = JSON.parse(result.stdout) as Report;
    expect(new Set(report.cases.flatMap((c) => c.checks.map((k) => k.id)))).toEqual(new Set(['guid-enforced']));
    expect(report.cases.every((c) => c.variant.includes('wrong-merchant-guid'))).toBe(true);
    expect(result.code).toBe(1);
  });

  it('--exclude-checks leaves a failing check out: the run passes', async () => {
    const result = await runCli(['check', '--json', '--exclude-checks', 'guid-enforced'], { cwd: dir });
    const report = JSON.parse(result.stdout) as Report;
    expect(report.cases.some((c) => c.checks.some((k) => k.id === 'guid-enforced'))).toBe(false);
    expect(result.code).toBe(0);
  });

  it('an unknown id is exit 2 naming the closest one', async () => {
    const result = await runCli(['check', '--checks', 'guid-enforce'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Did you mean guid-enforced?');
  });
});
