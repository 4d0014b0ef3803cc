/** `xborder init`: a starter config that validates, with a $schema that resolves from where it is written. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { loadConfig } from '../../src/config/load.js';

describe('xborder init', () => {
  it('writes a config that loads, whose $schema resolves to the shipped schema', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xb-init-'));
    const result = await runCli(['init'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Wrote xborder.config.json');
    const doc = JSON.parse(readFileSync(join(dir, 'xborder.config.json'), 'utf8')) as { $schema: string };
    const schema = resolve(dir, doc.$schema);
    expect(existsSync(schema)).toBe(true);
    expect(JSON.parse(readFileSync(schema, 'utf8')).title).toBeDefined();
    const config = await loadConfig({ cwd: dir, env: { XB_HEADER_KEY: 'k', XB_MERCHANT_GUID: 'a1b2c3d4-0000-4000-8000-0000000000aa' } });
    expect(config.merchant.baseUrl).toBe('https://shop.example.com');
    // The platform issues the MerchantGUID: the starter never offers the sample's.
    expect(config.merchantGUID).toBe('a1b2c3d4-0000-4000-8000-0000000000aa');
    expect(readFileSync(join(dir, 'xborder.config.json'), 'utf8')).not.toContain('f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77');
    expect(result.stdout).toContain('XB_MERCHANT_GUID');
    // Unset, a run says which variable to set: exit 2, no stack trace.
    const unset = await runCli(['check-cart', '--no-save'], { cwd: dir, env: { XB_HEADER_KEY: 'k' } });
    expect(unset.code).toBe(2);
    expect(unset.stderr).toContain('XB_MERCHANT_GUID');
    expect(unset.stderr).not.toMatch(/at .*\.js:\d+/);
  });

  it('never replaces a file without --force; --config chooses where', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xb-init-'));
    await runCli(['init'], { cwd: dir });
    const again = await runCli(['init'], { cwd: dir });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('exists already');
    expect((await runCli(['init', '--force'], { cwd: dir })).code).toBe(0);
    mkdirSync(join(dir, 'nested/deeper'), { recursive: true });
    expect((await runCli(['--config', 'nested/deeper/shop.json', 'init'], { cwd: dir })).code).toBe(0);
    const nested = join(dir, 'nested/deeper/shop.json');
    const doc = JSON.parse(readFileSync(nested, 'utf8')) as { $schema: string };
    expect(existsSync(resolve(dirname(nested), doc.$schema))).toBe(true);
  });
});
