/**
 * End to end: the built CLI against a merchant built on the platform's own PHP SDK
 * (test/personas/php-sdk.ts): every optional value sent as `""` or null, numbers and booleans as
 * strings, names in other casings, answers flat with `success: "True"`. The platform's reader reads
 * all of it, so `xborder check` passes with lenient notes (exit 0) and `--strict` fails the same
 * forms (exit 1). Before the reader model, the cart's `""` for Brand, Volume, ImageHeight... failed
 * cart-schema.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { checkJson, storeProject } from '../helpers/store-project.js';
import type { PersonaHandle } from '../personas/common.js';
import { startPhpSdk } from '../personas/php-sdk.js';

const GUID = '3e9b2c71-6d4a-4f05-8a1c-2b7e9d0f4c68';

interface Report {
  summary: Record<string, number>;
  cases: { endpoint: string; variant: string; checks: { id: string; status: string; findings: { message: string; path?: string; severity?: string }[] }[] }[];
}

const running: PersonaHandle[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.close()));
});

async function check(extra: string[]): Promise<{ code: number | null; report: Report }> {
  const auth = { mode: 'header', name: 'X-Sdk-Key', value: 'php-Secret-51e' } as const;
  const handle = await startPhpSdk({ merchantGUID: GUID, auth });
  running.push(handle);
  const dir = storeProject(handle.url, { guid: GUID, auth: [auth], cartMethods: ['GET', 'POST'], timeoutMs: 10_000, merchant: { events: ['status'] } });
  const { code, report } = await checkJson<Report>(dir, ['--no-save', ...extra]);
  return { code, report };
}

/** `endpoint variant: check` for every check of `status`, sorted and unique. */
function rows(report: Report, status: string): string[] {
  return [...new Set(report.cases.flatMap((c) => c.checks.filter((k) => k.status === status).map((k) => `${c.endpoint} ${c.variant}: ${k.id}`)))].sort();
}

/** Every lenient finding's path (and message) on the cart cases. */
function cartNotes(report: Report): { path?: string; message: string; severity?: string }[] {
  return report.cases.filter((c) => c.endpoint === 'GetCheckoutCartInfo').flatMap((c) => c.checks.filter((k) => k.id === 'cart-lenient').flatMap((k) => k.findings));
}

describe('xborder check against a merchant built on the platform PHP SDK', () => {
  it('passes by default: every SDK form is a lenient note, nothing fails', async () => {
    const { code, report } = await check([]);
    expect(rows(report, 'failed')).toEqual([]);
    expect(rows(report, 'errored')).toEqual([]);
    expect(code).toBe(0);
    // The forms were seen and noted, not silently ignored: "" for records and numbers, numbers and
    // booleans as strings, camelCase names.
    const notes = cartNotes(report);
    const at = (suffix: string) => notes.filter((f) => f.path?.endsWith(suffix));
    for (const field of ['/Brand', '/Volume', '/ImageHeight', '/ImageWidth', '/OrderedQuantity', '/IsBackOrdered', '/productCode', '/salePrice']) {
      expect(at(field).length, field).toBeGreaterThan(0);
    }
    expect(at('/Brand')[0]).toMatchObject({ severity: 'warning', message: expect.stringContaining('reads it as absent') });
    expect(rows(report, 'warning')).toEqual(expect.arrayContaining([expect.stringMatching(/^GetCheckoutCartInfo .*: cart-lenient$/), expect.stringMatching(/^SendOrderToMerchant .*: order-response-lenient$/)]));
    // The flat answer with success "True" was read as a success: the orders were accepted.
    expect(report.cases.find((c) => c.variant === 'order-full')!.checks.find((k) => k.id === 'order-accepted')?.status).toBe('passed');
    // Lifecycle answers in the same form are read alike: the status update is accepted.
    expect(report.cases.some((c) => c.endpoint !== 'SendOrderToMerchant' && c.checks.some((k) => k.id === 'event-accepted' && k.status === 'passed'))).toBe(true);
  });

  it('fails with --strict: the same forms are failures', async () => {
    const { code, report } = await check(['--strict']);
    const failed = rows(report, 'failed');
    expect(failed).toEqual(expect.arrayContaining([expect.stringMatching(/^GetCheckoutCartInfo .*: cart-lenient$/), expect.stringMatching(/^SendOrderToMerchant .*: order-response-lenient$/)]));
    // Only the reader's forms fail: no check outside the lenient ones.
    expect(failed.filter((r) => !/-lenient$/.test(r))).toEqual([]);
    expect(code).toBe(1);
  });
});
