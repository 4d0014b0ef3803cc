/**
 * `--quiet` prints the failing and errored rows, their details and the summary only; the skipped
 * checks are explained in one line grouped by reason, with the count the summary gives.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../../src/model.js';
import { startMockMerchant, type MockMerchantServer } from '../../src/mock/merchant/server.js';
import { merchantConfig } from '../helpers/merchant-config.js';
import { runCli } from '../helpers/run-cli.js';

const GUID = 'a1b2c3d4-0000-4000-8000-00000000abd1';
let merchant: MockMerchantServer;
let dir: string;

beforeAll(async () => {
  const server = merchantConfig({ guid: GUID, cartToken: 'cart-token-0004', auth: [{ mode: 'none' }] });
  merchant = await startMockMerchant({ config: server, fault: 'order-duplicate' });
  dir = mkdtempSync(join(tmpdir(), 'xb-quiet-'));
  writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({ merchantGUID: GUID, merchant: { baseUrl: merchant.url, cartMethods: ['GET', 'POST'], cartToken: 'cart-token-0004' }, auth: [{ mode: 'none' }], timeoutMs: 5000 }));
});
afterAll(async () => {
  await merchant.close();
});

describe('--quiet', () => {
  it('prints failing rows, their details, the summary and one line on the skips', async () => {
    const json = await runCli(['check', '--no-save', '--json'], { cwd: dir, timeoutMs: 120_000 });
    const run = JSON.parse(json.stdout) as RunResult;
    expect(run.summary.skipped).toBeGreaterThan(0);
    const quiet = await runCli(['--quiet', 'check', '--no-save'], { cwd: dir, timeoutMs: 120_000 });
    expect(quiet.code).toBe(1);
    const rows = quiet.stdout.split('\n').filter((l) => /^│/.test(l) && !/│ case /.test(l));
    const results = rows.map((l) => l.split('│')[4]!.trim()).filter(Boolean);
    expect(results.length).toBeGreaterThan(0);
    expect(new Set(results)).toEqual(new Set(['FAIL']));
    expect(quiet.stdout).toMatch(/│ idempotent-redelivery +│ none +│ FAIL/);
    expect(quiet.stdout).toContain('FAIL idempotent-redelivery: /ResponseInfo/InternalOrderId');
    const lines = quiet.stdout.trimEnd().split('\n');
    const skipped = run.summary.skipped;
    // The summary, then the one line on the skips (the same count), and nothing after.
    expect(lines.at(-2)).toMatch(new RegExp(`, ${skipped} skipped in \\d+ cases$`));
    expect(lines.at(-1)).toMatch(new RegExp(`^${skipped} checks? skipped: `));
    expect(lines.at(-1)).toMatch(/\b2 need real carts \(merchant\.carts or merchant\.newCart\)/);
    expect(lines.at(-1)).toMatch(/\b3 prove nothing when auth lists "none"/);
    const counted = [...lines.at(-1)!.matchAll(/(?:: |, )(\d+) /g)].reduce((n, m) => n + Number(m[1]), 0);
    expect(counted).toBe(skipped);
    expect(quiet.stdout).not.toMatch(/│ (pass|skip|warn) +│/);
    expect(quiet.stdout).not.toContain('could not be judged: the merchant refused orders on synthetic carts');
  }, 150_000);
});
