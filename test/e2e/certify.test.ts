/**
 * End to end: `xborder certify` against the reference merchant (store mode, every lifecycle call),
 * `keygen` and `verify` as a platform runs them. The conforming merchant meets go-live and its signed
 * attestation verifies; an edited one, another key, a fault, an old statement and a lesser profile fail.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startMockMerchant, type MockMerchantServer } from '../../src/mock/merchant/server.js';
import { curlNewCart } from '../helpers/new-cart-curl.js';
import { merchantConfig } from '../helpers/merchant-config.js';
import { runCli } from '../helpers/run-cli.js';

const SECRET = 'hdr-Secret-c3e1f0';
const PASSWORD = 'pw-Secret-77ab01';
const EVENTS = ['payment', 'status', 'shipping-info', 'documents', 'refund'] as const;
const ENV = { XB_HEADER_KEY: SECRET, XB_BASIC_PASSWORD: PASSWORD };

async function withMerchant(fault: string | undefined, body: (dir: string, merchant: MockMerchantServer) => Promise<void>): Promise<void> {
  const auth = [{ mode: 'header' as const, name: 'X-Merchant-Key', value: SECRET }, { mode: 'basic' as const, username: 'platform', password: PASSWORD }];
  const server = merchantConfig({ auth });
  server.merchant.events = [...EVENTS];
  const merchant = await startMockMerchant({ config: server, fault, store: true });
  try {
    const dir = mkdtempSync(join(tmpdir(), 'xb-certify-'));
    const file = {
      merchantGUID: server.merchantGUID,
      merchant: { baseUrl: merchant.url, cartMethods: ['GET', 'POST'], cartToken: server.merchant.cartToken, events: [...EVENTS] },
      auth: [{ mode: 'header', name: 'X-Merchant-Key', value: '${XB_HEADER_KEY}' }, { mode: 'basic', username: 'platform', password: '${XB_BASIC_PASSWORD}' }],
    };
    writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify(file, null, 2));
    await body(dir, merchant);
  } finally {
    await merchant.close();
  }
}

interface Envelope { payloadType: string; payload: string; signatures: { keyid: string; sig: string }[] }

function payloadOf(dir: string, file = 'attestation.json'): Record<string, any> {
  const envelope = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Envelope;
  return JSON.parse(Buffer.from(envelope.payload, 'base64').toString('utf8'));
}

describe('xborder certify, keygen and verify', () => {
  it('meets go-live on the conforming merchant; the signed attestation verifies, and fails once edited or with another key', async () => {
    await withMerchant(undefined, async (dir, merchant) => {
      const keygen = await runCli(['keygen', '--out', 'key'], { cwd: dir });
      expect(keygen.code).toBe(0);
      expect(statSync(join(dir, 'key')).mode & 0o777).toBe(0o600);
      expect(readFileSync(join(dir, 'key.pub'), 'utf8')).toMatch(/^-----BEGIN PUBLIC KEY-----/);
      expect((await runCli(['keygen', '--out', 'key'], { cwd: dir })).code).toBe(2);

      const certify = await runCli(['certify', '--profile', 'go-live', '--sign', 'key', '--attestation', 'attestation.json', '--out', 'run', '--html', 'certificate.html', '--badge', 'badge.svg', '--badge-json', 'badge.json', '--new-cart', curlNewCart(merchant.newCartUrl!)], { cwd: dir, env: ENV });
      expect(certify.stdout).toContain('Profile go-live: met.');
      expect(certify.code).toBe(0);
      expect(readFileSync(join(dir, 'certificate.html'), 'utf8')).toContain('<div class="verdict v-passed">Profile go-live met</div>');
      expect(readFileSync(join(dir, 'badge.svg'), 'utf8')).toContain('aria-label="xborder: go-live met"');
      expect(JSON.parse(readFileSync(join(dir, 'badge.json'), 'utf8'))).toEqual({ schemaVersion: 1, label: 'xborder', message: 'go-live met', color: 'brightgreen' });
      const text = readFileSync(join(dir, 'attestation.json'), 'utf8');
      expect(readFileSync(join(dir, 'run', 'attestation.json'), 'utf8')).toBe(text);
      for (const secret of [SECRET, PASSWORD]) expect(text + Buffer.from(JSON.parse(text).payload, 'base64').toString()).not.toContain(secret);
      const envelope = JSON.parse(text) as Envelope;
      expect(envelope.payloadType).toBe('application/vnd.in-toto+json');
      const statement = payloadOf(dir);
      expect(statement._type).toBe('https://in-toto.io/Statement/v1');
      expect(statement.predicateType).toBe('https://xborder.dev/attestation/conformance/v1');
      const report = statement.subject.find((s: { name: string }) => s.name === 'report.json');
      expect(report.digest.sha256).toBe(createHash('sha256').update(readFileSync(join(dir, 'run', 'report.json'))).digest('hex'));
      expect(statement.predicate.verdict).toEqual({ result: 'met', missing: [] });
      // The configuration as tested: settings of each auth mode, never a secret.
      expect(statement.predicate.configuration.authModes).toEqual([{ mode: 'header', name: 'X-Merchant-Key' }, { mode: 'basic', username: 'platform' }]);
      const cells = statement.predicate.coverage.cells as { endpoint: string; authMode: string; check: string }[];
      for (const endpoint of ['GetCheckoutCartInfo', 'SendOrderToMerchant', 'PerformOrderPayment', 'UpdateOrderStatus', 'UpdateOrderShippingInfo', 'SendAdditionalRequiredDocumentsToMerchant', 'NotifyOrderRefund']) {
        expect(cells.some((c) => c.endpoint === endpoint && c.authMode === 'basic' && c.check === 'auth-enforced'), endpoint).toBe(true);
      }

      const verify = await runCli(['verify', 'attestation.json', '--key', 'key.pub', '--profile', 'go-live', '--max-age', '30d', '--config', 'xborder.config.json'], { cwd: dir });
      expect(verify.stdout).toContain('Verified: every check holds.');
      expect(verify.code).toBe(0);

      // One byte of the statement changed: the signature no longer holds.
      const edited = Buffer.from(envelope.payload, 'base64');
      edited[edited.indexOf('"met"') + 2] = 'n'.charCodeAt(0);
      writeFileSync(join(dir, 'edited.json'), JSON.stringify({ ...envelope, payload: edited.toString('base64') }));
      const tampered = await runCli(['verify', 'edited.json', '--key', 'key.pub'], { cwd: dir });
      expect(tampered.stdout).toMatch(/signature\s*│ unreadable │ not signed by that key/);
      expect(tampered.code).toBe(2);
      await runCli(['keygen', '--out', 'other'], { cwd: dir });
      const otherKey = await runCli(['verify', 'attestation.json', '--key', 'other.pub'], { cwd: dir });
      expect(otherKey.code).toBe(2);
      // Another merchant on file: the configuration digest differs.
      const config = JSON.parse(readFileSync(join(dir, 'xborder.config.json'), 'utf8'));
      config.merchant.baseUrl = 'http://127.0.0.1:9/';
      writeFileSync(join(dir, 'other.config.json'), JSON.stringify(config));
      const moved = await runCli(['verify', 'attestation.json', '--key', 'key.pub', '--config', 'other.config.json'], { cwd: dir });
      expect(moved.stdout).toContain('digest mismatch');
      expect(moved.code).toBe(1);
    });
  });

  it('writes "not met" naming the failed check for a merchant with a fault; verify exits 1', async () => {
    await withMerchant('order-duplicate', async (dir, merchant) => {
      await runCli(['keygen', '--out', 'key'], { cwd: dir });
      const certify = await runCli(['certify', '--profile', 'go-live', '--sign', 'key', '--out', 'run', '--new-cart', curlNewCart(merchant.newCartUrl!)], { cwd: dir, env: ENV });
      expect(certify.stdout).toMatch(/Profile go-live: not met:\n(?:.*\n)*\s+- idempotent-redelivery at SendOrderToMerchant \(header\): failed/);
      expect(certify.code).toBe(1);
      expect(payloadOf(join(dir, 'run')).predicate.verdict.result).toBe('not met');
      await runCli(['certify', '--profile', 'go-live', '--out', 'run2', '--badge-json', 'badge.json', '--new-cart', curlNewCart(merchant.newCartUrl!)], { cwd: dir, env: ENV });
      expect(JSON.parse(readFileSync(join(dir, 'badge.json'), 'utf8')).color).toBe('red');
      const verify = await runCli(['verify', join('run', 'attestation.json'), '--key', 'key.pub'], { cwd: dir });
      expect(verify.stdout).toMatch(/verdict\s*│ failed\s*│ go-live not met: .*idempotent-redelivery/);
      expect(verify.code).toBe(1);
    });
  });

  it('writes a bare statement without --sign; verify fails it when too old, of a lesser profile, or given a key', async () => {
    await withMerchant(undefined, async (dir, merchant) => {
      // A store converts each cart once: the order of each auth mode needs a fresh cart.
      const certify = await runCli(['certify', '--profile', 'smoke', '--out', 'run', '--json', '--new-cart', curlNewCart(merchant.newCartUrl!)], { cwd: dir, env: ENV });
      expect(JSON.parse(certify.stdout).summary.failed).toBe(0);
      expect(certify.stderr).toContain('Profile smoke: met.');
      expect(certify.code).toBe(0);
      const statement = JSON.parse(readFileSync(join(dir, 'run', 'attestation.json'), 'utf8'));
      expect(statement._type).toBe('https://in-toto.io/Statement/v1');
      expect((await runCli(['verify', join('run', 'attestation.json'), '--max-age', '1d'], { cwd: dir })).code).toBe(0);
      const lesser = await runCli(['verify', join('run', 'attestation.json'), '--profile', 'go-live'], { cwd: dir });
      expect(lesser.stdout).toMatch(/the attested profile smoke omits what go-live requires/);
      expect(lesser.code).toBe(1);
      statement.predicate.finishedAt = '2020-01-01T00:00:00.000Z';
      writeFileSync(join(dir, 'old.json'), JSON.stringify(statement));
      const old = await runCli(['verify', 'old.json', '--max-age', '30d', '--badge-json', 'badge.json'], { cwd: dir });
      expect(old.stdout).toMatch(/age\s*│ failed\s*│ too old/);
      expect(old.code).toBe(1);
      expect(JSON.parse(readFileSync(join(dir, 'badge.json'), 'utf8'))).toEqual({ schemaVersion: 1, label: 'xborder', message: 'smoke met 2020-01-01', color: 'yellow' });
      await runCli(['keygen', '--out', 'key'], { cwd: dir });
      expect((await runCli(['verify', 'old.json', '--key', 'key.pub', '--badge', 'badge.svg'], { cwd: dir })).code).toBe(2);
      expect(readFileSync(join(dir, 'badge.svg'), 'utf8')).toContain('aria-label="xborder: not verified"');
      expect((await runCli(['verify', 'old.json', '--max-age', 'soon'], { cwd: dir })).code).toBe(2);
      const badProfile = await runCli(['certify', '--profile', 'nope'], { cwd: dir, env: ENV });
      expect(badProfile.stderr).toContain('no profile named "nope"');
      expect(badProfile.code).toBe(2);
    });
  });
});
