/** Carts: where each order's cart comes from, the command that prints one, and orders made from carts. */
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/defaults.js';
import { cartSourceOf } from '../../src/merchant/cart-source.js';
import { CartNotAllowedError, runNewCartCommand } from '../../src/merchant/new-cart-command.js';
import { wireCartFailures } from '../../src/merchant/cart-failures.js';
import type { Task } from '../../src/engine/run-plan.js';
import type { CaseResult } from '../../src/model.js';
import { merchantTotal, orderFromCart } from '../../src/merchant/cart-order.js';
import { cartRequest, prepareSampleOrder } from '../../src/merchant/requests.js';
import { loadSample } from '../../src/samples/catalog.js';
import { candidateTotals } from '../../src/checks/order-totals.js';
import { validatePayload } from '../../src/validation/index.js';
import { ConfigError } from '../../src/errors.js';

describe('cart source', () => {
  it('without carts: the negatives have the configured cart one at a time, in the order they ask; once converted, synthetic 32-hex carts', async () => {
    const config = defaultConfig();
    const source = cartSourceOf(config);
    expect(source.real).toBe(false);
    const first = await source.take('refusal');
    expect(first).toEqual({ token: config.merchant.cartToken, origin: 'configured' });
    // Asked while lent: the next negatives wait, in the order they asked.
    const order: string[] = [];
    const second = source.take('refusal').then((l) => (order.push('second'), l));
    const third = source.take('refusal').then((l) => (order.push('third'), l));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual([]);
    source.giveBack(first);
    expect(await second).toEqual({ token: config.merchant.cartToken, origin: 'configured' });
    expect(order).toEqual(['second']);
    // The second negative was wrongly accepted: the cart is converted, the third gets a synthetic cart.
    source.used!(await second);
    const synthetic = await third;
    expect(synthetic.origin).toBe('synthetic');
    expect(synthetic.token).toMatch(/^[0-9a-f]{32}$/);
    expect((await source.take()).token).not.toBe(synthetic.token);
  });

  it('without carts: after the negatives, the first order has the configured cart, and no order after it, handed back or not', async () => {
    const config = defaultConfig();
    const source = cartSourceOf(config);
    source.giveBack(await source.take('refusal'));
    const firstOrder = await source.take();
    expect(firstOrder.origin).toBe('configured');
    // Asked while the first order holds it: no waiting, a synthetic cart.
    expect((await source.take()).origin).toBe('synthetic');
    source.giveBack(firstOrder);
    expect((await source.take()).origin).toBe('synthetic');
  });

  it('merchant.carts: each token once, a handed-back cart first, then the command', async () => {
    const config = defaultConfig();
    config.merchant.carts = ['c1', 'c2'];
    config.merchant.newCart = { command: 'made-up' };
    let issued = 0;
    const source = cartSourceOf(config, async (command) => `${command}-${++issued}`);
    expect(source.real).toBe(true);
    const a = await source.take();
    expect(a).toEqual({ token: 'c1', origin: 'list' });
    source.giveBack(a);
    expect((await source.take()).token).toBe('c1');
    expect((await source.take()).token).toBe('c2');
    expect(await source.take()).toEqual({ token: 'made-up-1', origin: 'command' });
    // A synthetic cart is never handed out again.
    const synthetic = { token: 'x', origin: 'synthetic' as const };
    source.giveBack(synthetic);
    expect((await source.take()).token).toBe('made-up-2');
  });
});

describe('a newCart command the user did not allow', () => {
  it('is never run: the list first, then each case that needs the command is skipped with the reason, the first task included', async () => {
    const config = defaultConfig();
    config.merchant.baseUrl = 'https://shop.example';
    config.merchant.carts = ['c1'];
    config.merchant.newCart = { command: 'made-up', notAllowed: 'merchant.newCart.command of x.json is not allowed' };
    let ran = 0;
    const source = cartSourceOf(config, async () => `t${++ran}`);
    expect(source.real).toBe(true);
    expect((await source.take()).token).toBe('c1');
    await expect(source.take()).rejects.toThrow(CartNotAllowedError);
    expect(ran).toBe(0);
    const tasks: Task[] = [
      { label: 'order', keys: ['SendOrderToMerchant|order-full|none'], run: async () => (await source.take(), []) },
      { label: 'cart', keys: ['GetCheckoutCartInfo|GET|none', 'GetCheckoutCartInfo|for order-full|none'], run: async () => (await source.take(), []) },
    ];
    wireCartFailures(config, tasks);
    const [order, cart] = [await tasks[0]!.run(), await tasks[1]!.run()] as CaseResult[][];
    expect(order!.map((c) => [c.variant, c.checks[0]!.status, c.checks[0]!.findings[0]!.message])).toEqual([
      ['order-full', 'skipped', 'not run: no cart for it: merchant.newCart.command of x.json is not allowed'],
    ]);
    expect(cart!.map((c) => c.variant)).toEqual(['GET']);
    expect(ran).toBe(0);
  });
});

describe('merchant.newCart.command', () => {
  it('returns the first line the command prints', async () => {
    expect(await runNewCartCommand('echo; echo 0123abcd; echo ignored')).toBe('0123abcd');
  });

  it.each([
    ['exit 7', /exited with code 7/],
    ['true', /printed nothing/],
    ['echo "two words"', /not a single token/],
    ['echo boom >&2; exit 1', /exited with code 1.*stderr: boom/],
  ])('%s is a configuration error naming the command', async (command, message) => {
    const error = await runNewCartCommand(command).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(JSON.stringify(command));
    expect((error as Error).message).toMatch(message);
  });

  it('a command that takes too long is ended and named', async () => {
    const error = await runNewCartCommand('sleep 5', 200).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/did not finish within 200 ms/);
  });
});

describe('cart request', () => {
  it('carries the token under the merchant\'s own parameter name', () => {
    const config = defaultConfig();
    config.merchant.baseUrl = 'https://shop.example.com';
    config.merchant.cartTokenParam = 'cartToken';
    const url = new URL(cartRequest(config, 'GET', 'GE1', 'abc').url);
    expect(url.searchParams.get('cartToken')).toBe('abc');
    expect(url.searchParams.has('merchantCartToken')).toBe(false);
  });
});

describe('orders made from the merchant\'s cart', () => {
  const cart = {
    productsList: [
      { ProductCode: 'SKU1', Name: 'Linen Shirt', CartItemId: 'a1', OrderedQuantity: 2, SalePrice: 49.9, VATRateType: { Rate: 19 } },
      { ProductCode: 'SKU2', Name: 'Mug', CartItemId: 'a2', OrderedQuantity: 1, SalePrice: 12.5 },
      { ProductCode: 'WRAP', Name: 'Gift wrap', ParentCartItemId: 'a2', OrderedQuantity: 1, SalePrice: 0 },
    ],
    currencyCode: 'EUR',
    merchantCartHash: 'h4sh',
    userDetails: { UserId: 'u-77' },
  };
  const config = defaultConfig();
  const order = prepareSampleOrder(loadSample('order-full'), config, 'GE000000001DE');
  const merged = orderFromCart(order, cart, 'tok-1');

  it('takes CartId, CartHash, UserId and the products from the cart', () => {
    expect(merged).toMatchObject({ CartId: 'tok-1', CartHash: 'h4sh', UserId: 'u-77', OrderId: 'GE000000001DE', MerchantOrderId: null });
    const products = merged.Products as Record<string, unknown>[];
    expect(products.map((p) => [p.CartItemId, p.ParentCartItemId, p.Sku, p.Quantity, p.Price])).toEqual([
      ['a1', null, 'SKU1', 2, 49.9],
      ['a2', null, 'SKU2', 1, 12.5],
      [null, 'a2', 'WRAP', 1, 0],
    ]);
    expect(products[0]!.VATRate).toBe(19);
  });

  it('keeps the money consistent: discounts on cart items, totals and paid amounts recomputed', () => {
    const total = merchantTotal(merged);
    const discounts = merged.Discounts as Record<string, unknown>[];
    for (const d of discounts) if (typeof d.ProductCartItemId === 'string') expect(['a1', 'a2']).toContain(d.ProductCartItemId);
    const intl = merged.InternationalDetails as Record<string, unknown>;
    expect(intl.TotalPrice).toBeCloseTo(total, 2);
    const totals = candidateTotals(merged).get('EUR')!;
    // Every way of adding up the order gives the same total.
    expect(Math.max(...totals) - Math.min(...totals)).toBeLessThan(0.05);
  });

  it('is still a valid order', () => {
    const failed = validatePayload('order', merged).filter((c) => c.status === 'failed');
    expect(failed).toEqual([]);
  });

  it('a cart without hash or user leaves CartHash null and the sample\'s UserId', () => {
    const bare = orderFromCart(order, { productsList: cart.productsList }, 'tok-2');
    expect(bare.CartHash).toBeNull();
    expect(bare.UserId).toBe(order.UserId);
  });

  it('an order without products (order-minimal) stays minimal', () => {
    const minimal = orderFromCart(prepareSampleOrder(loadSample('order-minimal'), config, 'GE2'), cart, 'tok-3');
    expect(minimal.Products).toBeUndefined();
    expect(minimal.CartId).toBe('tok-3');
  });
});
