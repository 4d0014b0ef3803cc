/**
 * End to end: `post-order --file` (and `send order --file`) says every error of the user's own order
 * in the default output, on stderr before anything is sent, each with its JSON pointer, its reason
 * and the check that found it, masked and escaped; `--dry-run` stops there and sends nothing. The
 * built CLI against the reference merchant, whose every request is counted.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMockMerchant, type MerchantLogEntry, type MockMerchantServer } from '../../src/mock/merchant/server.js';
import { loadSample } from '../../src/samples/catalog.js';
import { merchantConfig } from '../helpers/merchant-config.js';
import { runCli } from '../helpers/run-cli.js';

const KEY = 'pof-Secret-7';
const AUTH = [{ mode: 'header' as const, name: 'X-Merchant-Key', value: KEY }];
const config = merchantConfig({ auth: AUTH });
/** Every request the merchant answered. */
const received: MerchantLogEntry[] = [];
let merchant: MockMerchantServer;
let dir: string;

const valid: Record<string, unknown> = { ...(loadSample('order-full') as Record<string, unknown>), MerchantGUID: config.merchantGUID, OrderId: 'GE770000331DE' };
const primaryShipping = valid.PrimaryShipping as Record<string, unknown>;
/**
 * Three errors: two of the schema, one of a rule. The e-mail holds the configured header key (it must
 * come out masked) and an ESC sequence that would clear the screen (it must come out escaped).
 */
const broken = {
  ...valid,
  OrderCreationSource: 7,
  Products: [{ ...(valid.Products as Record<string, unknown>[])[0], ProductName: { name: 'T-shirt' } }],
  PrimaryShipping: { ...primaryShipping, Email: `${KEY}\u001b[2J@example` },
};

beforeAll(async () => {
  merchant = await startMockMerchant({ config, onRequest: (entry) => received.push(entry) });
  dir = mkdtempSync(join(tmpdir(), 'xb-order-file-'));
  writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({ merchantGUID: config.merchantGUID, merchant: { baseUrl: merchant.url }, auth: AUTH, timeoutMs: 5000 }));
  writeFileSync(join(dir, 'order.json'), JSON.stringify(broken, null, 2));
  writeFileSync(join(dir, 'valid.json'), JSON.stringify(valid, null, 2));
});
afterAll(async () => merchant.close());
beforeEach(() => {
  received.length = 0;
});

/** Wide enough that each error stays on one line, so a line can be matched whole. */
const env = { COLUMNS: '220' };

/** The three errors as listed: pointer, reason, check. */
function expectThreeErrors(stderr: string): void {
  const lines = stderr.split('\n');
  const errorLines = lines.filter((l) => l.startsWith('  /'));
  expect(errorLines, stderr).toHaveLength(3);
  expect(errorLines[0]).toMatch(/^ {2}\/OrderCreationSource: must be one of the documented values \(expected \[0,1,null\], received 7\) \[schema\]$/);
  expect(errorLines[1]).toMatch(/^ {2}\/Products\/0\/ProductName: must be string or null, not object .*\[schema\]$/);
  expect(errorLines[2]).toMatch(/^ {2}\/PrimaryShipping\/Email: .*is not a valid e-mail address .*\[emails-urls\]$/);
  // Masked and escaped: the key never shows, the ESC shows as text and never reaches the terminal.
  expect(stderr).not.toContain(KEY);
  expect(errorLines[2]).toContain('****');
  expect(errorLines[2]).toContain('\\x1b[2J');
  expect(stderr).not.toContain('\u001b');
}

describe('post-order --file: the file\'s errors, before anything is sent', () => {
  it('lists all three errors (pointer, reason, check) in the default output, before the run and its table, and says the merchant must refuse it', async () => {
    const r = await runCli(['post-order', '--file', 'order.json'], { cwd: dir, env });
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stderr).toContain('order.json is not a valid order (3 errors); it is sent as given, and the merchant must refuse it (rejects-invalid-order):');
    expectThreeErrors(r.stderr);
    // Said before the run: the run folder is named after every case ran, and the table is printed after that.
    expect(r.stderr.indexOf('/PrimaryShipping/Email')).toBeLessThan(r.stderr.indexOf('Run saved to'));
    // It was sent as given, and the reference merchant refused it: that refusal is the verdict.
    expect(received.filter((e) => e.path === '/order-update-create-url')).toHaveLength(1);
    expect(r.stdout).toContain('order.json');
    expect(r.code).toBe(0);
  });

  it('--dry-run lists the same errors, sends nothing and exits 1', async () => {
    const r = await runCli(['post-order', '--file', 'order.json', '--dry-run'], { cwd: dir, env });
    expect(r.stderr).toContain('order.json is not a valid order (3 errors); sent as given, the merchant must refuse it (rejects-invalid-order):');
    expectThreeErrors(r.stderr);
    expect(r.stderr).toContain('Nothing was sent (--dry-run).');
    expect(r.stdout).toBe('');
    expect(received).toEqual([]);
    expect(r.code).toBe(1);
  });

  it('send order --file --dry-run does the same', async () => {
    const r = await runCli(['send', 'order', '--file', 'order.json', '--dry-run'], { cwd: dir, env });
    expectThreeErrors(r.stderr);
    expect(received).toEqual([]);
    expect(r.code).toBe(1);
  });

  it('--dry-run of a valid file says so, sends nothing and exits 0; sent, the same file says nothing more than before', async () => {
    const dry = await runCli(['post-order', '--file', 'valid.json', '--dry-run'], { cwd: dir, env });
    expect(dry.stderr).toContain('valid.json is a valid order.\nNothing was sent (--dry-run).');
    expect(received).toEqual([]);
    expect(dry.code).toBe(0);
    const sent = await runCli(['post-order', '--file', 'valid.json', '--no-save'], { cwd: dir, env });
    expect(sent.stderr).not.toContain('valid order');
    expect(received.filter((e) => e.path === '/order-update-create-url')).toHaveLength(1);
    expect(sent.code).toBe(0);
  });

  it('--dry-run without a file, with a report flag, or for another event is a usage error (exit 2), and an unreadable file stays exit 2', async () => {
    for (const args of [['post-order', '--dry-run'], ['post-order', '--file', 'order.json', '--dry-run', '--json'], ['send', 'status', '--file', 'order.json', '--dry-run'], ['post-order', '--file', 'missing.json', '--dry-run']]) {
      const r = await runCli(args, { cwd: dir, env });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
    expect(received).toEqual([]);
  });
});
