/** A duration flag given as a small bare number is asked about, not taken as milliseconds. */
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/defaults.js';
import { applyFlags } from '../../src/config/overrides.js';

describe('durations without a unit', () => {
  it('--timeout 5 is refused with "did you mean 5s?"; 5ms, 5s and 300000 are taken', () => {
    const origin = (k: string) => `--${k}`;
    expect(applyFlags(defaultConfig(), { timeout: '5' }, origin)).toEqual(['--timeout: 5 without a unit is 5 milliseconds; did you mean 5s? (write 5ms for milliseconds)']);
    for (const [value, ms] of [['5ms', 5], ['5s', 5000], ['300000', 300000]] as const) {
      const config = defaultConfig();
      expect(applyFlags(config, { timeout: value }, origin)).toEqual([]);
      expect(config.http.timeoutMs).toBe(ms);
    }
    expect(applyFlags(defaultConfig(), { retryInterval: '30' }, origin)[0]).toContain('did you mean 30s?');
  });
});
