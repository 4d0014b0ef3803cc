/**
 * End to end (`npm run build` first): `xborder decode` and `validate` on the decode corpus
 * (test/corpus/decode/): decoding by evidence, the notes, and the same findings from both commands.
 */
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { runCli } from '../helpers/run-cli.js';

const corpus = (file: string) => fileURLToPath(new URL(`../corpus/decode/${file}`, import.meta.url));

describe('xborder decode by evidence', () => {
  it('flipped encoding: decodes the encoded hub-named block, keeps the raw hub phone, and says so in a note', async () => {
    const r = await runCli(['decode', corpus('flipped-payment-order.json')]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Hertzel 12');
    expect(r.stdout).toContain('alextest@test.com');
    expect(r.stdout).toContain('hub block: decoded by evidence');
    expect(r.stdout).not.toContain('/SecondaryBilling/');
    expect(r.stdout).toContain('4 values decoded');
    expect(r.stdout).toMatch(/Notes:\n {2}info {4}\/PrimaryBilling {2}PrimaryBilling carries form-encoded values although Customer.IsEndCustomerPrimary is false/);
  });

  it('--json: the hub phone comes out as sent, the note is an info finding', async () => {
    const r = await runCli(['decode', '--json', corpus('flipped-payment-order.json')]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.kind).toBe('order');
    expect(out.payload.SecondaryBilling.Phone1).toBe('+1 (212) 634-3952');
    expect(out.payload.SecondaryBilling.Address2).toBe('Suite 4\r\nGE92799322GB');
    expect(out.payload.PrimaryBilling.Address1).toBe('Hertzel 12');
    expect(out.findings).toEqual([
      {
        path: '/PrimaryBilling',
        message: "PrimaryBilling carries form-encoded values although Customer.IsEndCustomerPrimary is false (the Secondary blocks should be the end customer's): decoded by evidence",
        expected: "the hub's values raw, the end customer's encoded in the Secondary blocks",
        actual: 'form-encoded: Address1, City, Email, Phone1',
        severity: 'info',
      },
    ]);
  });

  it('raw + phones and e-mails of the end customer stay as sent; the notes say they were not encoded', async () => {
    const table = await runCli(['decode', corpus('raw-plus-phone-email.json')]);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/info {4}\/PrimaryShipping\/Email {2}the end customer's value is not URL-encoded: it has a raw "@"/);
    expect(table.stdout).toMatch(/info {4}\/PrimaryShipping\/Phone1 {2}the end customer's value is not URL-encoded: it has a raw "\+"/);
    const out = JSON.parse((await runCli(['decode', '--json', corpus('raw-plus-phone-email.json')])).stdout);
    expect(out.payload.PrimaryShipping.Phone1).toBe('+4917612345678');
    expect(out.payload.PrimaryShipping.Email).toBe('ben+global@shop.example');
    expect(out.payload.PrimaryBilling.Email).toBe('ben+global@shop.example');
    expect(out.findings.map((f: { path: string; severity: string }) => [f.path, f.severity])).toEqual([
      ['/PrimaryShipping/Email', 'info'],
      ['/PrimaryShipping/Phone1', 'info'],
    ]);
  });

  it('a cart is printed as sent, with and without --all', async () => {
    for (const args of [['decode', '--json'], ['decode', '--json', '--all']]) {
      const r = await runCli([...args, corpus('cart-literal-plus.json')]);
      const out = JSON.parse(r.stdout);
      expect(out.kind).toBe('cart');
      expect(out.findings).toEqual([]);
      expect(out.payload.shippingDetails.Phone1).toBe('+1 215-925-1800');
      expect(out.payload.userDetails.AddressDetails[0].Email).toBe('ben+global@shop.example');
    }
  });

  it('validate reports what decode sees: double encoding as a warning of end-customer-encoding', async () => {
    const decoded = JSON.parse((await runCli(['decode', '--json', corpus('double-encoded-order.json')])).stdout);
    expect(decoded.payload.SecondaryShipping.Email).toBe('anna.mueller@example.de');
    expect(decoded.findings).toEqual([expect.objectContaining({ path: '/SecondaryShipping/Email', severity: 'warning' })]);
    const r = await runCli(['validate', '--json', corpus('double-encoded-order.json')]);
    const report = JSON.parse(r.stdout);
    const checks = JSON.stringify(report);
    expect(checks).toContain('"end-customer-encoding"');
    const rule = findCheck(report, 'end-customer-encoding');
    expect(rule).toMatchObject({ status: 'warning' });
    expect(rule.findings).toEqual(decoded.findings);
  });
});

/** The check with `id` anywhere in a validate --json report. */
function findCheck(report: unknown, id: string): { status: string; findings: unknown[] } {
  const stack: unknown[] = [report];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    if ((node as { id?: unknown }).id === id && Array.isArray((node as { findings?: unknown }).findings)) return node as { status: string; findings: unknown[] };
    stack.push(...Object.values(node));
  }
  throw new Error(`no check ${id} in the report`);
}
