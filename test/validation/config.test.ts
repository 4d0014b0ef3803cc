/** The config file against schemas/config.schema.json, every problem with a JSON pointer. */
import { describe, expect, it } from 'vitest';
import { validateConfigDocument } from '../../src/validation/index.js';
import { CONTRACT_CONFIG_EXAMPLE } from '../helpers/contract-config.js';

const CONTRACT_EXAMPLE = CONTRACT_CONFIG_EXAMPLE;

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
      { path: '/auth/0/mode', message: 'must be one of: "none", "header", "basic", "jwt", "query", "ip"', expected: ['none', 'header', 'basic', 'jwt', 'query', 'ip'], actual: 'hedaer', severity: 'error' },
    ]);
    expect(validateConfigDocument({ auth: [{ username: 'u', password: 'p' }] })).toEqual([expect.objectContaining({ path: '/auth/0/mode', message: 'missing required property mode' })]);
  });
});
