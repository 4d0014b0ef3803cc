/**
 * A command needs only the parts of the configuration it uses, and a problem is said once: an unset
 * `${NAME}` in a part the command does not use, or in a value a flag replaces, is no error; a value
 * whose `${NAME}` is unset is not also judged for its form.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { concernsParts } from '../../src/config/parts.js';
import { ConfigError } from '../../src/errors.js';

const GUID = 'a1b2c3d4-0000-4000-8000-0000000000aa';

/** A folder with init's kind of config: the GUID and the header key as ${NAME} references. */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'xb-parts-'));
  writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({
    merchantGUID: '${XB_MERCHANT_GUID}',
    merchant: { baseUrl: 'https://shop.example.com' },
    auth: [{ mode: 'header', name: 'X-Merchant-Key', value: '${XB_HEADER_KEY}' }],
    platform: { baseUrl: '${XB_PLATFORM}' },
  }));
  return dir;
}

async function problems(load: Promise<unknown>): Promise<string[]> {
  try {
    await load;
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('configuration parts', () => {
  it('an unset ${NAME} is said once: no "does not match the documented form" after it', async () => {
    const found = await problems(loadConfig({ cwd: project(), env: {} }));
    expect(found).toEqual([
      '/merchantGUID: environment variable XB_MERCHANT_GUID is not set (referenced as ${XB_MERCHANT_GUID})',
      '/auth/0/value: environment variable XB_HEADER_KEY is not set (referenced as ${XB_HEADER_KEY})',
      '/platform/baseUrl: environment variable XB_PLATFORM is not set (referenced as ${XB_PLATFORM})',
    ]);
  });

  it('a command that uses only the MerchantGUID loads with the credentials and the platform unset', async () => {
    const config = await loadConfig({ cwd: project(), env: { XB_MERCHANT_GUID: GUID }, uses: ['merchantGUID'] });
    expect(config.merchantGUID).toBe(GUID);
    // What it uses is still required.
    expect(await problems(loadConfig({ cwd: project(), env: {}, uses: ['merchantGUID'] }))).toEqual([
      '/merchantGUID: environment variable XB_MERCHANT_GUID is not set (referenced as ${XB_MERCHANT_GUID})',
    ]);
  });

  it('a value a flag or an XBORDER_* variable replaces needs no variable of its own', async () => {
    const env = { XB_HEADER_KEY: 'k', XBORDER_PLATFORM_URL: 'https://platform.example.com' };
    const config = await loadConfig({ cwd: project(), env, flags: { merchantGuid: GUID } });
    expect(config.merchantGUID).toBe(GUID);
    expect(config.platform.baseUrl).toBe('https://platform.example.com');
  });

  it('places problems in parts: pointers, a merchant of merchants, semantic keys; unknown places concern everyone', () => {
    expect(concernsParts('/auth/0/value', ['merchantGUID'])).toBe(false);
    expect(concernsParts('/merchants/1/auth/0/value', ['merchantGUID'])).toBe(false);
    expect(concernsParts('/merchants/1/merchantGUID', ['merchantGUID'])).toBe(true);
    expect(concernsParts('auth[0] (header): mode header is listed twice', ['merchantGUID'])).toBe(false);
    expect(concernsParts('merchant.baseUrl: not a valid URL', ['merchant'])).toBe(true);
    expect(concernsParts('proxy: expected an http:// URL', ['merchant'])).toBe(false);
    expect(concernsParts('/merchantGuid', ['merchant'])).toBe(true);
    expect(concernsParts('/', ['merchant'])).toBe(true);
    expect(concernsParts('/auth/0/value', undefined)).toBe(true);
  });
});
