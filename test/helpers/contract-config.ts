/** The config example of the contract (product/contract.md, "Configuration"), as users copy it. */
export const CONTRACT_CONFIG_EXAMPLE = {
  merchantGUID: 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77',
  merchant: {
    baseUrl: 'https://shop.example.com',
    cartPath: '/get-checkout-cart-info-url',
    orderPath: '/order-update-create-url',
    cartMethods: ['GET', 'POST'],
    cartToken: '2c5c7b3db2ed101426cba38d9c534086',
    countryCode: 'DE',
    currencyCode: 'EUR',
    cartParams: { locale: 'de-DE' },
  },
  platform: { baseUrl: 'https://platform.example.com' },
  auth: [
    { mode: 'none' },
    { mode: 'header', name: 'X-Merchant-Key', value: '${XB_HEADER_KEY}' },
    { mode: 'basic', username: 'platform', password: '${XB_BASIC_PASSWORD}' },
    { mode: 'jwt', algorithm: 'HS256', secret: '${XB_JWT_SECRET}', issuer: 'platform', ttlSeconds: 300 },
    { mode: 'query', name: 'key', value: '${XB_QUERY_KEY}' },
    { mode: 'ip', localAddress: '10.0.0.5', deniedLocalAddress: '10.0.0.6' },
  ],
  timeoutMs: 300000,
};
