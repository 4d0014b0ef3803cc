import { chmodSync, mkdtempSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { ConfigError, InputError } from '../../src/errors.js';

const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';

function dirWith(config: unknown | string): string {
  const dir = mkdtempSync(join(tmpdir(), 'xb-config-'));
  writeFileSync(join(dir, 'xborder.config.json'), typeof config === 'string' ? config : JSON.stringify(config, null, 2));
  return dir;
}

describe('loadConfig', () => {
  it('uses the built-in defaults when there is no file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xb-config-'));
    const config = await loadConfig({ cwd: dir, env: {} });
    expect(config.http.timeoutMs).toBe(300_000);
    expect(config.merchant.cartPath).toBe('/get-checkout-cart-info-url');
    expect(config.auth).toEqual([{ mode: 'none' }]);
    expect(config.source).toBeUndefined();
  });

  it('reads xborder.config.json, interpolates ${VAR}, and remembers substituted values as secrets', async () => {
    const dir = dirWith({
      merchantGUID: GUID,
      merchant: { baseUrl: 'https://shop.example.com', cartMethods: ['GET', 'POST'] },
      auth: [{ mode: 'header', name: 'X-Key', value: '${XB_KEY}' }],
      timeoutMs: 1000,
    });
    const config = await loadConfig({ cwd: dir, env: { XB_KEY: 's3cret-value' } });
    expect(config.auth).toEqual([{ mode: 'header', name: 'X-Key', value: 's3cret-value' }]);
    expect(config.merchant.baseUrl).toBe('https://shop.example.com');
    expect(config.merchant.orderPath).toBe('/order-update-create-url');
    expect(config.merchant.cartMethods).toEqual(['GET', 'POST']);
    expect(config.http.timeoutMs).toBe(1000);
    expect(config.envValues).toEqual(['s3cret-value']);
    expect(config.source).toBe('xborder.config.json');
  });

  it('layers: file < XBORDER_* < flags', async () => {
    const dir = dirWith({ merchant: { baseUrl: 'https://file.example.com', countryCode: 'FR' }, timeoutMs: 1000 });
    const env = { XBORDER_MERCHANT_URL: 'https://env.example.com', XBORDER_TIMEOUT: '2s', XBORDER_COUNTRY: 'it' };
    const fromEnv = await loadConfig({ cwd: dir, env });
    expect(fromEnv.merchant.baseUrl).toBe('https://env.example.com');
    expect(fromEnv.http.timeoutMs).toBe(2000);
    expect(fromEnv.merchant.countryCode).toBe('IT');
    const fromFlags = await loadConfig({ cwd: dir, env, flags: { merchantUrl: 'https://flag.example.com', timeout: '5m', maxBody: '1MiB' } });
    expect(fromFlags.merchant.baseUrl).toBe('https://flag.example.com');
    expect(fromFlags.http.timeoutMs).toBe(300_000);
    expect(fromFlags.http.maxBodyBytes).toBe(1024 * 1024);
  });

  it('lists every problem at once: missing variables, schema errors, bad flags', async () => {
    const dir = dirWith({ merchant: { baseUrl: '${NOPE_URL}', cartMethodz: ['GET'] }, auth: [{ mode: 'header', name: 'X', value: '${NOPE_KEY}' }] });
    const error = await loadConfig({ cwd: dir, env: {}, flags: { timeout: 'soon', retries: '-1' } }).catch((e) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.exitCode).toBe(2);
    const text = (error as ConfigError).problems.join('\n');
    expect(text).toContain('NOPE_URL');
    expect(text).toContain('NOPE_KEY');
    expect(text).toContain('cartMethodz');
    expect(text).toContain('--timeout');
    expect(text).toContain('--retries');
    expect((error as ConfigError).problems.length).toBeGreaterThanOrEqual(5);
  });

  it('reports semantic problems: bad URL, JWT key file missing, duplicate modes', async () => {
    const dir = dirWith({
      merchant: { baseUrl: 'https://shop.example.com' },
      auth: [
        { mode: 'jwt', algorithm: 'RS256', privateKeyFile: 'missing.pem' },
        { mode: 'basic', username: 'u', password: 'p' },
        { mode: 'basic', username: 'u', password: 'q' },
      ],
    });
    const error = (await loadConfig({ cwd: dir, env: {}, flags: { merchantUrl: 'ftp://x' } }).catch((e) => e)) as ConfigError;
    expect(error).toBeInstanceOf(ConfigError);
    const text = error.problems.join('\n');
    expect(text).toContain('merchant.baseUrl');
    expect(text).toContain('missing.pem');
    expect(text).toContain('listed twice');
  });

  it('names file, line and column for malformed JSON, and never changes the file', async () => {
    const broken = '{\n  "merchantGUID": "x",\n  "merchant": { baseUrl: 1 }\n}\n';
    const dir = dirWith(broken);
    const error = (await loadConfig({ cwd: dir, env: {} }).catch((e) => e)) as InputError;
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).toMatch(/xborder\.config\.json:3:\d+: malformed JSON/);
    expect(readFileSync(join(dir, 'xborder.config.json'), 'utf8')).toBe(broken);
  });

  it('a --config file that does not exist is an input error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xb-config-'));
    await expect(loadConfig({ cwd: dir, env: {}, file: 'nope.json' })).rejects.toThrow(/does not exist/);
  });
});

describe('semantic checks of files the config names', () => {
  it('a CA file that holds no certificate is a config problem (exit 2), not a failed run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xb-config-'));
    writeFileSync(join(dir, 'ca.pem'), 'not a certificate\n');
    const error = (await loadConfig({ cwd: dir, env: {}, flags: { ca: 'ca.pem' } }).catch((e) => e)) as ConfigError;
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.problems.join('\n')).toContain('holds no PEM certificate');
  });
});

describe('what the loader tells of a config file\'s trust and commands', () => {
  const newCart = { merchant: { newCart: { command: 'echo ${XB_TOKEN}' } } };

  it('keeps the commands the file sets as written, with its path; a flag or variable that replaces one takes it out', async () => {
    const dir = dirWith(newCart);
    const config = await loadConfig({ cwd: dir, env: { XB_TOKEN: 'tok' } });
    expect(config.merchant.newCart?.command).toBe('echo tok');
    expect(config.fileCommands).toEqual({ file: join(dir, 'xborder.config.json'), label: 'xborder.config.json', commands: [{ setting: 'merchant.newCart.command', command: 'echo ${XB_TOKEN}' }] });
    // The wizard's private copy stands for the user's file: consent is that file's.
    const copy = dirWith(newCart);
    const viaCopy = await loadConfig({ cwd: dir, file: join(copy, 'xborder.config.json'), env: { XB_TOKEN: 'tok' }, commandsOf: 'xborder.config.json' });
    expect(viaCopy.fileCommands).toEqual({ file: join(dir, 'xborder.config.json'), label: 'xborder.config.json', commands: [{ setting: 'merchant.newCart.command', command: 'echo ${XB_TOKEN}' }] });
    expect((await loadConfig({ cwd: dir, env: { XB_TOKEN: 'tok', XBORDER_NEW_CART: 'echo mine' } })).fileCommands).toBeUndefined();
    expect((await loadConfig({ cwd: dir, env: { XB_TOKEN: 'tok' }, flags: { newCart: 'echo mine' } })).fileCommands).toBeUndefined();
    expect((await loadConfig({ cwd: dirWith({}), env: {} })).fileCommands).toBeUndefined();
  });

  it('a file found that every user may write is refused (InputError naming it); named with --config it is warned about and used', async () => {
    const dir = dirWith(newCart);
    chmodSync(join(dir, 'xborder.config.json'), 0o666);
    const found = loadConfig({ cwd: dir, env: { XB_TOKEN: 'tok' } });
    await expect(found).rejects.toThrow(InputError);
    await expect(found).rejects.toThrow(/^xborder\.config\.json may be written by every user of this machine \(mode 0666\), so xborder does not use it/);
    const warnings: string[] = [];
    const config = await loadConfig({ cwd: dir, file: 'xborder.config.json', env: { XB_TOKEN: 'tok' }, onDistrusted: (m) => warnings.push(m) });
    expect(config.merchant.newCart?.command).toBe('echo tok');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/it is used because you named it with --config\. Fix: `chmod o-w xborder\.config\.json`/);
  });
});
