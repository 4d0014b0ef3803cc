/** The notes decoding by evidence leaves: hub blocks with encoded values, unencoded end-customer values. */
import { describe, expect, it } from 'vitest';
import { analyzeEncoding } from '../../src/decode/encoding-analysis.js';
import { orderFields } from '../../src/decode/encoded-fields.js';

const HUB = { FirstName: 'Global', Address1: '350 Fifth Avenue', Address2: 'Suite 4\r\nGE1', Phone1: '+1 (212) 634-3952', Email: 'hub@hub.example.com', CountryCode: 'US' };
const ENCODED = { Address1: 'Hertzel+12', Email: 'alextest%40test.com', CountryCode: 'IL' };

const summary = (doc: unknown) => analyzeEncoding(doc).notes.map((n) => [n.path, n.severity, n.message]);

describe('orderFields', () => {
  it('labels the blocks by the flag, in document order, codes left out', () => {
    const [order] = orderFields({ OrderId: 'GE1', SecondaryBilling: HUB, PrimaryBilling: ENCODED });
    expect(order).toMatchObject({ path: '', endCustomerIsPrimary: false, source: 'no-customer' });
    expect(order.blocks.map((b) => [b.path, b.name, b.role])).toEqual([
      ['/SecondaryBilling', 'SecondaryBilling', 'end-customer'],
      ['/PrimaryBilling', 'PrimaryBilling', 'hub'],
    ]);
    expect(order.blocks[1].fields.map((f) => f.path)).toEqual(['/PrimaryBilling/Address1', '/PrimaryBilling/Email']);
  });

  it('tells a missing flag from a missing Customer, and sub orders inherit', () => {
    expect(orderFields({ OrderId: 'GE1', Customer: { SendConfirmation: true } })[0].source).toBe('no-flag');
    expect(orderFields({ OrderId: 'GE1', Customer: { IsEndCustomerPrimary: 'true' } })[0]).toMatchObject({ source: 'flag', endCustomerIsPrimary: true });
    const mixed = orderFields({ OrderId: 'GE1', Customer: { IsEndCustomerPrimary: true }, Subs: [{ OrderId: 'GE2' }, { OrderId: 'GE3', Customer: { IsEndCustomerPrimary: false } }] });
    expect(mixed.map((o) => [o.path, o.endCustomerIsPrimary, o.source])).toEqual([
      ['', true, 'flag'],
      ['/Subs/0', true, 'inherited'],
      ['/Subs/1', false, 'flag'],
    ]);
  });

  it('reads the wire\'s other casings: blocks, Customer, Subs, InternationalDetails and its URLs (an exact-case key wins)', () => {
    const doc = {
      orderid: 'GE1',
      customer: { isendcustomerprimary: 'TRUE' },
      primarybilling: { address1: 'Hertzel+12', countrycode: 'IL' },
      PrimaryShipping: { Address1: 'exact' },
      PRIMARYSHIPPING: { Address1: 'ignored' },
      internationalDetails: { orderTrackingURL: 'https%3a%2f%2ft.example%2f1', parcelstracking: [{ ParcelTrackingUrl: 'x' }] },
      subs: [{ OrderID: 'GE2', SecondaryBILLING: { City: 'K%C3%B6ln' } }],
    };
    const orders = orderFields(doc);
    expect(orders.map((o) => [o.path, o.endCustomerIsPrimary, o.source])).toEqual([
      ['', true, 'flag'],
      ['/subs/0', true, 'inherited'],
    ]);
    expect(orders[0].blocks.map((b) => [b.path, b.name, b.fields.map((f) => f.value)])).toEqual([
      ['/primarybilling', 'PrimaryBilling', ['Hertzel+12']],
      ['/PrimaryShipping', 'PrimaryShipping', ['exact']],
    ]);
    expect(orders[0].urls.map((u) => u.path)).toEqual(['/internationalDetails/orderTrackingURL', '/internationalDetails/parcelstracking/0/ParcelTrackingUrl']);
    expect(orders[1].blocks.map((b) => [b.path, b.name, b.role])).toEqual([['/subs/0/SecondaryBILLING', 'SecondaryBilling', 'hub']]);
  });

  it('lists nothing for a cart: merchants send carts raw', () => {
    expect(orderFields({ productsList: [], userDetails: { Email: 'a%40b.example' }, shippingDetails: { City: 'K%C3%B6ln' } })).toEqual([]);
  });
});

describe('analyzeEncoding', () => {
  it('flipped encoding (the PerformOrderPayment case): decodes the hub-named block, notes it, leaves the raw hub values alone', () => {
    const doc = { OrderId: 'GE1', Customer: { IsEndCustomerPrimary: false }, PrimaryBilling: ENCODED, SecondaryBilling: HUB };
    const analysis = analyzeEncoding(doc);
    expect([...analysis.decoded].map(([path, d]) => [path, d.role, d.result.value])).toEqual([
      ['/PrimaryBilling/Address1', 'hub', 'Hertzel 12'],
      ['/PrimaryBilling/Email', 'hub', 'alextest@test.com'],
    ]);
    // The Secondary blocks then hold the hub: their raw phone is not the end customer's "unencoded" value.
    expect(summary(doc)).toEqual([
      [
        '/PrimaryBilling',
        'info',
        "PrimaryBilling carries form-encoded values although Customer.IsEndCustomerPrimary is false (the Secondary blocks should be the end customer's): decoded by evidence",
      ],
    ]);
  });

  it('when the blocks are swapped, the raw values of the encoded pair are the end customer\'s and are noted', () => {
    const doc = { OrderId: 'GE1', Customer: { IsEndCustomerPrimary: false }, PrimaryBilling: { ...ENCODED, Phone1: '+972 73 204 1384' }, SecondaryBilling: HUB };
    expect(summary(doc).map(([path, severity]) => [path, severity])).toEqual([
      ['/PrimaryBilling', 'info'],
      ['/PrimaryBilling/Phone1', 'info'],
    ]);
  });

  it('without Customer the Secondary blocks are the end customer\'s; their unencoded values are information', () => {
    const doc = { OrderId: 'GE1', PrimaryShipping: HUB, SecondaryShipping: { Address1: 'Rothschild+Blvd+22', Phone1: ' 972 73 204 1384', City: 'Tel Aviv', Zip: '6688218' } };
    const notes = analyzeEncoding(doc).notes;
    expect(notes).toEqual([
      {
        path: '/SecondaryShipping/Phone1',
        message: "the end customer's value is not URL-encoded: it has a literal space (the platform writes + or %20); shown unchanged; its leading space is likely a + decoded upstream",
        expected: '+972+73+204+1384',
        actual: ' 972 73 204 1384',
        severity: 'info',
      },
      {
        path: '/SecondaryShipping/City',
        message: "the end customer's value is not URL-encoded: it has a literal space (the platform writes + or %20); shown unchanged",
        expected: 'Tel+Aviv',
        actual: 'Tel Aviv',
        severity: 'info',
      },
    ]);
  });

  it('says what the roles rest on: a missing Customer, a missing flag, the mixed order\'s flag', () => {
    const hubEncoded = { PrimaryShipping: { City: 'Tel+Aviv' }, SecondaryShipping: { City: 'K%C3%B6ln' } };
    expect(summary({ OrderId: 'GE1', ...hubEncoded })[0][2]).toBe(
      "PrimaryShipping carries form-encoded values although the order has no Customer (IsEndCustomerPrimary is false by default) (the Secondary blocks should be the end customer's): decoded by evidence",
    );
    expect(summary({ OrderId: 'GE1', Customer: {}, ...hubEncoded })[0][2]).toMatch(/although Customer.IsEndCustomerPrimary is not given \(false by default\)/);
    const mixed = { OrderId: 'GE1', Customer: { IsEndCustomerPrimary: true }, Subs: [{ OrderId: 'GE2', SecondaryShipping: { City: 'Tel+Aviv' } }] };
    expect(summary(mixed)).toEqual([
      ['/Subs/0/SecondaryShipping', 'info', "SecondaryShipping carries form-encoded values although the mixed order's Customer.IsEndCustomerPrimary is true (the Primary blocks should be the end customer's): decoded by evidence"],
    ]);
  });

  it('double encoding and bad sequences are warnings on the value', () => {
    const doc = { OrderId: 'GE1', SecondaryShipping: { Email: 'anna%2540example.de', Address1: '100%zz+Street' } };
    expect(analyzeEncoding(doc).notes).toEqual([
      { path: '/SecondaryShipping/Email', message: 'URL-encoded twice (a %25 encodes the % of an escape): decoded twice; the value should be encoded once', expected: 'anna%40example.de', actual: 'anna%2540example.de', severity: 'warning' },
      expect.objectContaining({ path: '/SecondaryShipping/Address1', severity: 'warning', message: expect.stringMatching(/^bad percent sequence kept as written: malformed percent sequence "%zz"/) }),
    ]);
  });

  it('end-customer values encoding would not change, raw URLs and the hub\'s raw values are not noted', () => {
    const doc = {
      OrderId: 'GE1',
      PrimaryShipping: HUB,
      SecondaryShipping: { FirstName: 'Anna', City: 'Berlin', Zip: '10117', Address1: 'Friedrichstra%C3%9Fe+123' },
      InternationalDetails: { OrderTrackingUrl: 'https://track.example.com/?id=1' },
    };
    expect(analyzeEncoding(doc).notes).toEqual([]);
  });

  it('quotes at most the start of a value of megabytes', () => {
    const long = `${'a b'.repeat(400_000)}`;
    const [note] = analyzeEncoding({ OrderId: 'GE1', SecondaryShipping: { Address1: long } }).notes;
    expect(String(note.actual).length).toBeLessThan(300);
    expect(String(note.expected).length).toBeLessThan(300);
  });
});
