/**
 * Where the carts of a run's orders come from. On the platform every order converts a cart the
 * merchant issued, and real merchants look the order up by it, so each order case takes a cart:
 * first one handed back unused, then `merchant.carts` (each token once), then one printed by
 * `merchant.newCart.command` (one the user did not allow is not run: the case that needed it is
 * skipped, cart-failures.ts). Without either, the configured cartToken is lent to one case at a time
 * in plan order until an order converts it (configured-cart.ts); the others name synthetic carts,
 * which the merchant never issued.
 */
import type { XborderConfig } from '../model.js';
import { CartNotAllowedError, runNewCartCommand } from './new-cart-command.js';
import { configuredCartSource } from './configured-cart.js';
import { syntheticToken, type CartLease, type CartSource } from './cart-lease.js';

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
      if (command?.notAllowed !== undefined) throw new CartNotAllowedError(command.notAllowed);
      if (command) return { token: await newCart(command.command, command.timeoutMs), origin: 'command' };
      return { token: syntheticToken(), origin: 'synthetic' };
    },
    giveBack(lease) {
      lease.handedBack = true;
      if (lease.origin !== 'synthetic') returned.push(lease);
    },
  };
}
