/**
 * Secrets and card data never reach any output. Every command runs with known secret values in the
 * config (through ${ENV}), in flags and in payloads; no byte of stdout, stderr or a written file may
 * contain one. Failing runs are included on purpose: they print curl reproductions and bodies.
 */
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { XborderConfig } from '../../src/model.js';
import { startMockMerchant, type MockMerchantServer } from '../../src/mock/merchant/server.js';
import { startMockPlatform } from '../../src/mock/platform/server.js';
import { createServer } from 'node:http';
import { listen, type RunningServer } from '../../src/mock/running-server.js';
import { merchantConfig } from '../helpers/merchant-config.js';
import { runCli, type CliResult } from '../helpers/run-cli.js';

const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';
const SECRET = {
  header: 'hdrKEY-q8w7e6r5t4',
  password: 'basicPW-z1x2c3v4b5',
  jwt: 'jwtSECRET-m9n8b7v6c5x4z3',
  query: 'queryKEY-p0o9i8u7y6',
  pin: 'PIN-kj47hg',
  // Not the samples' own public test card (4111…), which `samples show` prints as it is.
  card: '5555555555554444',
  cvv: '9173',
  cartKey: 'cartKEY-d4e5f6',
  platformKey: 'platKEY-j1k2l3',
  proxyPassword: 'proxyPW-g7h8i9',
  envProxyPassword: 'envPROXY-m4n5o6',
};
const ENV = { XB_HEADER_KEY: SECRET.header, XB_BASIC_PASSWORD: SECRET.password, XB_JWT_SECRET: SECRET.jwt, XB_QUERY_KEY: SECRET.query };

let dir: string;
let merchant: MockMerchantServer;
let failing: MockMerchantServer;
let platform: RunningServer;
const outputs: { label: string; text: string }[] = [];

function serverConfig(): XborderConfig {
  return merchantConfig({
    guid: GUID,
    cartToken: '2c5c7b3db2ed101426cba38d9c534086',
    auth: [
    { mode: 'header', name: 'X-Merchant-Key', value: SECRET.header },
    { mode: 'basic', username: 'platform', password: SECRET.password },
    { mode: 'jwt', algorithm: 'HS256', secret: SECRET.jwt, issuer: 'platform' },
    { mode: 'query', name: 'key', value: SECRET.query },
  ],
  });
}

function writeConfig(name: string, baseUrl: string): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify({
    merchantGUID: GUID,
    merchant: { baseUrl, cartMethods: ['GET', 'POST'] },
    platform: { baseUrl: platform.url },
    auth: [
      { mode: 'header', name: 'X-Merchant-Key', value: '${XB_HEADER_KEY}' },
      { mode: 'basic', username: 'platform', password: '${XB_BASIC_PASSWORD}' },
      { mode: 'jwt', algorithm: 'HS256', secret: '${XB_JWT_SECRET}', issuer: 'platform' },
      { mode: 'query', name: 'key', value: '${XB_QUERY_KEY}' },
    ],
    timeoutMs: 5000,
  }));
  return file;
}

/**
 * Runs xborder and keeps its output for the final search, once it is checked to have done what it
 * is for (its exit code and a piece of its output): a run that failed early would cover nothing.
 */
async function run(label: string, args: string[], code: number, shows: RegExp, input?: string): Promise<CliResult> {
  const result = await runCli(args, { cwd: dir, env: ENV, input });
  expect(result.code, `${label}: ${result.stdout.slice(-500)}${result.stderr}`).toBe(code);
  expect(result.stdout + result.stderr, label).toMatch(shows);
  outputs.push({ label: `${label} (stdout)`, text: result.stdout }, { label: `${label} (stderr)`, text: result.stderr });
  return result;
}

function leaks(text: string): string[] {
  const found: string[] = Object.entries(SECRET).filter(([key, value]) => key !== 'cvv' && text.includes(value)).map(([key]) => key);
  // The card number may show its last 4 digits only; the CVV is judged where it is labelled.
  if (/555555555555/.test(text)) found.push('card (more than the last 4 digits)');
  if (new RegExp(`CVV[A-Za-z]*"?\\s*[:=]\\s*"?${SECRET.cvv}`).test(text)) found.push('cvv');
  // Basic credentials also travel base64-encoded.
  if (text.includes(Buffer.from(`platform:${SECRET.password}`).toString('base64'))) found.push('basic (base64)');
  return found;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'xb-secrets-'));
  merchant = await startMockMerchant({ config: serverConfig() });
  failing = await startMockMerchant({ config: serverConfig(), fault: 'auth-ignored' });
  platform = await startMockPlatform({ merchantGUID: GUID });
  writeConfig('good.json', merchant.url);
  writeConfig('failing.json', failing.url);
  const order = JSON.parse(readFileSync(new URL('../../samples/order-payment.json', import.meta.url), 'utf8'));
  order.PaymentDetails.CardNumber = SECRET.card;
  order.PaymentDetails.CVVNumber = SECRET.cvv;
  writeFileSync(join(dir, 'captured-order.json'), JSON.stringify(order, null, 2));
  writeFileSync(join(dir, 'captured.ndjson'), `${JSON.stringify(order)}\n${JSON.stringify({ ...order, OrderId: 'GE2' })}\n`);
  writeFileSync(join(dir, 'gift-body.json'), JSON.stringify({ MerchantGUID: GUID, ShippingCountryCode: 'DE', CardFields: { CardId: 'XB-GC-VALID-0001', CardPin: SECRET.pin } }));
  // A config whose problems sit right next to secrets: the messages must name the place, not the value.
  writeFileSync(join(dir, 'bad.json'), JSON.stringify({ merchant: { baseUrl: merchant.url }, auth: [{ mode: 'header', name: 7, value: SECRET.header }, { mode: 'basic', username: 'u', password: SECRET.password, extra: SECRET.query }], timeoutMs: SECRET.jwt }));
});

afterAll(async () => {
  await Promise.all([merchant.close(), failing.close(), platform.close()]);
});

describe('no secret in any output', () => {
  it('check: passing and failing, table, -v, --json, --junit', async () => {
    await run('check json junit', ['check', '--config', 'good.json', '--json', '--junit', 'good.xml', '-v'], 0, /"failed": 0/);
    await run('check failing -v', ['check', '--config', 'failing.json', '-v', '--junit', 'failing.xml'], 1, /reproduce:\s+curl/);
    await run('check failing json', ['check', '--config', 'failing.json', '--json'], 1, /"curl": "curl /);
  });

  it('post-order with a captured order carrying card data', async () => {
    await run('post-order -v', ['post-order', '--config', 'good.json', '--file', 'captured-order.json', '-v'], 0, /CardNumber/);
    await run('post-order json', ['post-order', '--config', 'failing.json', '--file', 'captured-order.json', '--json', '--negative'], 1, /"requestBody"/);
    await run('post-order set', ['post-order', '--config', 'good.json', '--sample', 'order-payment', '--set', `PaymentDetails.CardNumber=${SECRET.card}`, '-v'], 0, /4444/);
  });

  it('validate and decode of captured payloads', async () => {
    await run('validate table', ['validate', 'captured-order.json'], 0, /1 document: 0 failed/);
    await run('validate json', ['validate', '--json', 'captured-order.json', 'captured.ndjson'], 0, /"source":"captured\.ndjson/);
    await run('validate stdin', ['validate', '-'], 0, /2 documents: 0 failed/, readFileSync(join(dir, 'captured.ndjson'), 'utf8'));
    await run('decode', ['decode', 'captured-order.json', '--all'], 0, /decoded: Müller/);
    await run('decode json', ['decode', 'captured-order.json', '--json'], 0, /"CVVNumber"/);
    await run('samples show', ['samples', 'show', 'order-payment', '--set', `PaymentDetails.CVVNumber="${SECRET.cvv}"`], 0, /"CVVNumber"/);
  });

  it('gift-card validate and platform call with a PIN', async () => {
    await run('gift-card -v', ['-v', 'gift-card', 'validate', '--config', 'good.json', '--card-id', 'XB-GC-VALID-0001', '--pin', SECRET.pin, '--country', 'DE'], 0, /ValidateGiftCard XB-GC-VALID-0001/);
    await run('gift-card json', ['gift-card', 'validate', '--config', 'good.json', '--card-id', 'XB-GC-VALID-0001', '--pin', SECRET.pin, '--country', 'DE', '--json'], 0, /"failed": 0/);
    await run('platform call -v', ['-v', 'platform', 'call', 'ValidateGiftCard', '--config', 'good.json', '--body', 'gift-body.json'], 0, /HTTP 200/);
    await run('platform call json', ['platform', 'call', 'ValidateGiftCard', '--config', 'good.json', '--body', 'gift-body.json', '--json'], 0, /"failed": 0/);
  });

  it('credentials inside URLs: cartParams keys, a platform URL key, proxy passwords (flag and environment)', async () => {
    const closed = '127.0.0.1:1'; // nothing listens on port 1: refused at once
    writeFileSync(join(dir, 'urls.json'), JSON.stringify({
      merchantGUID: GUID,
      merchant: { baseUrl: `http://${closed}`, cartParams: { locale: 'de-DE', key: SECRET.cartKey } },
      platform: { baseUrl: `${platform.url}/?apikey=${SECRET.platformKey}` },
      timeoutMs: 5000,
    }));
    await run('check-cart with a key in cartParams', ['check-cart', '--config', 'urls.json', '-v', '--junit', 'urls.xml'], 3, /key=\*\*\*\*/);
    await run('check-cart json with a key in cartParams', ['check-cart', '--config', 'urls.json', '--json'], 3, /"errored": 1/);
    await run('gift-card with a platform URL key', ['-v', 'gift-card', 'validate', '--config', 'urls.json', '--card-id', 'XB-GC-VALID-0001', '--pin', SECRET.pin, '--country', 'DE'], 0, /ValidateGiftCard XB-GC-VALID-0001/);
    // The reference platform's country list fails one check of its own: what matters is that it answered.
    await run('platform call with a platform URL key', ['platform', 'call', 'Countries', '--config', 'urls.json', '--json'], 1, /"PlatformCall"/);
    await run('proxy password (flag)', ['platform', 'call', 'Countries', '--config', 'urls.json', '--proxy', `http://bob:${SECRET.proxyPassword}@${closed}`, '-v'], 3, /no answer \(ECONNREFUSED\)/);
    const viaEnv = await runCli(['gift-card', 'validate', '--config', 'urls.json', '--url', 'https://gift.example.invalid/v', '--card-id', 'X', '--country', 'DE', '-v'], {
      cwd: dir,
      env: { ...ENV, HTTPS_PROXY: `http://bob:${SECRET.envProxyPassword}@${closed}` },
    });
    outputs.push({ label: 'proxy password (environment)', text: viaEnv.stdout + viaEnv.stderr });
    expect(viaEnv.code).toBe(3);
    expect(viaEnv.stdout).toContain('connection refused by the proxy 127.0.0.1:1');
  });

  it('configuration errors name places, not values', async () => {
    await run('bad config', ['check', '--config', 'bad.json'], 2, /problems:\n {2}- \/auth\/0\/name/);
    // Values quoted in an error (a proxy or URL the user typed) are masked too.
    await run('bad proxy', ['check', '--config', 'good.json', '--proxy', `http://bob:${SECRET.password}@[bad`], 2, /proxy: not a valid URL: "http:\/\/bob:\*\*\*\*@\[bad"/);
    await run('bad url', ['check', '--config', 'good.json', '--platform-url', `ftp://u:${SECRET.password}@x/?key=${SECRET.query}`], 2, /platform\.baseUrl: expected an http/);
  });

  it('card data the merchant echoes back in free text is masked', async () => {
    const echo = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const order = JSON.parse(body);
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ResponseInfo: { Success: false, ErrorCode: 'CARD', Message: `security code ${order.PaymentDetails?.CVVNumber} rejected for card ${order.PaymentDetails?.CardNumber}` } }));
      });
    });
    const server = await listen(echo);
    try {
      const result = await run('echoing merchant', ['post-order', '--config', 'good.json', '--merchant-url', server.url, '--file', 'captured-order.json', '-v'], 1, /security code \*\*\*\* rejected/);
      expect(result.stdout).not.toContain(`security code ${SECRET.cvv}`);
    } finally {
      await server.close();
    }
  });

  it('--show-secrets is the one way to see them, with a warning', async () => {
    const shown = await runCli(['samples', 'show', 'order-payment', '--set', `PaymentDetails.CardNumber=${SECRET.card}`, '--show-secrets'], { cwd: dir });
    expect(shown.stdout).toContain(SECRET.card);
    expect(shown.stderr).toMatch(/warning: --show-secrets/);
    // The detector used below sees what --show-secrets lets through (so the final check can fail).
    expect(leaks(shown.stdout)).toContain('card (more than the last 4 digits)');
    const unmasked = await runCli(['check-cart', '--config', 'failing.json', '-v', '--show-secrets', '--auth', 'basic'], { cwd: dir, env: ENV });
    expect(leaks(unmasked.stdout + unmasked.stderr)).toEqual(expect.arrayContaining(['basic (base64)']));
  });

  it('no output and no written file contains a secret', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.xml')).map((f) => ({ label: f, text: readFileSync(join(dir, f), 'utf8') }));
    expect(files.length).toBe(3);
    const found = [...outputs, ...files].flatMap(({ label, text }) => leaks(text).map((what) => `${label}: ${what}`));
    expect(found).toEqual([]);
    expect(outputs.length).toBeGreaterThanOrEqual(30);
  });
});
