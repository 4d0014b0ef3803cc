/**
 * `xborder gift-card validate`, the built CLI against the reference platform on 127.0.0.1 port 0,
 * a server answering garbage, a merchant-hosted URL, and nothing at all. The PIN must never appear.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../src/mock/running-server.js';
import { startMockPlatform } from '../../src/mock/platform/server.js';
import type { RunResult } from '../../src/model.js';
import { runCli, type CliResult } from '../helpers/run-cli.js';

const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';
const PIN = '4321';
let platform: RunningServer;
let garbage: RunningServer;
let merchantHosted: RunningServer;
let received: unknown[] = [];
let cwd: string;

const noPin = (r: CliResult) => {
  expect(r.stdout).not.toContain(PIN);
  expect(r.stderr).not.toContain(PIN);
};

beforeAll(async () => {
  cwd = mkdtempSync(join(tmpdir(), 'xborder-gc-'));
  platform = await startMockPlatform({ merchantGUID: GUID });
  garbage = await listen(createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"IsValid": tru');
  }));
  merchantHosted = await listen(createServer(async (req: IncomingMessage, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    received.push({ url: req.url, body: JSON.parse(body) });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ IsValid: true, Balance: 10, CurrencyCode: 'GBP', IsGlobalEGiftCard: false, ErrorCode: null, ErrorText: null }));
  }));
});
afterAll(async () => {
  await Promise.all([platform.close(), garbage.close(), merchantHosted.close()]);
});

const validate = (args: string[], env?: Record<string, string>) =>
  runCli(['gift-card', 'validate', '--platform-url', platform.url, ...args], { cwd, ...(env ? { env } : {}) });

describe('xborder gift-card validate', () => {
  it('shows a valid card with its balance and exits 0; the PIN is not printed, even with -v', async () => {
    const r = await validate(['--card-id', 'XB-GC-VALID-0001', '--pin', PIN, '--country', 'DE']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/card valid\s+│ yes/);
    expect(r.stdout).toMatch(/balance\s+│ 75\.50 EUR/);
    expect(r.stdout).toMatch(/bought from the platform\s+│ no/);
    expect(r.stdout).toMatch(/HTTP status\s+│ 200/);
    expect(r.stdout).toMatch(/9 passed, 0 failed/);
    noPin(r);
    const verbose = await runCli(['-v', 'gift-card', 'validate', '--platform-url', platform.url, '--card-id', 'XB-GC-VALID-0001', '--pin', PIN, '--country', 'DE'], { cwd });
    expect(verbose.code).toBe(0);
    expect(verbose.stdout).toContain('CardPin');
    noPin(verbose);
  });

  it('shows a zero balance as a conforming answer', async () => {
    const r = await validate(['--card-id', 'XB-GC-ZERO-0002', '--country', 'DE']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/balance\s+│ 0\.00 EUR/);
  });

  it('shows a card bought from the platform', async () => {
    const r = await validate(['--card-id', 'XB-GC-PLATFORM-0003', '--country', 'FR']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/balance\s+│ 120\.00 USD/);
    expect(r.stdout).toMatch(/bought from the platform\s+│ yes/);
  });

  it('treats an unknown card as a conforming answer (exit 0) and shows the error code and text', async () => {
    const r = await validate(['--card-id', 'XB-GC-UNKNOWN-9999', '--country', 'DE']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/card valid\s+│ no/);
    expect(r.stdout).toMatch(/error code\s+│ CARD_NOT_FOUND/);
    expect(r.stdout).toMatch(/error text\s+│ The gift card does not exist\./);
  });

  it('prints one JSON RunResult with one ValidateGiftCard case; the PIN is masked', async () => {
    const r = await runCli(['--json', 'gift-card', 'validate', '--platform-url', platform.url, '--card-id', 'XB-GC-VALID-0001', '--country', 'DE'], {
      cwd,
      env: { XBORDER_GIFT_CARD_PIN: PIN },
    });
    expect(r.code).toBe(0);
    const run = JSON.parse(r.stdout) as RunResult;
    expect(run.tool.name).toBe('xborder');
    expect(run.cases).toHaveLength(1);
    expect(run.cases[0]).toMatchObject({ endpoint: 'ValidateGiftCard', variant: 'XB-GC-VALID-0001', response: { status: 200 } });
    expect(run.summary).toMatchObject({ failed: 0, errored: 0 });
    expect(JSON.parse(run.cases[0]!.responseBody!)).toMatchObject({ IsValid: true, Balance: 75.5 });
    noPin(r);
  });

  it('fails (exit 1) when the platform refuses the merchant GUID, showing its ErrorInfo', async () => {
    const r = await validate(['--card-id', 'XB-GC-VALID-0001', '--pin', PIN, '--country', 'DE', '--merchant-guid', 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/platform error\s+│ 401 Unauthorized: The merchant GUID in the query parameter merchantGUID is not known/);
    expect(r.stdout).toMatch(/status-200.*FAIL/);
    expect(r.stdout).toMatch(/reproduce:\s+curl /);
    noPin(r);
  });

  it('fails (exit 1) on a malformed answer, naming where the JSON breaks', async () => {
    const r = await runCli(['gift-card', 'validate', '--url', `${garbage.url}/ValidateGiftCard`, '--card-id', 'X', '--pin', PIN, '--country', 'DE'], { cwd });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/json-body.*FAIL/);
    noPin(r);
  });

  it('exits 3 when the platform cannot be reached', async () => {
    const r = await runCli(['gift-card', 'validate', '--platform-url', 'http://127.0.0.1:1', '--card-id', 'X', '--pin', PIN, '--country', 'DE'], { cwd });
    expect(r.code).toBe(3);
    expect(r.stdout).toMatch(/reachable.*ERROR/);
    noPin(r);
  });

  it('posts the documented body to a merchant-hosted URL (--url) with MerchantCartToken', async () => {
    received = [];
    const r = await runCli(['gift-card', 'validate', '--url', `${merchantHosted.url}/validate-gift-card-url`, '--card-id', 'GC-1', '--pin', PIN, '--country', 'gb', '--cart-token', 'tok-1'], { cwd });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/balance\s+│ 10\.00 GBP/);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      url: `/validate-gift-card-url?merchantGUID=${GUID}`,
      body: { MerchantGUID: GUID, ShippingCountryCode: 'GB', CardFields: { CardId: 'GC-1', CardPin: PIN }, MerchantCartToken: 'tok-1' },
    });
    noPin(r);
  });

  it('takes giftCard.url and the GUID from the config file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xborder-gc-config-'));
    writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({ merchantGUID: GUID, giftCard: { url: `${platform.url}/ValidateGiftCard` } }));
    const r = await runCli(['gift-card', 'validate', '--card-id', 'XB-GC-ZERO-0002', '--country', 'DE'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/balance\s+│ 0\.00 EUR/);
  });

  it('is a usage error (exit 2) when a required flag is missing and there is no terminal', async () => {
    const r = await validate(['--country', 'DE']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/needs --card-id/);
    const bad = await validate(['--card-id', 'X', '--country', 'Germany']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--country/);
  });
});
