/**
 * The rule's shortcut (`encodingNotes`: no decoded values kept, values without `%` not decoded) gives
 * exactly the notes of the full analysis `decode` uses, whatever the address blocks hold: raw text,
 * values encoded once or twice, bad `%` sequences, in any block and with any flag.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { analyzeEncoding, encodingNotes } from '../../src/decode/encoding-analysis.js';
import { decodesCleanly, formDecode, formEncode } from '../../src/decode/form-decode.js';
import { orderPlan } from '../../src/fuzz/order-plan.js';
import { buildOrder } from '../../src/fuzz/order-build.js';

const RUNS = Number(process.env.XBORDER_FUZZ_RUNS ?? 200);

/** A text in one of the forms the wire shows. */
const wireValue = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 24 }),
  fc.string({ unit: 'grapheme', maxLength: 24 }).map((s) => formEncode(s, { lowerHex: true })),
  fc.string({ unit: 'grapheme', maxLength: 12 }).map((s) => formEncode(formEncode(s))),
  fc.constantFrom('100%zz+Street', '%C3+x', 'a%2', 'Hertzel+12', 'ben+global@shop.example', '+4917612345678', ' 972 73 204 1384', 'M%c3%bcller', '%ff%fe'),
);

const block = fc.dictionary(fc.constantFrom('FirstName', 'Address1', 'Address2', 'City', 'Zip', 'Email', 'Phone1', 'CountryCode', 'Extra'), wireValue, { maxKeys: 6 });

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

describe('encodingNotes', () => {
  it('gives the notes of analyzeEncoding, in the same order', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(fc.oneof(order, order.map((o) => ({ ...o, Subs: [o, { OrderId: 'GE2', SecondaryBilling: o.PrimaryBilling }] }))), (doc) => {
        const notes = encodingNotes(doc);
        expect(notes).toEqual(analyzeEncoding(doc).notes);
        for (const n of notes) seen.add(`${n.severity} ${n.message.slice(0, 20)}`);
      }),
      { numRuns: RUNS, seed: 17 },
    );
    // The generated values reach every kind of note: hub blocks, raw values, double and bad encoding.
    expect(new Set([...seen].map((s) => s.split(' ')[0]))).toEqual(new Set(['info', 'warning']));
    expect([...seen].some((s) => s.startsWith('warning URL-encoded twice'))).toBe(true);
    expect([...seen].some((s) => s.startsWith('warning bad percent'))).toBe(true);
  });

  it('on generated orders as xborder fuzz sends them', () => {
    const identity = { merchantGUID: 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77', orderId: 'GE000000001DE', merchantCurrency: 'EUR', cartId: '2c5c7b3db2ed101426cba38d9c534086' };
    for (const plan of fc.sample(orderPlan({ merchantCurrency: 'EUR' }), { numRuns: 60, seed: 5 })) {
      const doc = buildOrder(plan, identity);
      expect(encodingNotes(doc)).toEqual(analyzeEncoding(doc).notes);
    }
  });
});

describe('decodesCleanly', () => {
  /** Text with escapes of any byte, well-formed or cut, so every UTF-8 rule is met and broken. */
  const escaped = fc
    .array(fc.oneof(fc.integer({ min: 0, max: 255 }).map((b) => `%${b.toString(16).padStart(2, '0')}`), fc.constantFrom('%', '%g', '%4', '+', 'a', ' ', 'ü')), { maxLength: 16 })
    .map((parts) => parts.join(''));

  it('is true exactly when formDecode reports no issue', () => {
    fc.assert(
      fc.property(fc.oneof(escaped, fc.string({ unit: 'grapheme' }).map((s) => formEncode(s))), (raw) => {
        expect(decodesCleanly(raw)).toBe(formDecode(raw).issues.length === 0);
      }),
      { numRuns: RUNS * 10, seed: 23 },
    );
  });

  it('knows the edges of UTF-8: overlong forms, surrogates, past U+10FFFF, cut sequences', () => {
    for (const clean of ['%c3%bc', '%e2%82%ac', '%f0%9f%98%80', '%f4%8f%bf%bf', '%ed%9f%bf', 'a+b', '']) expect(decodesCleanly(clean), clean).toBe(true);
    for (const bad of ['%c0%80', '%e0%80%80', '%ed%a0%80', '%f4%90%80%80', '%f5%80%80%80', '%c3', '%c3x%bc', '%e2%82', '%zz', '%8']) expect(decodesCleanly(bad), bad).toBe(false);
  });
});
