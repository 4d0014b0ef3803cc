/**
 * End to end: the built CLI against persona merchants built the way deployed integrations of the
 * platform are built (test/personas/, from public-facts): flat answers, orders looked up by CartId,
 * carts deleted after the order, bare 400s, framework crash pages, PHP-escaped JSON, ErrorCode as a
 * number. Each persona has planted faults; `xborder check` must find exactly those, and nothing else
 * may fail. Carts come from each store through `merchant.newCart` (curl POSTing to the store's
 * new-cart route), as a user's command calling the store's own API would get them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { checkJson, storeProject } from '../helpers/store-project.js';
import type { PersonaAuth, PersonaHandle, PersonaOptions } from '../personas/common.js';
import { startRails } from '../personas/rails.js';
import { startShopware } from '../personas/shopware.js';
import { startSfcc } from '../personas/sfcc.js';
import { startMagento } from '../personas/magento.js';

const GUID = '5d1c7a90-3b2e-4f8a-9c61-0e4b7d2a8f13';

interface Report {
  summary: Record<string, number>;
  cases: { endpoint: string; variant: string; authMode: string; cart?: { origin: string; label?: string }; checks: { id: string; status: string; findings: { message: string; severity?: string }[] }[] }[];
}

const running: PersonaHandle[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.close()));
});

/** What one persona is run with. */
interface PersonaRun {
  start(opts: PersonaOptions): Promise<PersonaHandle>;
  auth: PersonaAuth;
  cartMethods: ('GET' | 'POST')[];
  cartTokenParam?: string;
}

/** Starts the persona, writes a config a user of that store would write, runs `xborder check --json`. */
async function checkPersona(run: PersonaRun, extra: string[] = [], merchantExtra: Record<string, unknown> = {}): Promise<{ code: number | null; report: Report; stderr: string; handle: PersonaHandle }> {
  const handle = await run.start({ merchantGUID: GUID, auth: run.auth });
  running.push(handle);
  const merchant = { ...(run.cartTokenParam ? { cartTokenParam: run.cartTokenParam } : {}), ...merchantExtra };
  const dir = storeProject(handle.url, { guid: GUID, auth: [run.auth], cartMethods: run.cartMethods, timeoutMs: 10_000, merchant });
  return { ...(await checkJson<Report>(dir, extra)), handle };
}

/** `endpoint variant: check` for every check of `status`, sorted and unique. */
function rows(report: Report, status: string): string[] {
  return [...new Set(report.cases.flatMap((c) => c.checks.filter((k) => k.status === status).map((k) => `${c.endpoint} ${c.variant}: ${k.id}`)))].sort();
}

const RAILS: PersonaRun = { start: startRails, auth: { mode: 'basic', username: 'platform', password: 'rails-Secret-9d1' }, cartMethods: ['GET', 'POST'] };
const SHOPWARE: PersonaRun = { start: startShopware, auth: { mode: 'header', name: 'X-Shopware-Key', value: 'sw-Secret-77a' }, cartMethods: ['GET'], cartTokenParam: 'cartToken' };
const SFCC: PersonaRun = { start: startSfcc, auth: { mode: 'none' }, cartMethods: ['GET'] };
const MAGENTO: PersonaRun = { start: startMagento, auth: { mode: 'header', name: 'X-Magento-Key', value: 'mg-Secret-3c5' }, cartMethods: ['GET', 'POST'] };

describe('xborder check against persona merchants built like deployed integrations', () => {
  it('Rails plugin (flat nine-key answers, 500 errors with Success false): only the unchecked cart POST GUID fails', async () => {
    const { code, report } = await checkPersona(RAILS);
    expect(rows(report, 'failed')).toEqual(['GetCheckoutCartInfo POST wrong-merchant-guid: guid-enforced']);
    expect(rows(report, 'errored')).toEqual([]);
    expect(code).toBe(1);
    // Flat answers pass the schema; only info says the documented form is the wrapper.
    const order = report.cases.find((c) => c.variant === 'order-full')!;
    expect(order.checks.find((k) => k.id === 'order-accepted')?.status).toBe('passed');
    expect(order.cart?.origin).toBe('command');
    // Its 500-with-Success-false refusals are deliberate error answers: clean refusals, no warning.
    expect(rows(report, 'warning')).toEqual([]);
  });

  it('Shopware plugin (cartToken parameter, CartHash checked, carts deleted, bare 400 on a wrong GUID): only updates fail', async () => {
    const { code, report } = await checkPersona(SHOPWARE);
    expect(rows(report, 'failed')).toEqual(['SendOrderToMerchant update: update-same-order']);
    expect(rows(report, 'errored')).toEqual([]);
    expect(rows(report, 'warning')).toEqual([]);
    expect(code).toBe(1);
    // A re-delivery refused with "OrderId already exists" is a duplicate answer, not a failure.
    expect(report.cases.find((c) => c.variant === 'redelivery' && c.endpoint === 'SendOrderToMerchant')!.checks.find((k) => k.id === 'idempotent-redelivery')?.status).toBe('passed');
    // The bare 400 of a wrong MerchantGUID is a refusal.
    expect(report.cases.find((c) => c.variant === 'wrong-merchant-guid')!.checks.find((k) => k.id === 'guid-enforced')?.status).toBe('passed');
    for (const id of ['cart-single-use', 'cart-hash-enforced', 'unknown-cart-refused']) {
      expect(report.cases.some((c) => c.checks.some((k) => k.id === id && k.status === 'passed')), id).toBe(true);
    }
  });

  it('Shopware plugin with its lifecycle (flat answers, unknown orders refused with 400): the lifecycle is judged right, only updates fail', async () => {
    const { code, report } = await checkPersona(SHOPWARE, [], { events: ['status', 'refund'] });
    expect(rows(report, 'failed')).toEqual(['SendOrderToMerchant update: update-same-order']);
    expect(rows(report, 'errored')).toEqual([]);
    expect(code).toBe(1);
    const scenario = (variant: string) => report.cases.find((c) => c.endpoint === 'OrderLifecycle' && c.variant === variant)!;
    const steps = scenario('lifecycle').checks.map((k) => `${k.id}:${k.status}`);
    expect(steps).toContain('event-redelivery:passed');
    expect(steps).toContain('refund-within-order:passed');
    expect(scenario('cancel').checks.filter((k) => k.id === 'status-spellings').map((k) => k.status)).toEqual(['passed', 'passed']);
    expect(scenario('out-of-order').checks.filter((k) => k.id === 'event-unknown-order-refused').map((k) => k.status)).toEqual(['passed', 'passed']);
    for (const id of ['event-accepted', 'event-unknown-order-refused', 'unknown-status-clean', 'auth-enforced', 'guid-enforced']) {
      expect(report.cases.some((c) => c.endpoint !== 'SendOrderToMerchant' && c.checks.some((k) => k.id === id && k.status === 'passed')), id).toBe(true);
    }
  });

  it('SFCC cartridge (ErrorCode as a number, framework crash JSON): the reused cart fails, the ignored CartHash and the crash warn', async () => {
    const { code, report } = await checkPersona(SFCC);
    expect(rows(report, 'failed')).toEqual(['SendOrderToMerchant cart-reuse: cart-single-use']);
    expect(rows(report, 'errored')).toEqual([]);
    expect(rows(report, 'warning')).toEqual([
      // The cartridge's errors carry a Java stack trace in Message: it works, but shows its internals.
      'SendOrderToMerchant invalid-order: error-leaks-internals',
      'SendOrderToMerchant invalid-order: order-response-lenient',
      'SendOrderToMerchant unknown-cart: unknown-cart-refused',
      'SendOrderToMerchant wrong-cart-hash: cart-hash-enforced',
      'SendOrderToMerchant wrong-merchant-guid: error-leaks-internals',
      'SendOrderToMerchant wrong-merchant-guid: order-response-lenient',
    ]);
    const leak = report.cases.find((c) => c.variant === 'invalid-order')!.checks.find((k) => k.id === 'error-leaks-internals')!;
    expect(leak.findings[0]!.message).toContain('at dw.order.OrderMgr.createOrder(OrderMgr.java:212)');
    expect(code).toBe(1);
    const crash = report.cases.find((c) => c.variant === 'unknown-cart')!.checks.find((k) => k.id === 'unknown-cart-refused')!;
    expect(crash.findings[0]!.message).toMatch(/framework error body .*a crash is not a clean refusal/);
    // In "none" mode there are no credentials to refuse: said, not failed.
    expect(report.cases.some((c) => c.checks.some((k) => k.id === 'auth-enforced' && k.status === 'skipped'))).toBe(true);
  });

  it('SFCC cartridge with --strict: ErrorCode as a number fails like every other undocumented form', async () => {
    const { report } = await checkPersona(SFCC, ['--strict']);
    expect(rows(report, 'failed')).toContain('SendOrderToMerchant invalid-order: order-response-lenient');
    expect(rows(report, 'failed')).toContain('SendOrderToMerchant invalid-order: error-leaks-internals');
  });

  it('Magento module (PHP-escaped JSON, errors with HTTP 200, bare 400 on a wrong GUID, HTML crash page): only error-status fails', async () => {
    const { code, report } = await checkPersona(MAGENTO);
    expect(rows(report, 'failed')).toEqual([
      'SendOrderToMerchant cart-reuse: error-status',
      'SendOrderToMerchant invalid-order: error-status',
      'SendOrderToMerchant unknown-cart: error-status',
    ]);
    expect(rows(report, 'errored')).toEqual([]);
    expect(rows(report, 'warning')).toEqual([]);
    expect(code).toBe(1);
  });
});
