/**
 * End to end: the built CLI (`npm run build` first) spawned as `node bin/xborder.js samples ...`.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/run-cli.js';
import { defaultConfig } from '../../src/config/defaults.js';
import { startMockMerchant } from '../../src/mock/merchant/server.js';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const index = JSON.parse(readFileSync(join(root, 'samples/index.json'), 'utf8')) as { name: string; kind: string; file: string }[];

function xborder(args: string[]) {
  const r = spawnSync(process.execPath, ['bin/xborder.js', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '' },
    timeout: 20000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('xborder samples', () => {
  it('list (and the bare command) prints every sample with its kind', () => {
    for (const args of [['samples', 'list'], ['samples']]) {
      const r = xborder(args);
      expect(r.code).toBe(0);
      for (const s of index) {
        expect(r.stdout).toContain(s.name);
      }
      expect(r.stdout).toContain('order-minimal');
    }
  });

  it('a sample name where a subcommand goes is exit 2 pointing at show', () => {
    const r = xborder(['samples', 'order-full']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('xborder: "order-full" is not a samples command (list, show). To print that sample: xborder samples show order-full\n');
  });

  it('list --json prints a JSON array of name, kind, description', () => {
    const r = xborder(['--json', 'samples', 'list']);
    expect(r.code).toBe(0);
    const list = JSON.parse(r.stdout) as { name: string; kind: string; description: string }[];
    expect(list.map((s) => s.name)).toEqual(index.map((s) => s.name));
    expect(list.every((s) => typeof s.description === 'string' && s.kind)).toBe(true);
  });

  it('show order-minimal --set OrderId=GE1X prints the sample with the override', () => {
    const r = xborder(['samples', 'show', 'order-minimal', '--set', 'OrderId=GE1X']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    const raw = JSON.parse(readFileSync(join(root, 'samples/order-minimal.json'), 'utf8'));
    expect(doc.OrderId).toBe('GE1X');
    expect(doc.MerchantGUID).toBe(raw.MerchantGUID);
  });

  it('show accepts repeated --set, JSON values, creates documented paths, and --decoded', () => {
    const r = xborder([
      'samples', 'show', 'order-full.json',
      '--set', 'Customer.IsEndCustomerPrimary=true',
      '--set', 'Products[0].Quantity=3',
      '--set', 'PrimaryShipping.City=K%C3%B6ln',
      '--decoded',
    ]);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.Customer.IsEndCustomerPrimary).toBe(true);
    expect(doc.Products[0].Quantity).toBe(3);
    expect(doc.PrimaryShipping.City).toBe('Köln');
    // The Secondary blocks are now the hub's, but their values still carry the evidence of form
    // encoding: decoded by evidence, as real payloads with a flipped IsEndCustomerPrimary need.
    expect(doc.SecondaryShipping.Email).toBe('anna.mueller@example.de');
  });

  it('an unknown --set path is exit 2 naming the path and the closest documented name', () => {
    const r = xborder(['samples', 'show', 'order-minimal', '--set', 'Customer.IsEndCustomerPrimery=true']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('Customer.IsEndCustomerPrimery');
    expect(r.stderr).toContain('Did you mean IsEndCustomerPrimary?');
  });

  it('malformed --set and an unknown sample are exit 2', () => {
    expect(xborder(['samples', 'show', 'order-minimal', '--set', 'OrderId']).code).toBe(2);
    expect(xborder(['samples', 'show', 'order-minimal', '--set', 'a..b=1']).code).toBe(2);
    const unknown = xborder(['samples', 'show', 'no-such-sample']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('order-minimal');
  });

  it('prints the built-in test data as they are (public test values), but masks card data the user sets', () => {
    const payment = index.find((s) => s.name === 'order-payment');
    expect(payment).toBeDefined();
    const raw = JSON.parse(readFileSync(join(root, 'samples', payment!.file), 'utf8'));
    const card = String(raw.PaymentDetails.CardNumber);
    expect(card).toMatch(/^\d{12,19}$/);
    const shown = xborder(['samples', 'show', 'order-payment']);
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.stdout)).toEqual(raw);
    // A user's own card (Luhn-valid) and CVV set with --set are theirs: masked.
    const own = xborder(['samples', 'show', 'order-payment', '--set', 'PaymentDetails.CardNumber=5555555555554444', '--set', 'PaymentDetails.CVVNumber=987']);
    expect(own.stdout).not.toContain('5555555555554444');
    expect(own.stdout).not.toContain('"987"');
    expect(own.stdout).toContain('4444');
    expect(JSON.parse(own.stdout).OrderId).toBe(raw.OrderId);
  });

  it('samples show X > f.json, then post-order --file f.json, passes against the reference merchant', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xb-samples-'));
    writeFileSync(join(dir, 'order.json'), xborder(['samples', 'show', 'order-payment']).stdout);
    const merchant = await startMockMerchant({ config: defaultConfig() });
    try {
      const posted = await runCli(['post-order', '--file', 'order.json', '--merchant-url', merchant.url, '--json', '--no-save'], { cwd: dir });
      const checks = (JSON.parse(posted.stdout) as { cases: { checks: { id: string; status: string }[] }[] }).cases[0]!.checks;
      expect(checks.filter((k) => k.status === 'failed')).toEqual([]);
      expect(checks.find((k) => k.id === 'payment-fields')?.status).toBe('passed');
      expect(posted.code).toBe(0);
    } finally {
      await merchant.close();
    }
  });
});
