/**
 * The schemas other than the Order (cart, order-response, gift-card request/response, error-info,
 * config): each compiles under ajv 2020 strict mode, every sample of those kinds is valid, and the
 * documented constraints reject what they should.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { CONTRACT_CONFIG_EXAMPLE } from '../helpers/contract-config.js';

const root = new URL('../../', import.meta.url);
const readJson = (rel: string): unknown => JSON.parse(readFileSync(new URL(rel, root), 'utf8'));

const SCHEMAS = ['cart', 'order-response', 'gift-card-request', 'gift-card-response', 'error-info', 'config'] as const;
type SchemaName = (typeof SCHEMAS)[number];

// ajv and ajv-formats are CommonJS: under NodeNext the default import is the module object, whose
// `default` is the class/plugin (at runtime as well).
const Ajv = Ajv2020.default;
const withFormats = addFormats.default;

// One ajv for every schema, as src/validation does: strict, union types allowed (nullable fields).
const ajv = new Ajv({ strict: true, allowUnionTypes: true, allErrors: true });
withFormats(ajv);
ajv.addKeyword('x-aliases');
ajv.addKeyword('x-documented-aliases');
ajv.addKeyword('x-judged-by');
const validators = new Map<SchemaName, ValidateFunction>();
for (const name of SCHEMAS) {
  validators.set(name, ajv.compile(readJson(`schemas/${name}.schema.json`) as object));
}

/** Validates and returns ajv's errors as `path message` lines (empty when valid). */
function errorsOf(name: SchemaName, doc: unknown): string[] {
  const validate = validators.get(name)!;
  return validate(doc) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
}
const clone = <T>(v: T): T => structuredClone(v);

interface IndexEntry { name: string; kind: string; file: string; description: string }
const index = readJson('samples/index.json') as IndexEntry[];
const OWN_KINDS = ['cart', 'order-response', 'gift-card-request', 'gift-card-response', 'error-info'];
const own = index.filter((e) => OWN_KINDS.includes(e.kind));
const sample = (name: string): Record<string, any> => {
  const entry = index.find((e) => e.name === name);
  if (!entry) throw new Error(`no sample ${name} in samples/index.json`);
  return readJson(`samples/${entry.file}`) as Record<string, any>;
};

describe('schemas', () => {
  it.each(SCHEMAS)('%s has the contract $id and draft 2020-12', (name) => {
    const schema = readJson(`schemas/${name}.schema.json`) as Record<string, unknown>;
    expect(schema.$id).toBe(`https://xborder.dev/schemas/${name}.schema.json`);
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
  });

  it('payload schemas never close their property sets (unknown properties are tolerated)', () => {
    for (const name of SCHEMAS.filter((n) => n !== 'config')) {
      expect(readFileSync(new URL(`schemas/${name}.schema.json`, root), 'utf8')).not.toContain('"additionalProperties": false');
    }
  });
});

describe('samples', () => {
  it('index lists every sample of these kinds with name, kind, file, description', () => {
    expect(own.map((e) => e.name).sort()).toEqual([
      'cart-full', 'cart-multi-address', 'error-info-unauthorized', 'gift-card-request',
      'gift-card-response-invalid', 'gift-card-response-valid', 'order-response-error',
      'order-response-payment', 'order-response-success',
    ]);
    for (const e of own) {
      expect(e.file).toBe(`${e.name}.json`);
      expect(e.description.length).toBeGreaterThan(20);
    }
  });

  it.each(own.map((e) => [e.name, e.kind] as const))('%s is valid as %s', (name, kind) => {
    expect(errorsOf(kind as SchemaName, sample(name))).toEqual([]);
  });

  it('cart-full has the documented shapes: option item, zero-priced bundle children, product discount', () => {
    const cart = sample('cart-full');
    const products = cart.productsList as Record<string, any>[];
    const ids = products.map((p) => p.CartItemId).filter(Boolean);
    expect(ids).toEqual(['1', '2', '3']);
    expect(products.find((p) => p.CartItemId === '1')?.ProductCode).toBe('TSHIRT-RED-M');
    expect(products.find((p) => p.CartItemId === '2')?.ProductCode).toBe('MUG-BLUE');
    for (const child of products.filter((p) => p.ParentCartItemId)) {
      expect(child.CartItemId).toBeUndefined();
      expect(child.CartItemOptionId).toEqual(expect.any(String));
      expect(ids).toContain(child.ParentCartItemId);
    }
    const bundle = products.find((p) => p.IsBundle)!;
    expect(bundle.SalePrice).toBeGreaterThan(0);
    for (const child of products.filter((p) => p.ParentCartItemId === bundle.CartItemId)) {
      expect([child.SalePrice, child.OriginalSalePrice, child.LineItemSalePrice]).toEqual([0, 0, 0]);
    }
    for (const p of products) {
      const hasAllDims = ['Height', 'Length', 'Width'].every((k) => typeof p[k] === 'number');
      expect(hasAllDims || typeof p.Volume === 'number' || p.IsVirtual === true || p.ParentCartItemId).toBeTruthy();
      expect(p.LineItemSalePrice).toBeCloseTo(p.SalePrice * p.OrderedQuantity, 2);
    }
    const productLevel = (cart.discountsList as Record<string, any>[]).filter((d) => d.ProductCartItemId);
    expect(productLevel.length).toBeGreaterThan(0);
    for (const d of productLevel) expect(ids).toContain(d.ProductCartItemId);
  });

  it('cart-multi-address has default shipping, default billing and another address', () => {
    const book = sample('cart-multi-address').userDetails.AddressDetails as Record<string, any>[];
    expect(book.filter((a) => a.IsDefaultShipping)).toHaveLength(1);
    expect(book.filter((a) => a.IsDefaultBilling)).toHaveLength(1);
    expect(book.some((a) => !a.IsDefaultShipping && !a.IsDefaultBilling)).toBe(true);
  });

  it('end-customer address strings are form-encoded the way the platform encodes them', () => {
    // Form style: space as +, reserved and non-ASCII bytes as %XX; decoding then re-encoding is identity.
    const formEncode = (s: string) => encodeURIComponent(s).replace(/%20/g, '+').replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    const formDecode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    const full = sample('cart-full');
    const blocks = [
      full.shippingDetails, full.billingDetails, ...full.userDetails.AddressDetails,
      ...sample('cart-multi-address').userDetails.AddressDetails,
    ] as Record<string, unknown>[];
    let encodedSeen = 0;
    for (const block of blocks) {
      for (const raw of Object.values(block)) {
        if (typeof raw !== 'string') continue;
        expect(formEncode(formDecode(raw))).toBe(raw);
        if (raw !== formDecode(raw)) encodedSeen++;
      }
    }
    expect(encodedSeen).toBeGreaterThan(20);
    expect(formDecode(full.userDetails.AddressDetails[0].Address1)).toBe('Friedrichstraße 123');
    expect(formDecode(full.shippingDetails.Email)).toBe('anna.mueller@example.de');
  });
});

describe('cart schema negatives', () => {
  it('rejects a cart without productsList', () => {
    const cart = clone(sample('cart-full'));
    delete cart.productsList;
    expect(errorsOf('cart', cart)).toContain("/ must have required property 'productsList'");
  });

  it('rejects CalculationMode 4 and a missing OriginalDiscountValue', () => {
    const cart = clone(sample('cart-full'));
    cart.discountsList[0].CalculationMode = 4;
    delete cart.discountsList[1].OriginalDiscountValue;
    const errors = errorsOf('cart', cart);
    expect(errors).toContain('/discountsList/0/CalculationMode must be equal to one of the allowed values');
    expect(errors).toContain("/discountsList/1 must have required property 'OriginalDiscountValue'");
  });

  it('rejects a CouponCode of 101 chars and accepts one of 100', () => {
    const cart = clone(sample('cart-full'));
    cart.discountsList[0].CouponCode = 'C'.repeat(100);
    expect(errorsOf('cart', cart)).toEqual([]);
    cart.discountsList[0].CouponCode = 'C'.repeat(101);
    expect(errorsOf('cart', cart)).toEqual(['/discountsList/0/CouponCode must NOT have more than 100 characters']);
  });

  it('enforces DiscountType 1-6, freeShippingCouponCode 50, webStoreCode 100, country and currency codes', () => {
    const cart = clone(sample('cart-full'));
    cart.discountsList[0].DiscountType = 7;
    cart.freeShippingCouponCode = 'F'.repeat(51);
    cart.webStoreCode = 'W'.repeat(101);
    cart.CountryCode = 'de';
    cart.currencyCode = 'EURO';
    expect(errorsOf('cart', cart).sort()).toEqual([
      '/CountryCode must be equal to one of the allowed values',
      '/currencyCode must be equal to one of the allowed values',
      '/discountsList/0/DiscountType must be equal to one of the allowed values',
      '/freeShippingCouponCode must NOT have more than 50 characters',
      '/webStoreCode must NOT have more than 100 characters',
    ]);
  });

  it('accepts null for optional fields and unknown properties, rejects a wrong type', () => {
    const cart = clone(sample('cart-full'));
    cart.shippingDetails = null;
    cart.productsList[0].Brand = null;
    cart.discountsList[0].DiscountType = null;
    cart.someFutureField = { x: 1 };
    expect(errorsOf('cart', cart)).toEqual([]);
    cart.productsList[0].OrderedQuantity = 'two';
    expect(errorsOf('cart', cart)).toEqual(['/productsList/0/OrderedQuantity must be number,null']);
  });

  it('documents the names the documents and the real wire print as x-documented-aliases, the others as x-aliases', () => {
    const schema = readJson('schemas/cart.schema.json') as any;
    // public-facts: documents print discountList and clientIp; real AddressDetails spell StateOrProvice;
    // cart responses use camelCase at the top level.
    expect(schema.properties.discountsList['x-documented-aliases']).toEqual(['discountList']);
    expect(schema.properties.clientIP['x-documented-aliases']).toEqual(['clientIp']);
    expect(schema.properties.CountryCode['x-documented-aliases']).toEqual(['countryCode']);
    expect(schema.properties.IncludeVAT['x-documented-aliases']).toEqual(['includeVAT']);
    expect(schema.properties.hubID).toBeDefined();
    expect(schema.$defs.AddressDetails.properties.StateOrProvince['x-documented-aliases']).toEqual(['StateOrProvice']);
    // UserDetails is documented as StateOrProvice (spelled so): the other spelling stays tolerated only.
    expect(schema.$defs.UserDetails.properties.StateOrProvice['x-aliases']).toEqual(['StateOrProvince']);
    const giftCard = readJson('schemas/gift-card-response.schema.json') as any;
    expect(giftCard.properties.IsGlobalEGiftCard['x-documented-aliases']).toEqual(['IsPlatformGiftCard']);
    expect(schema.required).toEqual(['productsList']);
    expect(schema.$defs.Discounts.required).toEqual(['OriginalDiscountValue', 'CalculationMode']);
  });
});

describe('other payload negatives', () => {
  it('order-response: Success as a string, missing ResponseInfo, bad amount and currency', () => {
    const success = clone(sample('order-response-success'));
    success.ResponseInfo.Success = 'true';
    expect(errorsOf('order-response', success)).toEqual(['/ResponseInfo/Success must be boolean']);
    expect(errorsOf('order-response', {})).toEqual(["/ must have required property 'ResponseInfo'"]);
    const payment = clone(sample('order-response-payment'));
    payment.ResponseInfo.PaymentAmount = '97,35';
    payment.ResponseInfo.PaymentCurrencyCode = 'eur';
    expect(errorsOf('order-response', payment)).toHaveLength(2);
    payment.ResponseInfo.PaymentAmount = 97.35;
    payment.ResponseInfo.PaymentCurrencyCode = 'EUR';
    expect(errorsOf('order-response', payment)).toEqual(['/ResponseInfo/PaymentAmount must be string,null']);
  });

  it('gift-card request, response and error-info reject missing required fields', () => {
    const request = clone(sample('gift-card-request'));
    delete request.CardFields.CardId;
    request.ShippingCountryCode = 'DEU';
    expect(errorsOf('gift-card-request', request).sort()).toEqual([
      '/CardFields must have required property \'CardId\'',
      '/ShippingCountryCode must be equal to one of the allowed values',
    ]);
    // CardFields is a string map: an extra field may be null (a card without it), never a number.
    const extra = clone(sample('gift-card-request'));
    extra.CardFields.SecurityCode = null;
    expect(errorsOf('gift-card-request', extra)).toEqual([]);
    extra.CardFields.SecurityCode = { code: '1' };
    expect(errorsOf('gift-card-request', extra)).toEqual(['/CardFields/SecurityCode must be string,null']);
    expect(errorsOf('gift-card-response', { Balance: 5 })).toEqual(["/ must have required property 'IsValid'"]);
    expect(errorsOf('gift-card-response', { IsValid: 'yes' })).toEqual(['/IsValid must be boolean']);
    expect(errorsOf('error-info', { Code: 401, Error: 'Unauthorized' })).toEqual(['/Code must be string']);
    expect(errorsOf('error-info', { Description: 'x' })).toHaveLength(2);
  });
});

describe('config schema', () => {
  const contractExample = CONTRACT_CONFIG_EXAMPLE;

  it("accepts the contract's example", () => {
    expect(errorsOf('config', contractExample)).toEqual([]);
  });

  it('accepts every other documented key', () => {
    const config = {
      $schema: './node_modules/xborder/schemas/config.schema.json',
      ...clone(contractExample),
      platform: { baseUrl: 'https://platform.example.com', guidIn: 'header' },
      giftCard: { url: 'https://platform.example.com/ValidateGiftCard' },
      auth: [{
        mode: 'jwt', algorithm: 'RS256', privateKeyFile: 'keys/test.pem', issuer: 'platform', audience: 'shop',
        ttlSeconds: 60, claims: { merchant: 'nordwear' }, header: 'X-Token', scheme: '',
      }],
      connectTimeoutMs: 5000, firstByteTimeoutMs: 60000, maxBodyBytes: 1048576, retries: 2,
      retryIntervalMs: 60000, ca: 'certs/ca.pem', insecure: false, proxy: 'http://proxy.internal:3128',
    };
    expect(errorsOf('config', config)).toEqual([]);
    expect(errorsOf('config', {})).toEqual([]);
  });

  it('reports a typo in a key at any level', () => {
    expect(errorsOf('config', { ...contractExample, timoutMs: 1000 })).toEqual(['/ must NOT have additional properties']);
    const nested = clone(contractExample) as any;
    nested.merchant.cartToekn = 'x';
    expect(errorsOf('config', nested)).toEqual(['/merchant must NOT have additional properties']);
    const validate = validators.get('config')!;
    validate({ ...contractExample, timoutMs: 1000 });
    expect(validate.errors?.[0]?.params).toEqual({ additionalProperty: 'timoutMs' });
  });

  it('reports a bad auth mode at its mode', () => {
    const config = { auth: [{ mode: 'oauth' }] };
    expect(errorsOf('config', config)).toContain('/auth/0/mode must be equal to one of the allowed values');
  });

  it('rejects jwt without algorithm, HS256 without secret, RS256 without privateKeyFile, a misspelt jwt key', () => {
    expect(errorsOf('config', { auth: [{ mode: 'jwt', secret: 's' }] })).toContain("/auth/0 must have required property 'algorithm'");
    expect(errorsOf('config', { auth: [{ mode: 'jwt', algorithm: 'HS256' }] })).toContain("/auth/0 must have required property 'secret'");
    expect(errorsOf('config', { auth: [{ mode: 'jwt', algorithm: 'RS256', secret: 's' }] })).toContain("/auth/0 must have required property 'privateKeyFile'");
    expect(errorsOf('config', { auth: [{ mode: 'jwt', algorithm: 'HS512', secret: 's' }] })).toContain('/auth/0/algorithm must be equal to one of the allowed values');
    expect(errorsOf('config', { auth: [{ mode: 'jwt', algorithm: 'HS256', secret: 's', issuers: 'p' }] })).toContain('/auth/0 must NOT have additional properties');
  });

  it('rejects bad values: header mode without value, GET/PUT, country, URL, empty auth', () => {
    expect(errorsOf('config', { auth: [{ mode: 'header', name: 'X-Key' }] })).toContain("/auth/0 must have required property 'value'");
    expect(errorsOf('config', { merchant: { cartMethods: ['PUT'] } })).toEqual(['/merchant/cartMethods/0 must be equal to one of the allowed values']);
    expect(errorsOf('config', { merchant: { countryCode: 'Germany' } })).toEqual(['/merchant/countryCode must match pattern "^[A-Z]{2}$"']);
    expect(errorsOf('config', { merchant: { baseUrl: 'shop.example.com' } })).toHaveLength(1);
    expect(errorsOf('config', { platform: { guidIn: 'body' } })).toEqual(['/platform/guidIn must be equal to one of the allowed values']);
    expect(errorsOf('config', { auth: [] })).toEqual(['/auth must NOT have fewer than 1 items']);
    expect(errorsOf('config', { timeoutMs: '300000' })).toEqual(['/timeoutMs must be integer']);
  });

  it('describes every property (for editor completion)', () => {
    const missing: string[] = [];
    const schema = readJson('schemas/config.schema.json');
    // A property that is a local $ref is described where it points (editors show that description).
    const target = (ref: string): any => ref.replace(/^#\//, '').split('/').reduce((node: any, key) => node?.[key], schema);
    const walk = (node: any, path: string): void => {
      if (!node || typeof node !== 'object') return;
      for (const [key, sub] of Object.entries<any>(node.properties ?? {})) {
        const described = sub === true || sub.description || (typeof sub.$ref === 'string' && target(sub.$ref)?.description);
        if (!described) missing.push(`${path}/${key}`);
        walk(sub, `${path}/${key}`);
      }
      if (node.items) walk(node.items, `${path}/items`);
      for (const [i, branch] of (node.oneOf ?? []).entries()) walk(branch, `${path}/oneOf/${i}`);
    };
    walk(schema, '');
    expect(missing).toEqual([]);
  });
});
