/**
 * Issue 24, masking that never breaks: bodies of megabytes made of one repeated character or group
 * (where V8's regex engine ran out of stack in the masker: "Maximum call stack size exceeded",
 * exit 70, no report; in the proxy the exchange vanished) are judged and reported like any other,
 * against the built CLI on 127.0.0.1: a 6 MiB text answer to check-cart and through the proxy, a
 * 9 MiB HAR body for validate, a 12 MiB JSON file for decode.
 */
import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../src/mock/running-server.js';
import { runCli, type CliResult } from '../helpers/run-cli.js';
import { startProxyCli } from '../helpers/proxy-cli.js';

const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';
const MIB = 1024 * 1024;
/** One base64-looking line of 6 MiB: what the masker scans for wrapped base64 and Basic credentials. */
const ANSWER = 'QUJD'.repeat((6 * MIB) / 4);

let dir: string;
let merchant: RunningServer;

function noCrash(result: CliResult): void {
  expect(result.stderr).not.toMatch(/Maximum call stack|internal error/);
}

/** A GET through `url`: the number of body bytes the caller received. */
function get(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http.get(url, { agent: false }, (res) => {
      let n = 0;
      res.on('data', (c: Buffer) => (n += c.length));
      res.on('end', () => resolve(n));
    }).on('error', reject);
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'xb-huge-bodies-'));
  merchant = await listen(
    createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(ANSWER);
      });
    }),
  );
  writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({ merchantGUID: GUID, merchant: { baseUrl: merchant.url, cartMethods: ['GET'] }, auth: [{ mode: 'none' }], timeoutMs: 60_000 }));
});

afterAll(async () => {
  await merchant?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('bodies of megabytes are masked and reported, never a stack overflow', () => {
  it('check-cart against a 6 MiB text answer: a report, exit 1', async () => {
    const result = await runCli(['check-cart', '--json', '-v', '--no-save'], { cwd: dir, timeoutMs: 120_000 });
    noCrash(result);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout);
    expect(report.cases.length).toBeGreaterThan(0);
    expect(report.cases[0].checks.some((c: { id: string; status: string }) => c.status === 'failed')).toBe(true);
  }, 150_000);

  it('proxy: the 6 MiB exchange is forwarded whole and judged, not lost', async () => {
    const { url, done } = await startProxyCli(['--target', merchant.url, '--count', '1', '--json', '--no-save'], dir, 120_000);
    expect(await get(`${url}/get-checkout-cart-info-url?countryCode=DE&currencyCode=EUR&merchantCartToken=abc`)).toBe(ANSWER.length);
    const proxy = await done;
    noCrash(proxy);
    expect(proxy.code).toBe(1);
    expect(JSON.parse(proxy.stdout).cases).toHaveLength(1);
  }, 150_000);

  it('validate FILE.har with a 9 MiB response body', async () => {
    const text = 'QUJD'.repeat((9 * MIB) / 4);
    const entry = {
      startedDateTime: new Date().toISOString(), time: 1,
      request: { method: 'GET', url: `${merchant.url}/get-checkout-cart-info-url?countryCode=DE&currencyCode=EUR&merchantCartToken=abc`, httpVersion: 'HTTP/1.1', cookies: [], headers: [], queryString: [], headersSize: -1, bodySize: 0 },
      response: { status: 200, statusText: 'OK', httpVersion: 'HTTP/1.1', cookies: [], headers: [{ name: 'content-type', value: 'application/json' }], content: { size: text.length, mimeType: 'application/json', text }, redirectURL: '', headersSize: -1, bodySize: -1 },
      cache: {}, timings: { send: 0, wait: 1, receive: 0 },
    };
    writeFileSync(join(dir, 'big.har'), JSON.stringify({ log: { version: '1.2', creator: { name: 't', version: '1' }, entries: [entry] } }));
    const result = await runCli(['validate', 'big.har', '--json'], { cwd: dir, timeoutMs: 120_000 });
    noCrash(result);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).cases).toHaveLength(1);
  }, 150_000);

  it('decode of a 12 MiB JSON document', async () => {
    writeFileSync(join(dir, 'big.json'), JSON.stringify({ OrderId: 'GE1DE', Note: 'x'.repeat(12 * MIB) }));
    const result = await runCli(['decode', 'big.json', '--json'], { cwd: dir, timeoutMs: 120_000 });
    noCrash(result);
    expect(result.code).toBe(0);
    const out = JSON.parse(result.stdout);
    expect(out.payload.Note).toHaveLength(12 * MIB);
    expect(out.payload.OrderId).toBe('GE1DE');
  }, 150_000);
});
