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
    const config = await loadConfig({ cwd: dir, env: { XB_HEADER_KEY: 'k' } });
    expect(config.merchant.baseUrl).toBe('https://shop.example.com');
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
