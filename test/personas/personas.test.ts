/**
 * The persona merchants on their own, over real HTTP (no xborder): each behaves as its doc comment
 * says, including its planted faults, so the end-to-end tests that run xborder against them judge
 * the behaviour they think they judge.
 */
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { PersonaAuth, PersonaHandle } from './common.js';
import { startRails } from './rails.js';
import { SHOPWARE_LANGUAGE_ID, startShopware } from './shopware.js';
import { startSfcc } from './sfcc.js';
import { phpJson, startMagento } from './magento.js';

const GUID = '7c1d2e4f-3a5b-4c6d-8e9f-0a1b2c3d4e5f';
const OTHER_GUID = '00000000-0000-4000-8000-000000000000';
const NINE = ['Success', 'InternalOrderId', 'OrderId', 'StatusCode', 'PaymentCurrencyCode', 'PaymentAmount', 'ErrorCode', 'Message', 'Description'];
const PAYMENT = { CardNumber: '4111111111111111', CVVNumber: '123', ExpirationDate: '2030-12-31', OwnerName: 'Global Platform', PaymentMethodCode: 'VISA' };
/** Default catalogue: 2 x 49.90 + 12.50 + 3 x 9.95, shipping 4.95, a 5.00 cart discount. */
const TOTAL = '142.10';

const ajv = new Ajv2020.default({ strict: false, allErrors: true });
addFormats.default(ajv);
const validateCart = ajv.compile(JSON.parse(readFileSync(fileURLToPath(new URL('../../schemas/cart.schema.json', import.meta.url)), 'utf8')));

const running: PersonaHandle[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((h) => h.close()));
});

async function started(p: Promise<PersonaHandle>): Promise<PersonaHandle> {
  const h = await p;
  running.push(h);
  return h;
}

interface Answer { status: number; text: string; json: any; type: string | null }

async function answer(res: Response): Promise<Answer> {
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json, type: res.headers.get('content-type') };
}

/** A client of one persona with the given credentials and cart token parameter. */
function client(h: PersonaHandle, creds: Record<string, string>, tokenParam = 'merchantCartToken') {
  return {
    cart(token: string, init: { method?: string; body?: unknown; headers?: Record<string, string>; query?: Record<string, string> } = {}) {
      const q = new URLSearchParams({ countryCode: 'US', currencyCode: 'USD', [tokenParam]: token, ...init.query });
      const body = init.body === undefined ? undefined : JSON.stringify(init.body);
      return fetch(`${h.cartUrl}?${q}`, { method: init.method ?? 'GET', headers: { ...(body ? { 'Content-Type': 'application/json' } : {}), ...(init.headers ?? creds) }, body }).then(answer);
    },
    order(body: unknown, headers: Record<string, string> = creds) {
      return fetch(h.orderUrl, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) }).then(answer);
    },
  };
}

let seq = 0;
const newOrderId = () => `GE${String(92799319 + ++seq)}GB`;

/** An order converted from a cart answer, as the platform builds it (end-customer values form-encoded). */
function orderFrom(cart: any, token: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    MerchantGUID: GUID,
    OrderId: newOrderId(),
    MerchantOrderId: null,
    CartId: token,
    CartHash: cart.merchantCartHash ?? null,
    UserId: cart.userDetails.UserId,
    CurrencyCode: 'EUR',
    ClearCart: true,
    Customer: { IsEndCustomerPrimary: false, SendConfirmation: true },
    PrimaryShipping: { FirstName: 'Global', LastName: 'Hub', Address1: 'Hub Street 1', City: 'Amsterdam', CountryCode: 'NL', Phone1: '+1 (212) 634-3952' },
    SecondaryShipping: { FirstName: 'Jos%C3%A9', LastName: 'Garc%C3%ADa+L%C3%B3pez', Address1: '5th+Avenue+100', City: 'New+York', Zip: '10001', CountryCode: 'US', Email: 'jose.garcia%40example.com' },
    Products: cart.productsList.map((p: any) => ({ Sku: p.ProductCode, ProductName: p.Name, CartItemId: p.CartItemId, Price: p.SalePrice, Quantity: p.OrderedQuantity })),
    DiscountedShippingPrice: 4.95,
    Discounts: [{ Name: 'Welcome', DiscountType: 1, Price: 5 }, { Name: 'Shipping', DiscountType: 2, Price: 3 }],
    PaymentDetails: null,
    ...over,
  };
}

/** Issues a cart through the test route, fetches it, and returns the order made from it. */
async function cartAndOrder(h: PersonaHandle, c: ReturnType<typeof client>, over: Record<string, unknown> = {}) {
  const token = await (await fetch(`${h.url}/test/new-cart`, { method: 'POST' })).text();
  const cart = await c.cart(token);
  expect(cart.status).toBe(200);
  return { token, cart: cart.json, order: orderFrom(cart.json, token, over) };
}

function expectCart(a: Answer, hashed: boolean): void {
  expect(a.status).toBe(200);
  expect(validateCart(a.json), JSON.stringify(validateCart.errors)).toBe(true);
  expect(a.json.currencyCode).toBe('USD');
  expect(a.json.CountryCode).toBe('US');
  expect(a.json.productsList.length).toBeGreaterThanOrEqual(2);
  expect(a.json.productsList[0]).toMatchObject({ ProductCode: expect.any(String), CartItemId: expect.any(String), OrderedQuantity: expect.any(Number), SalePrice: expect.any(Number), GenericHSCode: expect.any(String), Weight: expect.any(Number) });
  expect(typeof a.json.userDetails.UserId).toBe('string');
  if (hashed) expect(a.json.merchantCartHash).toMatch(/^[0-9a-f]{32}$/);
  else expect(a.json).not.toHaveProperty('merchantCartHash');
}

describe('rails persona', () => {
  const basic = { Authorization: `Basic ${Buffer.from('platform:pa55').toString('base64')}` };
  const auth: PersonaAuth = { mode: 'basic', username: 'platform', password: 'pa55' };

  it('issues carts and answers them by GET and POST; an unknown cart is 404', async () => {
    const h = await started(startRails({ merchantGUID: GUID, auth }));
    const c = client(h, basic);
    const token = h.issueCart();
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expectCart(await c.cart(token), false);
    expectCart(await c.cart(token, { method: 'POST', body: { MerchantGUID: GUID, OrderID: 'GE1GB' } }), false);
    expect((await c.cart('0'.repeat(32))).status).toBe(404);
    expect(h.carts().map((k) => k.token)).toContain(token);
  });

  it('requires Basic credentials on both endpoints', async () => {
    const h = await started(startRails({ merchantGUID: GUID, auth }));
    const c = client(h, basic);
    const { token, order } = await cartAndOrder(h, c);
    expect((await c.cart(token, { headers: {} })).status).toBe(401);
    expect((await c.cart(token, { headers: { Authorization: `Basic ${Buffer.from('platform:wrong').toString('base64')}` } })).status).toBe(401);
    const refused = await c.order(order, {});
    expect(refused.status).toBe(401);
    expect(Object.keys(refused.json)).toEqual(NINE);
    expect(h.orders()).toHaveLength(0);
  });

  it('places the order flat with all nine keys, completes the cart, re-places and updates it', async () => {
    const h = await started(startRails({ merchantGUID: GUID, auth }));
    const c = client(h, basic);
    const { token, order } = await cartAndOrder(h, c, { PaymentDetails: PAYMENT });
    const first = await c.order(order);
    expect(first.status).toBe(200);
    expect(Object.keys(first.json)).toEqual(NINE);
    expect(first.json).toMatchObject({ Success: true, InternalOrderId: expect.stringMatching(/^\d+$/), OrderId: expect.stringMatching(/^R\d{9}$/), PaymentCurrencyCode: 'EUR', PaymentAmount: TOTAL, ErrorCode: null, Message: null, Description: null });
    expect(h.orders()[0].customer).toMatchObject({ FirstName: 'José', LastName: 'García López', Address1: '5th Avenue 100', Email: 'jose.garcia@example.com' });
    expect(h.carts()[0].state).toBe('completed');
    expect((await c.cart(token)).status).toBe(404);

    const again = await c.order(order);
    expect(again.status).toBe(200);
    expect(again.json.InternalOrderId).toBe(first.json.InternalOrderId);
    const updated = await c.order({ ...order, MerchantOrderId: first.json.InternalOrderId, StatusCode: 'N/A' });
    expect(updated.status).toBe(200);
    expect(updated.json.InternalOrderId).toBe(first.json.InternalOrderId);
    expect(h.orders()).toHaveLength(1);
    expect(h.orders()[0]).toMatchObject({ redeliveries: 1, updates: 1 });
    // Fallback lookup: a CartId it does not know, MerchantOrderId naming the order.
    const byMerchantId = await c.order({ ...order, CartId: 'f'.repeat(32), MerchantOrderId: first.json.OrderId });
    expect(byMerchantId.json.InternalOrderId).toBe(first.json.InternalOrderId);
  });

  it('refuses with HTTP 500 and the nine-key body, a wrong GUID with 401', async () => {
    const h = await started(startRails({ merchantGUID: GUID, auth }));
    const c = client(h, basic);
    const { order } = await cartAndOrder(h, c);
    const noId = await c.order({ ...order, OrderId: undefined });
    expect(noId.status).toBe(500);
    expect(noId.json).toEqual({ ...Object.fromEntries(NINE.map((k) => [k, null])), Success: false, Message: 'OrderId is required' });
    for (const guid of [OTHER_GUID, undefined]) {
      const wrong = await c.order({ ...order, MerchantGUID: guid });
      expect(wrong.status).toBe(401);
      expect(wrong.json).toMatchObject({ Success: false, ErrorCode: null });
    }
    const unknown = await c.order({ ...order, CartId: 'a'.repeat(32) });
    expect(unknown.status).toBe(500);
    expect(unknown.json).toMatchObject({ Success: false, Message: 'Cart not found', ErrorCode: null });
    expect((await c.order(order)).status).toBe(200);
    const second = await c.order({ ...order, OrderId: newOrderId() });
    expect(second.status).toBe(500);
    expect(second.json.Message).toBe('Cart already checked out');
    expect(h.orders()).toHaveLength(1);
  });

  it('PLANTED FAULT: the cart POST answers another merchant\'s GUID with the cart', async () => {
    const h = await started(startRails({ merchantGUID: GUID, auth }));
    const token = h.issueCart();
    expectCart(await client(h, basic).cart(token, { method: 'POST', body: { MerchantGUID: OTHER_GUID, OrderID: 'GE1GB' } }), false);
  });
});

describe('shopware persona', () => {
  const secret = { 'X-Shop-Secret': 's3cret' };
  const auth: PersonaAuth = { mode: 'header', name: 'X-Shop-Secret', value: 's3cret' };

  it('issues <hex>-<language> tokens, answers GET by cartToken with an md5 merchantCartHash', async () => {
    const h = await started(startShopware({ merchantGUID: GUID, auth }));
    const c = client(h, secret, 'cartToken');
    const token = h.issueCart();
    expect(token).toMatch(new RegExp(`^[0-9a-f]{32}-${SHOPWARE_LANGUAGE_ID}$`));
    const cart = await c.cart(token);
    expectCart(cart, true);
    expect((await c.cart(token)).json.merchantCartHash).toBe(cart.json.merchantCartHash);
    expect((await client(h, secret).cart(token)).status).toBe(404); // merchantCartToken is not its parameter
    expect((await c.cart(token, { method: 'POST', body: { MerchantGUID: GUID } })).status).toBe(405);
    expect((await c.cart(token, { headers: {} })).status).toBe(401);
  });

  it('places the order with three keys (five when charged), then deletes the cart', async () => {
    const h = await started(startShopware({ merchantGUID: GUID, auth }));
    const c = client(h, secret, 'cartToken');
    const plain = await cartAndOrder(h, c);
    expect((await c.order(plain.order, {})).status).toBe(401);
    const first = await c.order(plain.order);
    expect(first.status).toBe(200);
    expect(Object.keys(first.json).sort()).toEqual(['InternalOrderId', 'OrderId', 'Success']);
    expect(first.json.Success).toBe(true);
    expect(h.carts().find((k) => k.token === plain.token)?.state).toBe('deleted');
    expect(h.orders()[0].customer.LastName).toBe('García López');

    const paid = await cartAndOrder(h, c, { PaymentDetails: PAYMENT, MerchantGUID: GUID.toUpperCase() });
    const charged = await c.order(paid.order);
    expect(charged.status).toBe(200);
    expect(charged.json).toMatchObject({ Success: true, PaymentCurrencyCode: 'EUR', PaymentAmount: TOTAL });
  });

  it('refuses with 400 { OrderId, Success, Message }; a wrong GUID with an empty 400', async () => {
    const h = await started(startShopware({ merchantGUID: GUID, auth }));
    const c = client(h, secret, 'cartToken');
    const { order } = await cartAndOrder(h, c);
    const badHash = await c.order({ ...order, CartHash: '0'.repeat(32) });
    expect(badHash.status).toBe(400);
    expect(badHash.json).toEqual({ OrderId: order.OrderId, Success: false, Message: 'Invalid cart hash' });
    const wrong = await c.order({ ...order, MerchantGUID: OTHER_GUID });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toBe('');
    const noId = await c.order({ ...order, OrderId: undefined });
    expect(noId.status).toBe(400);
    expect(noId.json).toMatchObject({ OrderId: null, Success: false });
    const unknown = await c.order({ ...order, CartId: `${'a'.repeat(32)}-${SHOPWARE_LANGUAGE_ID}` });
    expect(unknown.json).toEqual({ OrderId: order.OrderId, Success: false, Message: 'No filled cart found for token' });

    expect((await c.order(order)).status).toBe(200);
    const again = await c.order(order);
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ OrderId: order.OrderId, Success: false, Message: 'OrderId already exists' });
    const second = await c.order({ ...order, OrderId: newOrderId() });
    expect(second.status).toBe(400);
    expect(second.json.Message).toBe('No filled cart found for token');
    expect(h.orders()).toHaveLength(1);
  });

  it('PLANTED FAULT: an update is refused because the order deleted its cart', async () => {
    const h = await started(startShopware({ merchantGUID: GUID, auth }));
    const c = client(h, secret, 'cartToken');
    const { order } = await cartAndOrder(h, c);
    const first = await c.order(order);
    const updated = await c.order({ ...order, MerchantOrderId: first.json.InternalOrderId, StatusCode: 'N/A' });
    expect(updated.status).toBe(400);
    expect(updated.json).toEqual({ OrderId: order.OrderId, Success: false, Message: 'No filled cart found for token' });
    expect(h.orders()[0].updates).toBe(0);
  });
});

describe('sfcc persona', () => {
  it('answers GET carts with a hash, refuses POST and unknown carts', async () => {
    const h = await started(startSfcc({ merchantGUID: GUID }));
    const c = client(h, {});
    const token = h.issueCart();
    expectCart(await c.cart(token), true);
    expect((await c.cart(token, { method: 'POST', body: { MerchantGUID: GUID } })).status).toBe(405);
    const unknown = await c.cart('0'.repeat(32));
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ status: 404, error: 'Not Found' });
  });

  it('places flat without unused keys; re-delivery and update answer the same order', async () => {
    const h = await started(startSfcc({ merchantGUID: GUID }));
    const c = client(h, {});
    const { order } = await cartAndOrder(h, c);
    const first = await c.order(order);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ Success: true, InternalOrderId: expect.stringMatching(/^\d{8}$/), OrderId: expect.any(String), StatusCode: 'N/A' });
    expect((await c.order(order)).json.InternalOrderId).toBe(first.json.InternalOrderId);
    expect((await c.order({ ...order, MerchantOrderId: first.json.InternalOrderId })).json.InternalOrderId).toBe(first.json.InternalOrderId);
    expect(h.orders()).toHaveLength(1);
    expect(h.orders()[0]).toMatchObject({ redeliveries: 1, updates: 1 });
    const paid = await cartAndOrder(h, c, { PaymentDetails: PAYMENT });
    expect((await c.order(paid.order)).json).toMatchObject({ PaymentCurrencyCode: 'EUR', PaymentAmount: TOTAL });
  });

  it('refuses with ErrorCode 100 and a stack trace; a wrong GUID with 403; an unknown cart crashes', async () => {
    const h = await started(startSfcc({ merchantGUID: GUID }));
    const c = client(h, {});
    const { order } = await cartAndOrder(h, c);
    const noId = await c.order({ ...order, OrderId: undefined });
    expect(noId.status).toBe(400);
    expect(noId.json).toEqual({ Success: false, ErrorCode: 100, Message: expect.stringContaining('\n\tat dw.order.') });
    for (const guid of [OTHER_GUID, GUID.toUpperCase()]) {
      const wrong = await c.order({ ...order, MerchantGUID: guid });
      expect(wrong.status).toBe(403);
      expect(wrong.json.ErrorCode).toBe(100);
    }
    const unknown = await c.order({ ...order, CartId: 'b'.repeat(32) });
    expect(unknown.status).toBe(500);
    expect(unknown.json).toEqual({ timestamp: expect.any(String), status: 500, error: 'Internal Server Error', path: '/order-update-create-url' });
    expect(h.orders()).toHaveLength(0);
  });

  it('PLANTED FAULT (a): a second order on an ordered cart creates another order', async () => {
    const h = await started(startSfcc({ merchantGUID: GUID }));
    const c = client(h, {});
    const { token, order } = await cartAndOrder(h, c);
    const first = await c.order(order);
    const second = await c.order({ ...order, OrderId: newOrderId() });
    expect(second.status).toBe(200);
    expect(second.json.InternalOrderId).not.toBe(first.json.InternalOrderId);
    expect(h.orders()).toHaveLength(2);
    expect((await c.cart(token)).status).toBe(200);
  });

  it('PLANTED FAULT (b): a wrong CartHash is accepted', async () => {
    const h = await started(startSfcc({ merchantGUID: GUID }));
    const c = client(h, {});
    const { order } = await cartAndOrder(h, c);
    const wrongHash = await c.order({ ...order, CartHash: 'deadbeef'.repeat(4) });
    expect(wrongHash.status).toBe(200);
    expect(wrongHash.json.Success).toBe(true);
  });
});

describe('magento persona', () => {
  const secret = { 'X-Globale-Secret': 'm4g' };
  const auth: PersonaAuth = { mode: 'header', name: 'X-Globale-Secret', value: 'm4g' };

  it('escapes JSON the PHP way', () => {
    expect(phpJson({ u: 'https://a.example/x', n: 'Größe Café' })).toBe('{"u":"https:\\/\\/a.example\\/x","n":"Gr\\u00f6\\u00dfe Caf\\u00e9"}');
    expect(JSON.parse(phpJson({ s: 'a\\/b 😀' }))).toEqual({ s: 'a\\/b 😀' });
  });

  it('answers carts PHP-escaped by GET and GUID-checked POST', async () => {
    const h = await started(startMagento({ merchantGUID: GUID, auth }));
    const c = client(h, secret);
    const token = h.issueCart();
    const cart = await c.cart(token);
    expectCart(cart, false);
    expect(cart.text).toContain('https:\\/\\/magento.example\\/');
    expect(cart.text).toContain('Gr\\u00f6\\u00dfe');
    expect(cart.text).not.toMatch(/[^\x00-\x7f]/);
    expect(cart.json.productsList.map((p: any) => p.Name)).toContain('Café Crème Bohnen 500 g');
    expectCart(await c.cart(token, { method: 'POST', body: { MerchantGUID: GUID, OrderID: 'GE1GB' } }), false);
    const wrong = await c.cart(token, { method: 'POST', body: { MerchantGUID: OTHER_GUID } });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toBe('');
    expect((await c.cart(token, { headers: {} })).status).toBe(401);
    expect((await c.cart('0'.repeat(32))).status).toBe(404);
  });

  it('places wrapped, clears the cart, re-delivery and update answer the same order', async () => {
    const h = await started(startMagento({ merchantGUID: GUID, auth }));
    const c = client(h, secret);
    const { token, order } = await cartAndOrder(h, c, { PaymentDetails: PAYMENT });
    expect((await c.order(order, {})).status).toBe(401);
    const first = await c.order(order);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ ResponseInfo: { Success: true, InternalOrderId: '1', OrderId: '000000001', StatusCode: 'pending', PaymentCurrencyCode: 'EUR', PaymentAmount: '58.93' } });
    expect((await c.cart(token)).status).toBe(404);
    expect((await c.order(order)).json.ResponseInfo.InternalOrderId).toBe('1');
    expect((await c.order({ ...order, MerchantOrderId: '1' })).json.ResponseInfo.InternalOrderId).toBe('1');
    expect(h.orders()).toHaveLength(1);
    expect(h.orders()[0]).toMatchObject({ redeliveries: 1, updates: 1 });
  });

  it('a wrong GUID is an empty 400; a non-object body crashes with the Symfony page', async () => {
    const h = await started(startMagento({ merchantGUID: GUID, auth }));
    const c = client(h, secret);
    const { order } = await cartAndOrder(h, c);
    const wrong = await c.order({ ...order, MerchantGUID: OTHER_GUID });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toBe('');
    for (const body of ['[1,2]', '{not json']) {
      const crash = await c.order(body);
      expect(crash.status).toBe(500);
      expect(crash.type).toContain('text/html');
      expect(crash.text).toContain('Oops! An Error Occurred');
    }
  });

  it('PLANTED FAULT: validation errors are answered with HTTP 200 and Success false', async () => {
    const h = await started(startMagento({ merchantGUID: GUID, auth }));
    const c = client(h, secret);
    const { order } = await cartAndOrder(h, c);
    const noId = await c.order({ ...order, OrderId: undefined });
    const unknown = await c.order({ ...order, CartId: 'c'.repeat(32) });
    expect((await c.order(order)).status).toBe(200);
    const second = await c.order({ ...order, OrderId: newOrderId() });
    for (const refused of [noId, unknown, second]) {
      expect(refused.status).toBe(200);
      expect(refused.json).toEqual({ ResponseInfo: { Success: false, ErrorCode: expect.any(String), Message: expect.any(String) } });
    }
    expect(h.orders()).toHaveLength(1);
  });
});

