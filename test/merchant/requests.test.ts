import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/defaults.js';
import { cartRequest, merchantUrl, orderRequest } from '../../src/merchant/requests.js';

function withBase(baseUrl: string) {
  const config = defaultConfig();
  config.merchant.baseUrl = baseUrl;
  return config;
}

describe('merchant URLs', () => {
  it('joins base and path with exactly one slash, keeping a path prefix', () => {
    expect(merchantUrl(withBase('https://shop.example.com'), '/order-update-create-url').toString()).toBe('https://shop.example.com/order-update-create-url');
    expect(merchantUrl(withBase('https://shop.example.com/shop'), '/x').toString()).toBe('https://shop.example.com/shop/x');
    expect(merchantUrl(withBase('https://shop.example.com/shop/'), 'x').toString()).toBe('https://shop.example.com/shop/x');
  });
  it('keeps a query of the base URL on every request', () => {
    const config = withBase('https://shop.example.com/api?apikey=K1');
    expect(orderRequest(config, {}).url).toBe('https://shop.example.com/api/order-update-create-url?apikey=K1');
    const cart = new URL(cartRequest(config, 'GET', 'GE1').url);
    expect(cart.pathname).toBe('/api/get-checkout-cart-info-url');
    expect(cart.searchParams.get('apikey')).toBe('K1');
    expect(cart.searchParams.get('merchantCartToken')).toBe(config.merchant.cartToken);
  });
});
