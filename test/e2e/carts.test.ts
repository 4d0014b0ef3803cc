/**
 * End to end: carts and files as a user gives them. The built CLI against the reference merchant in
 * store mode (it issues carts, converts each once, checks CartHash): `merchant.carts`,
 * `merchant.newCart`, `cartTokenParam`, a broken newCart command, and `post-order --file` judging
 * the file before it is sent.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { defaultConfig } from '../../src/config/defaults.js';
import { startMockMerchant, type MockMerchantServer } from '../../src/mock/merchant/server.js';
import { curlNewCart } from '../helpers/new-cart-curl.js';
import { ALLOW_COMMANDS } from '../helpers/store-project.js';
import { loadSample } from '../../src/samples/catalog.js';
import { isRecord, parseJson, sendJson, sendText, startPersona, Store, CATALOGUE, type PersonaHandle } from '../personas/common.js';

const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';
const running: MockMerchantServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function store(tokenParam = 'merchantCartToken'): Promise<MockMerchantServer> {
  const config = defaultConfig();
  config.merchant.cartTokenParam = tokenParam;
  const server = await startMockMerchant({ config, store: true });
  running.push(server);
  return server;
}

function project(merchant: Record<string, unknown>, files: Record<string, unknown> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'xb-carts-'));
  writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({ merchantGUID: GUID, merchant, auth: [{ mode: 'none' }], timeoutMs: 10_000 }));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), JSON.stringify(content));
  return dir;
}

interface Report { cases: { endpoint: string; variant: string; cart?: { origin: string; label?: string }; checks: { id: string; status: string; findings: { message: string }[] }[] }[] }
const failedIds = (report: Report) => report.cases.flatMap((c) => c.checks.filter((k) => k.status === 'failed' || k.status === 'errored').map((k) => `${c.variant}: ${k.id}`));

describe('orders on the merchant\'s own carts', () => {
  it('merchant.newCart: every order converts a fresh cart, fetched first; the store passes everything', async () => {
    const server = await store();
    const result = await runCli(['check', '--json'], { cwd: project({ baseUrl: server.url, newCart: { command: curlNewCart(server.newCartUrl!) } }), env: { ...ALLOW_COMMANDS } });
    const report = JSON.parse(result.stdout) as Report;
    expect(failedIds(report)).toEqual([]);
    expect(result.code).toBe(0);
    const orderCases = report.cases.filter((c) => c.endpoint === 'SendOrderToMerchant' && c.variant.startsWith('order-'));
    expect(orderCases.every((c) => c.cart?.origin === 'command')).toBe(true);
    expect(report.cases.some((c) => c.endpoint === 'GetCheckoutCartInfo' && c.variant === 'for order-full')).toBe(true);
    for (const id of ['cart-single-use', 'cart-hash-enforced', 'unknown-cart-refused']) {
      expect(report.cases.flatMap((c) => c.checks).find((k) => k.id === id)?.status, id).toBe('passed');
    }
  });

  it('merchant.carts and cartTokenParam: listed tokens are used once each, then orders fall back to synthetic carts and are skipped, not failed', async () => {
    const server = await store('cartToken');
    const tokens = await Promise.all([1, 2, 3].map(async () => (await (await fetch(server.newCartUrl!, { method: 'POST' })).text()).trim()));
    const result = await runCli(['check', '--json', '--carts', tokens.join(',')], { cwd: project({ baseUrl: server.url, cartTokenParam: 'cartToken', cartMethods: ['GET'] }) });
    const report = JSON.parse(result.stdout) as Report;
    expect(failedIds(report)).toEqual([]);
    expect(result.code).toBe(0);
    const fromList = report.cases.filter((c) => c.endpoint === 'SendOrderToMerchant' && c.cart?.origin === 'list' && c.checks.some((k) => k.id === 'order-accepted' && k.status === 'passed'));
    expect(fromList.length).toBeGreaterThanOrEqual(1);
    const skipped = report.cases.filter((c) => c.cart?.label === 'synthetic cart' && c.checks.some((k) => k.status === 'skipped'));
    expect(skipped.length).toBeGreaterThan(0);
    const table = await runCli(['check', '--carts', tokens.join(',')], { cwd: project({ baseUrl: server.url, cartTokenParam: 'cartToken', cartMethods: ['GET'] }) });
    expect(table.stdout).toMatch(/order-\S+ \(synthetic cart\)/);
    expect(table.stdout).toMatch(/\d+ order cases? could not be judged: the merchant refused orders on synthetic carts/);
  });

  it('a newCart command that fails is a configuration error naming it, with its stderr (exit 2)', async () => {
    const server = await store();
    const result = await runCli(['check'], { cwd: project({ baseUrl: server.url, newCart: { command: 'echo "shop API said no" >&2; exit 4' } }), env: { ...ALLOW_COMMANDS } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('merchant.newCart.command');
    expect(result.stderr).toContain('exited with code 4');
    expect(result.stderr).toContain('shop API said no');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('cart-single-use is judged when the cart endpoint is broken: the second order on a converted cart is sent and must be refused', async () => {
    // A store whose cart endpoint crashes, while its order endpoint converts each cart it issued once.
    const carts = new Store(CATALOGUE);
    const handle: PersonaHandle = await startPersona({ merchantGUID: GUID }, carts, {
      unauthorized: (res) => sendJson(res, 401, { Success: false, Message: 'Unauthorized' }),
      cart: (_req, res) => sendText(res, 500, '<html><title>500 Internal Server Error</title></html>', 'text/html'),
      order(_req, res, text) {
        const body = parseJson(text);
        if (!isRecord(body) || body.MerchantGUID !== GUID) return sendJson(res, 403, { Success: false, Message: 'Forbidden' });
        if (typeof body.OrderId !== 'string') return sendJson(res, 400, { Success: false, Message: 'OrderId is required' });
        const known = carts.byInternalId(body.MerchantOrderId) ?? carts.byPlatformId(body.OrderId);
        if (known) return sendJson(res, 200, { Success: true, InternalOrderId: known.InternalOrderId });
        const cart = typeof body.CartId === 'string' ? carts.carts.get(body.CartId) : undefined;
        if (!cart) return sendJson(res, 400, { Success: false, Message: 'Unknown cart' });
        if (cart.state !== 'open') return sendJson(res, 409, { Success: false, Message: 'Cart already converted' });
        cart.state = 'completed';
        const order = carts.create(body, { InternalOrderId: String(8000 + carts.nextOrderNumber()), OrderId: 'X' }, 'new');
        sendJson(res, 200, { Success: true, InternalOrderId: order.InternalOrderId });
      },
    });
    try {
      const result = await runCli(['check', '--json', '--no-save'], { cwd: project({ baseUrl: handle.url, newCart: { command: curlNewCart(`${handle.url}/test/new-cart`) } }), env: { ...ALLOW_COMMANDS } });
      const report = JSON.parse(result.stdout) as Report;
      const reuse = report.cases.filter((c) => c.endpoint === 'SendOrderToMerchant' && c.variant === 'cart-reuse');
      const verdict = reuse.flatMap((c) => c.checks).find((k) => k.id === 'cart-single-use');
      expect(verdict?.status).toBe('passed');
      expect(reuse.some((c) => c.cart?.label === 'cart not fetched')).toBe(true);
    } finally {
      await handle.close();
    }
  });

  it('a carts list of the wrong type is a configuration error', async () => {
    const result = await runCli(['check'], { cwd: project({ baseUrl: 'http://127.0.0.1:9', carts: 'abc' }) });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/merchant\/carts/);
  });
});

describe('post-order --file judges the file first', () => {
  const order = { ...(loadSample('order-full') as Record<string, unknown>), MerchantGUID: GUID, OrderId: 'GE770000001DE' };

  it('a valid file is posted as given and judged as a valid order', async () => {
    const server = await store();
    const token = (await (await fetch(server.newCartUrl!, { method: 'POST' })).text()).trim();
    const dir = project({ baseUrl: server.url }, { 'order.json': { ...order, CartId: token, CartHash: null } });
    const result = await runCli(['post-order', '--file', 'order.json', '--json'], { cwd: dir });
    const report = JSON.parse(result.stdout) as Report;
    expect(result.code).toBe(0);
    expect(report.cases[0]!.checks.find((k) => k.id === 'order-file')?.status).toBe('passed');
    expect(report.cases[0]!.checks.find((k) => k.id === 'order-accepted')?.status).toBe('passed');
  });

  it('a file that is not a valid order is sent, and its refusal is the verdict: rejects-invalid-order', async () => {
    const server = await store();
    const { OrderId: _dropped, ...broken } = order;
    const dir = project({ baseUrl: server.url }, { 'broken.json': broken });
    const result = await runCli(['post-order', '--file', 'broken.json', '--json'], { cwd: dir });
    expect(result.stderr).toContain('broken.json is not a valid order');
    const checks = (JSON.parse(result.stdout) as Report).cases[0]!.checks;
    expect(checks.find((k) => k.id === 'rejects-invalid-order')?.status).toBe('passed');
    expect(checks.find((k) => k.id === 'order-file')?.findings.some((f) => /OrderId/.test(f.message))).toBe(true);
    expect(checks.some((k) => k.id === 'order-accepted')).toBe(false);
    expect(result.code).toBe(0);
  });

  it('another merchant\'s GUID is announced before sending and must be refused: guid-enforced', async () => {
    const server = await store();
    const dir = project({ baseUrl: server.url }, { 'other.json': { ...order, MerchantGUID: '00000000-1111-4222-8333-444444444444' } });
    const result = await runCli(['post-order', '--file', 'other.json', '--json'], { cwd: dir });
    expect(result.stderr).toContain('names MerchantGUID 00000000-1111-4222-8333-444444444444, not the configured');
    const checks = (JSON.parse(result.stdout) as Report).cases[0]!.checks;
    expect(checks.find((k) => k.id === 'guid-enforced')?.status).toBe('passed');
    expect(result.code).toBe(0);
  });
});
