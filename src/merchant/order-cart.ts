/**
 * Gives an order the cart it converts: takes a cart from the run's source, fetches it (a judged
 * GetCheckoutCartInfo case of its own, named after the order case it serves) and merges it into
 * the order. A cart that cannot be fetched still lends its token, so one broken endpoint never hides
 * the other's verdicts; a synthetic cart (no source) is named so in the report.
 */
import type { AuthConfig, CaseResult, HttpMethod } from '../model.js';
import type { JsonObject } from '../json/props.js';
import type { CartLease, CartNeed } from './cart-lease.js';
import type { MerchantContext } from './context.js';
import { fetchCart } from './cart-case.js';
import { orderFromCart } from './cart-order.js';

/** An order ready to post on its cart. */
export interface CartedOrder {
  order: JsonObject;
  lease: CartLease;
  /** The case of fetching the cart, when it was fetched for this order. */
  cartCase?: CaseResult;
  /** How the order stands to its cart, for the report; undefined when merged with the fetched cart. */
  label?: 'synthetic cart' | 'cart not fetched';
}

/** The method carts are fetched with for orders: GET when configured (the platform's usual call). */
function fetchMethod(ctx: MerchantContext): HttpMethod {
  return ctx.config.merchant.cartMethods.includes('GET') ? 'GET' : ctx.config.merchant.cartMethods[0] ?? 'GET';
}

/**
 * Takes a cart and makes `order` from it. `auth` fetches the cart (a case that must be refused
 * still fetches its cart with valid credentials, so only the fault under test is left); `serves`
 * names the order case in the cart case's variant; `need` is `refusal` for an order that must be refused.
 */
export async function orderOnCart(ctx: MerchantContext, order: JsonObject, auth: AuthConfig, serves: string, need?: CartNeed): Promise<CartedOrder> {
  const lease = await ctx.carts.take(need);
  if (lease.origin === 'synthetic') return { order: { ...order, CartId: lease.token }, lease, label: 'synthetic cart' };
  // Fetched for every order that takes it, also a cart handed back by a refused order (whether its
  // fetch worked or not): the platform fetches the cart at each checkout, and a run's cases must not
  // depend on which order happened to finish first (skipping the fetch of a cart handed back, a run
  // of the reference store had 347 to 350 cases from one run to the next).
  const fetched = await fetchCart(ctx, { method: fetchMethod(ctx), auth, token: lease.token, variant: `for ${serves}` });
  const cartCase = fetched.result;
  cartCase.cart = { origin: lease.origin };
  lease.cart = fetched.cart;
  if (!lease.cart) return { order: { ...order, CartId: lease.token, CartHash: null }, lease, cartCase, label: 'cart not fetched' };
  return { order: orderFromCart(order, lease.cart, lease.token), lease, cartCase };
}

/** What a case records of its cart: where it came from and, when it was not merged, why. */
export function cartNote(carted: CartedOrder): NonNullable<CaseResult['cart']> {
  return { origin: carted.lease.origin, ...(carted.label ? { label: carted.label } : {}) };
}

/** Hands the cart back unless the merchant accepted an order on it (then it is used up, and the source is told). */
export function releaseUnlessUsed(ctx: MerchantContext, carted: CartedOrder, accepted: boolean): void {
  if (!accepted) ctx.carts.giveBack(carted.lease);
  else ctx.carts.used?.(carted.lease);
}
