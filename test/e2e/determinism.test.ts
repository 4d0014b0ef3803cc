/**
 * End to end: the same verdicts every run. With one configured cartToken (no merchant.carts, no
 * newCart) the cart is lent to the cases in a fixed order: the negatives that need a real cart
 * first (they hand it back when refused), then the orders that must be accepted. Two runs against
 * fresh copies of the same merchant give the same cases and verdicts, and the merchant's fault (it
 * checks the cart before the OrderId, and takes an order without OrderId) is found every time: the
 * invalid order gets the real cart, so the cart cannot be its reason to refuse.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { cartAnswer, CATALOGUE, isRecord, parseJson, sendJson, startPersona, Store, type PersonaHandle } from '../personas/common.js';

const GUID = '3f6b2d81-9c4e-4a57-b0d2-6e8f1a3c5b79';
const TOKEN = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const AUTH = { mode: 'header' as const, name: 'X-Shop-Key', value: 'det-Key-7e41b09c' };

const running: PersonaHandle[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.close()));
});

function fail(res: http.ServerResponse, status: number, message: string): void {
  sendJson(res, status, { ResponseInfo: { Success: false, Message: message } });
}

/** A store with one cart (TOKEN) that looks the cart up before anything else and numbers an order without OrderId itself. */
async function store(): Promise<PersonaHandle> {
  const carts = new Store(CATALOGUE, () => TOKEN);
  carts.issueCart();
  let generated = 0;
  const handle = await startPersona({ merchantGUID: GUID, auth: AUTH }, carts, {
    unauthorized: (res) => fail(res, 401, 'Unauthorized'),
    cart(_req, res, query) {
      const cart = carts.carts.get(query.get('merchantCartToken') ?? '');
      if (!cart || cart.state !== 'open') return fail(res, 404, 'Cart not found');
      sendJson(res, 200, cartAnswer(cart, query));
    },
    order(_req, res, text) {
      const body = parseJson(text);
      if (!isRecord(body) || body.MerchantGUID !== GUID) return fail(res, 403, 'Forbidden');
      const known = carts.byInternalId(body.MerchantOrderId) ?? carts.byPlatformId(body.OrderId);
      if (known) return sendJson(res, 200, { ResponseInfo: { Success: true, InternalOrderId: known.InternalOrderId } });
      const cart = typeof body.CartId === 'string' ? carts.carts.get(body.CartId) : undefined;
      if (!cart || cart.state !== 'open') return fail(res, 400, 'Cart not found or already ordered');
      // FAULT: no OrderId is no reason to refuse here; the store numbers the order itself.
      const orderId = typeof body.OrderId === 'string' && body.OrderId !== '' ? body.OrderId : `LOCAL-${++generated}`;
      const n = carts.nextOrderNumber();
      const order = carts.create({ ...body, OrderId: orderId }, { InternalOrderId: String(5000 + n), OrderId: String(n) }, 'new');
      cart.state = 'completed';
      sendJson(res, 200, { ResponseInfo: { Success: true, InternalOrderId: order.InternalOrderId, OrderId: order.OrderId } });
    },
  });
  running.push(handle);
  return handle;
}

interface Report { summary: Record<string, number>; cases: { endpoint: string; variant: string; authMode: string; cart?: { origin: string }; checks: { id: string; status: string }[] }[] }

async function runOnce(): Promise<Report> {
  const handle = await store();
  const dir = mkdtempSync(join(tmpdir(), 'xb-determinism-'));
  writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({
    merchantGUID: GUID,
    merchant: { baseUrl: handle.url, cartMethods: ['GET', 'POST'], cartToken: TOKEN, countryCode: 'DE', currencyCode: 'EUR' },
    auth: [AUTH],
    timeoutMs: 10_000,
  }));
  const result = await runCli(['check', '--json', '--no-save'], { cwd: dir, timeoutMs: 120_000 });
  expect(result.code).toBe(1);
  return JSON.parse(result.stdout) as Report;
}

/** Each case as one line: where it went, which cart it had, every check's verdict. */
function lines(report: Report): string[] {
  return report.cases.map((c) => `${c.endpoint} ${c.variant} [${c.authMode}] cart=${c.cart?.origin ?? '-'}: ${c.checks.map((k) => `${k.id}=${k.status}`).join(' ')}`);
}

describe('one configured cart', () => {
  it('two runs against fresh copies of the same store give the same cases and verdicts, the fault found in both', async () => {
    const first = await runOnce();
    const second = await runOnce();
    expect(lines(second)).toEqual(lines(first));
    expect(second.summary).toEqual(first.summary);
    for (const report of [first, second]) {
      const invalid = report.cases.find((c) => c.endpoint === 'SendOrderToMerchant' && c.variant === 'invalid-order')!;
      expect(invalid.cart?.origin).toBe('configured');
      expect(invalid.checks.find((k) => k.id === 'rejects-invalid-order')?.status).toBe('failed');
    }
  }, 240_000);
});
