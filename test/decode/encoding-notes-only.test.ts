/**
 * The rule's shortcut (`encodingNotes`: orders judged in place, no decoded values kept, values that
 * decode quietly not decoded) gives exactly the notes of the full analysis `decode` uses, whatever
 * the address blocks hold: raw text, values encoded once or twice, bad `%` sequences, in any block,
 * with any flag and in any casing of the keys; and the places both read are those the walk as first
 * written found.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { analyzeEncoding, encodingNotes } from '../../src/decode/encoding-analysis.js';
import { orderFields } from '../../src/decode/encoded-fields.js';
import { joinPointer } from '../../src/validation/pointer.js';
import { decodesQuietly, formDecode, formEncode } from '../../src/decode/form-decode.js';
import { orderPlan } from '../../src/fuzz/order-plan.js';
import { buildOrder } from '../../src/fuzz/order-build.js';

const RUNS = Number(process.env.XBORDER_FUZZ_RUNS ?? 200);

/** A text in one of the forms the wire shows. */
const wireValue = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 24 }),
  fc.string({ unit: 'grapheme', maxLength: 24 }).map((s) => formEncode(s, { lowerHex: true })),
  fc.string({ unit: 'grapheme', maxLength: 12 }).map((s) => formEncode(formEncode(s))),
  fc.constantFrom('100%zz+Street', '%C3+x', 'a%2', 'Hertzel+12', 'ben+global@shop.example', '+4917612345678', ' 972 73 204 1384', 'M%c3%bcller', '%ff%fe'),
  // Values that leave no note, so whole orders do.
  fc.constantFrom('Berlin', '10117', 'Anna', '3.+OG', 'anna.mueller%40example.de', 'https%3a%2f%2ft.example%2f1'),
);

/** A key as documented or in a casing the wire shows (the Kelvin sign lower-cases to `k`, a dotted I does not to `i`). */
const cased = (name: string) =>
  fc.constantFrom(name, name, name.toLowerCase(), name.toUpperCase(), name.replace(/k/g, '\u212a'), name.replace(/I/g, '\u0130'), `${name}x`);

/** An object with the given keys in any order and casing (two casings of one name may both be there). */
const casedObject = (fields: [string, fc.Arbitrary<unknown>][], maxKeys: number) =>
  fc.array(fc.oneof(...fields.map(([name, value]) => fc.tuple(cased(name), value))), { maxLength: maxKeys }).map((entries) => {
    const obj: Record<string, unknown> = {};
    for (const [key, value] of entries) obj[key] = value;
    return obj;
  });

const BLOCK_KEYS = ['FirstName', 'Address1', 'Address2', 'City', 'Zip', 'Email', 'Phone1', 'CountryCode', 'StateCode', 'CountryCode3', 'Extra'];
const block = fc.dictionary(fc.constantFrom(...BLOCK_KEYS), wireValue, { maxKeys: 6 });
const casedBlock = casedObject(BLOCK_KEYS.map((name) => [name, fc.oneof(wireValue, fc.constant(null))]), 6);

const order = fc.record(
  {
    OrderId: fc.constant('GE1'),
    Customer: fc.record({ IsEndCustomerPrimary: fc.constantFrom(true, false, 'true', null) }, { requiredKeys: [] }),
    PrimaryShipping: block,
    PrimaryBilling: block,
    SecondaryShipping: block,
    SecondaryBilling: block,
    InternationalDetails: fc.record({ TrackingUrl: wireValue, OrderTrackingUrl: wireValue }, { requiredKeys: [] }),
  },
  { requiredKeys: ['OrderId'] },
);

const urls = casedObject([['OrderTrackingUrl', wireValue], ['TrackingURL', wireValue], ['Price', fc.constant(9.5)]], 3);
/** Orders whose keys come in any casing: the blocks, Customer and its flag, the URLs, Subs. */
const casedOrder = fc.letrec<{ order: Record<string, unknown> }>((tie) => ({
  order: casedObject(
    [
      ['OrderId', fc.constant('GE1')],
      ['productsList', fc.constant([])],
      ['Customer', casedObject([['IsEndCustomerPrimary', fc.constantFrom(true, false, 'true', ' TRUE ', null)]], 2)],
      ['PrimaryShipping', casedBlock],
      ['PrimaryBilling', casedBlock],
      ['SecondaryShipping', casedBlock],
      ['SecondaryBilling', casedBlock],
      ['InternationalDetails', fc.tuple(urls, cased('ParcelsTracking'), fc.array(fc.oneof(urls, fc.constant(null)), { maxLength: 2 })).map(([own, key, parcels]) => ({ ...own, [key]: parcels }))],
      ['Subs', fc.array(fc.oneof({ depthSize: 'small' }, tie('order'), fc.constant(null)), { maxLength: 2 })],
    ],
    9,
  ),
})).order;

/** The walk as first written (every key lower-cased, in full), to hold orderFields' lookups to. */
function referenceOrders(doc: unknown): unknown[] {
  type Obj = Record<string, unknown>;
  const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
  const find = (o: Obj, name: string) => (Object.hasOwn(o, name) ? name : Object.keys(o).find((k) => k.toLowerCase() === name.toLowerCase()));
  const under = (o: Obj, name: string) => { const k = find(o, name); return k === undefined ? undefined : o[k]; };
  const BLOCKS = ['PrimaryShipping', 'PrimaryBilling', 'SecondaryShipping', 'SecondaryBilling'];
  const CODES = ['statecode', 'countrycode', 'countrycode3'];
  if (!isObj(doc) || find(doc, 'productsList') !== undefined || !['OrderId', 'MerchantGUID', ...BLOCKS].some((n) => find(doc, n) !== undefined)) return [];
  const urlsOf = (o: Obj, base: string) => Object.keys(o).filter((k) => /url$/i.test(k) && typeof o[k] === 'string').map((k) => [joinPointer(base, k), o[k]]);
  const out: unknown[] = [];
  const visit = (order: Obj, path: string, inherited?: { primary: boolean; source: string }): void => {
    const customer = under(order, 'Customer');
    const flag = isObj(customer) ? under(customer, 'IsEndCustomerPrimary') : undefined;
    const own = isObj(customer) && flag !== undefined && flag !== null;
    const primary = own ? flag === true || (typeof flag === 'string' && flag.trim().toLowerCase() === 'true') : (inherited?.primary ?? false);
    const source = own ? 'flag' : inherited ? (inherited.source === 'flag' ? 'inherited' : inherited.source) : isObj(customer) ? 'no-flag' : 'no-customer';
    const blocks = Object.keys(order).flatMap((key) => {
      const name = BLOCKS.find((n) => n.toLowerCase() === key.toLowerCase());
      const block = order[key];
      if (!name || !isObj(block) || find(order, name) !== key) return [];
      const base = joinPointer(path, key);
      const fields = Object.keys(block).filter((k) => typeof block[k] === 'string' && !CODES.includes(k.toLowerCase()));
      return [[base, name, name.startsWith('Primary') === primary ? 'end-customer' : 'hub', fields.map((k) => [joinPointer(base, k), block[k]])]];
    });
    const intlKey = find(order, 'InternationalDetails');
    const intl = intlKey === undefined ? undefined : order[intlKey];
    const urls: unknown[] = [];
    if (intlKey !== undefined && isObj(intl)) {
      const intlBase = joinPointer(path, intlKey);
      urls.push(...urlsOf(intl, intlBase));
      const parcelsKey = find(intl, 'ParcelsTracking');
      const parcels = parcelsKey === undefined ? undefined : intl[parcelsKey];
      if (parcelsKey !== undefined && Array.isArray(parcels)) parcels.forEach((p, i) => isObj(p) && urls.push(...urlsOf(p, joinPointer(intlBase, parcelsKey, i))));
    }
    out.push([path, primary, source, blocks, urls]);
    const subsKey = find(order, 'Subs');
    const subs = subsKey === undefined ? undefined : order[subsKey];
    if (subsKey !== undefined && Array.isArray(subs)) subs.forEach((sub, i) => isObj(sub) && visit(sub, joinPointer(path, subsKey, i), { primary, source }));
  };
  visit(doc, '');
  return out;
}

describe('encodingNotes', () => {
  it('gives the notes of analyzeEncoding, in the same order', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(fc.oneof(order, order.map((o) => ({ ...o, Subs: [o, { OrderId: 'GE2', SecondaryBilling: o.PrimaryBilling }] }))), (doc) => {
        const notes = encodingNotes(doc);
        expect(notes).toEqual(analyzeEncoding(doc).notes);
        for (const n of notes) seen.add(`${n.severity} ${n.message.slice(0, 20)}`);
        if (notes.length === 0) seen.add('none');
      }),
      { numRuns: RUNS, seed: 17 },
    );
    // The generated values reach every kind of note (hub blocks, raw values, double and bad encoding)
    // and orders with none (all judged in place).
    expect(new Set([...seen].map((s) => s.split(' ')[0]))).toEqual(new Set(['info', 'warning', 'none']));
    expect([...seen].some((s) => s.startsWith('warning URL-encoded twice'))).toBe(true);
    expect([...seen].some((s) => s.startsWith('warning bad percent'))).toBe(true);
  });

  it('gives the notes of analyzeEncoding whatever the casing of the keys', () => {
    fc.assert(
      fc.property(casedOrder, (doc) => {
        expect(encodingNotes(doc)).toEqual(analyzeEncoding(doc).notes);
      }),
      { numRuns: RUNS, seed: 29 },
    );
  });

  it('reads the places the walk as first written found: the same orders, roles, blocks, values and URLs', () => {
    const plain = (doc: unknown) =>
      orderFields(doc).map((o) => [o.path, o.endCustomerIsPrimary, o.source, o.blocks.map((b) => [b.path, b.name, b.role, b.fields.map((f) => [f.path, f.value])]), o.urls.map((u) => [u.path, u.value])]);
    fc.assert(
      fc.property(casedOrder, (doc) => {
        expect(plain(doc)).toEqual(referenceOrders(doc));
      }),
      { numRuns: RUNS * 2, seed: 31 },
    );
  });

  it('takes the Kelvin sign for a k, as toLowerCase does, and a dotted I for no i', () => {
    const doc = {
      OrderId: 'GE1',
      '\u0130nternationalDetails': { OrderTrackingUrl: 'ignored' },
      internationaldetails: { 'ParcelsTrac\u212aing': [{ TrackingUrl: 'a%40b.example' }] },
    };
    expect(orderFields(doc)[0].urls.map((u) => u.path)).toEqual(['/internationaldetails/ParcelsTrac\u212aing/0/TrackingUrl']);
    expect(referenceOrders(doc)).toEqual([['', false, 'no-customer', [], [['/internationaldetails/ParcelsTrac\u212aing/0/TrackingUrl', 'a%40b.example']]]]);
  });

  it('on generated orders as xborder fuzz sends them', () => {
    const identity = { merchantGUID: 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77', orderId: 'GE000000001DE', merchantCurrency: 'EUR', cartId: '2c5c7b3db2ed101426cba38d9c534086' };
    for (const plan of fc.sample(orderPlan({ merchantCurrency: 'EUR' }), { numRuns: 60, seed: 5 })) {
      const doc = buildOrder(plan, identity);
      expect(encodingNotes(doc)).toEqual(analyzeEncoding(doc).notes);
    }
  });
});

describe('decodesQuietly', () => {
  /** Text with escapes of any byte, well-formed or cut, so every UTF-8 rule is met and broken. */
  const escaped = fc
    .array(fc.oneof(fc.integer({ min: 0, max: 255 }).map((b) => `%${b.toString(16).padStart(2, '0')}`), fc.constantFrom('%', '%g', '%4', '%25', '+', 'a', 'F', ' ', 'ü')), { maxLength: 16 })
    .map((parts) => parts.join(''));

  it('is true exactly when formDecode reports no issue and no %25XX asks for a second decode', () => {
    fc.assert(
      fc.property(fc.oneof(escaped, fc.string({ unit: 'grapheme' }).map((s) => formEncode(s)), fc.string({ unit: 'grapheme' }).map((s) => formEncode(formEncode(s)))), (raw) => {
        expect(decodesQuietly(raw)).toBe(formDecode(raw).issues.length === 0 && !/%25[0-9A-Fa-f]{2}/.test(raw));
      }),
      { numRuns: RUNS * 10, seed: 23 },
    );
  });

  it('knows the edges of UTF-8 (overlong forms, surrogates, past U+10FFFF, cut sequences) and of double encoding', () => {
    for (const quiet of ['%c3%bc', '%e2%82%ac', '%f0%9f%98%80', '%f4%8f%bf%bf', '%ed%9f%bf', 'a+b', '', '%25', '%25zz', '%252', '%25%40']) expect(decodesQuietly(quiet), quiet).toBe(true);
    for (const noisy of ['%c0%80', '%e0%80%80', '%ed%a0%80', '%f4%90%80%80', '%f5%80%80%80', '%c3', '%c3x%bc', '%e2%82', '%zz', '%8', '%2540', 'x%25c3%25bc', '%25%c3']) expect(decodesQuietly(noisy), noisy).toBe(false);
  });
});
