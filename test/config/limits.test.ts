/**
 * Bounds on the configuration: every numeric transport setting has one accepted range, held the same
 * way for the file, XBORDER_* variables and flags; flags are validated by the file's own schema; a
 * header value with a line break, a `ca` that is a directory and hostile nesting are config errors.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { MAX_BODY_CEILING, MAX_RETRIES, MAX_RETRY_INTERVAL_MS, MAX_TIMER_MS, SETTING_RANGES } from '../../src/config/limits.js';
import { ConfigError, InputError } from '../../src/errors.js';

function dirWith(config: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'xb-limits-'));
  writeFileSync(join(dir, 'xborder.config.json'), typeof config === 'string' ? config : JSON.stringify(config));
  return dir;
}

async function problemsOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ConfigError);
  expect((error as ConfigError).exitCode).toBe(2);
  return (error as ConfigError).problems.join('\n');
}

const empty = () => mkdtempSync(join(tmpdir(), 'xb-limits-'));

describe('numeric ranges', () => {
  it('the schema shipped for editors carries the same bounds as the flags', () => {
    const schema = JSON.parse(readFileSync(new URL('../../schemas/config.schema.json', import.meta.url), 'utf8'));
    for (const [key, range] of Object.entries(SETTING_RANGES)) {
      expect(schema.properties[key].minimum, key).toBe(range.min);
      expect(schema.properties[key].maximum, key).toBe(range.max);
    }
    expect(schema.properties.merchant.properties.newCart.properties.timeoutMs.maximum).toBe(MAX_TIMER_MS);
    expect(MAX_TIMER_MS).toBe(2 ** 31 - 1);
    expect(MAX_BODY_CEILING).toBeLessThan(512 * 1024 * 1024 / 4);
  });

  it('timeouts over 2^31-1 ms, 0, negative or malformed are refused with the accepted range', async () => {
    for (const timeout of ['9999999999', '2147483648', '0', '-5', '5x', '', '1e3']) {
      const text = await problemsOf(loadConfig({ cwd: empty(), env: {}, flags: { timeout } }));
      expect(text).toContain('--timeout');
      expect(text).toContain('from 1 ms to 2147483647 ms');
      expect(text).toContain(JSON.stringify(timeout));
    }
    for (const flag of ['connectTimeout', 'firstByteTimeout'] as const) {
      const text = await problemsOf(loadConfig({ cwd: empty(), env: {}, flags: { [flag]: '25d' } }));
      expect(text).toContain('from 1 ms to 2147483647 ms');
    }
    // The largest accepted value is accepted.
    const config = await loadConfig({ cwd: empty(), env: {}, flags: { timeout: String(MAX_TIMER_MS) } });
    expect(config.http.timeoutMs).toBe(MAX_TIMER_MS);
  });

  it('a config file is held to the same ranges, and the message gives the range', async () => {
    const text = await problemsOf(loadConfig({ cwd: dirWith({ timeoutMs: 9999999999, retries: 1000, retryIntervalMs: 86_400_000, maxBodyBytes: 2 ** 31 }), env: {} }));
    expect(text).toMatch(/\/timeoutMs: must be <= 2147483647: the accepted range is from 1 ms to 2147483647 ms/);
    expect(text).toMatch(/\/retries: must be <= 10: the accepted range is from 0 to 10/);
    expect(text).toMatch(/\/retryIntervalMs: .*from 0 ms to 600000 ms/);
    expect(text).toMatch(/\/maxBodyBytes: .*from 1 byte to 64 MiB/);
    const zero = await problemsOf(loadConfig({ cwd: dirWith({ timeoutMs: 0 }), env: {} }));
    expect(zero).toMatch(/\/timeoutMs: must be >= 1: the accepted range/);
  });

  it('XBORDER_* variables are held to the same ranges, named by the variable', async () => {
    const text = await problemsOf(loadConfig({ cwd: empty(), env: { XBORDER_TIMEOUT: '0', XBORDER_RETRIES: '11' }, flags: {} }));
    expect(text).toContain('XBORDER_TIMEOUT: expected a duration');
    expect(text).toContain('XBORDER_RETRIES: expected a whole number from 0 to 10');
  });

  it('--max-body has a ceiling well under what a string holds, and says it', async () => {
    const text = await problemsOf(loadConfig({ cwd: empty(), env: {}, flags: { maxBody: '1GiB' } }));
    expect(text).toContain('--max-body: expected a size (10485760, 512k, 10MiB) from 1 byte to 64 MiB, got "1GiB"');
    const config = await loadConfig({ cwd: empty(), env: {}, flags: { maxBody: '64MiB' } });
    expect(config.http.maxBodyBytes).toBe(MAX_BODY_CEILING);
  });

  it('--retries and --retry-interval have maximums', async () => {
    expect(await problemsOf(loadConfig({ cwd: empty(), env: {}, flags: { retries: '100000000' } }))).toContain(`--retries: expected a whole number from 0 to ${MAX_RETRIES}`);
    expect(await problemsOf(loadConfig({ cwd: empty(), env: {}, flags: { retryInterval: '1h' } }))).toContain(`from 0 ms to ${MAX_RETRY_INTERVAL_MS} ms (10 minutes)`);
    const config = await loadConfig({ cwd: empty(), env: {}, flags: { retries: '10', retryInterval: '10m' } });
    expect([config.http.retries, config.http.retryIntervalMs]).toEqual([10, 600_000]);
  });
});

describe('flags and variables pass the config schema', () => {
  it('--country and --currency the schema refuses are refused, named by the flag', async () => {
    const text = await problemsOf(loadConfig({ cwd: empty(), env: {}, flags: { country: 'ZZZZ', currency: '€€' } }));
    expect(text).toContain('--country (config merchant.countryCode): expected a 2-letter ISO 3166 country code such as DE, got "ZZZZ"');
    expect(text).toContain('--currency (config merchant.currencyCode): expected a 3-letter ISO 4217 currency code such as EUR, got "€€"');
    // The same value in the file is refused by the same rule.
    const file = await problemsOf(loadConfig({ cwd: dirWith({ merchant: { countryCode: 'ZZZZ' } }), env: {} }));
    expect(file).toContain('/merchant/countryCode: does not match the documented form ^[A-Z]{2}$');
  });

  it('a variable is named by its name; a flag over it wins and is the one named', async () => {
    const env = await problemsOf(loadConfig({ cwd: empty(), env: { XBORDER_CURRENCY: 'EURO' }, flags: {} }));
    expect(env).toContain('XBORDER_CURRENCY (config merchant.currencyCode)');
    const both = await problemsOf(loadConfig({ cwd: empty(), env: { XBORDER_COUNTRY: 'DE' }, flags: { country: 'DEU' } }));
    expect(both).toContain('--country (config merchant.countryCode)');
    expect(both).not.toContain('XBORDER_COUNTRY');
  });

  it('accepted values still pass (lower case is upper-cased as before)', async () => {
    const config = await loadConfig({ cwd: empty(), env: {}, flags: { country: 'fr', currency: 'chf', merchantGuid: 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77' } });
    expect([config.merchant.countryCode, config.merchant.currencyCode]).toEqual(['FR', 'CHF']);
  });

  it('a merchant GUID flag that is no GUID is refused like one in the file', async () => {
    expect(await problemsOf(loadConfig({ cwd: empty(), env: {}, flags: { merchantGuid: 'not-a-guid' } }))).toContain('--merchant-guid (config merchantGUID): expected a GUID');
  });
});

describe('values that cannot be sent or read', () => {
  it('a header value with a line break is a config error naming the key, never the value', async () => {
    const dir = dirWith({ auth: [{ mode: 'none' }, { mode: 'header', name: 'X-Merchant-Key', value: '${KEY}' }] });
    const text = await problemsOf(loadConfig({ cwd: dir, env: { KEY: 's3cret-value\n' } }));
    expect(text).toContain('auth[1].value (header X-Merchant-Key): the value holds a line break (LF) at its end');
    expect(text).not.toContain('s3cret');
    const cr = await problemsOf(loadConfig({ cwd: dirWith({ auth: [{ mode: 'header', name: 'X-K', value: 'a\r\nInjected: 1' }] }), env: {} }));
    expect(cr).toContain('auth[0].value (header X-K): the value holds a line break (CR)');
    const jwt = await problemsOf(loadConfig({ cwd: dirWith({ auth: [{ mode: 'jwt', algorithm: 'HS256', secret: 'k', scheme: 'Bearer\n' }] }), env: {} }));
    expect(jwt).toContain('auth[0].scheme: the value holds a line break (LF)');
  });

  it('"ca" naming a directory is a config error (exit 2), not an internal error', async () => {
    const dir = empty();
    mkdirSync(join(dir, 'certs'));
    const text = await problemsOf(loadConfig({ cwd: dir, env: {}, flags: { ca: 'certs' } }));
    expect(text).toContain('ca: certs is a directory; give the PEM file of the CA certificate');
    const fromFile = await problemsOf(loadConfig({ cwd: dirWith({ ca: '.' }), env: {} }));
    expect(fromFile).toContain('ca: . is a directory');
  });

  it('a config nested deeper than the limit is an input error naming the limit, not a stack overflow', async () => {
    const deep = `{"merchant":{"cartParams":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`;
    const error = await loadConfig({ cwd: dirWith(deep), env: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).exitCode).toBe(2);
    expect((error as Error).message).toMatch(/xborder\.config\.json: the configuration nests deeper than 64 levels \(at \/merchant\/cartParams\/0\/0/);
    expect((error as Error).message).not.toMatch(/call stack/);
  });
});
