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

/**
 * The consent a CI step gives the newCart command of a project it checked out: the command of a
 * config file runs only when allowed (test/e2e/command-consent.test.ts tests that, without this).
 */
export const ALLOW_COMMANDS = { XBORDER_ALLOW_COMMANDS: '1' } as const;

/**
 * `xborder check --json ...args` in `dir` (a storeProject, its newCart command allowed for the run):
 * its JSON report parsed; a stack trace on stderr fails the test.
 */
export async function checkJson<Report>(dir: string, args: string[] = []): Promise<{ code: number | null; report: Report; stderr: string }> {
  const result = await runCli(['check', '--json', ...args], { cwd: dir, env: { ...ALLOW_COMMANDS }, timeoutMs: 120_000 });
  expect(result.stderr).not.toMatch(/\n\s+at /);
  return { code: result.code, report: JSON.parse(result.stdout) as Report, stderr: result.stderr };
}
