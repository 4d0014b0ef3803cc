/**
 * `iso-codes` and `emails-urls`: judged after URL-decoding, by the name of the property; the walk
 * guided by the schema's shape finds exactly what the generic walk finds on conforming documents.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isoCodesRule } from '../../src/rules/iso-codes-rule.js';
import { emailsUrlsRule, isEmail, isWebUrl } from '../../src/rules/emails-urls.js';
import { isCountryCode, isCurrencyCode } from '../../src/rules/iso-codes.js';
import { scanStrings } from '../../src/rules/string-scan.js';
import { meta as orderMeta, validate as validateOrder } from '../../src/validation/generated/order.js';
import { meta as cartMeta, validate as validateCart } from '../../src/validation/generated/cart.js';
import { sample } from '../validation/fixtures.js';
import { runs } from '../helpers/fuzz-runs.js';

describe('ISO codes from Intl data', () => {
  it('knows real currencies and countries and rejects made-up or non-country codes', () => {
    for (const c of ['EUR', 'USD', 'GBP', 'JPY', 'CHF']) expect(isCurrencyCode(c)).toBe(true);
    for (const c of ['EUX', 'XXX', 'eur', 'EURO']) expect(isCurrencyCode(c)).toBe(false);
    for (const c of ['DE', 'NL', 'US', 'GB', 'XK']) expect(isCountryCode(c)).toBe(true);
    for (const c of ['XX', 'EU', 'UN', 'ZZ', 'de', 'DEU']) expect(isCountryCode(c)).toBe(false);
  });

  it('rejects the aliases and withdrawn codes ICU still names (UK is GB, DD is DE, SU is RU)', () => {
    for (const c of ['UK', 'DD', 'SU', 'YU', 'CS', 'AN', 'TP', 'ZR', 'BU', 'FX', 'AC', 'IC', 'TA']) expect(isCountryCode(c)).toBe(false);
    expect(isoCodesRule.check({ SecondaryShipping: { CountryCode: 'UK' } })).toEqual([
      expect.objectContaining({ path: '/SecondaryShipping/CountryCode', actual: 'UK', severity: 'error' }),
    ]);
  });
});

describe('iso-codes', () => {
  it('passes the shipped order and fails made-up codes in every address block, decoded', () => {
    const order = sample('order-full.json');
    expect(isoCodesRule.check(order)).toEqual([]);
    order.CurrencyCode = 'EUX';
    order.SecondaryBilling.CountryCode = 'XX';
    order.InternationalDetails.TransactionCurrencyCode = 'ABC';
    const findings = isoCodesRule.check(order);
    expect(findings.map((f) => [f.path, f.actual])).toEqual([
      ['/CurrencyCode', 'EUX'],
      ['/SecondaryBilling/CountryCode', 'XX'],
      ['/InternationalDetails/TransactionCurrencyCode', 'ABC'],
    ]);
    expect(findings.every((f) => f.severity === 'error')).toBe(true);
  });

  it('reads an encoded code decoded ("+DE" is " DE" is DE)', () => {
    expect(isoCodesRule.check({ PrimaryShipping: { CountryCode: '%44%45' } })).toEqual([]);
  });
});

describe('emails-urls', () => {
  it('accepts encoded addresses and URLs once decoded, and a raw "+" in an unencoded address', () => {
    expect(emailsUrlsRule.check(sample('order-full.json'))).toEqual([]);
    expect(isEmail('anna+shop@example.de')).toBe(true);
    expect(emailsUrlsRule.check({ userDetails: { Email: 'anna+shop@example.de' } })).toEqual([]);
  });

  it('fails an address or URL that is wrong even decoded, saying what it decoded to', () => {
    const order = sample('order-full.json');
    order.SecondaryShipping.Email = 'anna.mueller%40example';
    order.InternationalDetails.OrderTrackingUrl = 'www.dhl.com%2ftracking';
    const findings = emailsUrlsRule.check(order);
    expect(findings).toEqual([
      expect.objectContaining({ path: '/SecondaryShipping/Email', actual: 'anna.mueller%40example', severity: 'error' }),
      expect.objectContaining({ path: '/InternationalDetails/OrderTrackingUrl', severity: 'error' }),
    ]);
    expect(findings[0].message).toContain('"anna.mueller@example"');
    expect(findings[0].message).toContain('after URL-decoding');
  });

  it('says when an address or URL is valid only after decoding it twice', () => {
    const order = sample('order-full.json');
    order.SecondaryShipping.Email = 'anna.mueller%2540example.de';
    order.InternationalDetails.OrderWaybillUrl = 'https%253a%252f%252fplatform.example.com%252fw.pdf';
    const findings = emailsUrlsRule.check(order);
    expect(findings.map((f) => [f.path, f.message])).toEqual([
      ['/SecondaryShipping/Email', 'URL-encoded twice: decoded once it reads "anna.mueller%40example.de", not a valid e-mail address (encode the value once)'],
      ['/InternationalDetails/OrderWaybillUrl', 'URL-encoded twice: decoded once it reads "https%3a%2f%2fplatform.example.com%2fw.pdf", not a valid http(s) URL (encode the value once)'],
    ]);
  });

  it('judges URLs like the URL parser on the common forms', () => {
    for (const u of ['https://a.example/x?y=1', 'http://localhost:8080/', 'https://user@a.example/p', 'HTTPS://A.EXAMPLE']) expect(isWebUrl(u)).toBe(true);
    for (const u of ['ftp://a.example', 'a.example/x', 'https://', 'javascript:alert(1)', '']) expect(isWebUrl(u)).toBe(false);
  });
});

describe('the shape-guided scan', () => {
  const tagged = fc.constantFrom('EUR', 'EUX', 'DE', 'XX', 'a%40b.de', 'nope', 'https%3a%2f%2fx.example', 'x y', '', 'ZZ', 'usd');

  it('finds exactly what the generic walk finds on documents that pass the closed schema', () => {
    const targets: [string, (d: any) => Record<string, unknown>, string][] = [
      ['order', (d) => d, 'CurrencyCode'],
      ['order', (d) => d.SecondaryShipping, 'CountryCode'],
      ['order', (d) => d.PrimaryBilling, 'Email'],
      ['order', (d) => d.InternationalDetails, 'OrderWaybillUrl'],
      ['order', (d) => d.InternationalDetails, 'TransactionCurrencyCode'],
      ['cart', (d) => d, 'currencyCode'],
      ['cart', (d) => d.productsList[0], 'OriginCountryCode'],
      ['cart', (d) => d.productsList[0], 'URL'],
    ];
    let compared = 0;
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: targets.length - 1 }), tagged), { maxLength: 6 }), (edits) => {
        const docs = { order: sample('order-full.json'), cart: sample('cart-full.json') };
        for (const [i, value] of edits) {
          const [kind, pick, key] = targets[i];
          pick(docs[kind as 'order' | 'cart'])[key] = value;
        }
        for (const [doc, validate, meta] of [
          [docs.order, validateOrder, orderMeta],
          [docs.cart, validateCart, cartMeta],
        ] as const) {
          if (!validate(doc)) continue; // the guided walk is used only for documents that pass as sent
          // Same findings; the order may differ (schema order vs document order).
          const sorted = (s: ReturnType<typeof scanStrings>) => [...s.codes, ...s.contacts].map((f) => JSON.stringify(f)).sort();
          const guided = scanStrings(doc, { memo: new Map(), shape: meta.nodes });
          const generic = scanStrings(doc, { memo: new Map() });
          expect(sorted(guided)).toEqual(sorted(generic));
          if (guided.codes.length + guided.contacts.length > 0) compared++;
        }
      }),
      runs(200),
    );
    // The property must have compared documents with findings, not only clean ones.
    expect(compared).toBeGreaterThan(20);
  });
});
