/**
 * A cart lent to one case, and the source that lends them (cart-source.ts builds one from the
 * config, configured-cart.ts is the one for a single configured cart): the words every case that
 * takes a cart shares, in a file of their own so the sources and the cases import only these.
 */
import { randomBytes } from 'node:crypto';

/** Where a cart token came from. `synthetic`: made up by xborder; no merchant knows it. */
export type CartOrigin = 'list' | 'command' | 'configured' | 'synthetic';

/** A cart given to one case. */
export interface CartLease {
  token: string;
  origin: CartOrigin;
  /** The cart as the merchant answered it to the order that holds the lease (see orderOnCart). */
  cart?: Record<string, unknown>;
  /** Set when a case handed the cart back: another case has had it (the race checks take none such). */
  handedBack?: boolean;
}

/** What a case takes a cart for: an order that must be accepted (the default), or one that must be refused. */
export type CartNeed = 'order' | 'refusal';

/** Hands out carts, each to one case at a time. */
export interface CartSource {
  /** True when carts come from `merchant.carts` or `merchant.newCart` (so cart reuse can be tested). */
  readonly real: boolean;
  /**
   * A cart for one case. `refusal`: the case must be refused and needs a real cart, so only the
   * fault under test can be the reason (the one configured cart waits for it: configured-cart.ts).
   */
  take(need?: CartNeed): Promise<CartLease>;
  /** Returns a cart the case did not use up (its order was refused), for the next case. */
  giveBack(lease: CartLease): void;
  /**
   * Says an order on the cart was accepted: the cart is converted. Every lease ends in giveBack or
   * used: the one configured cart waits for it before the next case may have it.
   */
  used?(lease: CartLease): void;
}

/** 32 hex characters, like the platform's cart tokens, that no merchant issued. */
export function syntheticToken(): string {
  return randomBytes(16).toString('hex');
}
