/** `end-customer-encoding`: validate reports what decode sees, for orders only. */
import { describe, expect, it } from 'vitest';
import { endCustomerEncodingRule } from '../../src/rules/end-customer-encoding.js';
import { rulesFor } from '../../src/rules/index.js';
import { PAYLOAD_KINDS, validatePayload } from '../../src/validation/index.js';
import { listSamples, loadSample } from '../../src/samples/catalog.js';

const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';

describe('end-customer-encoding', () => {
  it('is registered for orders and no other kind', () => {
    for (const kind of PAYLOAD_KINDS) {
      expect(rulesFor(kind).some((r) => r.id === 'end-customer-encoding'), kind).toBe(kind === 'order');
    }
  });

  it('finds nothing in the shipped orders (encoded end customer, raw hub)', () => {
    for (const s of listSamples().filter((x) => x.kind === 'order')) expect(endCustomerEncodingRule.check(loadSample(s.name)), s.name).toEqual([]);
  });

  it('double encoding is a warning, and fails with --strict like every warning', () => {
    const doc = { MerchantGUID: GUID, OrderId: 'GE1', SecondaryShipping: { Address1: 'Rue%2520de%2520la%2520Paix' } };
    const check = validatePayload('order', doc).find((c) => c.id === 'end-customer-encoding')!;
    expect(check.status).toBe('warning');
    expect(check.findings).toEqual([expect.objectContaining({ path: '/SecondaryShipping/Address1', severity: 'warning', expected: 'Rue%20de%20la%20Paix' })]);
    expect(validatePayload('order', doc, { strict: true }).find((c) => c.id === 'end-customer-encoding')!.status).toBe('failed');
  });

  it('unencoded end-customer values and encoded hub blocks are information: the check passes', () => {
    const doc = {
      MerchantGUID: GUID,
      OrderId: 'GE1',
      Customer: { IsEndCustomerPrimary: true },
      PrimaryShipping: { Address1: 'Hauptstra%C3%9Fe+5', Email: 'ben+global@shop.example' },
      SecondaryShipping: { City: 'Oude+Meer' },
    };
    const check = validatePayload('order', doc, { strict: true }).find((c) => c.id === 'end-customer-encoding')!;
    expect(check.status).toBe('passed');
    expect(check.findings.map((f) => [f.path, f.severity])).toEqual([
      ['/PrimaryShipping/Email', 'info'],
      ['/SecondaryShipping', 'info'],
    ]);
  });

  it('points into the document as sent when its casing is not the documented one', () => {
    const doc = { MerchantGUID: GUID, OrderId: 'GE1', secondaryShipping: { email: 'anna%2540example.de' } };
    const check = validatePayload('order', doc).find((c) => c.id === 'end-customer-encoding')!;
    expect(check.findings.map((f) => f.path)).toEqual(['/secondaryShipping/email']);
  });
});
