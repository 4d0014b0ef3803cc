/** The reference merchant in store mode: carts it issues, converted once, with their CartHash; flat answers. */
import { describe, expect, it } from 'vitest';
import { getCart, postOrder, sampleOrder, start, testConfig } from './merchant-fixtures.js';
import { startMockMerchant } from '../../src/mock/merchant/server.js';

async function issue(url: string): Promise<string> {
  const res = await fetch(url, { method: 'POST' });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  return (await res.text()).trim();
}

describe('reference merchant, store mode', () => {
  it('issues carts, answers each with its merchantCartHash, and converts a cart into one order only', async () => {
    const server = await start({ store: true });
    expect(server.newCartUrl).toBe(`${server.url}/xborder/new-cart`);
    const token = await issue(server.newCartUrl!);
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    const cart = await getCart(server, { merchantCartToken: token });
    expect(cart.status).toBe(200);
    const hash = cart.json.merchantCartHash as string;
    expect(hash).toMatch(/^[0-9a-f]{32}$/);

    const placed = await postOrder(server, sampleOrder({ OrderId: 'GE1', CartId: token, CartHash: hash }));
    expect(placed.status).toBe(200);
    // Flat, as deployed merchants answer.
    expect(placed.json).toMatchObject({ Success: true, InternalOrderId: expect.any(String) });
    expect(placed.json.ResponseInfo).toBeUndefined();

    // The same OrderId again is a re-delivery (same order), whatever the cart's state.
    expect((await postOrder(server, sampleOrder({ OrderId: 'GE1', CartId: token, CartHash: hash }))).json.InternalOrderId).toBe(placed.json.InternalOrderId);
    // Another order on the converted cart is refused, and the cart is gone.
    const again = await postOrder(server, sampleOrder({ OrderId: 'GE2', CartId: token, CartHash: hash }));
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({ Success: false, Message: 'Cart already ordered' });
    expect((await getCart(server, { merchantCartToken: token })).status).toBe(404);
  });

  it('refuses an unknown cart and a CartHash that is not the cart\'s; an order without CartHash is taken', async () => {
    const server = await start({ store: true });
    expect((await postOrder(server, sampleOrder({ OrderId: 'GE3', CartId: 'ffffffffffffffffffffffffffffffff' }))).json).toMatchObject({ Success: false, Message: 'Unknown cart' });
    const token = await issue(server.newCartUrl!);
    const wrong = await postOrder(server, sampleOrder({ OrderId: 'GE4', CartId: token, CartHash: '0'.repeat(32) }));
    expect(wrong.status).toBe(400);
    expect(wrong.json.Message).toBe('Cart changed');
    expect((await postOrder(server, sampleOrder({ OrderId: 'GE5', CartId: token }))).status).toBe(200);
  });

  it.each([
    ['unknown-cart-accepted', (token: string) => ({ OrderId: 'GE6', CartId: `${token}x` })],
    ['cart-hash-ignored', (token: string) => ({ OrderId: 'GE7', CartId: token, CartHash: 'nope' })],
  ])('fault %s accepts what a store refuses', async (fault, overrides) => {
    const server = await start({ store: true, fault });
    const token = await issue(server.newCartUrl!);
    expect((await postOrder(server, sampleOrder(overrides(token)))).status).toBe(200);
  });

  it('fault cart-reuse-accepted takes a second order on a converted cart', async () => {
    const server = await start({ store: true, fault: 'cart-reuse-accepted' });
    const token = await issue(server.newCartUrl!);
    expect((await postOrder(server, sampleOrder({ OrderId: 'GE8', CartId: token }))).status).toBe(200);
    const second = await postOrder(server, sampleOrder({ OrderId: 'GE9', CartId: token }));
    expect(second.status).toBe(200);
    expect(server.orderCount()).toBe(2);
  });

  it('issues carts only on POST, and only in store mode; --response-shape wrapped keeps the wrapper', async () => {
    const store = await start({ store: true });
    expect((await fetch(store.newCartUrl!)).status).toBe(405);
    const plain = await start();
    expect(plain.newCartUrl).toBeUndefined();
    expect((await fetch(`${plain.url}/xborder/new-cart`, { method: 'POST' })).status).toBe(404);
    const wrapped = await startMockMerchant({ config: testConfig(), store: true, responseShape: 'wrapped' });
    try {
      const token = await issue(wrapped.newCartUrl!);
      expect((await postOrder(wrapped, sampleOrder({ OrderId: 'GE10', CartId: token }))).json.ResponseInfo.Success).toBe(true);
    } finally {
      await wrapped.close();
    }
  });
});
