/**
 * Where the carts of a run's orders come from. On the platform every order converts a cart the
 * merchant issued, and real merchants look the order up by it, so each order case takes a cart:
 * first one handed back unused, then `merchant.carts` (each token once), then one printed by
 * `merchant.newCart.command`. Without either, the configured cartToken is lent to one case at a time
 * in plan order until an order converts it (configured-cart.ts); the others name synthetic carts,
 * which the merchant never issued.
 */
import { randomBytes } from 'node:crypto';
import type { XborderConfig } from '../model.js';
import { runNewCartCommand } from './new-cart-command.js';
import { configuredCartSource } from './configured-cart.js';

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

/** The cart source of `config`; `newCart` runs the command (replaceable in tests). */
export function cartSourceOf(config: XborderConfig, newCart: (command: string, timeoutMs?: number) => Promise<string> = runNewCartCommand): CartSource {
  const list = [...config.merchant.carts];
  const command = config.merchant.newCart;
  const real = list.length > 0 || command !== undefined;
  // Only the configured cart: lent to one case at a time, in plan order (configured-cart.ts).
  if (!real) return configuredCartSource(config.merchant.cartToken);
  const returned: CartLease[] = [];
  return {
    real,
    async take() {
      const back = returned.pop();
      if (back) return back;
      const next = list.shift();
      if (next !== undefined) return { token: next, origin: 'list' };
      if (command) return { token: await newCart(command.command, command.timeoutMs), origin: 'command' };
      return { token: syntheticToken(), origin: 'synthetic' };
    },
    giveBack(lease) {
      lease.handedBack = true;
      if (lease.origin !== 'synthetic') returned.push(lease);
    },
  };
}

/** 32 hex characters, like the platform's cart tokens, that no merchant issued. */
export function syntheticToken(): string {
  return randomBytes(16).toString('hex');
}
