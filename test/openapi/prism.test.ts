/**
 * Peers read the exported OpenAPI document as xborder judges: Stoplight Prism (the devDependency,
 * a real process) mocks a merchant from `xborder openapi` in dynamic mode, and every answer it
 * draws passes `check`; as a validating proxy between `check` and the reference merchant it finds
 * no violation. Before the document stated the rules that tie a field to the status or to another
 * field, Prism's answers failed order-accepted, error-status, response-outcome, response-payment,
 * cart-loyalty-points and cart-quantities-prices.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_CART_TOKEN, SAMPLE_MERCHANT_GUID } from '../../src/config/defaults.js';
import { startMockMerchant, type MockMerchantServer } from '../../src/mock/merchant/server.js';
import { merchantConfig } from '../helpers/merchant-config.js';
import { runCli } from '../helpers/run-cli.js';
import { startPrism, type Prism } from '../helpers/prism.js';

/**
 * The checks a mock drawing each answer on its own cannot pass, whatever the document says: they
 * compare answers (a redelivery, an update, a second order on a cart), judge how a request is
 * refused (a stateless mock answers the invalid order, the wrong GUID and the missing credentials
 * as any other), tie the answer to the request's body (payment-fields: only when PaymentDetails
 * were sent, which OpenAPI cannot say), or name one item of the cart from another
 * (ParentCartItemId, ProductCartItemId: JSON Schema cannot say "equals another item's CartItemId").
 */
const NOT_ONE_ANSWER = ['idempotent-redelivery', 'update-same-order', 'rejects-invalid-order', 'guid-enforced', 'auth-enforced', 'payment-fields', 'cart-child-items', 'discount-targets'];

/** Merchants of the `--all` run, each one `check` of the mock: 12 give over 200 answers. */
const MERCHANTS = 12;

interface AllReport { merchants: { name: string; exitCode: number; summary: { passed: number; failed: number; errored: number }; failedChecks: unknown[]; erroredChecks: unknown[] }[] }

let dir: string;
let documentFile: string;
const started: Prism[] = [];
let merchant: MockMerchantServer | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'xb-prism-'));
  const exported = await runCli(['openapi'], { cwd: dir });
  expect(exported.code, exported.stderr).toBe(0);
  documentFile = join(dir, 'merchant-openapi.json');
  writeFileSync(documentFile, exported.stdout);
});

afterAll(async () => {
  await Promise.all(started.map((p) => p.stop()));
  await merchant?.close();
});

/** The statuses Prism answered with, one per answer, from its log. */
function answered(log: string): number[] {
  return [...log.matchAll(/> Responding with "(\d{3})"/g)].map((m) => Number(m[1]));
}

/** A project folder whose config points at `url` (auth none, GET and POST carts), with `extra` keys. */
function project(name: string, url: string, extra: Record<string, unknown> = {}): string {
  const path = mkdtempSync(join(dir, `${name}-`));
  writeFileSync(join(path, 'xborder.config.json'), JSON.stringify({ merchantGUID: SAMPLE_MERCHANT_GUID, auth: [{ mode: 'none' }], merchant: { baseUrl: url, cartToken: SAMPLE_CART_TOKEN, cartMethods: ['GET', 'POST'] }, ...extra }));
  return path;
}

describe('Prism reads the exported document as xborder judges', () => {
  it('its dynamic mock answers pass check: 0 failures over at least 200 answers', async () => {
    const prism = await startPrism(['mock', '--dynamic', '--seed', 'xborder-36', documentFile]);
    started.push(prism);
    const merchants = Array.from({ length: MERCHANTS }, (_, i) => ({ name: `prism-${i}` }));
    const cwd = project('mock', prism.url, { merchants });
    const result = await runCli(['check', '--all', '--parallel', '4', '--no-save', '--json', '--exclude-checks', NOT_ONE_ANSWER.join(',')], { cwd, timeoutMs: 120_000 });
    const report = JSON.parse(result.stdout) as AllReport;
    expect(report.merchants).toHaveLength(MERCHANTS);
    for (const m of report.merchants) {
      expect({ name: m.name, failed: m.failedChecks, errored: m.erroredChecks }).toEqual({ name: m.name, failed: [], errored: [] });
      expect(m.summary.passed).toBeGreaterThan(0);
    }
    expect(result.code, result.stderr).toBe(0);
    const statuses = answered(prism.log());
    expect(statuses.length).toBeGreaterThanOrEqual(200);
  });

  it('as a validating proxy between check and the reference merchant it finds no violation', async () => {
    merchant = await startMockMerchant({ config: merchantConfig() });
    const prism = await startPrism(['proxy', documentFile, merchant.url]);
    started.push(prism);
    const cwd = project('proxy', prism.url);
    const result = await runCli(['check', '--no-save', '--json'], { cwd, timeoutMs: 120_000 });
    expect(result.code, result.stderr).toBe(0);
    const log = prism.log();
    // Every request went through Prism to the merchant, so "no violation" is about real traffic.
    expect([...log.matchAll(/Forwarding "(get|post)" request/g)].length).toBeGreaterThanOrEqual(20);
    expect(log.split('\n').filter((line) => /Violation/.test(line))).toEqual([]);
  });
});
