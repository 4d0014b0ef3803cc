/**
 * End to end: the built CLI against small hand-written merchants on 127.0.0.1 port 0 that misbehave
 * in ways the reference merchant's faults do not cover, and against the reference merchant in
 * configurations the fault suite does not use (auth "none", ip without deniedLocalAddress). Each
 * test pins a verdict: no false pass, no false failure, one finding per problem, the right exit code.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockMerchant } from '../../src/mock/merchant/server.js';
import type { AuthConfig } from '../../src/model.js';
import { merchantConfig } from '../helpers/merchant-config.js';
import { runCli } from '../helpers/run-cli.js';

const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';
const KEY = 'hdr-Secret-41c9e7';
const CART = { productsList: [{ ProductCode: 'A', Name: 'Mug', OrderedQuantity: 1, SalePrice: 10, OriginalSalePrice: 10 }], currencyCode: 'EUR', CountryCode: 'DE' };

interface Request { method: string; url: string; headers: IncomingMessage['headers']; body: Record<string, unknown> }
type Handler = (req: Request) => { status: number; body?: unknown } | undefined;

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A merchant whose every answer `handler` decides (undefined: never answer). */
async function merchant(handler: Handler): Promise<string> {
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    req.on('data', (d: Buffer) => (text += d.toString()));
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        // GET, or not JSON: an empty body object.
      }
      const answer = handler({ method: req.method!, url: req.url!, headers: req.headers, body });
      if (!answer) return;
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  }));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A directory with an xborder.config.json for `baseUrl` (header auth unless told otherwise). */
function project(baseUrl: string, auth: AuthConfig[] = [{ mode: 'header', name: 'X-Key', value: KEY }]): string {
  const dir = mkdtempSync(join(tmpdir(), 'xb-verdicts-'));
  writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({
    merchantGUID: GUID,
    merchant: { baseUrl, cartMethods: ['GET', 'POST'], cartToken: '2c5c7b3db2ed101426cba38d9c534086', countryCode: 'DE', currencyCode: 'EUR' },
    auth,
    timeoutMs: 5000,
  }));
  return dir;
}

interface Report { summary: Record<string, number>; cases: { endpoint: string; variant: string; authMode: string; checks: { id: string; status: string; findings: { message: string; path?: string }[] }[] }[] }

async function check(dir: string, args: string[] = ['check']): Promise<{ code: number | null; report: Report; stderr: string }> {
  const result = await runCli([...args, '--json'], { cwd: dir });
  return { code: result.code, report: JSON.parse(result.stdout) as Report, stderr: result.stderr };
}

function statuses(report: Report, endpoint: string, variant: string): Record<string, string> {
  const found = report.cases.find((c) => c.endpoint === endpoint && c.variant === variant);
  expect(found, `${endpoint} ${variant}`).toBeDefined();
  return Object.fromEntries(found!.checks.map((c) => [c.id, c.status]));
}

/** A conforming order endpoint with header auth; `override` changes single answers. */
function conforming(override?: (req: Request, ids: Map<string, string>) => { status: number; body?: unknown } | undefined | 'default'): Handler {
  const ids = new Map<string, string>();
  return (req) => {
    const special = override?.(req, ids);
    if (special !== undefined && special !== 'default') return special;
    if (special === undefined && override) return undefined;
    const refused = { status: 401, body: { ResponseInfo: { Success: false, ErrorCode: '401', Message: 'Unauthorized' } } };
    if (req.headers['x-key'] !== KEY) return refused;
    if (!req.url.includes('order')) return req.method === 'POST' && req.body.MerchantGUID !== GUID ? refused : { status: 200, body: CART };
    if (req.body.MerchantGUID !== GUID) return refused;
    const orderId = req.body.OrderId;
    if (typeof orderId !== 'string') return { status: 400, body: { ResponseInfo: { Success: false, ErrorCode: '400', Message: 'OrderId is required' } } };
    const id = ids.get(orderId) ?? String(1000 + ids.size);
    ids.set(orderId, id);
    const info: Record<string, unknown> = { Success: true, InternalOrderId: id };
    if (req.body.PaymentDetails) Object.assign(info, { PaymentCurrencyCode: 'EUR', PaymentAmount: '1.00' });
    return { status: 200, body: { ResponseInfo: info } };
  };
}

describe('verdicts on merchants the reference faults do not cover', () => {
  it('a merchant that refuses every request: status-200 errored, saying why, no cart findings on the error body, follow-ups skipped with their reason', async () => {
    const url = await merchant(() => ({ status: 401, body: { ResponseInfo: { Success: false, ErrorCode: '401', Message: 'Unauthorized' } } }));
    const { code, report } = await check(project(url));
    // Refused credentials are "could not judge", never "does not conform" (exit 3, not 1).
    expect(code).toBe(3);
    const cart = report.cases.find((c) => c.endpoint === 'GetCheckoutCartInfo' && c.variant === 'GET')!;
    expect(cart.checks.filter((k) => k.status !== 'passed').map((k) => [k.id, k.status])).toEqual([['status-200', 'errored']]);
    expect(cart.checks.find((k) => k.id === 'status-200')!.findings[0]!.message).toContain('not judged: the merchant refused these credentials (401)');
    // The mode's credentials were refused on its first case: the follow-ups are not sent, skipped
    // with that reason (src/merchant/credential-probe.ts).
    for (const variant of ['redelivery', 'update', 'unknown-properties']) {
      const checks = report.cases.find((c) => c.endpoint === 'SendOrderToMerchant' && c.variant === variant)!.checks;
      expect(checks.map((k) => k.status)).toEqual(['skipped']);
      expect(checks[0]!.findings[0]!.message).toContain('header auth refused');
    }
  });

  it('an answer without ResponseInfo is reported once per problem, not again as order-accepted', async () => {
    const url = await merchant(conforming((req) => (req.url.includes('order') && req.headers['x-key'] === KEY && req.body.MerchantGUID === GUID ? { status: 200, body: {} } : 'default')));
    const { code, report } = await check(project(url));
    expect(code).toBe(1);
    const failed = report.cases.find((c) => c.variant === 'order-minimal')!.checks.filter((k) => k.status === 'failed').map((k) => k.id);
    expect(failed).toContain('order-response-schema');
    expect(failed).not.toContain('order-accepted');
  });

  it('a valid order refused with Success false keeps its order-accepted failure', async () => {
    const url = await merchant(conforming((req) => (req.url.includes('order') && req.headers['x-key'] === KEY ? { status: 500, body: { ResponseInfo: { Success: false, ErrorCode: 'E1', Message: 'boom' } } } : 'default')));
    const { report } = await check(project(url));
    const checks = report.cases.find((c) => c.variant === 'order-minimal')!.checks;
    expect(checks.find((k) => k.id === 'order-accepted')).toMatchObject({ status: 'failed' });
    expect(checks.find((k) => k.id === 'order-accepted')!.findings[0]!.message).toContain('E1 boom');
  });

  it('a re-delivery refused as "does not exist" is no duplicate answer', async () => {
    const seen = new Set<string>();
    const url = await merchant(conforming((req) => {
      const id = req.body.OrderId;
      if (!req.url.includes('order') || typeof id !== 'string' || req.body.MerchantOrderId) return 'default';
      if (seen.has(id)) return { status: 409, body: { ResponseInfo: { Success: false, Message: 'Order does not exist' } } };
      seen.add(id);
      return 'default';
    }));
    const { report } = await check(project(url));
    expect(statuses(report, 'SendOrderToMerchant', 'redelivery')['idempotent-redelivery']).toBe('failed');
  });

  it('a re-delivery refused because its cart is used up ("Cart already ordered") has not been recognised: failed', async () => {
    const seen = new Set<string>();
    const url = await merchant(conforming((req) => {
      const id = req.body.OrderId;
      if (!req.url.includes('order') || typeof id !== 'string' || req.body.MerchantOrderId) return 'default';
      if (seen.has(id)) return { status: 400, body: { ResponseInfo: { Success: false, Message: 'Cart already ordered', Description: 'it was converted into an order already' } } };
      seen.add(id);
      return 'default';
    }));
    const { code, report } = await check(project(url));
    expect(code).toBe(1);
    const redelivery = report.cases.find((c) => c.variant === 'redelivery' && c.endpoint === 'SendOrderToMerchant')!;
    const verdict = redelivery.checks.find((k) => k.id === 'idempotent-redelivery')!;
    expect(verdict.status).toBe('failed');
    expect(verdict.findings[0]!.message).toContain('without saying it already exists: Cart already ordered');
  });

  it('a duplicate answered HTTP 200 {"Success":false,"Message":"... Already Exists."} passes as a duplicate but fails error-status on the re-delivery and the update', async () => {
    const seen = new Set<string>();
    const url = await merchant(conforming((req) => {
      const id = req.body.OrderId;
      if (!req.url.includes('order') || typeof id !== 'string') return 'default';
      if (seen.has(id)) return { status: 200, body: { Success: false, Message: `Order ${id} Already Exists.` } };
      seen.add(id);
      return 'default';
    }));
    const { code, report } = await check(project(url));
    expect(code).toBe(1);
    expect(statuses(report, 'SendOrderToMerchant', 'redelivery')).toMatchObject({ 'idempotent-redelivery': 'passed', 'error-status': 'failed' });
    // The update carries the same OrderId, so this merchant refuses it the same way: both findings.
    expect(statuses(report, 'SendOrderToMerchant', 'update')).toMatchObject({ 'update-same-order': 'failed', 'error-status': 'failed' });
  });

  it('a refusal answered with HTTP 200 and Success false is rejected, but fails error-status', async () => {
    const url = await merchant(conforming((req) => (req.headers['x-key'] !== KEY || (req.method === 'POST' && req.body.MerchantGUID !== GUID)
      ? { status: 200, body: { ResponseInfo: { Success: false, ErrorCode: '401', Message: 'Unauthorized' } } }
      : 'default')));
    const { code, report } = await check(project(url));
    expect(code).toBe(1);
    expect(statuses(report, 'SendOrderToMerchant', 'missing-credentials')).toMatchObject({ 'auth-enforced': 'passed', 'error-status': 'failed' });
    expect(statuses(report, 'GetCheckoutCartInfo', 'GET wrong-header-value')).toMatchObject({ 'auth-enforced': 'passed', 'error-status': 'failed' });
  });

  it('a cart answered HTTP 200 with Success false is an error-status failure, not a pile of cart-schema findings', async () => {
    const url = await merchant(conforming((req) => (!req.url.includes('order') && req.headers['x-key'] === KEY && req.method === 'GET' ? { status: 200, body: { ResponseInfo: { Success: false, Message: 'Cart not found' } } } : 'default')));
    const { report } = await check(project(url), ['check-cart', '--no-negative']);
    const get = statuses(report, 'GetCheckoutCartInfo', 'GET');
    expect(get['error-status']).toBe('failed');
    expect(get['cart-schema']).toBeUndefined();
    expect(statuses(report, 'GetCheckoutCartInfo', 'POST')['cart-schema']).toBe('passed');
  });

  it('follow-ups that time out are within-timeout failures, not failed behaviours', async () => {
    const seen = new Set<string>();
    const url = await merchant(conforming((req) => {
      const id = req.body.OrderId;
      if (!req.url.includes('order') || typeof id !== 'string') return 'default';
      if (seen.has(id)) return undefined;
      seen.add(id);
      return 'default';
    }));
    const { report } = await check(project(url), ['post-order', '--sequences', '--timeout', '500ms']);
    expect(statuses(report, 'SendOrderToMerchant', 'redelivery')).toEqual({ reachable: 'passed', 'within-timeout': 'failed' });
    expect(statuses(report, 'SendOrderToMerchant', 'update')).toEqual({ reachable: 'passed', 'within-timeout': 'failed' });
    // A fresh OrderId: the copy with unknown properties is a new order, answered and judged.
    expect(statuses(report, 'SendOrderToMerchant', 'unknown-properties')['unknown-properties-tolerated']).toBe('passed');
  });

  it('posts the unknown-properties copy of a --file order with a fresh OrderId', async () => {
    const posted: { orderId: unknown; probe: boolean }[] = [];
    const url = await merchant(conforming((req) => {
      if (req.url.includes('order')) posted.push({ orderId: req.body.OrderId, probe: 'XborderProbeField' in req.body });
      return 'default';
    }));
    const dir = project(url);
    writeFileSync(join(dir, 'order.json'), JSON.stringify({ MerchantGUID: GUID, OrderId: 'GE100200300GB', Products: [{ Sku: 'A', Price: 10, Quantity: 1 }] }));
    const { code } = await check(dir, ['post-order', '--file', 'order.json', '--sequences']);
    expect(code).toBe(0);
    const probe = posted.find((p) => p.probe);
    expect(probe?.orderId).toMatch(/^GE\d{9}DE$/);
  });

  it('an unreachable merchant gives exit 3 for the whole check, sequences included', async () => {
    const { code, report } = await check(project('http://127.0.0.1:9'));
    expect(report.summary.failed).toBe(0);
    expect(code).toBe(3);
  });

  it('writes well-formed JUnit for failed cases whose curl carries a masked Basic header', async () => {
    const url = await merchant(() => ({ status: 500, body: { ResponseInfo: { Success: false, Message: 'down' } } }));
    const dir = project(url, [{ mode: 'basic', username: 'platform', password: 'pw-Secret-88d1' }]);
    const result = await runCli(['check-cart', '--no-negative', '--junit', 'report.xml'], { cwd: dir });
    expect(result.code).toBe(1);
    const xml = readFileSync(join(dir, 'report.xml'), 'utf8');
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain('Authorization: Basic ****');
    expect(xml).not.toContain('pw-Secret-88d1');
    expect(xml).not.toContain(Buffer.from('platform:pw-Secret-88d1').toString('base64'));
  });

  it('--auth with no mode named is a usage error, not an internal one', async () => {
    const result = await runCli(['check', '--auth', ','], { cwd: project('http://127.0.0.1:9') });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--auth: name at least one configured mode (header)');
  });

  it('post-order --sample refuses a sample that is not an order (exit 2)', async () => {
    const result = await runCli(['post-order', '--sample', 'cart-full'], { cwd: project('http://127.0.0.1:9') });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('not an order sample');
    expect(result.stderr).toContain('order-full');
  });
});

describe('merchant.payments: merchants that do not take payments', () => {
  /** A merchant that never charges: it accepts orders and says nothing of a payment; `seen` counts PaymentDetails received. */
  async function platformCharged(seen: { withPayment: number; orders: number }): Promise<string> {
    return merchant(conforming((req, ids) => {
      if (!req.url.includes('order') || req.headers['x-key'] !== KEY || req.body.MerchantGUID !== GUID || typeof req.body.OrderId !== 'string') return 'default';
      seen.orders++;
      if (req.body.PaymentDetails !== undefined) seen.withPayment++;
      const id = ids.get(req.body.OrderId) ?? String(1000 + ids.size);
      ids.set(req.body.OrderId, id);
      return { status: 200, body: { ResponseInfo: { Success: true, InternalOrderId: id } } };
    }));
  }

  function withPayments(dir: string, payments: string): string {
    const file = join(dir, 'xborder.config.json');
    const config = JSON.parse(readFileSync(file, 'utf8')) as { merchant: Record<string, unknown> };
    config.merchant.payments = payments;
    writeFileSync(file, JSON.stringify(config));
    return dir;
  }

  it('by default orders carry PaymentDetails; a merchant that ignores them fails payment-fields, and the finding says in one line how to switch', async () => {
    const seen = { withPayment: 0, orders: 0 };
    const { code, report } = await check(project(await platformCharged(seen)));
    expect(code).toBe(1);
    expect(seen.withPayment).toBeGreaterThan(0);
    const payment = report.cases.find((c) => c.variant === 'order-payment')!.checks.find((k) => k.id === 'payment-fields')!;
    expect(payment.status).toBe('failed');
    expect(payment.findings.map((f) => f.message)).toContain('the merchant answered as if it charged nothing: if the platform charges the card for this merchant, set merchant.payments to "platform" in the configuration (orders then carry no PaymentDetails and no payment check runs)');
  });

  it('"platform": no order carries PaymentDetails, no payment check runs, and the same merchant passes', async () => {
    const seen = { withPayment: 0, orders: 0 };
    const { code, report } = await check(withPayments(project(await platformCharged(seen)), 'platform'));
    expect(seen.orders).toBeGreaterThan(5);
    expect(seen.withPayment).toBe(0);
    expect(report.cases.flatMap((c) => c.checks).filter((k) => k.id.startsWith('payment-'))).toEqual([]);
    expect(code).toBe(0);
  });

  it('a value other than "merchant" or "platform" is a configuration error naming the key (exit 2)', async () => {
    const result = await runCli(['check'], { cwd: withPayments(project('http://127.0.0.1:9'), 'shopper') });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/payments/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('MerchantGUID enforcement whatever the auth configuration', () => {
  async function reference(auth: AuthConfig[], fault?: string): Promise<string> {
    const server = await startMockMerchant({ config: merchantConfig({ guid: GUID, auth }), fault });
    closers.push(() => server.close());
    return server.url;
  }

  it('auth "none": a merchant that ignores the GUID fails guid-enforced on the order and the cart POST', async () => {
    const auth: AuthConfig[] = [{ mode: 'none' }];
    const { code, report } = await check(project(await reference(auth, 'guid-ignored'), auth));
    expect(code).toBe(1);
    expect(statuses(report, 'SendOrderToMerchant', 'wrong-merchant-guid')['guid-enforced']).toBe('failed');
    expect(statuses(report, 'GetCheckoutCartInfo', 'POST wrong-merchant-guid')['guid-enforced']).toBe('failed');
    expect(statuses(report, 'SendOrderToMerchant', 'negative')['auth-enforced']).toBe('skipped');
  });

  it('ip without deniedLocalAddress: auth negatives skipped, the GUID still proven against the conforming merchant', async () => {
    const auth: AuthConfig[] = [{ mode: 'ip', localAddress: '127.0.0.1' }];
    const { code, report } = await check(project(await reference(auth), auth));
    expect(code).toBe(0);
    expect(statuses(report, 'SendOrderToMerchant', 'wrong-merchant-guid')['guid-enforced']).toBe('passed');
    expect(statuses(report, 'GetCheckoutCartInfo', 'GET negative')['auth-enforced']).toBe('skipped');
  });
});

describe('xborder demo --fault slow', () => {
  it('is caught: every answer comes after the demo timeout', async () => {
    // One auth mode is enough to see it (every mode waits the same), and keeps the suite short.
    const result = await runCli(['demo', '--fault', 'slow', '--json', '--auth', 'header', '--no-save'], { timeoutMs: 90_000 });
    const report = JSON.parse(result.stdout) as Report;
    expect(result.code).toBe(1);
    expect(report.cases.some((c) => c.checks.some((k) => k.id === 'within-timeout' && k.status === 'failed'))).toBe(true);
  }, 90_000);
});
