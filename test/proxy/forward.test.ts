/**
 * Forwarding: the caller receives the merchant's answer byte for byte (status, headers, a gzip body
 * as sent), the merchant receives the request as the caller sent it (method, path, query, headers,
 * body), and a merchant that refuses or stalls is answered 502 / 504 by the proxy, which keeps going.
 */
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startProxy, type ProxiedExchange, type RunningProxy } from '../../src/proxy/server.js';
import { DEFAULT_HTTP_SETTINGS } from '../../src/http/defaults.js';
import { closeAgents } from '../../src/http/send.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
  await closeAgents();
});

interface Seen {
  method?: string;
  url?: string;
  headers?: http.IncomingHttpHeaders;
  body?: string;
}

async function merchant(handler: (req: http.IncomingMessage, res: http.ServerResponse, seen: Seen) => void): Promise<{ url: string; seen: Seen }> {
  const seen: Seen = {};
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      Object.assign(seen, { method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      handler(req, res, seen);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  closers.push(() => new Promise((r) => { server.closeAllConnections(); server.close(() => r()); }));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

async function proxyTo(target: string, settings = {}): Promise<{ proxy: RunningProxy; done: ProxiedExchange[] }> {
  const done: ProxiedExchange[] = [];
  const proxy = await startProxy({ target: new URL(target), host: '127.0.0.1', port: 0, settings: { ...DEFAULT_HTTP_SETTINGS, ...settings }, onExchange: (p) => done.push(p), onRefused: () => undefined });
  closers.push(() => proxy.close());
  return { proxy, done };
}

/** A raw HTTP/1.1 request: the status line, the headers and the body bytes exactly as received. */
function raw(url: string, method: string, headers: Record<string, string>, body?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The exchange is judged after the caller got its answer: wait for it. */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
}

describe('forward through the proxy', () => {
  it('passes the request unchanged and returns the answer byte for byte (gzip kept as sent)', async () => {
    const answer = gzipSync(Buffer.from(JSON.stringify({ ResponseInfo: { Success: true, InternalOrderId: '7', OrderId: 'GE1GB' } })));
    const m = await merchant((_req, res) => {
      res.writeHead(201, { 'content-type': 'application/json; charset=utf-8', 'content-encoding': 'gzip', 'x-merchant': 'kept', 'set-cookie': 'a=1' });
      res.end(answer);
    });
    const { proxy, done } = await proxyTo(`${m.url}/base/`);
    const body = JSON.stringify({ MerchantGUID: 'g', OrderId: 'GE1GB', note: 'é✓' });
    const got = await raw(`${proxy.url}/order-update-create-url?a=1&b=%20x`, 'POST', { 'content-type': 'application/json', 'x-platform': 'yes', authorization: 'Bearer abc' }, body);
    expect(got.status).toBe(201);
    expect(got.body.equals(answer)).toBe(true);
    expect(got.headers['content-encoding']).toBe('gzip');
    expect(got.headers['x-merchant']).toBe('kept');
    expect(got.headers['set-cookie']).toEqual(['a=1']);
    expect(m.seen.method).toBe('POST');
    expect(m.seen.url).toBe('/base/order-update-create-url?a=1&b=%20x');
    expect(m.seen.body).toBe(body);
    expect(m.seen.headers?.['x-platform']).toBe('yes');
    expect(m.seen.headers?.authorization).toBe('Bearer abc');
    // The judge sees the answer decoded, the request as sent.
    await until(() => done.length === 1);
    expect(done).toHaveLength(1);
    expect(JSON.parse(done[0]!.exchange.response!.body.toString('utf8')).ResponseInfo.InternalOrderId).toBe('7');
    expect(done[0]!.exchange.request.body).toBe(body);
    expect(done[0]!.byProxy).toBe(false);
  });

  it('answers 502 when the merchant refuses the connection, and keeps serving', async () => {
    const m = await merchant((_req, res) => res.end('{}'));
    const dead = await merchant((_req, res) => res.end());
    const deadUrl = dead.url;
    await closers.pop()!();
    const { proxy, done } = await proxyTo(deadUrl);
    const got = await raw(`${proxy.url}/order-update-create-url`, 'POST', { 'content-type': 'application/json' }, '{}');
    expect(got.status).toBe(502);
    expect(got.body.toString()).toContain('ECONNREFUSED');
    await until(() => done.length === 1);
    expect(done[0]!.byProxy).toBe(true);
    expect(done[0]!.exchange.error?.code).toBe('ECONNREFUSED');
    // Still alive after the failure.
    const again = await raw(`${proxy.url}/x`, 'GET', {});
    expect(again.status).toBe(502);
    expect(m.url).toMatch(/^http/);
  });

  it('answers 504 when the merchant does not answer within the timeout', async () => {
    const m = await merchant((_req, res) => setTimeout(() => res.end('late'), 1500));
    const { proxy, done } = await proxyTo(m.url, { timeoutMs: 200 });
    const got = await raw(`${proxy.url}/get-checkout-cart-info-url`, 'GET', {});
    expect(got.status).toBe(504);
    await until(() => done.length === 1);
    expect(done[0]!.exchange.error?.code).toMatch(/^TIMEOUT/);
  });

  it('keeps at most the body cap for judging while the caller still gets every byte', async () => {
    const big = 'x'.repeat(50_000);
    const m = await merchant((_req, res) => res.end(big));
    const { proxy, done } = await proxyTo(m.url, { maxBodyBytes: 1000 });
    const got = await raw(`${proxy.url}/cart`, 'GET', {});
    expect(got.body.toString()).toBe(big);
    await until(() => done.length === 1);
    expect(done[0]!.exchange.response!.body.length).toBe(1000);
    expect(done[0]!.exchange.response!.truncated).toBe(true);
  });
});
