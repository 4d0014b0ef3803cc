import { describe, expect, it } from 'vitest';
import { decodePayload, type DecodedValue } from '../../src/decode/payload-decode.js';
import { listSamples, loadSample } from '../../src/samples/catalog.js';

const byPath = (values: DecodedValue[]) => Object.fromEntries(values.map((v) => [v.path, v.decoded]));

function order(isPrimary: boolean | undefined) {
  return {
    MerchantGUID: 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77',
    OrderId: 'GE92799319GB',
    Customer: isPrimary === undefined ? undefined : { IsEndCustomerPrimary: isPrimary },
    PrimaryShipping: { FirstName: 'Global+Hub', Address1: 'Hub+Road+1', Address2: 'Unit+4\r\nGE92799319GB', Zip: '12%2034', CountryCode: 'GB' },
    PrimaryBilling: { Email: 'hub%40platform.example' },
    SecondaryShipping: {
      FirstName: 'Ren%C3%A9',
      Address1: 'Rue+de+la+Paix+1',
      Email: 'rene%40example.fr',
      Zip: '75%20002',
      StateCode: 'I%2B',
      CountryCode: 'FR',
      CountryCode3: 'F%52A',
      SaveAddress: true,
    },
    SecondaryBilling: { City: 'Paris', Company: 'A+%26+B' },
    InternationalDetails: {
      OrderTrackingUrl: 'https%3A%2F%2Ftrack.example.com%2F%3Fid%3D1',
      OrderWaybillUrl: 'https%3a%2f%2fwaybill.example.com%2fu%2fa@b',
      PaymentMethodName: 'Credit+Card',
      ParcelsTracking: [{ ParcelTrackingNumber: '1Z+X', ParcelTrackingUrl: 'https%3A%2F%2Fp.example%2F1' }],
    },
    Products: [{ ProductName: 'T-Shirt+Blue', Sku: 'A%2F1' }],
  };
}

describe('decodePayload: interface rule for orders', () => {
  it('decodes the Secondary blocks when IsEndCustomerPrimary is false', () => {
    const { values } = decodePayload(order(false));
    const decoded = byPath(values);
    expect(decoded['/SecondaryShipping/FirstName']).toBe('René');
    expect(decoded['/SecondaryShipping/Address1']).toBe('Rue de la Paix 1');
    expect(decoded['/SecondaryShipping/Email']).toBe('rene@example.fr');
    expect(decoded['/SecondaryBilling/Company']).toBe('A & B');
    expect(values.find((v) => v.path === '/SecondaryShipping/Email')?.role).toBe('end-customer');
  });

  it('decodes encoded values in the hub blocks by evidence, with a note per block; raw hub values stay as sent', () => {
    const { values, notes, decoded } = decodePayload(order(false));
    const map = byPath(values);
    expect(map['/PrimaryShipping/FirstName']).toBe('Global Hub');
    expect(map['/PrimaryBilling/Email']).toBe('hub@platform.example');
    expect(values.find((v) => v.path === '/PrimaryShipping/FirstName')?.role).toBe('hub');
    // A literal CRLF: not form-encoded, whatever its `+`.
    expect(map['/PrimaryShipping/Address2']).toBeUndefined();
    expect((decoded as ReturnType<typeof order>).PrimaryShipping.Address2).toBe('Unit+4\r\nGE92799319GB');
    const hubNotes = notes.filter((n) => /carries form-encoded values/.test(n.message));
    expect(hubNotes.map((n) => [n.path, n.severity])).toEqual([
      ['/PrimaryShipping', 'info'],
      ['/PrimaryBilling', 'info'],
    ]);
    expect(hubNotes[0].message).toBe(
      "PrimaryShipping carries form-encoded values although Customer.IsEndCustomerPrimary is false (the Secondary blocks should be the end customer's): decoded by evidence",
    );
    expect(hubNotes[0].actual).toBe('form-encoded: FirstName, Address1, Zip');
  });

  it('defaults to the Secondary blocks when Customer or the flag is absent', () => {
    expect(byPath(decodePayload(order(undefined)).values)['/SecondaryShipping/Email']).toBe('rene@example.fr');
    const noFlag = { ...order(undefined), Customer: { SendConfirmation: true } };
    expect(byPath(decodePayload(noFlag).values)['/SecondaryShipping/Email']).toBe('rene@example.fr');
  });

  it('decodes the Primary blocks when IsEndCustomerPrimary is true; encoded Secondary (hub) values by evidence, noted', () => {
    const doc = order(true);
    const { values, notes } = decodePayload(doc);
    const map = byPath(values);
    expect(map['/PrimaryShipping/FirstName']).toBe('Global Hub');
    expect(map['/PrimaryBilling/Email']).toBe('hub@platform.example');
    expect(values.find((v) => v.path === '/PrimaryBilling/Email')?.role).toBe('end-customer');
    expect(values.find((v) => v.path === '/SecondaryShipping/Email')).toMatchObject({ decoded: 'rene@example.fr', role: 'hub' });
    expect(notes.filter((n) => n.severity === 'info' && /^Secondary\w+ carries form-encoded values although Customer.IsEndCustomerPrimary is true \(the Primary blocks/.test(n.message)).map((n) => n.path)).toEqual([
      '/SecondaryShipping',
      '/SecondaryBilling',
    ]);
  });

  it('matches property names case-insensitively', () => {
    const doc = { orderId: 'GE1', customer: { isEndCustomerPrimary: true }, primaryShipping: { city: 'K%C3%B6ln' }, secondaryShipping: { City: 'x+y' } };
    expect(byPath(decodePayload(doc).values)).toEqual({ '/primaryShipping/city': 'Köln', '/secondaryShipping/City': 'x y' });
  });

  it('never decodes ISO codes: StateCode, CountryCode, CountryCode3 (Zip is free text: postcodes have spaces)', () => {
    const { values, decoded } = decodePayload(order(false));
    const paths = values.map((v) => v.path);
    for (const code of ['StateCode', 'CountryCode', 'CountryCode3']) expect(paths).not.toContain(`/SecondaryShipping/${code}`);
    expect((decoded as ReturnType<typeof order>).SecondaryShipping.Zip).toBe('75 002');
  });

  it('decodes InternationalDetails URLs (with a raw @) and ParcelsTracking URLs, not other fields', () => {
    const map = byPath(decodePayload(order(false)).values);
    expect(map['/InternationalDetails/OrderTrackingUrl']).toBe('https://track.example.com/?id=1');
    expect(map['/InternationalDetails/OrderWaybillUrl']).toBe('https://waybill.example.com/u/a@b');
    expect(map['/InternationalDetails/ParcelsTracking/0/ParcelTrackingUrl']).toBe('https://p.example/1');
    expect(map['/InternationalDetails/PaymentMethodName']).toBeUndefined();
    expect(map['/InternationalDetails/ParcelsTracking/0/ParcelTrackingNumber']).toBeUndefined();
    expect(map['/Products/0/ProductName']).toBeUndefined();
  });

  it('applies the rule to sub orders, each by its own Customer (else the parent\'s)', () => {
    const doc = { ...order(false), Subs: [order(true), { ...order(undefined), Customer: undefined }] };
    const map = byPath(decodePayload(doc).values);
    expect(map['/Subs/0/PrimaryShipping/FirstName']).toBe('Global Hub');
    expect(decodePayload(doc).values.find((v) => v.path === '/Subs/0/SecondaryShipping/FirstName')?.role).toBe('hub');
    expect(map['/Subs/1/SecondaryShipping/FirstName']).toBe('René');
    expect(map['/Subs/0/InternationalDetails/OrderTrackingUrl']).toBe('https://track.example.com/?id=1');
  });

  it('--all decodes every encoded-looking string anywhere, but not plain text or the CRLF hub address', () => {
    const map = byPath(decodePayload(order(false), { all: true }).values);
    expect(map['/Products/0/ProductName']).toBe('T-Shirt Blue');
    expect(map['/PrimaryShipping/FirstName']).toBe('Global Hub');
    expect(map['/SecondaryShipping/Zip']).toBe('75 002');
    expect(map['/InternationalDetails/PaymentMethodName']).toBe('Credit Card');
    expect(map['/SecondaryShipping/Email']).toBe('rene@example.fr');
    expect(map['/PrimaryShipping/Address2']).toBeUndefined();
    expect(map['/SecondaryBilling/City']).toBeUndefined();
  });

  it('reports bad sequences and double encoding', () => {
    const doc = { ...order(false), SecondaryShipping: { Address1: '100%zz+Street', Email: 'rene%2540example.fr' } };
    const values = decodePayload(doc).values;
    const bad = values.find((v) => v.path === '/SecondaryShipping/Address1')!;
    expect(bad.decoded).toBe('100%zz Street');
    expect(bad.issues).toHaveLength(1);
    const twice = values.find((v) => v.path === '/SecondaryShipping/Email')!;
    expect(twice).toMatchObject({ raw: 'rene%2540example.fr', decoded: 'rene@example.fr', doubleEncoded: true, issues: [] });
  });

  it('never mutates its input and keeps every other value as it was', () => {
    const doc = order(false);
    const before = JSON.stringify(doc);
    const { decoded } = decodePayload(doc, { all: true });
    expect(JSON.stringify(doc)).toBe(before);
    const d = decoded as ReturnType<typeof order>;
    expect(d.SecondaryShipping.SaveAddress).toBe(true);
    expect(d.Products[0].Sku).toBe('A/1');
    const plain = decodePayload(doc).decoded as ReturnType<typeof order>;
    expect(plain.Products).toEqual(doc.Products);
    expect(plain.Products).not.toBe(doc.Products);
    expect(Object.keys(plain)).toEqual(Object.keys(JSON.parse(before)));
  });

  it('decodes nothing in a payload of another kind by default', () => {
    expect(decodePayload({ IsValid: true, ErrorText: 'Card+not+found' }).values).toEqual([]);
    expect(decodePayload('a+b').values).toEqual([]);
    expect(decodePayload(null)).toEqual({ decoded: null, values: [], notes: [] });
  });
});

describe('decodePayload on the real samples', () => {
  it('cart: nothing decoded by default (merchants send carts raw), nothing noted', () => {
    const cart = loadSample('cart-multi-address');
    const { values, decoded, notes } = decodePayload(cart);
    expect(values).toEqual([]);
    expect(notes).toEqual([]);
    expect(decoded).toEqual(cart);
  });

  it('cart with --all: userDetails.AddressDetails entries with the evidence decoded, codes untouched, input unchanged', () => {
    const cart = loadSample('cart-multi-address');
    const before = JSON.stringify(cart);
    const { values, decoded } = decodePayload(cart, { all: true });
    const map = byPath(values);
    expect(map['/userDetails/AddressDetails/0/FirstName']).toBe('Hans-Jürgen');
    expect(map['/userDetails/AddressDetails/1/Company']).toBe('Schneider & Partner GmbH');
    expect(map['/userDetails/AddressDetails/1/Email']).toBe('buchhaltung@schneider-partner.example');
    expect(map['/userDetails/AddressDetails/1/Phone1']).toBe('+49 40 5550199');
    expect(map['/userDetails/AddressDetails/2/City']).toBe('München');
    expect(values.every((v) => !/\/(StateCode|CountryCode)$/.test(v.path))).toBe(true);
    expect(JSON.stringify(cart)).toBe(before);
    expect(JSON.stringify(decoded)).not.toContain('%40');
  });

  it('cart-full with --all: the address book and shipping/billing details', () => {
    expect(decodePayload(loadSample('cart-full')).values).toEqual([]);
    const map = byPath(decodePayload(loadSample('cart-full'), { all: true }).values);
    expect(map['/userDetails/AddressDetails/0/Address1']).toBe('Friedrichstraße 123');
    expect(Object.keys(map).some((p) => p.startsWith('/shippingDetails/'))).toBe(true);
  });

  it('order-full (IsEndCustomerPrimary false): Secondary blocks and tracking URLs decoded, hub block untouched', () => {
    const doc = loadSample('order-full') as Record<string, any>;
    const before = JSON.stringify(doc);
    const { values, decoded } = decodePayload(doc);
    const map = byPath(values);
    expect(map['/SecondaryShipping/LastName']).toBe('Müller');
    expect(map['/SecondaryShipping/Email']).toBe('anna.mueller@example.de');
    expect(map['/SecondaryShipping/Phone1']).toBe('+49 30 12345678');
    expect(map['/InternationalDetails/OrderTrackingUrl']).toMatch(/^https:\/\/www\.dhl\.com\/.*\?submit=1&tracking-id=4711836520$/);
    expect(map['/InternationalDetails/ParcelsTracking/0/ParcelTrackingUrl']).toMatch(/^https:\/\//);
    expect(values.some((v) => v.path.startsWith('/Primary'))).toBe(false);
    const d = decoded as Record<string, any>;
    expect(d.PrimaryShipping).toEqual(doc.PrimaryShipping);
    expect(d.PrimaryShipping.Address2).toContain('\r\n');
    expect(JSON.stringify(doc)).toBe(before);
  });

  it('order-end-customer-primary: Primary blocks decoded (Zip too), Secondary hub block untouched', () => {
    const doc = loadSample('order-end-customer-primary') as Record<string, any>;
    const { values, decoded } = decodePayload(doc);
    const map = byPath(values);
    expect(map['/PrimaryShipping/Email']).toBe('oliver.bennett@example.co.uk');
    expect(map['/PrimaryShipping/Address1']).toBe("Flat 3, 27 Queen's Road");
    expect(map['/PrimaryShipping/Zip']).toBe('BN1 3XA');
    expect((decoded as Record<string, any>).PrimaryShipping.Zip).toBe('BN1 3XA');
    expect(values.some((v) => v.path.startsWith('/Secondary'))).toBe(false);
  });

  it('orders: the end-customer blocks chosen by IsEndCustomerPrimary', () => {
    const orders = listSamples().filter((s) => s.kind === 'order');
    expect(orders.length).toBeGreaterThan(0);
    for (const s of orders) {
      const doc = loadSample(s.name) as Record<string, any>;
      const before = JSON.stringify(doc);
      const { values } = decodePayload(doc);
      const primary = doc.Customer?.IsEndCustomerPrimary === true;
      const endBlocks = primary ? /^\/Primary(Shipping|Billing)\// : /^\/Secondary(Shipping|Billing)\//;
      const hubBlocks = primary ? /^\/Secondary(Shipping|Billing)\// : /^\/Primary(Shipping|Billing)\//;
      expect(values.some((v) => hubBlocks.test(v.path)), s.name).toBe(false);
      expect(values.every((v) => !/\/(StateCode|CountryCode|CountryCode3)$/.test(v.path)), s.name).toBe(true);
      if (values.some((v) => endBlocks.test(v.path))) {
        for (const v of values.filter((x) => endBlocks.test(x.path))) expect(v.decoded).not.toMatch(/%[0-9A-Fa-f]{2}/);
      }
      expect(JSON.stringify(doc)).toBe(before);
    }
  });
});

describe('decodePayload on hostile nesting', () => {
  it('copies a document nested 100,000 levels deep without overflowing the stack', () => {
    const doc = { OrderId: 'GE1', Extra: JSON.parse(`${'['.repeat(100000)}"a%40b"${']'.repeat(100000)}`) };
    const { decoded, values } = decodePayload(doc, { all: true });
    expect(values).toHaveLength(1);
    expect(values[0]).toMatchObject({ path: `/Extra${'/0'.repeat(100000)}`, decoded: 'a@b' });
    expect(decoded === doc).toBe(false);
  });

  it('follows Subs nested thousands deep and decodes the deepest end customer', () => {
    let sub: Record<string, unknown> = { OrderId: 'GE-deep', SecondaryShipping: { City: 'K%C3%B6ln' } };
    for (let i = 0; i < 20000; i++) sub = { OrderId: `GE${i}`, Subs: [sub] };
    const { values } = decodePayload(sub);
    expect(values).toHaveLength(1);
    expect(values[0]).toMatchObject({ path: `${'/Subs/0'.repeat(20000)}/SecondaryShipping/City`, decoded: 'Köln' });
  });

  it('lists values in document order, nested ones where they occur', () => {
    const { values } = decodePayload({ a: { b: 'x%41' }, c: 'y%41', d: [{ e: 'z%41' }], f: 'w%41' }, { all: true });
    expect(values.map((v) => v.path)).toEqual(['/a/b', '/c', '/d/0/e', '/f']);
  });
});
