import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { findOperation, operationForPath, PLATFORM_OPERATIONS, VALIDATE_GIFT_CARD } from '../../src/platform/operations.js';

describe('platform operations index', () => {
  it('holds the 32 operations of section 4.1, with unique paths and ids', () => {
    expect(PLATFORM_OPERATIONS).toHaveLength(32);
    expect(new Set(PLATFORM_OPERATIONS.map((op) => op.path.toLowerCase())).size).toBe(32);
    expect(new Set(PLATFORM_OPERATIONS.map((op) => op.id.toLowerCase())).size).toBe(32);
    expect(PLATFORM_OPERATIONS.filter((op) => op.group === 'Browsing')).toHaveLength(18);
    expect(PLATFORM_OPERATIONS.find((op) => op.name === 'Notify order refund')?.path).toBe('/order-refund-url');
    expect(VALIDATE_GIFT_CARD).toMatchObject({ group: 'Gift cards', name: 'Validate gift card', path: '/ValidateGiftCard', id: 'ValidateGiftCard' });
  });

  it('finds an operation by name, id or path, case-insensitively', () => {
    for (const query of ['Validate gift card', 'validate gift card', 'ValidateGiftCard', 'validategiftcard', '/ValidateGiftCard', '/validategiftcard', 'validate-gift-card']) {
      expect(findOperation(query).operation, query).toBe(VALIDATE_GIFT_CARD);
    }
    expect(findOperation('Update Order Dispatch V2').path).toBe('/Order/UpdateOrderDispatchV2');
    expect(findOperation('order/getordersdetails').path).toBe('/Order/GetOrdersDetails');
    expect(findOperation('Product Countries').path).toBe('/Browsing/ProductCountryS');
  });

  it('takes a path outside the index as is, without an operation', () => {
    expect(findOperation('/Custom/Thing')).toEqual({ path: '/Custom/Thing' });
  });

  it('refuses an unknown name with suggestions (exit 2)', () => {
    expect(() => findOperation('gift')).toThrow(UsageError);
    expect(() => findOperation('gift')).toThrow(/Validate gift card/);
    expect(() => findOperation('   ')).toThrow(UsageError);
  });

  it('matches request paths ignoring a query string and a trailing slash', () => {
    expect(operationForPath('/Browsing/Countries/?merchantGUID=x')?.id).toBe('Countries');
    expect(operationForPath('/nope')).toBeUndefined();
  });
});
