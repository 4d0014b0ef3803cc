/**
 * What a store does with the carts it issued (public-facts: every deployed integration converts the
 * cart it issued and deletes it afterwards): `cart-single-use` (a second order on a cart already
 * converted is refused), `cart-hash-enforced` (an order whose CartHash is not the cart's
 * merchantCartHash is refused; a warning, since the hash is optional) and `unknown-cart-refused` (an
 * order naming a cart the merchant never issued is refused). Only run with real carts
 * (`merchant.carts` or `merchant.newCart`): each step needs a fresh cart of its own.
 */
import { createHash } from 'node:crypto';
import type { AuthConfig, CaseResult } from '../model.js';
import { postToRefuse } from './refusal-post.js';
import { getString } from '../json/props.js';
import type { MerchantContext } from './context.js';
import { orderRequest } from './requests.js';
import { orderCase, postOrder } from './order-case.js';
import { orderOnCart, releaseUnlessUsed, type CartedOrder } from './order-cart.js';
import { syntheticToken } from './cart-lease.js';

/** A case that could not be judged: the request it would have sent, and the reason. */
function skippedCase(ctx: MerchantContext, variant: string, auth: AuthConfig, id: string, reason: string, order: Record<string, unknown>): CaseResult {
  const spec = orderRequest(ctx.config, order);
  return { endpoint: 'SendOrderToMerchant', variant, authMode: auth.mode, request: { method: spec.method, url: spec.url, headers: spec.headers }, checks: [{ id, status: 'skipped', findings: [{ severity: 'info', message: reason }] }] };
}

/** The three cart properties, each on a cart of its own. */
export async function runCartSequence(ctx: MerchantContext, build: () => Record<string, unknown>, auth: AuthConfig): Promise<CaseResult[]> {
  const cases: CaseResult[] = [];
  const keep = (carted: CartedOrder) => carted.cartCase && cases.push(carted.cartCase);

  // 1. A converted cart is used up: the same cart with another OrderId must be refused.
  const first = await orderOnCart(ctx, { ...build(), ClearCart: true }, auth, 'cart-reuse');
  keep(first);
  const placed = await postOrder(ctx, first.order, auth, { synthetic: first.lease.origin === 'synthetic' });
  // Judged whether or not the cart endpoint answered: the order named the cart by its token, and
  // the merchant accepted it, so the cart is converted; a second order on it must be refused.
  if (!placed.accepted) {
    releaseUnlessUsed(ctx, first, placed.accepted);
    cases.push(orderCase(ctx, 'cart-reuse', auth, placed, placed.checks, first));
    cases.push(skippedCase(ctx, 'cart-reuse', auth, 'cart-single-use', 'the first order on the cart was not accepted, so reuse of the cart cannot be judged', first.order));
  } else {
    releaseUnlessUsed(ctx, first, true);
    const again = { ...first.order, OrderId: ctx.newOrderId() };
    const firstId = placed.info?.internalOrderId ?? '?';
    cases.push((await postToRefuse(ctx, 'cart-reuse', again, auth, { id: 'cart-single-use', what: `the cart ${first.lease.token}, already converted into order ${firstId}` }, first)).result);
  }

  // 2. CartHash: only a cart that carries a merchantCartHash can prove the merchant compares it.
  const second = await orderOnCart(ctx, build(), auth, 'wrong-cart-hash');
  keep(second);
  const hash = second.lease.cart ? getString(second.lease.cart, 'merchantCartHash') : undefined;
  if (hash === undefined) {
    releaseUnlessUsed(ctx, second, false);
    const reason = second.lease.cart ? 'the cart carries no merchantCartHash, so there is no hash to compare' : 'the cart could not be fetched, so its merchantCartHash is unknown';
    cases.push(skippedCase(ctx, 'wrong-cart-hash', auth, 'cart-hash-enforced', reason, second.order));
  } else {
    const wrong = createHash('md5').update(`xborder:not-this-cart:${hash}`).digest('hex');
    const sent = await postToRefuse(ctx, 'wrong-cart-hash', { ...second.order, CartHash: wrong }, auth, { id: 'cart-hash-enforced', what: `a CartHash that is not the cart's merchantCartHash ${hash}`, acceptedSeverity: 'warning' }, second);
    releaseUnlessUsed(ctx, second, sent.accepted);
    cases.push(sent.result);
  }

  // 3. A cart the merchant never issued, on an otherwise valid order.
  const unknown = { ...second.order, OrderId: ctx.newOrderId(), CartId: syntheticToken(), CartHash: null };
  cases.push((await postToRefuse(ctx, 'unknown-cart', unknown, auth, { id: 'unknown-cart-refused', what: `a CartId (${String(unknown.CartId)}) the merchant never issued` })).result);
  return cases;
}
