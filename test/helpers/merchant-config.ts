/**
 * The configuration a reference merchant is started with in tests: the built-in defaults with the
 * GUID, cart token, auth modes and cart methods the test needs (what the server reads of it), so no
 * test writes the whole config out by hand.
 */
import { SAMPLE_CART_TOKEN, SAMPLE_MERCHANT_GUID, defaultConfig } from '../../src/config/defaults.js';
import type { AuthConfig, XborderConfig } from '../../src/model.js';

/** The defaults with these merchant settings (GET and POST carts and no auth unless given). */
export function merchantConfig(options: { guid?: string; cartToken?: string; auth?: AuthConfig[]; cartMethods?: ('GET' | 'POST')[] } = {}): XborderConfig {
  const config = defaultConfig();
  config.merchantGUID = options.guid ?? SAMPLE_MERCHANT_GUID;
  config.merchant.cartToken = options.cartToken ?? SAMPLE_CART_TOKEN;
  config.merchant.cartMethods = options.cartMethods ?? ['GET', 'POST'];
  config.auth = options.auth ?? [{ mode: 'none' }];
  return config;
}
