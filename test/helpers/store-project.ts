/**
 * Running the built CLI against a persona store as its user would: a project folder holding the
 * config that user writes (carts from the store's own new-cart route, through curl), then
 * `xborder check --json` in it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { curlNewCart } from './new-cart-curl.js';
import { runCli } from './run-cli.js';

/** A fresh project folder whose xborder.config.json points at the store at `url`. */
export function storeProject(url: string, options: { guid: string; auth: unknown[]; cartMethods: ('GET' | 'POST')[]; timeoutMs: number; merchant?: Record<string, unknown> }): string {
  const dir = mkdtempSync(join(tmpdir(), 'xb-store-'));
  writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({
    merchantGUID: options.guid,
    merchant: {
      baseUrl: url,
      cartMethods: options.cartMethods,
      newCart: { command: curlNewCart(`${url}/test/new-cart`) },
      countryCode: 'DE',
      currencyCode: 'EUR',
      ...options.merchant,
    },
    auth: options.auth,
    timeoutMs: options.timeoutMs,
  }, null, 2));
  return dir;
}

/** `xborder check --json ...args` in `dir`: its JSON report parsed; a stack trace on stderr fails the test. */
export async function checkJson<Report>(dir: string, args: string[] = []): Promise<{ code: number | null; report: Report; stderr: string }> {
  const result = await runCli(['check', '--json', ...args], { cwd: dir, timeoutMs: 120_000 });
  expect(result.stderr).not.toMatch(/\n\s+at /);
  return { code: result.code, report: JSON.parse(result.stdout) as Report, stderr: result.stderr };
}
