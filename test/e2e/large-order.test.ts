/**
 * End to end: the large order (case order-large, check accepts-large-order) from the built CLI.
 * A merchant behind a body limit below it (a framework persona fronted by an express.json()-like
 * 100 kB limit that answers 413, or a server that cuts the upload) fails accepts-large-order, and only
 * it; the same merchant with a 2 MB limit passes; the reference merchant's body-limit fault is
 * caught; --large-order-bytes sets the size, and 0 leaves the case out.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkJson, storeProject } from '../helpers/store-project.js';
import { merchantConfig } from '../helpers/merchant-config.js';
import { runCli } from '../helpers/run-cli.js';
import { startFramework } from '../personas/frameworks.js';
import type { PersonaHandle, PersonaOptions } from '../personas/common.js';
import { startMockMerchant, type MockMerchantServer } from '../../src/mock/merchant/server.js';

const GUID = '3e7b1d52-8c4a-4f19-a6d0-5b2e9c7f1a84';
const AUTH = { mode: 'header' as const, name: 'X-Api-Key', value: 'lo-Key-8e41c0' };

interface Check { id: string; status: string; findings: { message: string; actual?: unknown; severity?: string }[] }
interface Case { endpoint: string; variant: string; request: { bodyBytes?: number }; response?: { status: number }; cart?: { origin: string }; checks: Check[] }
interface Report { cases: Case[] }

const running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.close()));
});

/** The Spring Boot persona (conforming: a run against it passes) behind `bodyLimit`, checked as its user would. */
async function checkBehind(bodyLimit: PersonaOptions['bodyLimit'], args: string[] = []): Promise<{ code: number | null; report: Report }> {
  const handle: PersonaHandle = await startFramework('spring', { merchantGUID: GUID, auth: AUTH, bodyLimit });
  running.push(handle);
  const dir = storeProject(handle.url, { guid: GUID, auth: [AUTH], cartMethods: ['GET'], timeoutMs: 10_000 });
  const { code, report } = await checkJson<Report>(dir, ['--no-save', ...args]);
  return { code, report };
}

const large = (report: Report) => report.cases.find((c) => c.endpoint === 'SendOrderToMerchant' && c.variant === 'order-large');
const notPassed = (report: Report) => report.cases.flatMap((c) => c.checks.filter((k) => k.status === 'failed' || k.status === 'errored').map((k) => `${c.endpoint} ${c.variant}: ${k.id} ${k.status}`));

/** The refusal names the size and every common stack's limit. */
function expectRefusalFinding(check: Check | undefined, words: RegExp): void {
  expect(check?.status).toBe('failed');
  const message = check!.findings[0]!.message;
  expect(message).toMatch(words);
  expect(message).toMatch(/the 1,100,00\d-byte \(1\.05 MiB\) order/);
  for (const limit of ['express.json() limit', 'nginx client_max_body_size', 'Next.js API bodyParser.sizeLimit', 'maxRequestLength', 'PHP post_max_size']) expect(message).toContain(limit);
}

describe('the large order (order-large, accepts-large-order)', () => {
  it('a merchant behind a 100 kB limit that answers 413 fails accepts-large-order, once, and nothing else', async () => {
    const { code, report } = await checkBehind({ bytes: 100 * 1024, refuse: '413' });
    expect(notPassed(report)).toEqual(['SendOrderToMerchant order-large: accepts-large-order failed']);
    expect(code).toBe(1);
    const order = large(report)!;
    expect(order.response?.status).toBe(413);
    // On a cart the store issued, like every order of the run.
    expect(order.cart?.origin).toBe('command');
    expect(report.cases.some((c) => c.endpoint === 'GetCheckoutCartInfo' && c.variant === 'for order-large')).toBe(true);
    // The size on the wire is part of the case.
    expect(order.request.bodyBytes).toBeGreaterThanOrEqual(1_100_000);
    expect(order.request.bodyBytes).toBeLessThanOrEqual(1_100_003);
    expectRefusalFinding(order.checks.find((k) => k.id === 'accepts-large-order'), /refused with HTTP 413 Payload Too Large \(an HTML page "Error"\)/);
    // One problem, one failed row: no status-200 or order-accepted repeating it.
    expect(order.checks.filter((k) => k.status !== 'passed').map((k) => k.id)).toEqual(['accepts-large-order']);
  }, 120_000);

  it('a merchant that cuts the connection mid-upload fails accepts-large-order (the merchant refused), not "unreachable"', async () => {
    const { code, report } = await checkBehind({ bytes: 100 * 1024, refuse: 'reset' });
    expect(notPassed(report)).toEqual(['SendOrderToMerchant order-large: accepts-large-order failed']);
    expect(code).toBe(1);
    const order = large(report)!;
    expect(order.response).toBeUndefined();
    expectRefusalFinding(order.checks.find((k) => k.id === 'accepts-large-order'), /the connection was closed while the 1,100,00\d-byte \(1\.05 MiB\) order was being sent/);
    expect(order.checks.find((k) => k.id === 'reachable')).toBeUndefined();
  }, 120_000);

  it('the same merchant behind a 2 MB limit passes, and the case says the size it accepted', async () => {
    const { code, report } = await checkBehind({ bytes: 2_000_000, refuse: '413' });
    expect(notPassed(report)).toEqual([]);
    expect(code).toBe(0);
    const check = large(report)!.checks.find((k) => k.id === 'accepts-large-order')!;
    expect(check.status).toBe('passed');
    expect(check.findings[0]).toMatchObject({ severity: 'info', message: expect.stringMatching(/^the 1,100,00\d-byte \(1\.05 MiB\) order was accepted$/), actual: large(report)!.request.bodyBytes });
  }, 120_000);

  it('--large-order-bytes N sets the size, and 0 leaves the case out', async () => {
    const small = await checkBehind({ bytes: 100 * 1024, refuse: '413' }, ['--large-order-bytes', '90000']);
    expect(notPassed(small.report)).toEqual([]);
    expect(large(small.report)!.request.bodyBytes).toBeGreaterThanOrEqual(90_000);
    expect(large(small.report)!.request.bodyBytes).toBeLessThanOrEqual(90_003);
    const none = await checkBehind({ bytes: 100 * 1024, refuse: '413' }, ['--large-order-bytes', '0']);
    expect(none.code).toBe(0);
    expect(large(none.report)).toBeUndefined();
    expect(none.report.cases.flatMap((c) => c.checks).some((k) => k.id === 'accepts-large-order')).toBe(false);
  }, 120_000);

  it('a bad --large-order-bytes is a usage error (exit 2), before anything is sent', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xb-large-'));
    const result = await runCli(['check', '--merchant-url', 'http://127.0.0.1:9', '--large-order-bytes', '1mb'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--large-order-bytes: expected a whole number from 0 to 104857600, got "1mb"');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('the reference merchant with --fault body-limit fails accepts-large-order with its 413, and passes the usual orders', async () => {
    const config = merchantConfig({ auth: [{ mode: 'none' }] });
    const merchant: MockMerchantServer = await startMockMerchant({ config, fault: 'body-limit' });
    running.push(merchant);
    const dir = mkdtempSync(join(tmpdir(), 'xb-large-'));
    writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({ merchantGUID: config.merchantGUID, merchant: { baseUrl: merchant.url, cartToken: config.merchant.cartToken, cartMethods: ['GET'] }, auth: [{ mode: 'none' }], timeoutMs: 10_000 }));
    const result = await runCli(['check', '--json', '--no-save'], { cwd: dir, timeoutMs: 120_000 });
    const report = JSON.parse(result.stdout) as Report;
    expect(notPassed(report)).toEqual(['SendOrderToMerchant order-large: accepts-large-order failed']);
    expect(result.code).toBe(1);
    // Refused whatever the cart: the large order names a synthetic one here, and a 413 is about the size.
    expect(large(report)!.cart?.origin).toBe('synthetic');
    expectRefusalFinding(large(report)!.checks.find((k) => k.id === 'accepts-large-order'), /HTTP 413/);
  }, 120_000);
});
