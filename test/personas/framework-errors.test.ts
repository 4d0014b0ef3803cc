/**
 * End to end: the built CLI against merchants built on ASP.NET Core, Spring Boot, Laravel and Django
 * REST framework (test/personas/frameworks.ts), conforming but refusing in their framework's own
 * error form. A refusal in that form is a refusal: the unknown cart answered 404 with ProblemDetails
 * or `{ "detail": "Not found." }` passes unknown-cart-refused (the order URL answered other orders, so
 * its 404 is no missing endpoint), and so do 400/409/422 refusals. A URL that never answers anything
 * but 404 is still a missing endpoint (errored).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { curlNewCart } from '../helpers/new-cart-curl.js';
import { ALLOW_COMMANDS } from '../helpers/store-project.js';
import { runCli } from '../helpers/run-cli.js';
import type { PersonaHandle } from './common.js';
import { startFramework, type Framework } from './frameworks.js';

const GUID = '9a4e1c27-5b3d-4f60-8e2a-7c1d0b9f3e58';
const KEY = 'fw-Key-5c2e91d7';

interface Report { summary: Record<string, number>; cases: { endpoint: string; variant: string; response?: { status: number }; checks: { id: string; status: string; findings: { message: string; severity?: string }[] }[] }[] }

const running: PersonaHandle[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.close()));
});

function project(merchant: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'xb-framework-'));
  writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({
    merchantGUID: GUID,
    merchant: { cartMethods: ['GET', 'POST'], countryCode: 'DE', currencyCode: 'EUR', ...merchant },
    auth: [{ mode: 'header', name: 'X-Api-Key', value: KEY }],
    timeoutMs: 10_000,
  }));
  return dir;
}

async function checkFramework(framework: Framework): Promise<{ code: number | null; report: Report }> {
  const handle = await startFramework(framework, { merchantGUID: GUID, auth: { mode: 'header', name: 'X-Api-Key', value: KEY } });
  running.push(handle);
  const dir = project({ baseUrl: handle.url, newCart: { command: curlNewCart(`${handle.url}/test/new-cart`) } });
  const result = await runCli(['check', '--json', '--no-save'], { cwd: dir, env: { ...ALLOW_COMMANDS }, timeoutMs: 120_000 });
  return { code: result.code, report: JSON.parse(result.stdout) as Report };
}

function verdict(report: Report, variant: string, id: string) {
  const found = report.cases.find((c) => c.endpoint === 'SendOrderToMerchant' && c.variant === variant);
  expect(found, variant).toBeDefined();
  return { status: found!.response?.status, check: found!.checks.find((k) => k.id === id) };
}

const notPassed = (report: Report) => report.cases.flatMap((c) => c.checks.filter((k) => k.status === 'failed' || k.status === 'errored').map((k) => `${c.endpoint} ${c.variant}: ${k.id} ${k.status}`));

describe('refusals in a framework\'s own error form', () => {
  it.each([
    ['aspnet', 404, 409, 400],
    ['spring', 404, 409, 400],
    ['laravel', 422, 422, 422],
    ['django', 404, 409, 400],
  ] as const)('%s: unknown cart (%i), converted cart (%i), missing OrderId (%i) are refusals; nothing fails or errors', async (framework, unknownStatus, reuseStatus, invalidStatus) => {
    const { code, report } = await checkFramework(framework);
    expect(notPassed(report)).toEqual([]);
    expect(code).toBe(0);
    const unknown = verdict(report, 'unknown-cart', 'unknown-cart-refused');
    expect(unknown.status).toBe(unknownStatus);
    expect(unknown.check?.status).toBe('passed');
    const reuse = verdict(report, 'cart-reuse', 'cart-single-use');
    expect(reuse.status).toBe(reuseStatus);
    expect(reuse.check?.status).toBe('passed');
    const invalid = verdict(report, 'invalid-order', 'rejects-invalid-order');
    expect(invalid.status).toBe(invalidStatus);
    expect(invalid.check?.status).toBe('passed');
  }, 120_000);

  it('a 404 from a URL that answered other orders says so in an info line, never "no endpoint"', async () => {
    const { report } = await checkFramework('aspnet');
    const unknown = verdict(report, 'unknown-cart', 'unknown-cart-refused');
    expect(unknown.check!.findings.map((f) => f.message).join('\n')).toMatch(/refused with HTTP 404 and a framework error body \(status 404: "Not Found"\); the endpoint answered other requests/);
    expect(JSON.stringify(report)).not.toContain('no endpoint at this URL');
  }, 120_000);

  it('an order URL that never answers anything but 404 is a missing endpoint: errored, not passed', async () => {
    const handle = await startFramework('spring', { merchantGUID: GUID, auth: { mode: 'header', name: 'X-Api-Key', value: KEY }, orderPath: '/api/orders' });
    running.push(handle);
    const dir = project({ baseUrl: handle.url, newCart: { command: curlNewCart(`${handle.url}/test/new-cart`) } });
    const result = await runCli(['check', '--json', '--no-save'], { cwd: dir, env: { ...ALLOW_COMMANDS }, timeoutMs: 120_000 });
    const report = JSON.parse(result.stdout) as Report;
    for (const [variant, id] of [['unknown-cart', 'unknown-cart-refused'], ['invalid-order', 'rejects-invalid-order'], ['wrong-merchant-guid', 'guid-enforced']] as const) {
      const found = verdict(report, variant, id);
      expect(found.status, variant).toBe(404);
      expect(found.check?.status, variant).toBe('errored');
      expect(found.check!.findings[0]!.message).toContain('no endpoint at this URL');
    }
    expect(result.code).toBe(1);
  }, 120_000);
});
