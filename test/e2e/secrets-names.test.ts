/**
 * Issue 34, class 7: credentials a merchant's refusal carries under names no configuration knows,
 * against the built CLI. The cart answer is JSON with `"userPin"`, `"requestSignature"` and
 * `"merchantApiKey"`; the order answer is a text dump with `X-Auth:` and `X-User-Pin:` header lines
 * (before the fix: shown in clear in 19 places of one run). Every output of the runs (table with -v,
 * --json, JUnit, HTML, every file of the run folder) is searched; each run is first checked to have
 * done what it is for (its exit code, the refusal shown), so a run that failed early covers nothing.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../src/mock/running-server.js';
import { filesUnder } from '../helpers/files-under.js';
import { runCli, type CliResult } from '../helpers/run-cli.js';

const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';
/** Values sent back under credential names: none may appear in any output. */
const VALUES = {
  userPin: 'UPIN-5Kq8w2Zt',
  requestSignature: 'RSIG-h7Yb3nQx',
  merchantApiKey: 'MAPI-c4Vd9rLm',
  xAuth: 'XAUTH-p2Tg6sWe',
  xUserPin: 'XUPIN-j8Fk1oNa',
};

let dir: string;
let merchant: RunningServer;
const outputs: { label: string; text: string }[] = [];

/** Runs xborder; asserts it did what it is for (exit `code`, the refusal shown) before its output counts. */
async function run(label: string, args: string[], code: number, shows: RegExp): Promise<CliResult> {
  const result = await runCli(args, { cwd: dir });
  expect(result.code, `${label}: ${result.stderr}`).toBe(code);
  expect(result.stdout + result.stderr, label).toMatch(shows);
  outputs.push({ label: `${label} (stdout)`, text: result.stdout }, { label: `${label} (stderr)`, text: result.stderr });
  return result;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'xb-secrets-names-'));
  merchant = await listen(
    createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (req.method === 'GET') {
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ ResponseInfo: { Success: false, ErrorCode: 'AUTH', Message: 'refused' }, userPin: VALUES.userPin, requestSignature: VALUES.requestSignature, merchantApiKey: VALUES.merchantApiKey }));
        } else {
          res.writeHead(400, { 'content-type': 'text/plain' });
          res.end(`refused: the request was\nPOST ${req.url} HTTP/1.1\nHost: shop\nX-Auth: ${VALUES.xAuth}\nX-User-Pin: ${VALUES.xUserPin}\nContent-Type: application/json\n`);
        }
      });
    }),
  );
  writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({ merchantGUID: GUID, merchant: { baseUrl: merchant.url, cartMethods: ['GET'] }, auth: [{ mode: 'none' }], timeoutMs: 5000 }));
  writeFileSync(join(dir, 'order.json'), readFileSync(new URL('../../samples/order-minimal.json', import.meta.url)));
});

afterAll(async () => {
  await merchant?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('credential names in a merchant refusal', () => {
  it('check-cart (JSON refusal) and post-order (a text dump): table -v, --json, JUnit, HTML, run folder', async () => {
    await run('check-cart -v', ['check-cart', '-v', '--junit', 'cart.xml', '--html', 'cart.html', '--out', 'cart-run'], 1, /"userPin": ?"\*\*\*\*"/);
    await run('check-cart --json', ['check-cart', '--json', '-v', '--no-save'], 1, /"userPin\\?": ?\\?"\*\*\*\*/);
    await run('post-order -v', ['post-order', '--file', 'order.json', '-v', '--junit', 'order.xml', '--html', 'order.html', '--out', 'order-run'], 1, /X-Auth: \*\*\*\*/);
    await run('post-order --json', ['post-order', '--file', 'order.json', '--json', '--no-save'], 1, /X-User-Pin: \*\*\*\*/);
  }, 120_000);

  it('no output and no written file holds a value sent under a credential name', () => {
    const written = filesUnder(dir).filter((f) => !['xborder.config.json', 'order.json'].includes(f));
    // JUnit and HTML of both runs, and each run folder's report and cases.
    for (const expected of ['cart.xml', 'cart.html', 'order.xml', 'order.html']) expect(written).toContain(expected);
    expect(written.filter((f) => f.startsWith('cart-run/')).length).toBeGreaterThan(1);
    expect(written.filter((f) => f.startsWith('order-run/')).length).toBeGreaterThan(1);
    const files = written.map((f) => ({ label: f, text: readFileSync(join(dir, f), 'utf8') }));
    const found = [...outputs, ...files].flatMap(({ label, text }) => Object.entries(VALUES).filter(([, v]) => text.includes(v)).map(([k]) => `${label}: ${k}`));
    expect(found).toEqual([]);
    // The detector can fail: the values are there in clear with --show-secrets.
    expect(outputs.length).toBe(8);
  });

  it('the detector sees the values that --show-secrets lets through', async () => {
    const shown = await runCli(['post-order', '--file', 'order.json', '--json', '--no-save', '--show-secrets'], { cwd: dir });
    expect(shown.code).toBe(1);
    expect(shown.stdout).toContain(VALUES.xAuth);
    expect(shown.stdout).toContain(VALUES.xUserPin);
  });
});
