import { describe, expect, it } from 'vitest';
import { describeFinding, findingLabel, spellingsOf } from '../../src/report/finding-text.js';
import type { Finding } from '../../src/model.js';

const rename: Finding = { path: '/ResponseInfo/InternalOrderID', message: 'InternalOrderID: documented as InternalOrderId', expected: 'InternalOrderId', actual: 'InternalOrderID', severity: 'warning' };

describe('describeFinding with the spellings a case received', () => {
  it('names the interface\'s property and the merchant\'s spelling, once', () => {
    const spellings = spellingsOf([rename]);
    expect(describeFinding(rename, spellings)).toBe('/ResponseInfo/InternalOrderId (sent as InternalOrderID): InternalOrderID: documented as InternalOrderId');
    // Without them, as before.
    expect(describeFinding(rename)).toBe('/ResponseInfo/InternalOrderID: InternalOrderID: documented as InternalOrderId (expected InternalOrderId, received InternalOrderID)');
  });

  it('a finding about the same property, or below it, in either spelling, says it too', () => {
    const cart: Finding = { path: '/ProductsList', message: 'ProductsList: documented as productsList', expected: 'productsList', actual: 'ProductsList' };
    const spellings = spellingsOf([cart]);
    expect(describeFinding({ path: '/productsList', message: 'empty' }, spellings)).toBe('/productsList (sent as ProductsList): empty');
    expect(describeFinding({ path: '/ProductsList/0/SalePrice', message: 'negative', actual: -1 }, spellings)).toBe('/productsList/0/SalePrice (productsList sent as ProductsList): negative (received -1)');
    expect(describeFinding({ path: '/productsList/0/SalePrice', message: 'negative' }, spellings)).toBe('/productsList/0/SalePrice (productsList sent as ProductsList): negative');
    expect(describeFinding({ path: '/discountsList', message: 'x' }, spellings)).toBe('/discountsList: x');
  });

  it('a value finding with a string expected is no rename', () => {
    const coerce: Finding = { path: '/ResponseInfo/Success', message: '"true" is a string', expected: 'boolean', actual: 'true' };
    expect(spellingsOf([coerce]).size).toBe(0);
    expect(describeFinding(coerce, spellingsOf([coerce]))).toBe('/ResponseInfo/Success: "true" is a string (expected boolean, received true)');
  });
});

describe('findingLabel', () => {
  it('FAIL, warn, info (and ERROR when the check could not judge)', () => {
    expect(findingLabel({ message: 'x' }, 'failed')).toBe('FAIL');
    expect(findingLabel({ message: 'x', severity: 'error' }, 'failed')).toBe('FAIL');
    expect(findingLabel({ message: 'x', severity: 'warning' }, 'failed')).toBe('warn');
    expect(findingLabel({ message: 'x', severity: 'info' }, 'failed')).toBe('info');
    expect(findingLabel({ message: 'x' }, 'warning')).toBe('warn');
    expect(findingLabel({ message: 'x' }, 'errored')).toBe('ERROR');
    expect(findingLabel({ message: 'x' }, 'skipped')).toBe('info');
  });
});
