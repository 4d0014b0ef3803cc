/** End to end: under GitHub Actions, a job summary in GITHUB_STEP_SUMMARY and one annotation per failed check. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { defaultConfig } from '../../src/config/defaults.js';
import { startMockMerchant, type MockMerchantServer } from '../../src/mock/merchant/server.js';

const KEY = 'gh-Secret-41d9';
let merchant: MockMerchantServer;
let dir: string;
beforeAll(async () => {
  const config = defaultConfig();
  config.auth = [{ mode: 'header', name: 'X-Key', value: KEY }];
  merchant = await startMockMerchant({ config, fault: 'guid-ignored' });
  dir = mkdtempSync(join(tmpdir(), 'xb-gh-'));
  writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({ merchant: { baseUrl: merchant.url }, auth: [{ mode: 'header', name: 'X-Key', value: KEY }] }));
});
afterAll(async () => merchant.close());

describe('GitHub Actions', () => {
  it('appends a job summary and prints one ::error annotation per failed check, masked', async () => {
    const summary = join(dir, 'summary.md');
    writeFileSync(summary, '# earlier step\n');
    const result = await runCli(['check', '--no-save'], { cwd: dir, env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary } });
    expect(result.code).toBe(1);
    const text = readFileSync(summary, 'utf8');
    expect(text.startsWith('# earlier step\n')).toBe(true);
    expect(text).toContain('## xborder check: ❌ failed');
    expect(text).toMatch(/\| SendOrderToMerchant \| wrong-merchant-guid(?: \(synthetic cart\))? \| header \| guid-enforced \| failed \| accepted a request with a wrong MerchantGUID/);
    const annotations = result.stdout.split('\n').filter((l) => l.startsWith('::error '));
    expect(annotations.length).toBe(1);
    expect(annotations[0]).toMatch(/^::error title=xborder guid-enforced::\w+ .*wrong-merchant-guid(?: \(synthetic cart\))? \[auth header\]: accepted a request/);
    expect(result.stdout + text).not.toContain(KEY);
  });

  it('--github works outside GitHub Actions; with --json the annotations go to stderr', async () => {
    const result = await runCli(['check', '--no-save', '--github', '--json'], { cwd: dir });
    expect(() => JSON.parse(result.stdout)).not.toThrow();
    expect(result.stderr).toContain('::error title=xborder guid-enforced::');
  });

  it('nothing GitHub-specific without GITHUB_ACTIONS or --github', async () => {
    const result = await runCli(['check', '--no-save'], { cwd: dir });
    expect(result.stdout).not.toContain('::error');
  });
});
