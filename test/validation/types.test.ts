/**
 * The payload types are generated from the schemas (src/types): a type-level check of a few fields.
 * expectTypeOf is judged by the compiler, so this fails in `npm run typecheck` (part of .ci/run).
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { CheckoutCartInfo, GiftCardResponse, Order, OrderResponse, PayloadOfKind } from '../../src/types/index.js';
import { sample } from './fixtures.js';

describe('generated payload types', () => {
  it('carry the documented fields with their documented types', () => {
    expectTypeOf<Order['MerchantGUID']>().toEqualTypeOf<string>();
    expectTypeOf<Order['OrderId']>().toEqualTypeOf<string>();
    expectTypeOf<CheckoutCartInfo['productsList']>().toBeArray();
    expectTypeOf<NonNullable<OrderResponse['ResponseInfo']>['Success']>().toEqualTypeOf<boolean>();
    expectTypeOf<GiftCardResponse['IsValid']>().toEqualTypeOf<boolean>();
    expectTypeOf<PayloadOfKind['order']>().toEqualTypeOf<Order>();
    // A sample is assignable to its type (unknown properties are allowed, as on the wire).
    const order: Order = sample('order-full.json') as Order;
    expectTypeOf(order.Products).not.toBeAny();
  });
});
