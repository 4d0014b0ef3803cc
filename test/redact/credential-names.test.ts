/**
 * Issue 24: credential-shaped header names and body keys are masked whatever their value, in the
 * JSON walk, in headers and in free text; cart tokens and the interface's ids stay visible. Basic
 * credentials are learnt in their decoded forms; a reproduction never writes a recorded credential.
 */
import { describe, expect, it } from 'vitest';
import { MASK } from '../../src/redact/patterns.js';
import { isCredentialKey, isCredentialName } from '../../src/redact/credential-names.js';
import { Redactor } from '../../src/redact/redactor.js';
import { credentialParts } from '../../src/proxy/credentials.js';
import { reproduceScript } from '../../src/http/reproduce.js';

const CREDENTIAL_NAMES = [
  'apiSecret', 'webhookSecret', 'client_secret', 'x-hmac-sha256', 'X-Session', 'sessionId', 'accessToken', 'X-Auth-Token', 'password',
  'userPasswd', 'apikey', 'x-api-key', 'Api_Key', 'x-signature', 'Ocp-Apim-Subscription-Key', 'X-Amz-Security-Token',
];
const VISIBLE_NAMES = ['merchantCartToken', 'cartToken', 'CartToken', 'CartId', 'OrderId', 'MerchantGUID', 'AttributeKey', 'Key', 'InternalOrderId', 'cartTokenParam'];

describe('credential-shaped names', () => {
  it.each(CREDENTIAL_NAMES)('%s is a credential name', (name) => expect(isCredentialName(name)).toBe(true));
  // `Key` and `AttributeKey` are the interface's in a JSON document; as a query or header name, `key` is an API key.
  it.each(VISIBLE_NAMES)('%s is not a credential key of a document', (name) => expect(isCredentialKey(name)).toBe(false));

  it('json() masks every credential-shaped key, whatever the value, and keeps cart tokens and ids', () => {
    const doc = Object.fromEntries([...CREDENTIAL_NAMES.map((n, i) => [n, i % 2 ? `value-${i}-abcdef` : i]), ...VISIBLE_NAMES.map((n) => [n, `id-of-${n}`])]);
    const masked = new Redactor().json(doc) as Record<string, unknown>;
    for (const n of CREDENTIAL_NAMES) expect(masked[n], n).toBe(MASK);
    for (const n of VISIBLE_NAMES) expect(masked[n], n).toBe(`id-of-${n}`);
  });

  it('headers() masks request and response credential headers', () => {
    const h = new Redactor().headers({ 'x-hmac-sha256': 'HMACVAL-1234567', 'x-session': 'SESSVAL-abcdef', 'x-api-key': 'RESPKEY-998877', 'ocp-apim-subscription-key': 'OCP-1', 'content-type': 'application/json' });
    expect(h).toEqual({ 'x-hmac-sha256': MASK, 'x-session': MASK, 'x-api-key': MASK, 'ocp-apim-subscription-key': MASK, 'content-type': 'application/json' });
  });

  it('text() masks credential-shaped JSON pairs (also escaped) and header lines, keeping the rest', () => {
    const r = new Redactor();
    const json = '{"apiSecret":"APISEC-55555","webhookSecret":7,"merchantCartToken":"CT-visible-1","CartId":"CARTID-1"}';
    const out = r.text(json);
    expect(JSON.parse(out)).toEqual({ apiSecret: MASK, webhookSecret: MASK, merchantCartToken: 'CT-visible-1', CartId: 'CARTID-1' });
    expect(r.text(JSON.stringify({ echo: json }))).not.toMatch(/APISEC|webhookSecret\\":7/);
    expect(r.text('GET / HTTP/1.1\nx-hmac-sha256: HMACVAL-1234567\nx-request-id: 42')).toBe(`GET / HTTP/1.1\nx-hmac-sha256: ${MASK}\nx-request-id: 42`);
  });

  it('a Basic credential is learnt with its decoded forms', () => {
    const value = `Basic ${Buffer.from('user:BASICPW22').toString('base64')}`;
    const parts = credentialParts(value);
    expect(parts).toEqual([value, value.slice(6), 'user:BASICPW22', 'BASICPW22']);
    const r = new Redactor(parts);
    expect(r.text('-u "user:BASICPW22" and BASICPW22')).not.toContain('BASICPW22');
  });

  it('reproduce.sh writes a placeholder for a recorded Basic password and credential headers, the made-up wrong ones as sent', () => {
    const script = reproduceScript(
      { method: 'POST', url: 'http://127.0.0.1:1/o', headers: { Authorization: `Basic ${Buffer.from('user:BASICPW22').toString('base64')}`, 'x-hmac-sha256': 'REQHMAC-777777', accept: '*/*' } },
      { title: 't', refs: [], mask: (s) => s },
    );
    expect(script).not.toMatch(/BASICPW22|REQHMAC/);
    expect(script).toContain('-u "user:${XBORDER_FILL_BASIC_PASSWORD:?');
    expect(script).toContain('-H "x-hmac-sha256: ${XBORDER_FILL_X_HMAC_SHA256:?');
    expect(script).toContain('-H "accept: */*"');
    const wrong = reproduceScript(
      { method: 'GET', url: 'http://127.0.0.1:1/c', headers: { Authorization: `Basic ${Buffer.from('platform:xborder-wrong-0123456789abcdef').toString('base64')}` } },
      { title: 't', refs: [{ value: 'pw', ref: '${XB_BASIC_PASSWORD}' }], mask: (s) => s },
    );
    expect(wrong).toContain('-u "platform:xborder-wrong-0123456789abcdef"');
    const configured = reproduceScript(
      { method: 'GET', url: 'http://127.0.0.1:1/c', headers: { Authorization: `Basic ${Buffer.from('platform:pw-secret').toString('base64')}` } },
      { title: 't', refs: [{ value: 'pw-secret', ref: '${XB_BASIC_PASSWORD}' }], mask: (s) => s },
    );
    expect(configured).toContain('-u "platform:${XB_BASIC_PASSWORD}"');
  });
});

describe('cards and sizes', () => {
  it('an Amex number grouped with dots is a card; decimals and version numbers are not', () => {
    const r = new Redactor();
    expect(r.text('card 3782.8224.6310.005 refused')).toBe(`card ${'*'.repeat(11)}0005 refused`);
    expect(r.text('card 3782.822463.10005 refused')).not.toContain('822463');
    expect(r.text('total 1.4111111111111111')).toBe('total 1.4111111111111111');
  });

  it('json() and addFromJson() walk a document nested 100,000 deep without running out of stack', () => {
    const d = 100_000;
    const doc = JSON.parse(`{"apiSecret":"top-secret-1","a":${'['.repeat(d)}"x"${']'.repeat(d)}}`);
    const r = new Redactor();
    expect(() => r.addFromJson(doc)).not.toThrow();
    const masked = r.json(doc) as Record<string, unknown>;
    expect(masked.apiSecret).toBe(MASK);
    let level: unknown = masked.a;
    let depth = 0;
    while (Array.isArray(level)) (level = level[0]), depth++;
    // Past the walk's depth the rest is masked whole, never copied in clear.
    expect(level).toBe(MASK);
    expect(depth).toBeGreaterThan(64);
    expect(r.text('echo top-secret-1')).toBe(`echo ${MASK}`);
  });

  it('finds JWTs as the JWT pattern does, and reads a base64 echo of JSON (an eyJ every few dozen characters) in one pass', () => {
    const r = new Redactor();
    expect(r.text('a eyJx.eyJy.z b eyJq..w eyJa.b c token=eyJh.i.')).toBe(`a ${MASK} b eyJq..w eyJa.b c token=${MASK}`);
    const card = '4111111111111111';
    const echo = JSON.stringify({ echo: Buffer.from(`{"CardNumber":"${card}","CVVNumber":"739"}`.repeat(25_000)).toString('base64') });
    const masked = r.text(echo);
    expect(JSON.parse(masked).echo).not.toContain(Buffer.from(`{"CardNumber":"${card}"`).toString('base64').slice(0, 24));
    expect(Buffer.from(JSON.parse(masked).echo.replace(/\*/g, ''), 'base64').toString('latin1')).not.toContain(card);
  });

  it('masks megabyte texts made of one repeated character or group without running out of stack', () => {
    const r = new Redactor(['sekret-value-1']);
    const size = 3 * 1024 * 1024;
    for (const unit of ['x', '1', 'QUJD', '1 ', 'Basic QUJD']) {
      const text = unit.repeat(Math.ceil(size / unit.length));
      expect(() => r.text(text), unit).not.toThrow();
    }
  });
});
