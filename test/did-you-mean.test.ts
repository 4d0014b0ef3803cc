/** The one "did you mean" helper: names typed short, typos, swapped letters, and nothing for noise. */
import { describe, expect, it } from 'vitest';
import { closestName, didYouMean, editDistance, similarNames } from '../src/did-you-mean.js';
import { allChecks } from '../src/checks/registry.js';
import { MERCHANT_FAULTS } from '../src/mock/merchant/faults.js';

const checks = allChecks().map((c) => c.id);
const faults = MERCHANT_FAULTS.map((f) => f.name);

describe('similarNames', () => {
  it('suggests the names a short form begins, which edit distance alone misses', () => {
    expect(editDistance('idempotent', 'idempotent-redelivery')).toBeGreaterThan(4);
    expect(similarNames('idempotent', checks)).toEqual(['idempotent-redelivery']);
    expect(similarNames('order-dup', faults)).toEqual(['order-duplicate']);
    expect(similarNames('redel-conc', checks)).toEqual(['redelivery-concurrent']);
    expect(similarNames('--merchant', ['--merchant-url', '--merchant-guid', '--platform-url', '--strict'])).toEqual(['--merchant-url', '--merchant-guid']);
  });

  it('suggests typos, swapped letters and another case', () => {
    expect(editDistance('strcit', 'strict')).toBe(1);
    expect(similarNames('--strcit', ['--strict', '--store'])).toEqual(['--strict']);
    expect(similarNames('order-acepted', checks)).toEqual(['order-accepted']);
    expect(similarNames('MERCHANTGUID', ['merchantGUID', 'merchant'])).toEqual(['merchantGUID']);
  });

  it('lists at most three, shortest first, and a later word only after nothing closer', () => {
    expect(similarNames('cart', checks)).toHaveLength(3);
    expect(similarNames('concurrent', checks)).toEqual(['refund-concurrent', 'redelivery-concurrent']);
  });

  it('suggests nothing for noise, and no prefix when told not to', () => {
    expect(similarNames('zzzzzz', checks)).toEqual([]);
    expect(similarNames('xy', ['ab', 'cd'])).toEqual([]);
    expect(closestName('Price', ['PriceWithTax'], { prefixes: false, maxEdits: 1 })).toBeUndefined();
  });
});

describe('didYouMean', () => {
  it('is one sentence, or nothing', () => {
    expect(didYouMean('idempotent', checks)).toBe(' Did you mean idempotent-redelivery?');
    expect(didYouMean('--merchant', ['--merchant-url', '--merchant-guid'])).toBe(' Did you mean --merchant-url or --merchant-guid?');
    expect(didYouMean('cart-s', ['cart-schema', 'cart-single-use', 'cart-some'])).toBe(' Did you mean one of cart-some, cart-schema or cart-single-use?');
    expect(didYouMean('qqqqqq', checks)).toBe('');
  });
});
