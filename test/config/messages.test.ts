/** Configuration errors say how to fix them. */
import { describe, expect, it } from 'vitest';
import { validateConfigDocument } from '../../src/validation/index.js';

describe('configuration messages', () => {
  it('suggest the closest key, list enum values, describe URLs and durations in words', () => {
    const findings = validateConfigDocument({ merchantGuid: 'x', merchant: { baseUrl: 'shop.example.com', cartMethods: ['PUT'], cartTokenParm: 'x' }, timeoutMs: '5m' });
    const by = Object.fromEntries(findings.map((f) => [f.path, f.message]));
    expect(by['/merchantGuid']).toBe('unknown configuration key; did you mean merchantGUID?');
    expect(by['/merchant/cartTokenParm']).toBe('unknown configuration key; did you mean cartTokenParam?');
    expect(by['/merchant/cartMethods/0']).toBe('must be one of: "GET", "POST"');
    expect(by['/merchant/baseUrl']).toContain('must be a URL that starts with http:// or https://');
    expect(by['/timeoutMs']).toBe('must be a number of milliseconds (such as 300000), not "5m"; a duration with a unit goes on the command line (--timeout 5m)');
  });
});
