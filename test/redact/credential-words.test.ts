/**
 * Issue 34: one list of credential names drives every view that masks by name. Every word of the
 * list, spelled as names use it (compound, any casing, any separator), goes through every view: a
 * JSON document's keys, JSON pairs in free text (also escaped and URL-encoded), header lines in free
 * text (a dump), headers, query parameters (also with an encoded name), form bodies, cookies, and a
 * value learnt from a document echoed later. Each name is built so that no other word of the list
 * covers it: dropping any word from the list fails this file. Cart tokens and the interface's ids
 * stay visible in every view.
 */
import { describe, expect, it } from 'vitest';
import { CREDENTIAL_WORDS, type CredentialWord } from '../../src/redact/credential-names.js';
import { redactorForConfig } from '../../src/redact/for-config.js';
import { MASK } from '../../src/redact/patterns.js';
import { Redactor } from '../../src/redact/redactor.js';
import type { XborderConfig } from '../../src/model.js';

const pascal = (word: string) => word.split('-').map((p) => p[0]!.toUpperCase() + p.slice(1)).join('');
const snake = (word: string) => word.replace(/-/g, '_').toUpperCase();

/**
 * Names holding `w` and no other word of the list: an `anywhere` word inside a longer name (so its
 * end is no credential word), an `end` word at the end, in several spellings.
 */
function namesFor(w: CredentialWord): string[] {
  return w.place === 'anywhere'
    ? [`request${pascal(w.word)}Value`, `x-${w.word}-value`, `${snake(w.word)}_VALUE`, `${w.word.replace(/-/g, '')}value`]
    : [`user${pascal(w.word)}`, `X-User-${pascal(w.word)}`, `USER_${snake(w.word)}`, `x.${w.word}`, `x-user${w.word}`];
}

/** The names the issue found unmasked, and the contract's own list. */
const NAMED = [
  'requestSignature', 'merchantApiKey', 'X-Auth', 'X-User-Pin', 'userPin', 'api-key', 'hmac', 'session', 'token', 'signature',
  'Ocp-Apim-Subscription-Key', 'X-Amz-Security-Token', 'x-api-key', 'apikey', 'api_key', 'secret', 'password', 'passwd',
  'Authorization', 'Proxy-Authorization', 'Cookie', 'Set-Cookie', 'CVVNumber', 'CardPin', 'sessionToken', 'x-hmac-sha256',
  'MKEY', 'Mkey', 'x-userpin',
];

/** Names that are not credentials, in every view: cart tokens and the interface's ids. */
const VISIBLE = ['merchantCartToken', 'cartToken', 'CartToken', 'cart_token', 'CartId', 'OrderId', 'MerchantGUID', 'keyId', 'authMode', 'pinned'];

/** The views a name's value goes through; each returns the masked outputs to search. */
type View = (r: Redactor, name: string, value: string) => string[];

const VIEWS: Record<string, View> = {
  'JSON document': (r, name, value) => [JSON.stringify(r.json({ [name]: value, n: { [name]: 7391 } }))],
  'JSON pair in free text': (r, name, value) => [r.text(`refused: ${JSON.stringify({ [name]: value, other: 1 })}`), r.text(JSON.stringify({ [name]: 73915 }))],
  'escaped JSON pair': (r, name, value) => [r.text(JSON.stringify({ error: JSON.stringify({ [name]: value }) }))],
  'URL-encoded JSON pair': (r, name, value) => [r.text(`echo=${encodeURIComponent(JSON.stringify({ [name]: value }))}`)],
  'header line in free text': (r, name, value) => [r.text(`HTTP/1.1 401 Unauthorized\r\n${name}: ${value}\r\nx-request-id: 42\r\n\r\nrefused`), r.text(`request:\n  ${name}: ${value}\n`)],
  headers: (r, name, value) => [JSON.stringify(r.headers({ [name]: value, [name.toUpperCase()]: [value] }))],
  query: (r, name, value) => [r.text(`GET /cart?a=1&${name}=${encodeURIComponent(value)}&b=2`), r.text(`https://shop.example/x?${name}=${value}`)],
  'query with an encoded name': (r, name, value) => [r.text(`GET /cart?a=1&%${name.charCodeAt(0).toString(16).toUpperCase()}${name.slice(1)}=${value}`)],
  'form body': (r, name, value) => [r.text(`${name}=${value}&x=1`), r.text(`x=1&${name}=${value}`)],
  // A Cookie or Set-Cookie header is masked whole (its names are on the list); a cookie list quoted in other text, by name.
  cookies: (r, name, value) => [r.text(`cookies sent: a=1; ${name}=${value}; b=2`), r.text(`document.cookie = "${name}=${value}; path=/"`)],
  'learnt from a document, echoed as text': (r, name, value) => {
    r.addFromJson({ order: { [name]: value } });
    return [r.text(`you sent ${value} which we refuse`)];
  },
};

/** A value no rule masks by itself (no card, no JWT, no label), unique per name and view. */
let serial = 0;
const valueFor = () => `Qv${(serial++).toString(36)}x7wZ9kL4`;

function leaksOf(name: string, redactor: () => Redactor): string[] {
  const found: string[] = [];
  for (const [view, run] of Object.entries(VIEWS)) {
    const value = valueFor();
    // Views a name cannot take: a header line or a header needs a token name.
    if ((view === 'headers' || view.startsWith('header line')) && !/^[A-Za-z][A-Za-z0-9_-]*$/.test(name)) continue;
    for (const out of run(redactor(), name, value)) {
      if (out.includes(value) || out.includes('7391')) found.push(`${name} in ${view}: ${out.slice(0, 160)}`);
      else if (!out.includes(MASK)) found.push(`${name} in ${view}: nothing masked: ${out.slice(0, 160)}`);
    }
  }
  return found;
}

/**
 * The words this file expects on the list, written out (not read from the list), so that dropping a
 * word from the list leaves its names here, unmasked, and fails; a word added to the list must be
 * added here too (the last test says so).
 */
const WORDS: readonly CredentialWord[] = [
  ...['secret', 'password', 'passwd', 'passphrase', 'pwd', 'api-key', 'signature', 'hmac', 'session', 'token', 'authorization', 'cvv', 'cvc', 'security-code', 'pin-code'].map((word) => ({ word, place: 'anywhere' as const })),
  ...['key', 'sig', 'auth', 'pass', 'pin', 'pw', 'cookie', 'credential'].map((word) => ({ word, place: 'end' as const })),
];

describe('every credential word, in every view', () => {
  it.each(WORDS.map((w) => [w.word, w] as const))('%s: its names are masked in every view', (_word, w) => {
    expect(namesFor(w).flatMap((name) => leaksOf(name, () => new Redactor()))).toEqual([]);
  });

  it('this file knows every word of the list', () => {
    expect([...CREDENTIAL_WORDS].sort((a, b) => a.word.localeCompare(b.word))).toEqual([...WORDS].sort((a, b) => a.word.localeCompare(b.word)));
  });

  it.each(NAMED)('%s is masked in every view', (name) => {
    expect(leaksOf(name, () => new Redactor())).toEqual([]);
  });
});

describe('names that are no credentials stay visible in every view', () => {
  it.each(VISIBLE)('%s', (name) => {
    for (const [view, run] of Object.entries(VIEWS)) {
      if (view.startsWith('learnt')) continue;
      const value = `visible-${name}-1a2b`;
      for (const out of run(new Redactor(), name, value)) {
        expect(out, `${name} in ${view}`).not.toContain(MASK);
        expect(out.includes(value) || out.includes('7391'), `${name} in ${view}: ${out}`).toBe(true);
      }
    }
  });

  it('Key and AttributeKey are the interface\'s in a JSON document; `key` in a query or header is an API key', () => {
    const r = new Redactor();
    const doc = { Attributes: [{ AttributeKey: 'size', Key: 'color', Value: 'red' }] };
    expect(r.json(doc)).toEqual(doc);
    expect(r.text(JSON.stringify(doc))).toBe(JSON.stringify(doc));
    expect(r.text('GET /cart?key=abc123def&x=1')).toBe(`GET /cart?key=${MASK}&x=1`);
    expect(r.headers({ Key: 'abc123def' })).toEqual({ Key: MASK });
  });
});

describe('names the configuration gives a credential', () => {
  const config = { auth: [{ mode: 'query', name: 'shopref', value: 'configured-ref-1' }, { mode: 'header', name: 'X-Shop', value: 'configured-shop-1' }] } as unknown as XborderConfig;

  it.each(['SHOPREF', 'ShopRef', 'shopref', 'x-shop', 'X_SHOP'])('%s is masked in every view, whatever its case', (name) => {
    expect(leaksOf(name, () => redactorForConfig(config, {}))).toEqual([]);
  });

  it('a redactor that absorbs another knows its names', () => {
    const r = new Redactor();
    r.absorb(redactorForConfig(config, {}));
    expect(r.text('GET /x?SHOPREF=recorded-value-9')).toBe(`GET /x?SHOPREF=${MASK}`);
  });

  it('without the configuration, shopref is no credential name', () => {
    expect(new Redactor().text('GET /x?shopref=recorded-value-9')).toBe('GET /x?shopref=recorded-value-9');
  });
});
