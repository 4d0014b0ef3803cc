/**
 * The wizard in a real pseudo-terminal, keys typed as a person types them, against the reference
 * platform and merchant on 127.0.0.1 port 0. Complete tasks, a saved configuration with ${ENV}
 * references, and Ctrl-C (exit 130, nothing written).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import { listen, type RunningServer } from '../../src/mock/running-server.js';
import { startMockMerchant } from '../../src/mock/merchant/server.js';
import { startMockPlatform } from '../../src/mock/platform/server.js';
import { testConfig } from '../mock/merchant-fixtures.js';
import { answer, KEY, runInPty, type PtyStep } from './pty.js';
import { publishedSchemaUrl } from '../../src/config/schema-reference.js';

/** The built CLI's version (the tests' own modules are not built, so they say 0.0.0-dev). */
const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';
const PIN = '4321';
const PASSWORD = 'pw-Wizard-Secret-6c2e';
let platform: RunningServer;
let merchant: RunningServer;

beforeAll(async () => {
  platform = await startMockPlatform({ merchantGUID: GUID });
  merchant = await startMockMerchant({ config: testConfig([{ mode: 'basic', username: 'platform', password: PASSWORD }], ['GET']) });
});
afterAll(async () => {
  await Promise.all([platform.close(), merchant.close()]);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'xborder-wizard-pty-'));
  dirs.push(dir);
  return dir;
};
const choose = (downs: number): PtyStep[] => [{ send: KEY.down.repeat(downs) }, { send: KEY.enter }];
const MENU = 'What do you want to do?';

describe('xborder wizard in a terminal', () => {
  it('validates a gift card, saves the answers, and never shows the PIN', async () => {
    const cwd = freshDir();
    const r = await runInPty(['wizard'], [
      { expect: MENU }, ...choose(1),
      ...answer('Merchant GUID', GUID),
      ...answer('Where is ValidateGiftCard?'),
      ...answer('Platform base URL', platform.url),
      ...answer('Gift card number', 'XB-GC-VALID-0001'),
      ...answer('Card PIN', PIN),
      ...answer('Shipping country'),
      { expect: '9 passed, 0 failed' },
      ...answer('Save these answers to xborder.config.json?'),
      ...answer('Do something else?'),
    ], { cwd });
    if (r.error) console.log(r.output.slice(-2500));
    expect(r.error).toBeNull();
    expect(r.exitCode).toBe(0);
    expect(r.output).toMatch(/balance\s+│ 75\.50 EUR/);
    expect(r.output).not.toContain(PIN);
    const saved = JSON.parse(readFileSync(join(cwd, 'xborder.config.json'), 'utf8'));
    // The same file init writes: its $schema, and run folders kept out of commits (no repository here: said).
    expect(saved).toEqual({ $schema: publishedSchemaUrl(VERSION), merchantGUID: GUID, platform: { baseUrl: platform.url } });
    expect(r.output).toContain('Not in a git repository, so no .gitignore was written: ignore .xborder/');
  });

  it('checks the merchant cart: probes its auth, takes the Basic password masked, runs check-cart, saves ${XB_BASIC_PASSWORD}', async () => {
    const cwd = freshDir();
    const r = await runInPty(['wizard'], [
      { expect: MENU }, ...choose(0),
      { expect: 'Which checks?' }, ...choose(1),
      ...answer('Merchant GUID', GUID),
      ...answer('Merchant base URL', merchant.url),
      ...answer('Which methods'),
      ...answer('A cart token', testConfig().merchant.cartToken),
      ...answer('Shipping country'),
      ...answer('Currency'),
      ...answer('Who charges the shopper'),
      ...answer('Probe'),
      { expect: 'the merchant enforces authentication' },
      // Enforced: the list starts on header (none is last); move to basic, toggle it, confirm.
      { expect: 'Which auth modes' }, { expect: '❯◯ header' }, { send: KEY.down }, { send: KEY.space }, { send: KEY.enter },
      ...answer('Basic user name'),
      ...answer('Basic password', PASSWORD),
      { expect: 'With basic: HTTP 200, accepted.' },
      { expect: 'GetCheckoutCartInfo' },
      { expect: ' failed' },
      ...answer('Save these answers to xborder.config.json?'),
      ...answer('How should the secrets be written?'),
      { expect: 'export XB_BASIC_PASSWORD=' },
      ...answer('Do something else?'),
    ], { cwd, timeoutSec: 40 });
    if (r.error) console.log(r.output.slice(-2500));
    expect(r.error).toBeNull();
    expect(r.output).toMatch(/Without credentials: HTTP 401/);
    expect(r.output).toMatch(/\d+ passed, 0 failed, \d+ warnings?, 0 errored/);
    expect(r.exitCode).toBe(0);
    expect(r.output).not.toContain(PASSWORD);
    const text = readFileSync(join(cwd, 'xborder.config.json'), 'utf8');
    expect(text).not.toContain(PASSWORD);
    expect(JSON.parse(text)).toMatchObject({
      merchant: { baseUrl: merchant.url, cartMethods: ['GET'], payments: 'merchant' },
      auth: [{ mode: 'basic', username: 'platform', password: '${XB_BASIC_PASSWORD}' }],
    });
    expect(statSync(join(cwd, 'xborder.config.json')).mode & 0o077).toBe(0);
  });

  it('calls a platform endpoint chosen by typing part of its name, with the body it asks for', async () => {
    const cwd = freshDir();
    writeFileSync(join(cwd, 'xborder.config.json'), JSON.stringify({ merchantGUID: GUID, platform: { baseUrl: platform.url } }));
    const r = await runInPty(['wizard'], [
      { expect: MENU }, ...choose(2),
      // Type, let the list filter, then pick: as a person does.
      { expect: 'Which operation?' }, { send: 'validate gift' }, { expect: '❯ Gift cards: Validate gift card' }, { send: KEY.enter },
      ...answer('Gift card number', 'XB-GC-PLATFORM-0003'),
      ...answer('Card PIN', PIN),
      { expect: 'Shipping country' }, { send: 'france' }, { expect: '❯ France (FR)' }, { send: KEY.enter },
      { expect: '"ShippingCountryCode": "FR"' },
      ...answer('Send this body?'),
      { expect: 'IsGlobalEGiftCard' },
      ...answer('Do something else?'),
    ], { cwd });
    if (r.error) console.log(r.output.slice(-2500));
    expect(r.error).toBeNull();
    expect(r.exitCode).toBe(0);
    expect(r.output).toMatch(/CurrencyCode\s+│ USD/);
    expect(r.output).not.toContain(PIN);
    // The configuration settled the GUID and platform: neither was asked.
    expect(r.output).not.toContain('Merchant GUID');
    expect(r.output).not.toContain('Platform base URL');
  });

  it('validates a payload file, then decodes another', async () => {
    const cwd = freshDir();
    writeFileSync(join(cwd, 'order.json'), JSON.stringify({ OrderId: 'GE1', Note: 'Berlin+Mitte%2C+10115' }));
    writeFileSync(join(cwd, 'answer.json'), JSON.stringify({ IsValid: true, Balance: 5, CurrencyCode: 'EUR', IsGlobalEGiftCard: false }));
    const r = await runInPty(['wizard'], [
      { expect: MENU }, ...choose(3),
      ...answer('Payload file to validate', 'answer.json'),
      ...answer('Validate it as'),
      { expect: '1 document: 0 failed' },
      ...answer('Do something else?', 'y'),
      { expect: MENU }, ...choose(4),
      ...answer('Payload file to decode', 'order.json'),
      ...answer('Decode every encoded-looking string', 'y'),
      { expect: 'Berlin Mitte' },
      ...answer('Do something else?'),
    ], { cwd });
    if (r.error) console.log(r.output.slice(-2500));
    expect(r.error).toBeNull();
    expect(r.exitCode).toBe(0);
    expect(r.output).toMatch(/checks: \d+ passed, 0 failed/);
  });

  it('exits 130 on Ctrl-C after a secret was typed, and writes nothing', async () => {
    const cwd = freshDir();
    const r = await runInPty(['wizard'], [
      { expect: MENU }, ...choose(5),
      ...answer('Merchant GUID', GUID),
      ...answer('Merchant base URL', 'https://shop.example.com'),
      ...answer('Path of GetCheckoutCartInfo'),
      ...answer('Path of SendOrderToMerchant'),
      ...answer('Which methods'),
      ...answer('A cart token', testConfig().merchant.cartToken),
      ...answer('Shipping country'),
      ...answer('Currency'),
      ...answer('Who charges the shopper'),
      ...answer('Probe', 'n'),
      { expect: 'Which auth modes' }, { send: KEY.down.repeat(2) }, { send: KEY.space }, { send: KEY.enter },
      ...answer('Basic user name'),
      ...answer('Basic password', PASSWORD),
      { expect: 'Configure the platform' }, { send: KEY.ctrlC },
    ], { cwd });
    if (r.error) console.log(r.output.slice(-2500));
    expect(r.error).toBeNull();
    expect(r.exitCode).toBe(130);
    expect(r.output).toContain('Cancelled.');
    expect(r.output).not.toContain(PASSWORD);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('a signal during a run (Ctrl-C, kill, closed terminal) leaves no temporary copy and no file behind', async () => {
    // A platform that accepts the call and never answers keeps the gift-card run going.
    const silent = await listen(createServer(() => undefined));
    try {
      for (const stop of [{ send: KEY.ctrlC }, { signal: 'SIGTERM' as const }, { signal: 'SIGHUP' as const }]) {
        const cwd = freshDir();
        const tmp = freshDir();
        writeFileSync(join(cwd, 'xborder.config.json'), JSON.stringify({ merchantGUID: GUID, giftCard: { url: `${silent.url}/ValidateGiftCard` } }));
        const before = readFileSync(join(cwd, 'xborder.config.json'), 'utf8');
        const r = await runInPty(['wizard'], [
          { expect: MENU }, ...choose(1),
          ...answer('Gift card number', 'XB-GC-VALID-0001'),
          ...answer('Card PIN', PIN),
          ...answer('Shipping country'),
          { expect: 'Shipping country: Germany' },
          { ...stop, delay: 0.8 },
        ], { cwd, env: { TMPDIR: tmp } });
        expect(r.error, JSON.stringify(stop)).toBeNull();
        // Ended by that signal, as the shell expects (130 for Ctrl-C in `$?`).
        expect(r.exitCode, JSON.stringify(stop)).toBeLessThan(0);
        expect(readdirSync(tmp), JSON.stringify(stop)).toEqual([]);
        expect(readdirSync(cwd)).toEqual(['xborder.config.json']);
        expect(readFileSync(join(cwd, 'xborder.config.json'), 'utf8')).toBe(before);
        expect(r.output).not.toContain(PIN);
      }
    } finally {
      await silent.close();
    }
  });

  it('edits the configuration a command would use: from a sub-folder of the repository, the project\'s file, every answer offered', async () => {
    const root = freshDir();
    mkdirSync(join(root, '.git'));
    writeFileSync(join(root, '.git', 'HEAD'), 'ref: refs/heads/main\n');
    writeFileSync(join(root, 'xborder.config.json'), JSON.stringify({ merchantGUID: '${XB_MERCHANT_GUID}', merchant: { baseUrl: 'https://shop.example.com', cartPath: '/cart-x' } }));
    mkdirSync(join(root, 'shop'));
    const r = await runInPty(['wizard'], [
      { expect: MENU }, ...choose(5),
      // init's reference is offered and Enter keeps it (it is no GUID itself).
      ...answer('Merchant GUID (issued by the platform): (${XB_MERCHANT_GUID})'),
      ...answer('Merchant base URL (where its endpoints live): (https://shop.example.com)'),
      { expect: 'Path of GetCheckoutCartInfo: (/cart-x)' }, { send: KEY.ctrlC },
    ], { cwd: join(root, 'shop') });
    if (r.error) console.log(r.output.slice(-2500));
    expect(r.error).toBeNull();
    expect(r.output).toContain('asks only what ../xborder.config.json does not settle');
    expect(r.exitCode).toBe(130);
  });

  it('opens from a bare `xborder` in a terminal', async () => {
    const cwd = freshDir();
    const r = await runInPty([], [{ expect: MENU }, { send: KEY.ctrlC }], { cwd });
    if (r.error) console.log(r.output.slice(-2500));
    expect(r.error).toBeNull();
    expect(r.exitCode).toBe(130);
    expect(existsSync(join(cwd, 'xborder.config.json'))).toBe(false);
  });
});

describe('commands ask for what is missing, in a terminal', () => {
  it('gift-card validate asks the card, the PIN (masked) and the country', async () => {
    const cwd = freshDir();
    const r = await runInPty(['gift-card', 'validate', '--platform-url', platform.url], [
      ...answer('Gift card number', 'XB-GC-VALID-0001'),
      ...answer('Card PIN', PIN),
      { expect: 'Shipping country' }, { send: 'austria' }, { expect: '❯ Austria (AT)' }, { send: KEY.enter },
      { expect: '9 passed, 0 failed' },
    ], { cwd });
    if (r.error) console.log(r.output.slice(-2500));
    expect(r.error).toBeNull();
    expect(r.exitCode).toBe(0);
    expect(r.output).toMatch(/balance\s+│ 75\.50 EUR/);
    expect(r.output).not.toContain(PIN);
  });

  it('platform call asks for the body, and a wrong PIN is a conforming invalid answer', async () => {
    const cwd = freshDir();
    const r = await runInPty(['platform', 'call', 'ValidateGiftCard', '--platform-url', platform.url], [
      ...answer('Gift card number', 'XB-GC-VALID-0001'),
      ...answer('Card PIN', '0000'),
      ...answer('Shipping country'),
      ...answer('Send this body?'),
      { expect: 'INVALID_PIN' },
    ], { cwd });
    if (r.error) console.log(r.output.slice(-2500));
    expect(r.error).toBeNull();
    expect(r.exitCode).toBe(0);
    expect(r.output).toMatch(/IsValid\s+│ false/);
    expect(r.output).not.toContain('"0000"');
  });

  it('platform call lets the user edit the body in $EDITOR before sending it', async () => {
    const cwd = freshDir();
    const editor = join(cwd, 'edit.sh');
    writeFileSync(editor, "#!/bin/sh\nsed -i 's/XB-GC-VALID-0001/XB-GC-ZERO-0002/' \"$1\"\n", { mode: 0o755 });
    const r = await runInPty(['platform', 'call', 'ValidateGiftCard', '--platform-url', platform.url], [
      ...answer('Gift card number', 'XB-GC-VALID-0001'),
      ...answer('Card PIN'),
      ...answer('Shipping country'),
      { expect: 'Send this body?' }, ...choose(3),
      { expect: '"CardId": "XB-GC-ZERO-0002"' },
      ...answer('Send this body?'),
      { expect: '9 passed' },
    ], { cwd, env: { EDITOR: editor, VISUAL: editor } });
    if (r.error) console.log(r.output.slice(-2500));
    expect(r.error).toBeNull();
    expect(r.exitCode).toBe(0);
    expect(r.output).toMatch(/Balance\s+│ 0\s/);
  });
});
