/**
 * The reference merchant enforces every configured auth mode on both endpoints: right credentials
 * pass, missing or wrong ones get 401 with a ResponseInfo. Credentials are built here by hand
 * (not with src/auth's applyAuth) so the test is an independent reading of each mode.
 */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import type { AuthConfig } from '../../src/model.js';
import { getCart, postOrder, sampleOrder, start } from './merchant-fixtures.js';

const HEADER: AuthConfig = { mode: 'header', name: 'X-Merchant-Key', value: 'h-secret-1' };
const BASIC: AuthConfig = { mode: 'basic', username: 'platform', password: 'b-secret-2' };
const JWT: AuthConfig = { mode: 'jwt', algorithm: 'HS256', secret: 'j-secret-3-long-enough-for-hs256!', issuer: 'platform', ttlSeconds: 300 };
const QUERY: AuthConfig = { mode: 'query', name: 'key', value: 'q-secret-4' };

/** Credentials of a mode as headers and query parameters. */
interface Creds {
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

async function jwt(opts: { secret?: string; issuer?: string; expiresIn?: string | number } = {}): Promise<string> {
  const cfg = JWT as Extract<AuthConfig, { mode: 'jwt' }>;
  return new SignJWT({ sub: 'platform' })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setIssuer(opts.issuer ?? cfg.issuer!)
    .setExpirationTime(opts.expiresIn ?? '5m')
    .sign(new TextEncoder().encode(opts.secret ?? cfg.secret!));
}

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

const MODES: { auth: AuthConfig; right: () => Promise<Creds>; wrong: Record<string, () => Promise<Creds>> }[] = [
  {
    auth: HEADER,
    right: async () => ({ headers: { 'X-Merchant-Key': 'h-secret-1' } }),
    wrong: { 'wrong value': async () => ({ headers: { 'X-Merchant-Key': 'nope' } }) },
  },
  {
    auth: BASIC,
    right: async () => ({ headers: { Authorization: basic('platform', 'b-secret-2') } }),
    wrong: {
      'wrong password': async () => ({ headers: { Authorization: basic('platform', 'nope') } }),
      'wrong user': async () => ({ headers: { Authorization: basic('someone', 'b-secret-2') } }),
    },
  },
  {
    auth: JWT,
    right: async () => ({ headers: { Authorization: `Bearer ${await jwt()}` } }),
    wrong: {
      'wrong secret': async () => ({ headers: { Authorization: `Bearer ${await jwt({ secret: 'another-secret-another-secret-123' })}` } }),
      'expired token': async () => ({ headers: { Authorization: `Bearer ${await jwt({ expiresIn: Math.floor(Date.now() / 1000) - 60 })}` } }),
      'wrong issuer': async () => ({ headers: { Authorization: `Bearer ${await jwt({ issuer: 'someone-else' })}` } }),
      'unsigned (alg none)': async () => {
        const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
        return { headers: { Authorization: `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64({ iss: 'platform', exp: Math.floor(Date.now() / 1000) + 300 })}.` } };
      },
      'tampered payload': async () => {
        const [h, , s] = (await jwt()).split('.');
        const payload = Buffer.from(JSON.stringify({ iss: 'platform', sub: 'admin', exp: Math.floor(Date.now() / 1000) + 300 })).toString('base64url');
        return { headers: { Authorization: `Bearer ${h}.${payload}.${s}` } };
      },
    },
  },
  {
    auth: QUERY,
    right: async () => ({ query: { key: 'q-secret-4' } }),
    wrong: { 'wrong value': async () => ({ query: { key: 'nope' } }) },
  },
];

describe.each(MODES)('auth mode $auth.mode', ({ auth, right, wrong }) => {
  it('accepts the right credentials on the order and cart endpoints', async () => {
    const server = await start({ auth: [auth] });
    const creds = await right();
    const order = await postOrder(server, sampleOrder(), { headers: creds.headers, path: withQuery('/order-update-create-url', creds.query) });
    expect(order.status).toBe(200);
    expect(order.json.ResponseInfo.Success).toBe(true);
    const cart = await getCart(server, creds.query, { headers: creds.headers });
    expect(cart.status).toBe(200);
    expect(Array.isArray(cart.json.productsList)).toBe(true);
  });

  it('rejects missing credentials with 401 and a ResponseInfo', async () => {
    const server = await start({ auth: [auth] });
    for (const res of [await postOrder(server, sampleOrder()), await getCart(server)]) {
      expect(res.status).toBe(401);
      expect(res.json.ResponseInfo).toMatchObject({ Success: false, ErrorCode: '401', Message: 'Unauthorized' });
      expect(res.json.ResponseInfo.Description).toContain(auth.mode);
    }
    expect(server.orderCount()).toBe(0);
  });

  it.each(Object.entries(wrong))('rejects %s', async (_label, make) => {
    const server = await start({ auth: [auth] });
    const creds = await make();
    const order = await postOrder(server, sampleOrder(), { headers: creds.headers, path: withQuery('/order-update-create-url', creds.query) });
    expect(order.status).toBe(401);
    expect(order.json.ResponseInfo.Success).toBe(false);
    const cart = await getCart(server, creds.query, { headers: creds.headers });
    expect(cart.status).toBe(401);
    expect(server.orderCount()).toBe(0);
  });

  it('never repeats the secret in the rejection', async () => {
    const server = await start({ auth: [auth] });
    const res = await postOrder(server, sampleOrder(), { headers: { 'X-Merchant-Key': 'nope', Authorization: 'Bearer x.y.z' } });
    for (const secret of ['h-secret-1', 'b-secret-2', 'j-secret-3', 'q-secret-4']) expect(res.text).not.toContain(secret);
  });
});

describe('several modes', () => {
  it('accepts any one configured mode and rejects requests with none of them', async () => {
    const server = await start({ auth: [HEADER, BASIC] });
    expect((await postOrder(server, sampleOrder(), { headers: { 'X-Merchant-Key': 'h-secret-1' } })).status).toBe(200);
    expect((await postOrder(server, sampleOrder(), { headers: { Authorization: basic('platform', 'b-secret-2') } })).status).toBe(200);
    expect((await postOrder(server, sampleOrder())).status).toBe(401);
  });

  it('with "none" listed, unauthenticated requests are accepted', async () => {
    const server = await start({ auth: [{ mode: 'none' }, HEADER] });
    expect((await postOrder(server, sampleOrder())).status).toBe(200);
    expect((await getCart(server)).status).toBe(200);
  });
});

describe('auth mode ip', () => {
  /** POSTs an order from a chosen local address (loopback aliases work on Linux). */
  function postFrom(url: string, localAddress: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const req = request(`${url}/order-update-create-url`, { method: 'POST', localAddress, headers: { 'Content-Type': 'application/json' } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end(JSON.stringify(sampleOrder()));
    });
  }

  it('accepts the allowed address and rejects another', async () => {
    const allowed = await start({ auth: [{ mode: 'ip', localAddress: '127.0.0.1' }] });
    expect(await postFrom(allowed.url, '127.0.0.1')).toBe(200);
    const denied = await start({ auth: [{ mode: 'ip', localAddress: '127.0.0.2' }] });
    expect(await postFrom(denied.url, '127.0.0.1')).toBe(401);
  });
});

function withQuery(path: string, query?: Record<string, string>): string {
  return query ? `${path}?${new URLSearchParams(query)}` : path;
}
