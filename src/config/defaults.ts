/** Built-in defaults: the first layer of the configuration chain. */
import type { XborderConfig } from '../model.js';

/** The sample merchant GUID used by the built-in samples and the reference servers. */
export const SAMPLE_MERCHANT_GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';
/** The sample cart token (32 hex characters, as the platform issues them). */
export const SAMPLE_CART_TOKEN = '2c5c7b3db2ed101426cba38d9c534086';

/** A fresh copy of the defaults (callers may mutate it). */
export function defaultConfig(): XborderConfig {
  return {
    merchantGUID: SAMPLE_MERCHANT_GUID,
    merchant: {
      baseUrl: '',
      cartPath: '/get-checkout-cart-info-url',
      orderPath: '/order-update-create-url',
      cartMethods: ['GET'],
      cartToken: SAMPLE_CART_TOKEN,
      countryCode: 'DE',
      currencyCode: 'EUR',
      cartParams: {},
      orderParams: {},
      cartTokenParam: 'merchantCartToken',
      carts: [],
      events: [],
      // Today's behaviour: orders carry PaymentDetails and the payment checks run.
      payments: 'merchant',
      paymentPath: '/order-payment-only-url',
      statusPath: '/order-status-update-only-url',
      shippingInfoPath: '/order-shipping-info-update-only-url',
      documentsPath: '/send-additional-required-documents-url',
      refundPath: '/order-refund-url',
    },
    platform: { guidIn: 'query' },
    giftCard: {},
    auth: [{ mode: 'none' }],
    http: {
      // The platform's SendOrderToMerchant timeout (interface section 8).
      timeoutMs: 300_000,
      connectTimeoutMs: 10_000,
      firstByteTimeoutMs: 300_000,
      maxBodyBytes: 10 * 1024 * 1024,
      retries: 0,
      // The platform retries a request that failed to start once a minute.
      retryIntervalMs: 60_000,
    },
  };
}
