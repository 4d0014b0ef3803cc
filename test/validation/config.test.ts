/** The config file against schemas/config.schema.json, every problem with a JSON pointer. */
import { describe, expect, it } from 'vitest';
import { validateConfigDocument } from '../../src/validation/index.js';

const CONTRACT_EXAMPLE = {
  merchantGUID: 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77',
  merchant: {
    baseUrl: 'https://shop.example.com',
    cartPath: '/get-checkout-cart-info-url',
    orderPath: '/order-update-create-url',
    cartMethods: ['GET', 'POST'],
    cartToken: '2c5c7b3db2ed101426cba38d9c534086',
    countryCode: 'DE',
    currencyCode: 'EUR',
    cartParams: { locale: 'de-DE' },
  },
  platform: { baseUrl: 'https://platform.example.com' },
  auth: [
    { mode: 'none' },
    { mode: 'header', name: 'X-Merchant-Key', value: '${XB_HEADER_KEY}' },
    { mode: 'basic', username: 'platform', password: '${XB_BASIC_PASSWORD}' },
    { mode: 'jwt', algorithm: 'HS256', secret: '${XB_JWT_SECRET}', issuer: 'platform', ttlSeconds: 300 },
    { mode: 'query', name: 'key', value: '${XB_QUERY_KEY}' },
    { mode: 'ip', localAddress: '10.0.0.5', deniedLocalAddress: '10.0.0.6' },
  ],
  timeoutMs: 300000,
};

describe('validateConfigDocument', () => {
  it("accepts the contract's example configuration", () => {
    expect(validateConfigDocument(CONTRACT_EXAMPLE)).toEqual([]);
  });

  it('reports every problem at once, each with its path', () => {
    const findings = validateConfigDocument({
      ...CONTRACT_EXAMPLE,
      merchantGUID: 'not-a-guid',
      merchant: { ...CONTRACT_EXAMPLE.merchant, countryCode: 'germany' },
      surprise: true,
    });
    const paths = findings.map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['/merchantGUID', '/merchant/countryCode', '/surprise']));
    expect(findings.find((f) => f.path === '/surprise')).toMatchObject({ message: 'unknown configuration key', actual: 'surprise', severity: 'error' });
    expect(findings.find((f) => f.path === '/merchant/countryCode')).toMatchObject({ actual: 'germany', severity: 'error' });
  });

  it('names the wrong type of a value', () => {
    const findings = validateConfigDocument({ merchant: { cartMethods: 'GET' } });
    expect(findings).toContainEqual(expect.objectContaining({ path: '/merchant/cartMethods', expected: 'array', actual: 'GET' }));
  });

  it('names the one missing field of an auth mode, not a problem per mode it is not', () => {
    expect(validateConfigDocument({ auth: [{ mode: 'basic', username: 'platform' }] })).toEqual([
      { path: '/auth/0/password', message: 'missing required property password', expected: 'present', actual: 'absent', severity: 'error' },
    ]);
    expect(validateConfigDocument({ auth: [{ mode: 'header', name: 5, value: 'v' }] })).toEqual([
      { path: '/auth/0/name', message: 'must be string, not number', expected: 'string', actual: 5, severity: 'error' },
    ]);
    // The then-branch names the missing secret; the bare "if" failure is not a second problem.
    expect(validateConfigDocument({ auth: [{ mode: 'jwt', algorithm: 'HS256' }] })).toEqual([expect.objectContaining({ path: '/auth/0/secret', message: 'missing required property secret' })]);
  });

  it('names a misspelt mode once, with the modes there are', () => {
    expect(validateConfigDocument({ auth: [{ mode: 'hedaer', name: 'X', value: 'v' }] })).toEqual([
      { path: '/auth/0/mode', message: 'must be one of the documented values', expected: ['none', 'header', 'basic', 'jwt', 'query', 'ip'], actual: 'hedaer', severity: 'error' },
    ]);
    expect(validateConfigDocument({ auth: [{ username: 'u', password: 'p' }] })).toEqual([expect.objectContaining({ path: '/auth/0/mode', message: 'missing required property mode' })]);
  });
});
