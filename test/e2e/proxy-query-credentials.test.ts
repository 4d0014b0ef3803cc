/**
 * End to end: the proxy treats the configured query-auth name in every spelling a merchant's
 * framework reads as it (ASP.NET and many PHP frameworks read `MKEY` and `Mkey` as `mkey`; a client
 * may percent-encode a letter of it). With query auth `mkey`, the platform's requests carry `MKEY=`,
 * `Mkey=` and `m%4Bey=` with values of their own, and the merchant echoes their values in its answer.
 * The proxy forwards them as sent (it is the platform's request), and no live line, `-v` dump, HAR
 * file or run folder file shows any of those values in clear.
 */
import http from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { filesUnder } from '../helpers/files-under.js';
import { proxyProject, startProxyCli } from '../helpers/proxy-cli.js';
import { httpServer, type Listening } from '../http/servers.js';

const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';
const CONFIGURED = 'configured-mkey-61d0a4';
const SENT = { upper: 'platform-upper-7c2e91', mixed: 'platform-mixed-3b8f05', encoded: 'platform-encoded-d41a66' };
const CART = '/get-checkout-cart-info-url';
const ORDER = '/order-update-create-url';

const servers: Listening[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** One request through the proxy; resolves with the status. */
function request(url: string, method: string, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, agent: false, headers: { 'content-type': 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('xborder proxy: query credentials in another spelling', () => {
  it('MKEY=, Mkey= and m%4Bey= for a configured `mkey` are forwarded as sent and shown nowhere: live lines, -v, HAR, run folder', async () => {
    const received: string[] = [];
    const merchant = await httpServer((req, res) => {
      received.push(req.url ?? '');
      req.resume().on('end', () => {
        // A debugging merchant that echoes the values of the query it got, without their names.
        const values = [...new URL(req.url ?? '/', 'http://merchant.invalid').searchParams.values()];
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ResponseInfo: { Success: false, Message: `unknown values ${values.join(' ')}` } }));
      });
    });
    servers.push(merchant);
    const dir = proxyProject(merchant.url);
    writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({ merchantGUID: GUID, merchant: { baseUrl: merchant.url }, auth: [{ mode: 'query', name: 'mkey', value: CONFIGURED }], timeoutMs: 10_000 }));
    const proxy = await startProxyCli(['--target', merchant.url, '--count', '2', '-v', '--har', 'session.har', '--out', 'run'], dir);
    const query = `MKEY=${SENT.upper}&Mkey=${SENT.mixed}&m%4Bey=${SENT.encoded}`;
    expect(await request(`${proxy.url}${CART}?merchantCartToken=c1&countryCode=DE&currencyCode=EUR&${query}`, 'GET')).toBe(200);
    expect(await request(`${proxy.url}${ORDER}?${query}`, 'POST', JSON.stringify({ OrderId: 'GE1' }))).toBe(200);
    const result = await proxy.done;
    // It worked: both exchanges went through and were judged, the HAR and the run folder written.
    expect(result.code, result.stderr).toBe(1);
    expect(received).toEqual([`${CART}?merchantCartToken=c1&countryCode=DE&currencyCode=EUR&${query}`, `${ORDER}?${query}`]);
    const files = filesUnder(join(dir, 'run'));
    expect(files).toContain('report.json');
    const written = [readFileSync(join(dir, 'session.har'), 'utf8'), ...files.map((f) => readFileSync(join(dir, 'run', f), 'utf8'))];
    expect(written[0]).toContain('MKEY=****');
    for (const [what, text] of [['stdout', result.stdout], ['stderr', result.stderr], ...written.map((t, i) => [`file ${i}`, t])] as const) {
      for (const secret of [CONFIGURED, ...Object.values(SENT)]) expect(text, `${what} shows ${secret}`).not.toContain(secret);
    }
  }, 60_000);
});
