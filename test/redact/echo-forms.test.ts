/**
 * The redactor against every form an echo takes: each registered secret in every spelling of
 * echo-forms.ts, base64 inside base64 runs, glued JWTs, card numbers and short security codes inside
 * other text, pieces left by cuts, and the helpers that mask before cutting.
 */
import { describe, expect, it } from 'vitest';
import { CUT_MARK, MASK, Redactor } from '../../src/redact/redactor.js';
import { isSecretParam } from '../../src/redact/patterns.js';
import { redactorForSources } from '../../src/redact/for-config.js';
import { cardLeaksIn, echoForms, leaksIn, utf16Latin1 } from './echo-forms.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SECRETS = {
  specials: 'hdrKEY/q8w7+e6r5=t4&x"y<z>-01',
  spaced: 'p@ss w/rd!é 2468',
  percent: 'k%41y\\slash\'quote#hash?q',
};

describe('every registered secret in every form an echo takes', () => {
  const r = new Redactor(Object.values(SECRETS));
  for (const [name, secret] of Object.entries(SECRETS)) {
    it(`${name}: free text, a JSON document and an HTML page show none of its forms`, () => {
      for (const form of echoForms(secret)) {
        const free = r.text(`echo: ${form.text} (end)`);
        expect(leaksIn(free, { [name]: secret }), form.kind).toEqual([]);
        expect(free, form.kind).toContain(MASK);
        const json = r.text(JSON.stringify({ echo: `got ${form.text}`, n: 1 }, null, 2));
        expect(leaksIn(json, { [name]: secret }), form.kind).toEqual([]);
        expect(() => JSON.parse(json), form.kind).not.toThrow();
        const html = r.text(`<html><title>Error ${form.text}</title><pre>${form.text}</pre></html>`);
        expect(leaksIn(html, { [name]: secret }), form.kind).toEqual([]);
      }
    });
  }

  it('a base64 dump of a request (line-wrapped at 76) hides the secret at every alignment', () => {
    for (const prefix of ['', 'a', 'ab', 'abc', 'GET /?key=', 'Authorization: Basic platform:']) {
      const dump = Buffer.from(`${prefix}${SECRETS.specials} trailing text of the request`).toString('base64').replace(/.{76}/g, '$&\n');
      const out = r.text(`request was:\n${dump}\n`);
      const decoded = Buffer.from(out.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64').toString('latin1');
      expect(decoded, prefix).not.toContain('q8w7+e6r5');
    }
  });
});

describe('JWTs glued to other text', () => {
  const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJwbGF0Zm9ybSJ9.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';
  it('are masked after %20, =, a letter or inside URL-encoded JSON', () => {
    const t = new Redactor();
    for (const text of [`Bearer%20${jwt}`, `token=${jwt}&x=1`, `tokenx${jwt}`, encodeURIComponent(JSON.stringify({ auth: `Bearer ${jwt}` })), `&quot;${jwt}&quot;`]) {
      expect(t.text(text), text).not.toContain('c2lnbmF0dXJl');
      expect(t.text(text), text).not.toContain('eyJpc3Mi');
    }
  });
});

describe('card numbers inside other text', () => {
  const card = '4539148803436467';
  const groups = card.match(/.{4}/g)!;
  it('are masked to the last 4 digits, glued, dotted, with + or %20, inside URL-encoded JSON', () => {
    const t = new Redactor();
    const forms = [
      `ref_${card}`,
      `x${card}y`,
      groups.join('.'),
      `card+${groups.join('+')}`,
      groups.join('%20'),
      groups.join('-'),
      encodeURIComponent(JSON.stringify({ CardNumber: card, note: `ref ${groups.join(' ')}` })),
      `&quot;PAN&quot;:&quot;${card}&quot;`,
      utf16Latin1(`card ${card}`),
      JSON.stringify({ pan: Number(card) }),
    ];
    for (const text of forms) {
      const out = t.text(text);
      expect(cardLeaksIn(out, card), `${text} -> ${out}`).toEqual([]);
      expect(out.replace(/\u0000/g, ''), text).toContain('6467');
    }
  });

  it('leave decimals, GUIDs, dates and short numbers alone', () => {
    const t = new Redactor();
    const text = 'rate 1.4539148803436467, 4539148803436467.5 ms, guid 00000000-0000-4000-8000-000000000000, 2024-01-15, order 123456789012, not luhn 4539148803436468';
    expect(t.text(text)).toBe(text);
  });
});

describe('a CVV or PIN xborder sent, next to its label', () => {
  it('is masked in every form, even under 4 characters; elsewhere it stays readable', () => {
    const r = new Redactor();
    r.addFromJson({ PaymentDetails: { CVVNumber: '739' }, CardFields: { CardId: 'GC-1', CardPin: 'Zq9' } });
    const echoes = [
      'CVV: 739',
      'cvv=739',
      'security code 739 rejected',
      'CVVNumber is 739',
      '&quot;CVVNumber&quot;:&quot;739&quot;',
      encodeURIComponent('{"CVVNumber":"739"}'),
      '{\\"CardPin\\":\\"Zq9\\"}',
      'CardPin=Zq9&x=1',
      'card pin: Zq9.',
      '&lt;pin&gt;Zq9&lt;/pin&gt;'.replace('&gt;Zq9', '&gt; Zq9'),
      utf16Latin1('PIN: Zq9'),
    ];
    for (const text of echoes) {
      const out = r.text(text);
      expect(out, text).not.toMatch(/739|Zq9/);
    }
    expect(r.text('order 739 of 1000, Zq9 elsewhere')).toBe('order 739 of 1000, Zq9 elsewhere');
    // Unregistered digits after a label are a code too; words are not.
    expect(new Redactor().text('card CVV: 4821 and CVV: missing')).toBe(`card CVV: ${MASK} and CVV: missing`);
    // At a line's start the label is a header line (a dump), whose whole value is masked (issue 34).
    expect(new Redactor().text('CVV: 4821 and CVV: missing')).toBe(`CVV: ${MASK}`);
  });
});

describe('pieces left by a cut', () => {
  const key = 'hdrKEY-q8w7e6r5t4-abcdefghij';
  it('a prefix before … and a suffix after … are masked', () => {
    const r = new Redactor([key]);
    expect(r.text(`{"x": ${key.slice(0, 20)}… (300 characters)`)).toBe(`{"x": ${MASK}… (300 characters)`);
    expect(r.text(`…${key.slice(9)} rest`)).toBe(`…${MASK} rest`);
    expect(r.text(`${CUT_MARK}${Buffer.from(key).toString('base64').slice(0, 12)}${CUT_MARK}`)).toBe(`${CUT_MARK}${MASK}${CUT_MARK}`);
    // Not next to a cut: ordinary text that happens to start like the key stays.
    expect(r.text('hdrKEY-q8 is the prefix')).toBe('hdrKEY-q8 is the prefix');
  });
});

describe('textWithOffsets', () => {
  it('maps an offset of the input into the masked text', () => {
    const r = new Redactor(['secret-value-1']);
    const s = 'aaa secret-value-1 bbb {';
    const { text, offsets } = r.textWithOffsets(s, [s.indexOf('{'), 6, 0]);
    expect(text).toBe(`aaa ${MASK} bbb {`);
    expect(text[offsets[0]!]).toBe('{');
    expect(offsets[1]).toBe(4); // inside the secret: the start of its mask
    expect(offsets[2]).toBe(0);
  });
});

describe('credential names', () => {
  it('a credential word in any casing makes a parameter secret; cart tokens stay readable', () => {
    for (const name of ['apiToken', 'APITOKEN', 'api_token', 'accessKey', 'ACCESS-KEY', 'sessionSecret', 'X-Api-Key', 'x-amz-signature', 'password', 'key', 'sig', 'cardPin', 'client_secret', 'passwd', 'x-merchantkey']) {
      expect(isSecretParam(name), name).toBe(true);
    }
    // `key`, `pin`, `auth` … count at a name's end, not only as its last word: node lower-cases header names (`x-merchantkey`).
    for (const name of ['merchantCartToken', 'cartToken', 'cart_token', 'countryCode', 'currencyCode', 'locale', 'keyId', 'authMode', 'tracking-id', 'submit', 'keyboard']) {
      expect(isSecretParam(name), name).toBe(false);
    }
  });

  it('free text masks their values in a query string, and keeps a cart token', () => {
    const t = new Redactor();
    expect(t.text('GET /c?apiToken=T1x2y3&accessKey=A9&sessionSecret=S7&X-Api-Key=K5&merchantCartToken=2c5c7b3d')).toBe(
      `GET /c?apiToken=${MASK}&accessKey=${MASK}&sessionSecret=${MASK}&X-Api-Key=${MASK}&merchantCartToken=2c5c7b3d`,
    );
  });
});

describe('URL passwords', () => {
  it('the last @ before the host ends the password, as the URL parser reads it', () => {
    const t = new Redactor();
    expect(t.text('proxy http://user:p@ss@host:3128/x failed')).toBe(`proxy http://user:${MASK}@host:3128/x failed`);
    expect(t.text('see https://shop.example.com:443/u/ann@example.com')).toBe('see https://shop.example.com:443/u/ann@example.com');
  });
});

describe('redactorForSources (what a config error may quote, before the config loads)', () => {
  it('knows ${ENV} values, auth secrets and URL passwords of the file, flags and proxy variables, also when they do not parse', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xb-sources-'));
    writeFileSync(join(dir, 'c.json'), JSON.stringify({
      merchant: { baseUrl: 'http://u:${XB_URLPW}@shop.example.com/?apikey=FILEKEY-123', cartParams: { apiToken: 'CARTTOKEN-987', locale: 'de-DE' } },
      timeoutMs: '${XB_TIMEOUT_SECRET}',
      auth: [{ mode: 'header', name: 'X-K', value: 'HEADERVAL-555' }],
    }));
    const r = redactorForSources({
      file: 'c.json',
      cwd: dir,
      env: { XB_URLPW: 'URLPW-ab12', XB_TIMEOUT_SECRET: 'ENVSECRET-77', HTTPS_PROXY: 'http://bob:ENVPROXY-1@[bad' },
      flags: { proxy: 'http://bob:FLAGPROXY-2/x@[bad', platformUrl: 'ftp://u:FLAGURL-3@x/?key=FLAGKEY-4' },
    });
    const out = r.text('URLPW-ab12 FILEKEY-123 CARTTOKEN-987 ENVSECRET-77 HEADERVAL-555 ENVPROXY-1 FLAGPROXY-2/x FLAGURL-3 FLAGKEY-4 de-DE');
    expect(out).toBe(`${Array(9).fill(MASK).join(' ')} de-DE`);
  });
});
