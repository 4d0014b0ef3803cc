/**
 * The carts of the race checks: each race runs on a cart of its own, fresh from merchant.carts or
 * merchant.newCart, never on one another case uses (a copy refused for "cart already used" would
 * hide the race). Without such carts a race check is skipped, with the reason.
 */
import type { AuthConfig } from '../../model.js';
import type { JsonObject } from '../../json/props.js';
import type { MerchantContext } from '../context.js';
import { orderOnCart, type CartedOrder } from '../order-cart.js';
import type { CartLease } from '../cart-lease.js';

/** An order on a fresh cart, or why there is none. */
export type FreshOrder = { carted: CartedOrder } | { skip: string };

/** Why a race check needs fresh carts, for the skipped case. */
export const NO_FRESH_CARTS = 'needs a fresh cart the merchant issued (merchant.carts or merchant.newCart): a race on the one configured cart, or on a cart the merchant never issued, would be refused for its cart and prove nothing';

/** Bound on the handed-back carts passed over before a fresh one (a run hands back a few dozen at most). */
const MAX_PASSED_OVER = 1000;

/**
 * A cart no other case has had. A cart handed back by another case may even be converted (an order
 * that timed out hands its cart back, yet the merchant finished it), so it is passed over and
 * handed back again for the cases that take any cart.
 */
async function unusedLease(ctx: MerchantContext): Promise<CartLease> {
  const passedOver: CartLease[] = [];
  try {
    for (let i = 0; i < MAX_PASSED_OVER; i++) {
      const lease = await ctx.carts.take();
      if (!lease.handedBack) return lease;
      passedOver.push(lease);
    }
    return { token: 'none-left', origin: 'synthetic' };
  } finally {
    for (const lease of passedOver) ctx.carts.giveBack(lease);
  }
}

/** Takes a fresh cart, fetches it and makes `order` from it (the cart case is on the result). */
export async function freshOrder(ctx: MerchantContext, order: JsonObject, auth: AuthConfig, serves: string): Promise<FreshOrder> {
  if (!ctx.carts.real) return { skip: NO_FRESH_CARTS };
  const lease = await unusedLease(ctx);
  // orderOnCart takes its cart from the context: this one, and no other.
  const single: MerchantContext = { ...ctx, carts: { real: true, take: async () => lease, giveBack: (l) => ctx.carts.giveBack(l) } };
  const carted = await orderOnCart(single, order, auth, serves);
  // merchant.carts ran out: the source hands out a synthetic cart.
  if (carted.lease.origin === 'synthetic') return { skip: `${NO_FRESH_CARTS}; merchant.carts has no token left for it (list one more per race check)` };
  return { carted };
}
