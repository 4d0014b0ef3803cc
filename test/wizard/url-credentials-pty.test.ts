/**
 * In a real terminal: a merchant URL typed with a password holding `@` and an API key never shows on
 * the screen (not on the answer line while typed or once answered, not on the probe screen), and is
 * saved as ${ENV} references.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockMerchant } from '../../src/mock/merchant/server.js';
import type { RunningServer } from '../../src/mock/running-server.js';
import { testConfig } from '../mock/merchant-fixtures.js';
import { answer, KEY, runInPty } from './pty.js';

const GUID = testConfig().merchantGUID;
const PASSWORD = 'pw@Wiz-7731';
const API_KEY = 'PtyKey-4417';
let merchant: RunningServer;
let cwd: string;

beforeAll(async () => {
  merchant = await startMockMerchant({ config: testConfig([{ mode: 'none' }], ['GET']) });
  cwd = mkdtempSync(join(tmpdir(), 'xborder-wizard-url-'));
});
afterAll(async () => {
  await merchant.close();
  rmSync(cwd, { recursive: true, force: true });
});

describe('xborder wizard: a URL with credentials', () => {
  it('is never on the screen, and is saved as ${ENV} references', async () => {
    const host = merchant.url.replace('http://', '');
    const typed = `http://user:${PASSWORD}@${host}/?apikey=${API_KEY}`;
    const r = await runInPty(['wizard'], [
      // Set up the configuration (no run: the probe is the request that may quote the URL).
      { expect: 'What do you want to do?' }, { send: KEY.down.repeat(5) }, { send: KEY.enter },
      ...answer('Merchant GUID', GUID),
      ...answer('Merchant base URL', typed),
      ...answer('Path of GetCheckoutCartInfo'),
      ...answer('Path of SendOrderToMerchant'),
      ...answer('Which methods'),
      ...answer('A cart token', testConfig().merchant.cartToken),
      ...answer('Shipping country'),
      ...answer('Currency'),
      ...answer('Who charges the shopper'),
      ...answer('Probe'),
      { expect: 'Without credentials: HTTP 200, accepted.' },
      // The probe found no auth enforced: "none" comes checked.
      { expect: 'Which auth modes' }, { send: KEY.enter },
      ...answer('Configure the platform', 'n'),
      ...answer('Save these answers to xborder.config.json?'),
      ...answer('How should the secrets be written?'),
      { expect: 'export XB_MERCHANT_URL_PASSWORD=' },
      ...answer('Do something else?'),
    ], { cwd, timeoutSec: 20 });
    if (r.error) console.log(r.output.slice(-2500));
    expect(r.error).toBeNull();
    expect(r.output).toMatch(/Merchant base URL[^\n]*user:\*+@/);
    for (const piece of [PASSWORD, 'pw@Wiz', 'Wiz-7731', API_KEY, '4417']) expect(r.output).not.toContain(piece);
    const saved = readFileSync(join(cwd, 'xborder.config.json'), 'utf8');
    expect(saved).not.toContain(PASSWORD);
    expect(saved).not.toContain(API_KEY);
    expect(JSON.parse(saved).merchant.baseUrl).toBe(`http://user:\${XB_MERCHANT_URL_PASSWORD}@${host}/?apikey=\${XB_MERCHANT_URL_APIKEY}`);
  });
});
