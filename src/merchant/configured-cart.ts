/**
 * The one configured cart (merchant.cartToken, with neither merchant.carts nor merchant.newCart):
 * a scarce resource the cases must share in a fixed order, so two runs against the same merchant
 * state give the same cases and verdicts. The negatives that need a real cart (`take('refusal')`)
 * have it one at a time, in the order they ask; one that asks while another holds it waits for the
 * holder's verdict. Handed back (refused), it goes to the next negative waiting; converted (an order
 * on it was accepted), it is gone, and every case from then on names a synthetic cart. Then the
 * first order that must be accepted has it, and no other order after it.
 *
 * The order of asking is the plan's: its phases put the negatives that need a real cart (an order
 * without OrderId, wrong credentials, another merchant's GUID) before the orders that must be
 * accepted, and tasks start in plan order. Before this, the first order to finish took the cart: four
 * runs against the same fresh store gave 140/2/10, 135/2/11, 132/3/12 and 132/3/12 passed, failed and
 * skipped checks.
 */
import { syntheticToken, type CartLease, type CartSource } from './cart-lease.js';

/** The source of a run whose only cart is `token`. */
export function configuredCartSource(token: string): CartSource {
  let state: 'free' | 'lent' | 'converted' = 'free';
  // Orders that must be accepted have it once: the first to ask (the first order of the plan) gets
  // it when no negative converted it; handed back, it is not lent again, so no later order gets it
  // by finishing first (and a merchant that refuses every order is not run one order at a time).
  let orderHad = false;
  const waiting: ((lease: CartLease) => void)[] = [];
  const lease = (): CartLease => ({ token, origin: 'configured' });
  const synthetic = (): CartLease => ({ token: syntheticToken(), origin: 'synthetic' });
  return {
    real: false,
    take(need) {
      if (need !== 'refusal') {
        if (state !== 'free' || orderHad) return Promise.resolve(synthetic());
        orderHad = true;
        state = 'lent';
        return Promise.resolve(lease());
      }
      if (state === 'converted') return Promise.resolve(synthetic());
      if (state === 'free') {
        state = 'lent';
        return Promise.resolve(lease());
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    giveBack(back) {
      if (back.origin !== 'configured' || state !== 'lent') return;
      const next = waiting.shift();
      if (next) next(lease());
      else state = 'free';
    },
    used(taken) {
      if (taken.origin !== 'configured') return;
      state = 'converted';
      for (const next of waiting.splice(0)) next(synthetic());
    },
  };
}
