import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { base64url, decodeJwt, decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyAuth, authSecrets, negativeVariants, verifyRequest } from '../../src/auth/index.js';
import { ConfigError } from '../../src/errors.js';
import { DEFAULT_HTTP_SETTINGS } from '../../src/http/defaults.js';
import { closeAgents, send } from '../../src/http/send.js';
import type { AuthConfig, RequestSpec } from '../../src/model.js';
import { httpServer, type Listening } from '../http/servers.js';

let dir: string;
const keys: Record<'rsa' | 'ec' | 'rsaPkcs1', { file: string; publicKey: KeyObject }> = {} as never;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'xborder-auth-'));
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const write = (name: string, pem: string) => {
    const file = join(dir, name);
    writeFileSync(file, pem);
    return file;
  };
  keys.rsa = { file: write('rsa.pem', rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()), publicKey: rsa.publicKey };
  keys.ec = { file: write('ec.pem', ec.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()), publicKey: ec.publicKey };
  // "BEGIN RSA PRIVATE KEY" (PKCS#1), as openssl genrsa used to write it.
  keys.rsaPkcs1 = { file: write('rsa1.pem', rsa.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()), publicKey: rsa.publicKey };
});
afterAll(async () => {
  await closeAgents();
  rmSync(dir, { recursive: true, force: true });
});

const base = (): RequestSpec => ({ method: 'POST', url: 'https://shop.example.com/order?a=1&b=two', headers: { 'Content-Type': 'application/json' }, body: '{}' });
const bearer = (spec: RequestSpec, header = 'Authorization') => {
  const v = Object.entries(spec.headers).find(([k]) => k.toLowerCase() === header.toLowerCase())?.[1] ?? '';
  return v.replace(/^Bearer /, '');
};

describe('applying credentials', () => {
  it('none leaves the request as is', async () => {
    const s = base();
    expect(await applyAuth(s, { mode: 'none' })).toEqual(s);
  });

  it('header sets the header, replacing another casing of it, without touching the input', async () => {
    const s = { ...base(), headers: { ...base().headers, 'x-merchant-key': 'old' } };
    const out = await applyAuth(s, { mode: 'header', name: 'X-Merchant-Key', value: 'hk-123' });
    expect(out.headers).toEqual({ 'Content-Type': 'application/json', 'X-Merchant-Key': 'hk-123' });
    expect(s.headers['x-merchant-key']).toBe('old');
  });

  it('basic encodes user:password in base64 (UTF-8)', async () => {
    const out = await applyAuth(base(), { mode: 'basic', username: 'platform', password: 'pässwört:1' });
    expect(out.headers.Authorization).toBe(`Basic ${Buffer.from('platform:pässwört:1', 'utf8').toString('base64')}`);
  });

  it('query adds the parameter and keeps the others', async () => {
    const out = await applyAuth(base(), { mode: 'query', name: 'key', value: 'q k&1=' });
    const u = new URL(out.url);
    expect([...u.searchParams.keys()]).toEqual(['a', 'b', 'key']);
    expect(u.searchParams.get('key')).toBe('q k&1=');
    expect(u.searchParams.get('b')).toBe('two');
  });

  it('ip binds the local address', async () => {
    expect((await applyAuth(base(), { mode: 'ip', localAddress: '10.0.0.5' })).localAddress).toBe('10.0.0.5');
  });

  it('jwt HS256: a Bearer token jose verifies with the secret, with iss, aud, iat/exp = ttl and extra claims', async () => {
    const cfg: AuthConfig = { mode: 'jwt', algorithm: 'HS256', secret: 'jwt-secret-0123456789', issuer: 'platform', audience: 'merchant', ttlSeconds: 120, claims: { merchantGUID: 'g-1', iss: 'ignored' } };
    const out = await applyAuth(base(), cfg);
    expect(out.headers.Authorization).toMatch(/^Bearer eyJ/);
    const { payload, protectedHeader } = await jwtVerify(bearer(out), new TextEncoder().encode('jwt-secret-0123456789'), { issuer: 'platform', audience: 'merchant' });
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload.merchantGUID).toBe('g-1');
    expect(payload.exp! - payload.iat!).toBe(120);
    expect(Math.abs(payload.iat! - Date.now() / 1000)).toBeLessThan(5);
  });

  it.each([
    ['RS256', 'rsa'],
    ['ES256', 'ec'],
    ['RS256', 'rsaPkcs1'],
  ] as const)('jwt %s with a PEM private key (%s) verifies with the public key; default ttl 300', async (algorithm, k) => {
    const cfg: AuthConfig = { mode: 'jwt', algorithm, privateKeyFile: keys[k].file, issuer: 'platform' };
    const out = await applyAuth(base(), cfg);
    const { payload, protectedHeader } = await jwtVerify(bearer(out), keys[k].publicKey, { issuer: 'platform', algorithms: [algorithm] });
    expect(protectedHeader.alg).toBe(algorithm);
    expect(payload.exp! - payload.iat!).toBe(300);
  });

  it('jwt honours a custom header and an empty scheme (bare token)', async () => {
    const out = await applyAuth(base(), { mode: 'jwt', algorithm: 'HS256', secret: 's3cret-s3cret', header: 'X-Token', scheme: '' });
    expect(out.headers['X-Token']).toMatch(/^eyJ[^ ]+$/);
    expect(out.headers.Authorization).toBeUndefined();
  });

  it('jwt without a key cannot sign: a ConfigError naming what is missing; unreadable key file too', async () => {
    await expect(applyAuth(base(), { mode: 'jwt', algorithm: 'RS256' })).rejects.toThrow(ConfigError);
    await expect(applyAuth(base(), { mode: 'jwt', algorithm: 'HS256' })).rejects.toThrow(/secret/);
    await expect(applyAuth(base(), { mode: 'jwt', algorithm: 'RS256', privateKeyFile: join(dir, 'nope.pem') })).rejects.toThrow(/nope\.pem/);
    await expect(applyAuth(base(), { mode: 'jwt', algorithm: 'ES256', privateKeyFile: keys.rsa.file })).rejects.toThrow(/cannot sign ES256/);
  });
});

describe('negative variants', () => {
  const ids = (a: AuthConfig) => negativeVariants(a).map((v) => v.id);

  it('lists the documented ids per mode', () => {
    expect(ids({ mode: 'none' })).toEqual([]);
    expect(ids({ mode: 'header', name: 'X-K', value: 'v1234' })).toEqual(['missing-credentials', 'wrong-header-value']);
    expect(ids({ mode: 'basic', username: 'u', password: 'p1234' })).toEqual(['missing-credentials', 'wrong-basic-password']);
    expect(ids({ mode: 'query', name: 'key', value: 'v1234' })).toEqual(['missing-credentials', 'wrong-query-key']);
    expect(ids({ mode: 'jwt', algorithm: 'HS256', secret: 'x', issuer: 'platform' })).toEqual(['missing-credentials', 'jwt-tampered', 'jwt-expired', 'jwt-alg-none', 'jwt-wrong-issuer']);
    expect(ids({ mode: 'jwt', algorithm: 'HS256', secret: 'x' })).not.toContain('jwt-wrong-issuer');
    expect(ids({ mode: 'ip', localAddress: '10.0.0.5', deniedLocalAddress: '10.0.0.6' })).toEqual(['missing-credentials', 'ip-denied']);
    expect(ids({ mode: 'ip', localAddress: '10.0.0.5' })).toEqual(['missing-credentials']);
  });

  it('builds JWTs that are wrong in exactly the named way', async () => {
    const secret = new TextEncoder().encode('jwt-secret-0123456789');
    const cfg: AuthConfig = { mode: 'jwt', algorithm: 'HS256', secret: 'jwt-secret-0123456789', issuer: 'platform', claims: { role: 'platform' } };
    const get = async (id: string) => bearer(await negativeVariants(cfg).find((v) => v.id === id)!.apply(base()));

    const tampered = await get('jwt-tampered');
    const [h, p, sig] = tampered.split('.');
    expect(decodeJwt(tampered).iss).toBe('platform');
    expect(base64url.decode(sig!).length).toBe(32);
    await expect(jwtVerify(tampered, secret)).rejects.toMatchObject({ code: 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED' });
    expect(`${h}.${p}`).toMatch(/^eyJ/);

    const expired = await get('jwt-expired');
    const exp = decodeJwt(expired).exp!;
    expect(exp).toBeLessThan(Date.now() / 1000 - 3000);
    // validly signed: it verifies at a time before its expiry
    await expect(jwtVerify(expired, secret, { currentDate: new Date((exp - 10) * 1000) })).resolves.toBeTruthy();

    const none = await get('jwt-alg-none');
    expect(decodeProtectedHeader(none).alg).toBe('none');
    expect(none.endsWith('.')).toBe(true);
    expect(decodeJwt(none)).toMatchObject({ iss: 'platform', role: 'platform' });

    const wrongIss = await get('jwt-wrong-issuer');
    const verified = await jwtVerify(wrongIss, secret);
    expect(verified.payload.iss).not.toBe('platform');

    const missing = await negativeVariants(cfg)[0]!.apply({ ...base(), headers: { authorization: 'Bearer x' } });
    expect(missing.headers).toEqual({});
  });

  it('without a configured key, negative tokens are signed with a throwaway key', async () => {
    const cfg: AuthConfig = { mode: 'jwt', algorithm: 'RS256', issuer: 'platform' };
    const v = negativeVariants(cfg).find((x) => x.id === 'jwt-expired')!;
    expect(v.description).toContain('throwaway');
    const token = bearer(await v.apply(base()));
    expect(decodeProtectedHeader(token).alg).toBe('RS256');
  });
});

describe('verifyRequest against real requests', () => {
  const modes: AuthConfig[] = [
    { mode: 'header', name: 'X-Merchant-Key', value: 'hk-0123456789' },
    { mode: 'basic', username: 'platform', password: 'basic-pass-9876' },
    { mode: 'query', name: 'key', value: 'qk-abcdef' },
    { mode: 'jwt', algorithm: 'HS256', secret: 'jwt-secret-0123456789', issuer: 'platform' },
    { mode: 'ip', localAddress: '127.0.0.5', deniedLocalAddress: '127.0.0.6' },
  ];
  let srv: Listening;
  let config: AuthConfig[] = [];
  const reasons: string[] = [];

  beforeAll(async () => {
    srv = await httpServer(async (req, res) => {
      const v = await verifyRequest({ headers: req.headers, url: req.url ?? '/', remoteAddress: req.socket.remoteAddress }, config);
      if (!v.ok) reasons.push(v.reason ?? '');
      res.writeHead(v.ok ? 200 : 401, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(v));
    });
  });
  afterAll(() => srv.close());

  const spec = (): RequestSpec => ({ method: 'POST', url: `${srv.url}/order?x=1`, headers: { 'Content-Type': 'application/json' }, body: '{}' });
  const status = async (s: RequestSpec) => {
    const ex = await send(s, { ...DEFAULT_HTTP_SETTINGS, timeoutMs: 5000 });
    expect(ex.error).toBeUndefined();
    return ex.response!.status;
  };

  const jwtModes: AuthConfig[] = [
    { mode: 'jwt', algorithm: 'RS256', privateKeyFile: '', issuer: 'platform', audience: 'shop' },
    { mode: 'jwt', algorithm: 'ES256', privateKeyFile: '', issuer: 'platform' },
    { mode: 'jwt', algorithm: 'HS256', secret: 'bare-secret-value', header: 'X-Token', scheme: '' },
  ];

  it.each([...modes.map((m) => [m.mode, m] as const), ...jwtModes.map((m) => [`jwt ${(m as { algorithm: string }).algorithm}`, m] as const)])(
    '%s: the positive request is accepted, every negative variant rejected',
    async (_name, mode) => {
      const m = mode.mode === 'jwt' && mode.privateKeyFile === '' ? { ...mode, privateKeyFile: mode.algorithm === 'RS256' ? keys.rsa.file : keys.ec.file } : mode;
      config = [m];
      expect(await status(await applyAuth(spec(), m))).toBe(200);
      const variants = negativeVariants(m);
      expect(variants.length).toBeGreaterThan(0);
      for (const v of variants) {
        expect({ id: v.id, status: await status(await v.apply(spec())) }).toEqual({ id: v.id, status: 401 });
      }
    },
  );

  it('accepts when any configured mode is satisfied; with none, always', async () => {
    config = modes;
    expect(await status(await applyAuth(spec(), modes[2]!))).toBe(200);
    expect(await status(spec())).toBe(401);
    config = [];
    expect(await status(spec())).toBe(200);
    config = [{ mode: 'none' }, modes[0]!];
    expect(await status(spec())).toBe(200);
  });

  it('never repeats a secret in its reasons', async () => {
    config = modes;
    reasons.length = 0;
    for (const m of modes) for (const v of negativeVariants(m)) await status(await v.apply(spec()));
    const text = reasons.join('\n');
    expect(reasons.length).toBeGreaterThan(5);
    for (const secret of ['hk-0123456789', 'basic-pass-9876', 'qk-abcdef', 'jwt-secret-0123456789']) expect(text).not.toContain(secret);
  });

  it('pins the algorithm: an HS256 token keyed with the RSA public key is rejected by an RS256 merchant', async () => {
    const cfg: AuthConfig = { mode: 'jwt', algorithm: 'RS256', privateKeyFile: keys.rsa.file };
    const pem = keys.rsa.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const forged = await new SignJWT({ iss: 'platform' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('5m').sign(new TextEncoder().encode(pem));
    const r = await verifyRequest({ headers: { authorization: `Bearer ${forged}` }, url: '/' }, [cfg]);
    expect(r.ok).toBe(false);
  });
});

describe('authSecrets', () => {
  it('names the secret values of each mode', () => {
    expect(authSecrets({ mode: 'none' })).toEqual([]);
    expect(authSecrets({ mode: 'header', name: 'X-K', value: 'hv' })).toEqual(['hv']);
    expect(authSecrets({ mode: 'basic', username: 'u', password: 'pw' })).toEqual(['pw', 'u:pw']);
    expect(authSecrets({ mode: 'query', name: 'key', value: 'qv' })).toEqual(['qv']);
    expect(authSecrets({ mode: 'jwt', algorithm: 'HS256', secret: 'js' })).toEqual(['js']);
    expect(authSecrets({ mode: 'jwt', algorithm: 'RS256', privateKeyFile: '/k.pem' })).toEqual([]);
    expect(authSecrets({ mode: 'ip', localAddress: '10.0.0.5' })).toEqual([]);
  });
});
