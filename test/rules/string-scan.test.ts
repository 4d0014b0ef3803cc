/**
 * `iso-codes` and `emails-urls`: judged after URL-decoding, by the name of the property; the walk
 * guided by the schema's shape finds exactly what the generic walk finds on conforming documents.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isoCodesRule } from '../../src/rules/iso-codes-rule.js';
import { emailsUrlsRule, isEmail, isWebUrl } from '../../src/rules/emails-urls.js';
import { isCountryCode, isCurrencyCode } from '../../src/rules/iso-codes.js';
import { categoryOf, scanStrings } from '../../src/rules/string-scan.js';
import { formDecode } from '../../src/decode/form-decode.js';
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

describe('the fast verdicts', () => {
  // The judgement as it was before the fast paths (kept here as the reference): a value passes when
  // it is blank, valid as written, or valid form-decoded (decodeURIComponent, else formDecode).
  const decodedRef = (raw: string): string => {
    if (!raw.includes('%') && !raw.includes('+')) return raw;
    try {
      return decodeURIComponent(raw.replace(/\+/g, ' '));
    } catch {
      return formDecode(raw).value;
    }
  };
  const passesRef = (valid: (text: string) => boolean, raw: string): boolean => {
    const text = raw.trim();
    return text === '' || valid(text) || valid(decodedRef(text).trim());
  };
  // Pieces that make the encoded, near-encoded and odd forms: escapes of the pattern's characters in
  // both cases, broken escapes, a raw `+`, spaces, non-ASCII and escapes of controls and of UTF-8.
  const piece = fc.constantFrom(
    'a', 'Z', '0', '9', '.', '-', '_', '@', '%40', '%2e', '%2E', '%2f', '%2F', '%3a', '%3A', '%3f', '%23', '%25', '%2540', '%20',
    '%2B', '+', ' ', '%', '%4', '%G0', '%7e', '%7f', '%00', '%0a', '%C3%BC', '%c3', 'ü', '\u00a0', '\t', ':', '/', '?', '#',
    'http', 'HTTPS', 'hTtPs', 's', 'S', '://', '%3a%2f%2f', 'example', 'de', 'com', ':8080', 'K', 'İ',
  );
  // The pieces that break a pattern (decoded or not) with one character.
  const sharp = fc.constantFrom('+', ' ', '%', '%20', '%2B', '%4', 's', '.', '@', '%40', '%2e', ':', '/', 'ü', '\t');
  // Valid values with pieces inserted and characters escaped at random: near the patterns' edges.
  const base = fc.constantFrom('a@b.de', 'anna.mueller@example.com', 'x@y.z', 'https://a.example/x?y=1#z', 'HTTP://A-B.C:80', 'http://x', 'https://a.b/');
  const escaped = (text: string, mask: boolean[]): string =>
    [...text].map((ch, i) => (mask[i % mask.length] && ch.charCodeAt(0) < 0x80 ? `%${ch.charCodeAt(0).toString(16).padStart(2, '0')}` : ch)).join('');
  const edited = fc
    .tuple(base, fc.array(fc.tuple(fc.nat(40), fc.oneof(sharp, piece)), { maxLength: 3 }), fc.array(fc.nat(4).map((n) => n === 0), { minLength: 1, maxLength: 9 }), fc.boolean())
    .map(([text, inserts, mask, upper]) => {
      let out = text;
      for (const [at, p] of inserts) out = out.slice(0, at % (out.length + 1)) + p + out.slice(at % (out.length + 1));
      // Upper case: the escapes' hex digits too (and a URL's scheme and host, which stay valid).
      const sent = escaped(out, mask);
      return upper && !sent.includes('@') ? sent.toUpperCase() : sent;
    });
  const value = fc.oneof(edited, fc.array(piece, { maxLength: 14 }).map((p) => p.join('')), fc.string({ unit: 'binary', maxLength: 12 }));

  it('find a problem exactly where the decoding judgement does', () => {
    fc.assert(
      fc.property(value, (raw) => {
        const found = scanStrings({ Email: raw, Url: raw }).contacts.map((f) => f.path);
        expect(found).toEqual([...(passesRef(isEmail, raw) ? [] : ['/Email']), ...(passesRef(isWebUrl, raw) ? [] : ['/Url'])]);
      }),
      // The edges of the encoded patterns, always tried: a raw `+` (a space decoded), a doubled `s`,
      // a space or DEL escaped, a dot after the last dot, escapes cut short or of UTF-8 bytes.
      {
        ...runs(3000),
        examples: [
          'a+b%40c.de', 'https%3a%2f%2fa.b%2f+x', 'httpss://a.b', 'httpss%3a%2f%2fa.b', 'a%20b%40c.de', 'https%3a%2f%2fa.b%2f%20', 'a%7f%40b.de',
          'a%40b.d%2ee', 'a%40b%2ed', 'a%40b.de%4', 'a%40b.d%C3%A9', 'https%3a%2f%2fa.b%3a%2f', 'https%3a%2f%2fa.b%3a8%3', 'HTTP%3A%2F%2FA.B%3F%41',
        ].map((v) => [v] as [string]),
      },
    );
  });

  it('pass the encoded forms and fail the near misses with the same messages', () => {
    const ok = { Email: 'anna%2Emueller%40example%2Ede', Url: 'HTTPS%3A%2F%2FA.EXAMPLE%3a8080%2Fx%3Fy%3D1', OrderDocuments: [{ URL: 'http://a.example/x%20y+z' }, { URL: 'https%3a%2f%2fa%2eexample' }] };
    expect(scanStrings(ok).contacts).toEqual([]);
    const bad = scanStrings({ Email: 'anna%40example%2E', Url: 'https%3a%2f%2fa%20b.example' }).contacts;
    expect(bad.map((f) => [f.path, f.message])).toEqual([
      ['/Email', '"anna@example." is not a valid e-mail address (after URL-decoding)'],
      ['/Url', '"https://a b.example" is not a valid http(s) URL (after URL-decoding)'],
    ]);
  });
});

describe('the property names judged', () => {
  // The reference (the code before it compared letters folded): the name lower-cased, its last
  // character e, l or L (so ...CODE and ...EMAIL are not judged).
  const categoryRef = (key: string): string | undefined => {
    const last = key.charCodeAt(key.length - 1);
    if (key.length < 3 || (last !== 101 && last !== 108 && last !== 76)) return undefined;
    const lower = key.toLowerCase();
    if (lower.endsWith('currencycode')) return 'currency';
    if (lower.endsWith('countrycode')) return 'country';
    if (lower.endsWith('email')) return 'email';
    return lower.endsWith('url') ? 'url' : undefined;
  };
  const letters = fc.constantFrom('e', 'E', 'l', 'L', 'u', 'U', 'r', 'R', 'm', 'a', 'i', 'İ', 'K', 'code', 'CODE', 'Code', 'currency', 'Country', 'EMAIL', 'Url', 'x', 'ß', 'ſ');

  it('are those whose name ends, in any case, like the documented ones', () => {
    fc.assert(
      fc.property(fc.oneof(fc.array(letters, { maxLength: 6 }).map((p) => p.join('')), fc.string({ unit: 'binary', maxLength: 14 })), (key) => {
        expect(categoryOf(key)).toBe(categoryRef(key));
      }),
      runs(3000),
    );
  });
});

describe('the paths of findings', () => {
  it('name the arrays and the undocumented content of open nodes walked', () => {
    const order = sample('order-full.json');
    order.InternationalDetails.ParcelsTracking.push({ ParcelTrackingUrl: 'nope' });
    order.Products[1].Brand['a/b~c'] = [{ SupportEmail: 'x' }];
    order.Products[0].Categories[1].CountryCode = 'XX';
    order.Products[2].Brand = [{ Email: 'y' }, ['z']];
    order.SecondaryBilling.Email = ['a@b.de', ['nope']];
    const shape = orderMeta.nodes;
    const scan = scanStrings(order, { memo: new Map(), shape });
    expect([...scan.codes, ...scan.contacts].map((f) => f.path)).toEqual([
      '/Products/0/Categories/1/CountryCode',
      '/InternationalDetails/ParcelsTracking/1/ParcelTrackingUrl',
      '/SecondaryBilling/Email/1/0',
      '/Products/1/Brand/a~1b~0c/0/SupportEmail',
      '/Products/2/Brand/0/Email',
    ]);
  });
});
