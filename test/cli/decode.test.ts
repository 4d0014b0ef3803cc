/**
 * End to end: the built CLI (`npm run build` first) spawned as `node bin/xborder.js decode ...`.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

function xborder(args: string[], input?: string) {
  const r = spawnSync(process.execPath, ['bin/xborder.js', ...args], {
    cwd: root,
    input: input ?? '',
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '' },
    timeout: 20000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('xborder decode', () => {
  it('shows the end-customer values of samples/order-full.json decoded as a table', () => {
    const r = xborder(['decode', 'samples/order-full.json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('/SecondaryShipping/LastName');
    expect(r.stdout).toContain('Müller');
    expect(r.stdout).toContain('anna.mueller@example.de');
    expect(r.stdout).toContain('/InternationalDetails/OrderTrackingUrl');
    // The platform's hub block (Primary*, IsEndCustomerPrimary false) is not end-customer data.
    expect(r.stdout).not.toContain('/PrimaryShipping/');
    expect(r.stdout).toMatch(/\d+ values decoded/);
  });

  it('reads stdin when no file is given, and with "-"', () => {
    const order = readFileSync(join(root, 'samples/order-full.json'), 'utf8');
    for (const args of [['decode'], ['decode', '-']]) {
      const r = xborder(args, order);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('Müller');
      expect(r.stdout).toContain('anna.mueller@example.de');
    }
  });

  it('changes nothing in a cart (merchants send carts raw); --all decodes what has the evidence', () => {
    const cart = readFileSync(join(root, 'samples/cart-multi-address.json'), 'utf8');
    const r = xborder(['decode'], cart);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('No URL-encoded values found (carts are sent raw by the merchant');
    expect(r.stdout).not.toContain('Hans-Jürgen');
    const all = xborder(['decode', '--all'], cart);
    expect(all.stdout).toContain('Hans-Jürgen');
    expect(all.stdout).toContain('Schneider & Partner GmbH');
  });

  it('--json prints the kind, the payload with the values decoded, and the findings', () => {
    const r = xborder(['decode', 'samples/order-full.json', '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(['kind', 'payload', 'findings']);
    expect(out.kind).toBe('order');
    expect(out.findings).toEqual([]);
    const doc = out.payload;
    const raw = JSON.parse(readFileSync(join(root, 'samples/order-full.json'), 'utf8'));
    expect(doc.SecondaryShipping.LastName).toBe('Müller');
    expect(doc.SecondaryShipping.Phone1).toBe('+49 30 12345678');
    expect(doc.SecondaryShipping.Zip).toBe(raw.SecondaryShipping.Zip);
    expect(doc.PrimaryShipping).toEqual(raw.PrimaryShipping);
    expect(doc.InternationalDetails.OrderTrackingUrl).toMatch(/^https:\/\/www\.dhl\.com\//);
    expect(Object.keys(doc)).toEqual(Object.keys(raw));
    expect(xborder(['--json', 'decode', 'samples/order-full.json']).stdout).toBe(r.stdout);
  });

  it('--all decodes encoded-looking strings outside the interface fields too', () => {
    const doc = { OrderId: 'GE1', Products: [{ ProductName: 'Blue+Shirt' }] };
    const plain = xborder(['decode'], JSON.stringify(doc));
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain('No URL-encoded values found');
    const all = xborder(['decode', '--all', '--json'], JSON.stringify(doc));
    expect(JSON.parse(all.stdout).payload.Products[0].ProductName).toBe('Blue Shirt');
  });

  it('flags bad sequences and double encoding in the note column', () => {
    const doc = { OrderId: 'GE1', SecondaryShipping: { Address1: '100%zz+Street', Email: 'a%2540b.example' } };
    const r = xborder(['decode'], JSON.stringify(doc));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('bad sequence');
    expect(r.stdout).toContain('decoded twice');
    expect(r.stdout).toContain('a@b.example');
  });

  it('masks card data in --json output', () => {
    const doc = { OrderId: 'GE1', PaymentDetails: { CardNumber: '4111111111111111', CVVNumber: '737', OwnerName: 'Anna+M' } };
    const r = xborder(['decode', '--all', '--json'], JSON.stringify(doc));
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('4111111111111111');
    expect(r.stdout).not.toContain('737');
    expect(JSON.parse(r.stdout).payload.PaymentDetails.OwnerName).toBe('Anna M');
  });

  it('a malformed file is exit 2 naming file, line and column', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xb-decode-e2e-'));
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{\n  "OrderId": "GE1",\n  "Customer": }\n');
    const r = xborder(['decode', file]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`${file}:3:15`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('malformed stdin, empty stdin and a missing file are exit 2', () => {
    const bad = xborder(['decode'], '[1,]');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('<stdin>:1:4');
    expect(xborder(['decode'], '').code).toBe(2);
    const missing = xborder(['decode', 'no-such-file.json']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no-such-file.json');
  });

  it('one encoded value (a line that is not JSON) is decoded on its own, and said so', () => {
    const r = xborder(['decode'], 'Hertzel+12%2C+Tel+Aviv\n');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Not JSON: read as one URL-encoded value and decoded.');
    expect(r.stdout).toMatch(/^ {2}decoded: Hertzel 12, Tel Aviv$/m);
    const json = JSON.parse(xborder(['decode', '--json'], 'alex%2540test.com').stdout) as { kind: unknown; payload: unknown; findings: Array<{ severity: string; message: string }> };
    expect(json.kind).toBeNull();
    expect(json.payload).toBe('alex@test.com');
    expect(json.findings.map((f) => f.severity)).toEqual(['info', 'warning']);
    expect(json.findings[1]!.message).toContain('URL-encoded twice');
    // By evidence, as in a payload: a phone's leading + is no encoding.
    const phone = xborder(['decode'], '+4917612345678');
    expect(phone.stdout).toContain('shown as it is');
    expect(phone.stdout).not.toContain('decoded:');
  });

  it('a wholly URL-encoded payload is decoded, said so, and read as usual (its own encoded values decoded once more)', () => {
    const order = { OrderId: 'GE1', SecondaryShipping: { City: 'Tel+Aviv', Email: 'alextest%40test.com' } };
    const encoded = encodeURIComponent(JSON.stringify(order));
    const r = xborder(['decode'], `${encoded}\n`);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('the whole payload was URL-encoded; decoded before reading it');
    expect(r.stdout).toMatch(/\/SecondaryShipping\/Email\s+│ alextest%40test\.com\s+│ alextest@test\.com/);
    const json = JSON.parse(xborder(['decode', '--json'], encoded).stdout) as { kind: string; payload: typeof order; findings: Array<{ message: string }> };
    expect(json.kind).toBe('order');
    expect(json.payload.SecondaryShipping).toEqual({ City: 'Tel Aviv', Email: 'alextest@test.com' });
    expect(json.findings[0]!.message).toContain('the whole payload was URL-encoded');
    // Encoded, it must still be JSON: otherwise the error says both.
    const broken = xborder(['decode'], '%7B%22OrderId');
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('The whole payload was URL-encoded; decoded, it is not a JSON document.');
  });

  it('text that starts like JSON, or several lines of text, is still bad input (exit 2)', () => {
    expect(xborder(['decode'], '{"OrderId": ').code).toBe(2);
    const lines = xborder(['decode'], 'a b\nc d\n');
    expect(lines.code).toBe(2);
    expect(lines.stderr).toContain('one URL-encoded value on a line of its own');
  });

  it('a document nested deeper than any payload is exit 2 with one line, not a crash', () => {
    const doc = `{"OrderId":"GE1","Customer":{"X":${'['.repeat(50000)}${']'.repeat(50000)}}}`;
    for (const args of [['decode'], ['decode', '--json'], ['decode', '--all']]) {
      const r = xborder(args, doc);
      expect(r.code).toBe(2);
      // With --json the one thing on stdout is the error document; otherwise nothing.
      if (args.includes('--json')) expect((JSON.parse(r.stdout) as { error: { exitCode: number } }).error.exitCode).toBe(2);
      else expect(r.stdout).toBe('');
      expect(r.stderr).toContain('<stdin>: the payload nests deeper than 64 levels (at /Customer/X/0/0');
      expect(r.stderr).not.toContain('internal error');
    }
  });

  it('cuts a value of megabytes in the table (every row is as wide as the widest cell); --json keeps it whole', () => {
    const email = `${'%41'.repeat(1024 * 1024)}%40example.de`;
    const doc = JSON.stringify({ OrderId: 'GE1', SecondaryShipping: { Email: email, City: 'K%C3%B6ln' } });
    const table = xborder(['decode'], doc);
    expect(table.code).toBe(0);
    expect(table.stdout.length).toBeLessThan(10000);
    // Wrapped to the width (120 when not a terminal): read the cells back across the line breaks.
    expect(Math.max(...table.stdout.split('\n').map((l) => [...l].length))).toBeLessThanOrEqual(120);
    expect(table.stdout).toContain('characters; --json shows it whole)');
    expect(table.stdout).toContain('Köln');
    const json = xborder(['decode', '--json'], doc);
    expect(JSON.parse(json.stdout).payload.SecondaryShipping.Email).toBe(`${'A'.repeat(1024 * 1024)}@example.de`);
  });
});
