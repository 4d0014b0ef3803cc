/**
 * Issue 34, the proxy's memory is bounded: its HAR is written as the exchanges come, through the
 * shared writer (src/io/growing-file.ts), never held whole in memory. Against the built CLI: the
 * file is a valid (empty) HAR as soon as the proxy listens, holds every exchange judged so far while
 * it runs, and is valid at the end and after Ctrl-C; it is private (0600). A GET or HEAD with a body
 * is refused with 400 and a live line, and never reaches the merchant.
 */
import http from 'node:http';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { proxyProject, recordingServer, startProxyCli } from '../helpers/proxy-cli.js';
import { runCli } from '../helpers/run-cli.js';
import { defaultConfig } from '../../src/config/defaults.js';
import { startMockMerchant, type MockMerchantServer } from '../../src/mock/merchant/server.js';

const running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function merchant(): Promise<MockMerchantServer> {
  const server = await startMockMerchant({ config: defaultConfig() });
  running.push(server);
  return server;
}

const cartPath = `/get-checkout-cart-info-url?merchantCartToken=${defaultConfig().merchant.cartToken}&countryCode=DE&currencyCode=EUR`;

/** A request through the proxy: status and body. `body` is sent as given (chunked when `chunked`). */
function send(url: string, method: string, body?: string, chunked = false): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    // Node frames no body of a GET or HEAD by itself: the framing header is given explicitly.
    const framing = chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(Buffer.byteLength(body ?? '')) };
    const req = http.request(url, { method, agent: false, headers: body !== undefined ? { ...framing, 'content-type': 'application/json' } : {} }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, text }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

const harEntries = (path: string): unknown[] => JSON.parse(readFileSync(path, 'utf8')).log.entries;

/** Waits until the HAR at `path` holds `count` entries: each is written once judged, after the live line. */
async function harHolds(path: string, count: number): Promise<void> {
  for (;;) {
    let entries: unknown[] = [];
    try {
      entries = harEntries(path);
    } catch {
      // Read while an entry was being written: read again.
    }
    if (entries.length >= count) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Waits until the proxy printed `count` verdict lines (a judged exchange's line ends in pass, FAIL, warning or error). */
async function verdicts(stderr: () => string, count: number): Promise<void> {
  while ((stderr().match(/ {2}(?:cart|order-response): /g) ?? []).length < count) await new Promise((r) => setTimeout(r, 20));
}

describe('proxy --har is written as it goes', () => {
  it('a valid HAR while the proxy runs, entry by entry, and at --count', async () => {
    const good = await merchant();
    const dir = proxyProject(good.url);
    const har = join(dir, 'session.har');
    const proxy = await startProxyCli(['--target', good.url, '--count', '3', '--har', 'session.har', '--no-save'], dir);
    // Listening: the file is there already, an empty HAR, private.
    expect(harEntries(har)).toEqual([]);
    expect(statSync(har).mode & 0o777).toBe(0o600);
    for (let i = 1; i <= 2; i++) {
      expect((await send(`${proxy.url}${cartPath}`, 'GET')).status).toBe(200);
      await verdicts(proxy.stderr, i);
      await harHolds(har, i);
      expect(harEntries(har)).toHaveLength(i);
    }
    expect((await send(`${proxy.url}${cartPath}`, 'GET')).status).toBe(200);
    const result = await proxy.done;
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('HAR (masked) written to session.har: 3 entries');
    const entries = harEntries(har) as { request: { method: string }; response: { status: number } }[];
    expect(entries.map((e) => [e.request.method, e.response.status])).toEqual([['GET', 200], ['GET', 200], ['GET', 200]]);
    // Laid out as before: JSON.stringify(document, null, 2), and validate reads it.
    const text = readFileSync(har, 'utf8');
    expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
    const validated = await runCli(['validate', 'session.har'], { cwd: dir });
    expect(validated.code, validated.stdout + validated.stderr).toBe(0);
  }, 60_000);

  it('is valid after Ctrl-C, with every exchange judged before it', async () => {
    const good = await merchant();
    const dir = proxyProject(good.url);
    const proxy = await startProxyCli(['--target', good.url, '--har', 'stopped.har', '--no-save', '--json'], dir);
    await send(`${proxy.url}${cartPath}`, 'GET');
    await send(`${proxy.url}${cartPath}`, 'GET');
    await verdicts(proxy.stderr, 2);
    proxy.interrupt();
    const result = await proxy.done;
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).cases).toHaveLength(2);
    expect(harEntries(join(dir, 'stopped.har'))).toHaveLength(2);
  }, 60_000);
});

describe('a GET or HEAD with a body', () => {
  it('is refused with 400 and a live line, never forwarded nor counted', async () => {
    const shop = await recordingServer((_req, res) => res.end('{}'));
    running.push(shop);
    const dir = proxyProject(shop.url);
    const proxy = await startProxyCli(['--target', shop.url, '--count', '1', '--har', 'get-body.har', '--no-save'], dir);
    const withBody = await send(`${proxy.url}${cartPath}`, 'GET', '{"smuggled":"POST /order-update-create-url"}');
    expect(withBody.status).toBe(400);
    expect(withBody.text).toContain('request refused: a GET request with a body');
    const chunked = await send(`${proxy.url}/get-checkout-cart-info-url`, 'HEAD', 'x', true);
    expect(chunked.status).toBe(400);
    expect(shop.got).toEqual([]);
    // A GET without a body (and one saying Content-Length: 0) is forwarded: the one exchange --count waits for.
    expect((await send(`${proxy.url}${cartPath}`, 'GET', '')).status).toBe(200);
    const result = await proxy.done;
    expect(result.stderr).toMatch(/^400 GET \/get-checkout-cart-info-url\?\S+ {2}refused: a GET request with a body \(the platform sends none/m);
    expect(result.stderr).toMatch(/^400 HEAD \/get-checkout-cart-info-url {2}refused: a HEAD request with a body/m);
    expect(shop.got.map((g) => g.method)).toEqual(['GET']);
    expect(harEntries(join(dir, 'get-body.har'))).toHaveLength(1);
  }, 60_000);
});
