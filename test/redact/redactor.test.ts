import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toCurl } from '../../src/http/curl.js';
import type { XborderConfig } from '../../src/model.js';
import { MASK, Redactor } from '../../src/redact/redactor.js';
import { isOwnWord, MIN_FREE_TEXT } from '../../src/redact/own-words.js';
import { redactorForConfig } from '../../src/redact/for-config.js';
import { runs } from '../helpers/fuzz-runs.js';
import { cardLeaksIn, echoForms } from './echo-forms.js';

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

describe('Redactor.text', () => {
  const secret = 'p@ss w/rd!"x';
  const r = new Redactor([secret, 'platform:basic-pass-9876']);

  it('masks a registered secret in every spelling', () => {
    const spellings = [
      secret,
      encodeURIComponent(secret),
      encodeURIComponent(secret).replace(/%20/g, '+'),
      encodeURIComponent(secret).toLowerCase().replace(/%([0-9a-f]{2})/g, (m) => m),
      new URLSearchParams({ k: secret }).toString().slice(2),
      JSON.stringify(secret).slice(1, -1),
      b64(secret),
      Buffer.from(secret).toString('base64url'),
    ];
    for (const s of spellings) {
      const out = r.text(`before ${s} after`);
      expect(out, s).toBe(`before ${MASK} after`);
    }
  });

  it('masks the base64 of a secret inside a longer base64 value, at every alignment', () => {
    for (const prefix of ['', 'a', 'ab', 'abc', 'user:']) {
      const encoded = b64(`${prefix}${secret}trailing`);
      const out = r.text(`token=${encoded}`);
      expect(out, prefix).toContain(MASK);
      // what is left cannot be decoded back to the secret
      expect(Buffer.from(out.replace('token=', '').replace(/\*+/g, ''), 'base64').toString('latin1')).not.toContain(secret);
    }
  });

  it('masks Basic credentials (base64 of user:pass) and Authorization values without registration', () => {
    expect(r.text(`Authorization: Basic ${b64('platform:basic-pass-9876')}`)).toBe('Authorization: Basic ****');
    const fresh = new Redactor();
    expect(fresh.text(`got Basic ${b64('someone:unknown-pass')} from client`)).toBe('got Basic **** from client');
    expect(fresh.text('Basic authentication is configured')).toBe('Basic authentication is configured');
    expect(fresh.text('Authorization: Bearer abc.def-ghi')).toBe('Authorization: Bearer ****');
    expect(fresh.text('proxy-authorization: Digest username="x"')).toBe('proxy-authorization: Digest ****');
    expect(fresh.text('{"authorization":"Token xyz","host":"h"}')).toBe('{"authorization":"Token ****","host":"h"}');
    expect(fresh.text('sent with bearer AbC123._~+/= done')).toBe('sent with bearer **** done');
  });

  it('masks JWT-looking tokens anywhere, unsigned ones too', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJwbGF0Zm9ybSJ9.c2lnbmF0dXJl';
    const none = 'eyJhbGciOiJub25lIn0.eyJpc3MiOiJwbGF0Zm9ybSJ9.';
    expect(new Redactor().text(`X-Id: ${jwt}; other ${none}`)).toBe(`X-Id: ${MASK}; other ${MASK}`);
    // A credential-shaped header name hides its whole value, JWT or not.
    expect(new Redactor().text(`X-Token: ${jwt}; other ${none}`)).toBe(`X-Token: ${MASK}`);
  });

  it('masks Luhn-valid card numbers but the last 4 digits, with or without separators', () => {
    const t = new Redactor();
    expect(t.text('card 4111111111111111 used')).toBe('card ************1111 used');
    expect(t.text('card 4111 1111 1111 1111.')).toBe('card ************1111.');
    expect(t.text('card 5555-5555-5555-4444')).toBe('card ************4444');
    expect(t.text('amex 378282246310005')).toBe('amex ***********0005');
    expect(t.text('not luhn 4111111111111112, order GE92799319GB, short 123456789012')).toBe('not luhn 4111111111111112, order GE92799319GB, short 123456789012');
  });

  it('an Authorization value in a table cell stops at the cell border', () => {
    const t = new Redactor();
    const row = '│ json-body │ FAIL │ title: "Authorization:       │ 25 ms │';
    expect(t.text(row)).toBe(row);
    expect(t.text('│ Authorization: Bearer abc.def │ x │')).toBe('│ Authorization: Bearer ****│ x │');
  });

  it('leaves the digits of decimal numbers alone, even when they happen to pass Luhn', () => {
    const t = new Redactor();
    // 4111111111111111 is Luhn-valid; as the fraction of a rate (17 significant digits) it is no card.
    expect(t.text('{"RoundingRate":1.4111111111111111,"ms":4111111111111111.5}')).toBe('{"RoundingRate":1.4111111111111111,"ms":4111111111111111.5}');
    expect(t.text('guid 00000000-0000-4000-8000-000000000000 ok')).toBe('guid 00000000-0000-4000-8000-000000000000 ok');
  });

  it('masks sensitive key/value pairs inside JSON text', () => {
    const t = new Redactor();
    const text = '{"CardNumber":"4111111111111112","CVVNumber":"123","cvv": 456,"CardPin":"9876","CardFields":{"CardId":"GC-1","SecurityCode":"77","CardPin":"1"},"Name":"Ann"}';
    expect(t.text(text)).toBe(
      '{"CardNumber":"************1112","CVVNumber":"****","cvv": "****","CardPin":"****","CardFields":{"CardId":"GC-1","SecurityCode":"****","CardPin":"****"},"Name":"Ann"}',
    );
  });

  it('does not replace secrets shorter than 4 characters in free text, but masks them where their place is known', () => {
    const t = new Redactor(['ab']);
    expect(t.text('a cab and abba')).toBe('a cab and abba');
    expect(t.headers({ 'X-Key': 'ab', Other: 'cab' })).toEqual({ 'X-Key': MASK, Other: 'cab' });
    expect(t.json({ value: 'ab', other: 'cab' })).toEqual({ value: MASK, other: 'cab' });
  });
});

describe('Redactor.json', () => {
  it('masks by key name, case-insensitively, keeps the shape, and does not mutate its input', () => {
    const r = new Redactor(['hk-0123456789']);
    const order = {
      OrderId: 'GE92799319GB',
      PaymentDetails: { CardNumber: '4111111111111111', cvvNumber: '123', CardHolderName: 'Ann', Expiry: null },
      giftCards: [{ CardFields: { CardId: '6006491', CardPin: '1234', Extra: 'x' }, cardnumber: 5555555555554444 }],
      Password: 'pw',
      secret: { nested: true },
      Token: 'abc',
      note: 'key hk-0123456789 here',
    };
    const copy = structuredClone(order);
    const out = r.json(order);
    expect(order).toEqual(copy);
    expect(out).toEqual({
      OrderId: 'GE92799319GB',
      PaymentDetails: { CardNumber: '************1111', cvvNumber: MASK, CardHolderName: 'Ann', Expiry: null },
      giftCards: [{ CardFields: { CardId: '6006491', CardPin: MASK, Extra: MASK }, cardnumber: '************4444' }],
      Password: MASK,
      secret: MASK,
      Token: MASK,
      note: `key ${MASK} here`,
    });
  });
});

describe('Redactor.headers', () => {
  it('masks credentials, cookies and any header carrying a registered secret', () => {
    const r = new Redactor(['hk-0123456789']);
    expect(
      r.headers({
        Authorization: 'Bearer x',
        'proxy-authorization': 'Basic eHg6eXk=',
        cookie: 'session=1',
        'set-cookie': ['a=1', 'b=2'],
        'X-Merchant-Key': 'hk-0123456789',
        'X-Forwarded': 'prefix hk-0123456789',
        'X-Jwt': 'eyJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJwIn0.c2ln',
        Accept: 'application/json',
        Empty: undefined,
      }),
    ).toEqual({
      Authorization: MASK,
      'proxy-authorization': MASK,
      cookie: MASK,
      'set-cookie': [MASK, MASK],
      'X-Merchant-Key': MASK,
      'X-Forwarded': MASK,
      'X-Jwt': MASK,
      Accept: 'application/json',
      Empty: undefined,
    });
  });
});

describe('redactorForConfig', () => {
  const config = {
    merchantGUID: 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77',
    merchant: { baseUrl: 'https://shop.example.com', cartPath: '/c', orderPath: '/o', cartMethods: ['GET'], cartToken: '2c5c7b3db2ed101426cba38d9c534086', countryCode: 'DE', currencyCode: 'EUR', cartParams: {}, cartTokenParam: 'merchantCartToken', carts: [], events: [], paymentPath: '/order-payment-only-url', statusPath: '/order-status-update-only-url', shippingInfoPath: '/order-shipping-info-update-only-url', documentsPath: '/send-additional-required-documents-url', refundPath: '/order-refund-url' },
    platform: { guidIn: 'query' },
    giftCard: {},
    auth: [
      { mode: 'none' },
      { mode: 'header', name: 'X-Merchant-Key', value: 'hk-from-env-1' },
      { mode: 'basic', username: 'platform', password: 'bp-from-env-2' },
      { mode: 'jwt', algorithm: 'HS256', secret: 'js-from-env-3', issuer: 'platform' },
      { mode: 'query', name: 'key', value: 'qk-from-env-4' },
      { mode: 'ip', localAddress: '10.0.0.5' },
    ],
    http: { timeoutMs: 1, connectTimeoutMs: 1, firstByteTimeoutMs: 1, maxBodyBytes: 1, retries: 0, retryIntervalMs: 1, proxy: 'http://proxyuser:proxy-pass-5@proxy:3128' },
  } as XborderConfig;

  it('registers every secret of the config and leaves the non-secret values readable', () => {
    const r = redactorForConfig(config);
    const dump = r.text(JSON.stringify(config)) + r.text(`Basic ${b64('platform:bp-from-env-2')} ?key=qk-from-env-4`);
    for (const s of ['hk-from-env-1', 'bp-from-env-2', 'js-from-env-3', 'qk-from-env-4', 'proxy-pass-5', b64('platform:bp-from-env-2')]) expect(dump).not.toContain(s);
    expect(dump).toContain('2c5c7b3db2ed101426cba38d9c534086');
    expect(dump).toContain('f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77');
    expect(dump).toContain('platform');
  });

  it('masks a curl reproduction of an authenticated request', () => {
    const r = redactorForConfig(config);
    const cmd = toCurl(
      { method: 'POST', url: 'https://shop.example.com/o?key=qk-from-env-4', headers: { 'X-Merchant-Key': 'hk-from-env-1', Authorization: `Basic ${b64('platform:bp-from-env-2')}` }, body: '{"MerchantGUID":"f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77"}' },
      (s) => r.text(s),
    );
    expect(cmd).toBe(
      `curl -sS -i -H 'X-Merchant-Key: ****' -H 'Authorization: Basic ****' --data-raw '{"MerchantGUID":"f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77"}' 'https://shop.example.com/o?key=****'`,
    );
  });
});

describe('properties', () => {
  const anyString = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: fc.constantFrom('a', 'b', '*', ' ', '1', '%', '=', '/', '+') }));
  // Free text masks secrets of MIN_FREE_TEXT characters and more that are not xborder's own words.
  const secretArb = fc
    .oneof(fc.string({ minLength: MIN_FREE_TEXT, maxLength: 40 }), fc.string({ minLength: MIN_FREE_TEXT, maxLength: 20, unit: 'binary' }), fc.string({ minLength: MIN_FREE_TEXT, maxLength: 12, unit: fc.constantFrom('a', 'b', '*', '1', ' ') }))
    .filter((s) => !/^\**$/.test(s) && !isOwnWord(s));

  it('text(): for any string containing a registered secret (raw or URL-encoded), the output never contains it', () => {
    fc.assert(
      fc.property(anyString, anyString, secretArb, fc.boolean(), (a, b, secret, encoded) => {
        const r = new Redactor([secret]);
        let form = secret;
        try {
          if (encoded) form = encodeURIComponent(secret);
        } catch {
          // lone surrogate: no encoded form
        }
        const out = r.text(a + form + b);
        expect(out.includes(secret)).toBe(false);
        expect(out.includes(form)).toBe(false);
      }),
      runs(500),
    );
  });

  it('json() and headers(): no string in the output contains a registered secret', () => {
    const strings = (v: unknown): string[] =>
      typeof v === 'string' ? [v] : Array.isArray(v) ? v.flatMap(strings) : v && typeof v === 'object' ? Object.values(v).flatMap(strings) : [];
    fc.assert(
      fc.property(secretArb, fc.jsonValue(), anyString, (secret, doc, pad) => {
        const r = new Redactor([secret]);
        const withSecret = { doc, note: `${pad}${secret}${pad}`, list: [secret] };
        for (const s of strings(r.json(withSecret))) expect(s.includes(secret)).toBe(false);
        for (const s of strings(r.headers({ 'X-A': `${pad}${secret}`, 'X-B': secret }))) expect(s.includes(secret)).toBe(false);
      }),
      runs(300),
    );
  });
});

describe('JSON text stays valid JSON', () => {
  it('masks bare numbers and pretty-printed Authorization values without breaking the document', () => {
    const r = new Redactor(['12345678', 'hk-0123456789']);
    const doc = {
      cases: [{ request: { headers: { Authorization: 'Basic dXNlcjpwYXNz', 'X-Key': 'hk-0123456789' } }, CartItemId: 4111111111111111, list: [12345678, 5, 4111111111111111], pin: 12345678 }],
      note: 'Authorization: Bearer abc and card 4111 1111 1111 1111',
    };
    for (const indent of [0, 2]) {
      const out = r.text(JSON.stringify(doc, null, indent));
      const parsed = JSON.parse(out);
      expect(parsed.cases[0].CartItemId).toBe('************1111');
      expect(parsed.cases[0].list).toEqual([MASK, 5, '************1111']);
      expect(parsed.cases[0].request.headers).toEqual({ Authorization: 'Basic ****', 'X-Key': MASK });
      expect(out).not.toContain('12345678');
    }
  });

  it('property: text() of any JSON document with secrets and card numbers injected still parses', () => {
    const secretArb = fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9\-_.~!@#$%^&*()+=:,/? ]{6,24}$/),
      fc.stringMatching(/^\d{6,12}$/),
    ).filter((s) => !/^\**$/.test(s) && !isOwnWord(s));
    fc.assert(
      fc.property(secretArb, fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(0, 2), (secret, doc, indent) => {
        const r = new Redactor([secret]);
        const numeric = /^\d+$/.test(secret) ? Number(secret) : secret;
        const full = { doc, s: secret, n: numeric, arr: [numeric, secret, 4111111111111111], card: '4111-1111-1111-1111', Authorization: `Bearer ${secret}` };
        const out = r.text(JSON.stringify(full, null, indent));
        const parsed = JSON.parse(out);
        expect(JSON.stringify(parsed).includes(secret)).toBe(false);
      }),
      runs(300),
    );
  });
});

describe('hardening: echoes, URLs and request bodies', () => {
  it('masks sensitive pairs of JSON escaped inside a JSON string (an endpoint echoing the request), short values too', () => {
    const r = new Redactor();
    const inner = JSON.stringify({ CardFields: { CardId: 'A1', CardPin: 'Zq9', Cvv: 'K7' }, PaymentDetails: { CardNumber: '4111111111111112', CVVNumber: 'Ww3' }, Password: 'P5' });
    const once = JSON.stringify({ Description: `you sent ${inner}` });
    const twice = JSON.stringify({ responseBody: once });
    for (const text of [once, twice, JSON.stringify(twice, null, 2)]) {
      const out = r.text(text);
      for (const s of ['Zq9', 'K7', 'Ww3', 'P5', '411111111111']) expect(out, text).not.toContain(s);
      expect(out).toContain('A1');
      expect(out).toContain('1112');
      // still the same JSON document, values replaced
      expect(() => JSON.parse(out)).not.toThrow();
    }
  });

  it('masks URL passwords and credential query parameters in free text, and leaves other parameters readable', () => {
    const r = new Redactor();
    expect(r.text('proxy http://bob:s3cr%40t@proxy:3128 refused')).toBe('proxy http://bob:****@proxy:3128 refused');
    expect(r.text("curl 'https://shop.example.com/c?countryCode=DE&key=abc123&merchantCartToken=2c5c&api_key=K&X-Amz-Signature=99'")).toBe(
      "curl 'https://shop.example.com/c?countryCode=DE&key=****&merchantCartToken=2c5c&api_key=****&X-Amz-Signature=****'",
    );
    expect(r.text('{"url":"http://x/p?token=t0k&a=1"}')).toBe('{"url":"http://x/p?token=****&a=1"}');
    expect(r.text('see https://www.dhl.com/track?submit=1&tracking-id=4711836520')).toBe('see https://www.dhl.com/track?submit=1&tracking-id=4711836520');
  });

  it('masks the body of a PEM private key, raw and JSON-escaped', () => {
    const pem = '-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIBd9m1Zt5Pd3QWERTYkeybody\n-----END EC PRIVATE KEY-----';
    const r = new Redactor();
    expect(r.text(`key:\n${pem}\nend`)).toBe('key:\n-----BEGIN EC PRIVATE KEY-----****-----END EC PRIVATE KEY-----\nend');
    const escaped = r.text(JSON.stringify({ leaked: pem }));
    expect(escaped).not.toContain('QWERTYkeybody');
    expect(JSON.parse(escaped)).toEqual({ leaked: '-----BEGIN EC PRIVATE KEY-----****-----END EC PRIVATE KEY-----' });
    expect(r.text('-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----')).toContain('MIIB');
  });

  it('addFromJson registers what json() masks by key, so the value is masked when echoed as free text', () => {
    const r = new Redactor();
    r.addFromJson({ MerchantGUID: 'g', CardFields: { CardId: 'CARD-ID-1', CardPin: 'LONGPIN-77aa' }, Cards: [{ CardFields: { Code: 'CODE-9182' } }], PaymentDetails: { CVVNumber: 9173, CardNumber: '6006491234567890' }, Password: 'pw-12345' });
    const echoed = r.text('Request.CardFields.CardPin │ LONGPIN-77aa, code CODE-9182 cvv 9173 pan 6006491234567890 pw pw-12345 id CARD-ID-1');
    for (const s of ['LONGPIN-77aa', 'CODE-9182', '9173', '6006491234567890', 'pw-12345']) expect(echoed).not.toContain(s);
    expect(echoed).toContain('CARD-ID-1');
    // A Luhn-valid card number is left to the card rule, which keeps the last 4 digits readable.
    const card = new Redactor();
    card.addFromJson({ PaymentDetails: { CardNumber: '4111111111111111' } });
    expect(card.text('"CardNumber":"4111111111111111" and 4111 1111 1111 1111')).toBe('"CardNumber":"************1111" and ************1111');
  });

  it('redactorForConfig registers URL passwords, credential query parameters, credential cartParams and proxy variables', () => {
    const config = {
      merchantGUID: 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77',
      merchant: { baseUrl: 'https://shop.example.com/x?apikey=BASEKEY-771', cartPath: '/c', orderPath: '/o', cartMethods: ['GET'], cartToken: '2c5c7b3db2ed101426cba38d9c534086', countryCode: 'DE', currencyCode: 'EUR', cartParams: { locale: 'de-DE', key: 'CARTKEY-992' } },
      platform: { baseUrl: 'https://u:PLATPW-551@platform.example.com', guidIn: 'query' },
      giftCard: { url: 'https://gc.example.com/v?sig=GCSIG-313' },
      auth: [],
      http: { timeoutMs: 1, connectTimeoutMs: 1, firstByteTimeoutMs: 1, maxBodyBytes: 1, retries: 0, retryIntervalMs: 1 },
    } as unknown as XborderConfig;
    const r = redactorForConfig(config, { HTTPS_PROXY: 'http://bob:ENVPROXY-204@proxy:3128' });
    // Each value as it would show up without its URL context (a decoded echo, a base64 form).
    const dump = r.text(`BASEKEY-771 ${b64('CARTKEY-992')} PLATPW-551 GCSIG-313 ENVPROXY-204 de-DE`);
    for (const s of ['BASEKEY-771', 'CARTKEY-992', 'PLATPW-551', 'GCSIG-313', 'ENVPROXY-204']) expect(dump).not.toContain(s);
    expect(dump).toContain('de-DE');
  });
});

// Issue 9: the forms an echo takes (echo-forms.ts lists them: URL-encoded once and twice, form-encoded,
// base64 and base64 in a run, JSON-escaped, PHP-escaped, HTML entities, UTF-16).
describe('properties: echo forms', () => {
  // Characters that every encoding treats differently, Latin-1 so that UTF-16 read as 8-bit text keeps them.
  const unit = fc.constantFrom('a', 'Z', '7', '-', '/', '+', '=', '&', '"', "'", '<', '>', '%', '\\', '@', ':', '?', '#', ' ', 'é', 'ß', '_', '.');
  const secretArb = fc.string({ unit, minLength: 8, maxLength: 24 }).filter((s) => s.trim().length >= 4 && /[A-Za-z0-9]/.test(s));
  const text = fc.string({ maxLength: 30 });

  it('text(): a registered secret in any echo form, between any texts, never survives in any form', () => {
    fc.assert(
      fc.property(secretArb, text, text, fc.nat(), (secret, a, b, pick) => {
        const r = new Redactor([secret]);
        const forms = echoForms(secret);
        const form = forms[pick % forms.length]!;
        const out = r.text(`${a} ${form.text} ${b}`);
        // The form itself is gone; the raw secret only survives if the random text spelled it.
        expect(out.includes(form.text), form.kind).toBe(false);
        if (!`${a} ${b}`.includes(secret)) expect(out.includes(secret), form.kind).toBe(false);
      }),
      runs(400),
    );
  });

  it('text(): a JSON document echoing a secret in any form stays valid JSON and hides it', () => {
    fc.assert(
      fc.property(secretArb, fc.jsonValue({ maxDepth: 2 }), fc.nat(), (secret, doc, pick) => {
        const r = new Redactor([secret]);
        const forms = echoForms(secret);
        const form = forms[pick % forms.length]!;
        // Echoes whose decoded reading has line breaks and header lines (a redirect Location) must not
        // let a rule run over the original's string delimiters.
        const header = `GET / HTTP/1.1\nAuthorization: Basic ${b64(`u:${secret}`)}\nX-Key: ${secret}\n\n`;
        const out = r.text(JSON.stringify({ doc, echo: form.text, list: [form.text, 1], location: `http://x/?e=${encodeURIComponent(header)}&t=${encodeURIComponent(encodeURIComponent(header))}` }));
        const parsed = JSON.parse(out);
        expect(JSON.stringify(parsed.echo).includes(form.text)).toBe(false);
        expect(parsed.location).not.toContain(encodeURIComponent(b64(`u:${secret}`)));
      }),
      runs(300),
    );
  });

  it('text(): a Luhn-valid card number glued to any text keeps only its last 4 digits', () => {
    const luhnFix = (d: string) => {
      for (let c = 0; c < 10; c++) {
        const n = d + c;
        let sum = 0;
        for (let i = 0; i < n.length; i++) {
          let x = Number(n[n.length - 1 - i]);
          if (i % 2) x = x * 2 > 9 ? x * 2 - 9 : x * 2;
          sum += x;
        }
        if (sum % 10 === 0) return n;
      }
      return d;
    };
    const cardArb = fc.stringMatching(/^[3-6]\d{14}$/).map(luhnFix);
    const glue = fc.constantFrom('', 'ref_', 'x', '"', '=', '%22', 'card+', ':');
    const sep = fc.constantFrom('', ' ', '.', '+', '%20', '-');
    fc.assert(
      fc.property(cardArb, glue, sep, (card, before, s) => {
        const text = `${before}${card.match(/.{1,4}/g)!.join(s)} end`;
        const out = new Redactor().text(text);
        expect(cardLeaksIn(out, card), `${text} -> ${out}`).toEqual([]);
      }),
      runs(300),
    );
  });
});

describe("xborder's own words and short secrets", () => {
  it('a secret equal to a label is masked where its place is known, never as the label', () => {
    const r = new Redactor(['header', 'abcd']);
    // The labels of a report stay as they are.
    expect(r.text('GET header │ header │ pass [auth header] passed abcdef')).toBe('GET header │ header │ pass [auth header] passed abcdef');
    // Its places: a header's value, a JSON value, the whole value of a query parameter or a header line.
    expect(r.headers({ 'X-Merchant-Key': 'header' })).toEqual({ 'X-Merchant-Key': MASK });
    expect(r.json({ value: 'header', list: ['abcd'] })).toEqual({ value: MASK, list: [MASK] });
    expect(r.text('https://shop/x?key=header&a=1 and ?k=abcd')).toBe(`https://shop/x?key=${MASK}&a=1 and ?k=${MASK}`);
    expect(r.text('X-Merchant-Key: header')).toBe(`X-Merchant-Key: ${MASK}`);
    // A report's labels in JSON (endpoint, variant, auth mode, check id) are not its places.
    const run = { cases: [{ endpoint: 'GetCheckoutCartInfo', variant: 'header', authMode: 'header', checks: [{ id: 'header', status: 'passed', findings: [] }], request: { headers: { 'X-Merchant-Key': 'header' } } }] };
    expect(r.json(run)).toEqual({ cases: [{ endpoint: 'GetCheckoutCartInfo', variant: 'header', authMode: 'header', checks: [{ id: 'header', status: 'passed', findings: [] }], request: { headers: { 'X-Merchant-Key': MASK } } }] });
  });

  it('a secret equal to a method or a status word leaves those fields of a report readable', () => {
    const r = new Redactor(['GET', 'passed']);
    const run = { cases: [{ request: { method: 'GET', url: 'http://x/?k=GET' }, checks: [{ id: 'a', status: 'passed', findings: [{ severity: 'info', message: 'm' }] }] }] };
    expect(r.json(run)).toEqual({ cases: [{ request: { method: 'GET', url: `http://x/?k=${MASK}` }, checks: [{ id: 'a', status: 'passed', findings: [{ severity: 'info', message: 'm' }] }] }] });
  });

  it('check ids added as own words are not masked in free text; a long secret still is, labels included', () => {
    const r = new Redactor(['status-200', 'long-Secret-value']);
    expect(r.text('x status-200 y')).toBe(`x ${MASK} y`);
    r.addOwnWords(['status-200']);
    expect(r.text('x status-200 y')).toBe('x status-200 y');
    expect(r.json({ variant: 'v long-Secret-value' })).toEqual({ variant: `v ${MASK}` });
  });
});
