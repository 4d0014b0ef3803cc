/**
 * The schema step with the wire's leniency: casing and alias variants and tolerated types are
 * warnings (errors with strict), unknown names are info, the rest are errors located in the input.
 */
import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../src/model.js';
import { validatePayload } from '../../src/validation/index.js';
import { sample } from './fixtures.js';

function check(checks: CheckResult[], id: string): CheckResult {
  const found = checks.find((c) => c.id === id);
  if (!found) throw new Error(`no check ${id} in ${checks.map((c) => c.id).join(', ')}`);
  return found;
}

describe('casing and aliases', () => {
  it('reports a top-level name in another casing as a warning naming the documented form', () => {
    const cart = sample('cart-full.json');
    cart.ProductsList = cart.productsList;
    delete cart.productsList;
    const checks = validatePayload('cart', cart);
    const lenient = check(checks, 'lenient');
    expect(lenient.status).toBe('warning');
    expect(lenient.findings).toEqual([
      { path: '/ProductsList', message: 'ProductsList: documented as productsList', expected: 'productsList', actual: 'ProductsList', severity: 'warning' },
    ]);
    // Renamed before the second pass: no missing-productsList error, no rule failure.
    expect(check(checks, 'schema').findings).toEqual([]);
    expect(checks.filter((c) => c.status === 'failed')).toEqual([]);
  });

  it('finds variants nested under a renamed property and reports them at their path in the input', () => {
    const cart = sample('cart-full.json');
    cart.ProductsList = cart.productsList;
    delete cart.productsList;
    cart.ProductsList[1].salePrice = cart.ProductsList[1].SalePrice;
    delete cart.ProductsList[1].SalePrice;
    const lenient = check(validatePayload('cart', cart), 'lenient');
    expect(lenient.findings.map((f) => [f.path, f.expected])).toEqual([
      ['/ProductsList', 'productsList'],
      ['/ProductsList/1/salePrice', 'SalePrice'],
    ]);
  });

  it('accepts a tolerated alias (x-aliases) as a warning that says so', () => {
    const order = sample('order-full.json');
    order.vatRegistrationNumber = 'DE123456789';
    const lenient = check(validatePayload('order', order), 'lenient');
    expect(lenient.findings).toHaveLength(1);
    expect(lenient.findings[0]).toMatchObject({ path: '/vatRegistrationNumber', expected: 'VATRegistrationNumber', actual: 'vatRegistrationNumber', severity: 'warning' });
    expect(lenient.findings[0].message).toContain('alias');
    expect(check(validatePayload('order', order, { strict: true }), 'lenient').status).toBe('failed');
  });

  it('accepts a documented alias (x-documented-aliases) as info, even with strict, and reads it as the schema name', () => {
    const cart = sample('cart-full.json');
    cart.discountList = cart.discountsList;
    delete cart.discountsList;
    for (const strict of [false, true]) {
      const checks = validatePayload('cart', cart, { strict });
      const lenient = check(checks, 'lenient');
      expect(lenient).toMatchObject({ status: 'passed', findings: [{ path: '/discountList', message: 'discountList: a documented name of discountsList (read as discountsList)', expected: 'discountsList', actual: 'discountList', severity: 'info' }] });
      expect(checks.filter((c) => c.status !== 'passed')).toEqual([]);
    }
    // Another casing of a documented alias is a casing deviation like any other.
    const cased = sample('cart-full.json');
    cased.DiscountList = cased.discountsList;
    delete cased.discountsList;
    expect(check(validatePayload('cart', cased), 'lenient').findings).toEqual([expect.objectContaining({ path: '/DiscountList', expected: 'discountsList', severity: 'warning' })]);
  });

  it('finds another casing of a required name inside a map open to extra names (CardFields)', () => {
    const request = sample('gift-card-request.json');
    request.cardFields = { cardId: request.CardFields.CardId, CardPin: request.CardFields.CardPin };
    delete request.CardFields;
    const checks = validatePayload('gift-card-request', request);
    expect(checks.filter((c) => c.status === 'failed')).toEqual([]);
    expect(check(checks, 'lenient').findings.map((f) => [f.path, f.expected])).toEqual([
      ['/cardFields', 'CardFields'],
      ['/cardFields/cardId', 'CardId'],
    ]);
  });

  it('reports a variant sent beside its documented name as a duplicate', () => {
    const order = sample('order-full.json');
    order.orderId = 'GE-OTHER';
    const lenient = check(validatePayload('order', order), 'lenient');
    expect(lenient.findings).toHaveLength(1);
    expect(lenient.findings[0]).toMatchObject({ path: '/orderId', expected: 'OrderId', actual: 'orderId' });
    expect(lenient.findings[0].message).toContain('duplicates OrderId');
  });
});

describe('tolerated types', () => {
  it('warns on a number sent as a numeric string, naming the documented type', () => {
    const order = sample('order-full.json');
    order.Products[0].Quantity = '2';
    order.Products[0].Price = '42.21';
    const checks = validatePayload('order', order);
    const lenient = check(checks, 'lenient');
    expect(lenient.findings).toHaveLength(2);
    expect(lenient.findings).toEqual(
      expect.arrayContaining([
        { path: '/Products/0/Price', message: '"42.21" is a string; documented as a number (42.21)', expected: 'number', actual: '42.21', severity: 'warning' },
        { path: '/Products/0/Quantity', message: '"2" is a string; documented as a number (2)', expected: 'number', actual: '2', severity: 'warning' },
      ]),
    );
    expect(check(checks, 'schema').status).toBe('passed');
  });

  it('warns on a number where a string is documented, and on "true"/"false" for a boolean', () => {
    const cart = sample('cart-full.json');
    cart.productsList[0].Categories[0].CategoryCode = 161;
    cart.productsList[0].IsBundle = 'false';
    const findings = check(validatePayload('cart', cart), 'lenient').findings;
    expect(findings).toHaveLength(2);
    expect(findings.find((f) => f.path === '/productsList/0/Categories/0/CategoryCode')).toMatchObject({ expected: 'string', actual: 161, severity: 'warning' });
    expect(findings.find((f) => f.path === '/productsList/0/IsBundle')).toMatchObject({ expected: 'boolean', actual: 'false', severity: 'warning' });
  });

  it('warns on an empty string for an optional code (read as absent), and fails it where the code is required', () => {
    const order = sample('order-full.json');
    order.OTCurrencyCode = '';
    order.PrimaryShipping.CountryCode3 = '';
    const checks = validatePayload('order', order);
    expect(check(checks, 'schema').findings).toEqual([]);
    expect(check(checks, 'lenient').findings).toEqual([
      expect.objectContaining({ path: '/OTCurrencyCode', expected: 'null or matching ^[A-Z]{3}$', actual: '', severity: 'warning' }),
      expect.objectContaining({ path: '/PrimaryShipping/CountryCode3', actual: '', severity: 'warning' }),
    ]);
    expect(check(validatePayload('order', order, { strict: true }), 'lenient').status).toBe('failed');
    const request = sample('gift-card-request.json');
    request.ShippingCountryCode = '';
    const required = validatePayload('gift-card-request', request);
    expect(check(required, 'lenient').findings).toEqual([]);
    expect(check(required, 'schema').findings).toEqual([expect.objectContaining({ path: '/ShippingCountryCode', actual: '', severity: 'error' })]);
  });

  it('reads "" for any optional value as absent, as the platform\'s .NET reader does: records, lists, numbers, enums', () => {
    const cart = sample('cart-full.json');
    Object.assign(cart.productsList[0], { Brand: '', Categories: '', Volume: '', ImageHeight: '', ImageWidth: '', IsBackOrdered: '' });
    const checks = validatePayload('cart', cart);
    expect(check(checks, 'schema').findings).toEqual([]);
    const lenient = check(checks, 'lenient');
    expect(lenient.status).toBe('warning');
    expect(lenient.findings.map((f) => f.path).sort()).toEqual(['Brand', 'Categories', 'ImageHeight', 'ImageWidth', 'IsBackOrdered', 'Volume'].map((n) => `/productsList/0/${n}`).sort());
    expect(lenient.findings.find((f) => f.path === '/productsList/0/Brand')).toEqual({
      path: '/productsList/0/Brand',
      message: 'an empty string where an object is documented; the platform reads it as absent: send null or leave it out',
      expected: 'null or object',
      actual: '',
      severity: 'warning',
    });
    expect(checks.filter((c) => c.status === 'failed')).toEqual([]);
    expect(check(validatePayload('cart', cart, { strict: true }), 'lenient').status).toBe('failed');
    // An optional code with an enum, and an optional integer enum, alike.
    const order = sample('order-full.json');
    order.OrderCreationSource = '';
    order.OrderDocuments[0].DocumentExtension = '';
    const orderChecks = validatePayload('order', order);
    expect(check(orderChecks, 'schema').findings).toEqual([]);
    expect(check(orderChecks, 'lenient').findings.map((f) => f.path)).toEqual(expect.arrayContaining(['/OrderCreationSource', '/OrderDocuments/0/DocumentExtension']));
  });

  it('fails a required value sent as "" and says the reader reads it as absent', () => {
    const cart = sample('cart-full.json');
    cart.discountsList[0].OriginalDiscountValue = '';
    expect(check(validatePayload('cart', cart), 'schema').findings).toEqual([
      expect.objectContaining({ path: '/discountsList/0/OriginalDiscountValue', message: 'must be number, not string: required, and an empty string reads as absent', severity: 'error' }),
    ]);
  });

  it('keeps a non-numeric string where a number is documented an error, with expected and actual', () => {
    const order = sample('order-full.json');
    order.Products[0].Quantity = 'two';
    const schema = check(validatePayload('order', order), 'schema');
    expect(schema.status).toBe('failed');
    expect(schema.findings).toContainEqual(expect.objectContaining({ path: '/Products/0/Quantity', expected: expect.stringContaining('number'), actual: 'two', severity: 'error' }));
  });

  it('finds the real errors after normalising: a bad value under a renamed property', () => {
    const cart = sample('cart-full.json');
    cart.PRODUCTSLIST = cart.productsList;
    delete cart.productsList;
    cart.PRODUCTSLIST[0].OrderedQuantity = { n: 2 };
    const schema = check(validatePayload('cart', cart), 'schema');
    // An object received is named by its type, as the contract's report example shows.
    expect(schema.findings).toEqual([expect.objectContaining({ path: '/PRODUCTSLIST/0/OrderedQuantity', expected: 'number | null', actual: 'object', severity: 'error' })]);
  });
});

describe('nullable records (anyOf: the record or null)', () => {
  it('keeps an unknown property inside a nullable record informational: the schema passes', () => {
    const order = sample('order-full.json');
    order.Customer.LoyaltyTier = 'gold';
    order.InternationalDetails.PaymentProvider = 'adyen';
    const checks = validatePayload('order', order);
    expect(check(checks, 'schema')).toMatchObject({ status: 'passed', findings: [] });
    expect(check(checks, 'unknown-properties').findings.map((f) => f.path)).toEqual(['/Customer/LoyaltyTier', '/InternationalDetails/PaymentProvider']);
    expect(checks.filter((c) => c.status !== 'passed')).toEqual([]);
  });

  it('reports only the real error inside a nullable record, not "must be null" or "no documented form"', () => {
    const order = sample('order-full.json');
    order.Customer.IsEndCustomerPrimary = 'yes';
    expect(check(validatePayload('order', order), 'schema').findings).toEqual([
      { path: '/Customer/IsEndCustomerPrimary', message: 'must be boolean or null, not string', expected: 'boolean | null', actual: 'yes', severity: 'error' },
    ]);
  });

  it('says once that an array is neither the record nor null', () => {
    const order = sample('order-full.json');
    order.SecondaryShipping = [order.SecondaryShipping];
    expect(check(validatePayload('order', order), 'schema').findings).toEqual([
      { path: '/SecondaryShipping', message: 'must be object or null, not array', expected: 'object | null', actual: 'array', severity: 'error' },
    ]);
  });
});

describe('one finding per problem', () => {
  it('a required enum sent as null is a type error, not also "not one of the documented values"', () => {
    const cart = sample('cart-full.json');
    cart.discountsList[0].CalculationMode = null;
    expect(check(validatePayload('cart', cart), 'schema').findings).toEqual([
      { path: '/discountsList/0/CalculationMode', message: 'must be integer, not null: required, and null reads as absent', expected: 'integer', actual: null, severity: 'error' },
    ]);
  });
});

describe('nesting', () => {
  it('fails a document nested deeper than .NET readers accept, without overflowing the stack', () => {
    const order = sample('order-full.json');
    order.Extra = JSON.parse(`${'['.repeat(100000)}${']'.repeat(100000)}`);
    const checks = validatePayload('order', order);
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatchObject({ id: 'schema', status: 'failed' });
    expect(checks[0].findings[0]).toMatchObject({ path: `/Extra${'/0'.repeat(63)}`, expected: 'at most 64 nested objects or arrays', severity: 'error' });
  });

  it('fails deeply nested Subs (the validator recurses on them) and accepts the shipped nesting', () => {
    let order: Record<string, unknown> = { MerchantGUID: 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77', OrderId: 'GE1' };
    for (let i = 0; i < 2000; i++) order = { MerchantGUID: 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77', OrderId: `GE${i}`, Subs: [order] };
    expect(validatePayload('order', order)[0]).toMatchObject({ id: 'schema', status: 'failed' });
    expect(validatePayload('order', sample('order-mixed.json')).every((c) => c.status === 'passed')).toBe(true);
  });
});

describe('unknown properties', () => {
  it('reports an undocumented name as info with a did-you-mean, and the check passes', () => {
    const order = sample('order-full.json');
    order.Products[0].ProductNmae = 'x';
    order.CustomField = 1;
    const checks = validatePayload('order', order);
    const unknown = check(checks, 'unknown-properties');
    expect(unknown.status).toBe('passed');
    expect(unknown.findings).toHaveLength(2);
    expect(unknown.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: '/CustomField', actual: 'CustomField', severity: 'info' }),
        expect.objectContaining({ path: '/Products/0/ProductNmae', expected: 'ProductName', severity: 'info' }),
      ]),
    );
    expect(unknown.findings.find((f) => f.path === '/Products/0/ProductNmae')?.message).toContain('did you mean ProductName?');
    expect(checks.every((c) => c.status === 'passed')).toBe(true);
  });
});

describe('undocumented properties are not judged', () => {
  it('does not fail codes, e-mails or URLs held by properties the interface does not name', () => {
    const order = sample('order-full.json');
    order.SecondaryShipping.PhoneCountryCode = '+49';
    order.InternationalDetails.TrackingUrl = 'see DHL';
    order.BillingEmail = 'n/a';
    const checks = validatePayload('order', order);
    expect(checks.filter((c) => c.status !== 'passed')).toEqual([]);
    expect(check(checks, 'unknown-properties').findings).toHaveLength(3);
  });

  it('still judges a documented property sent in another casing, at its path as sent', () => {
    const order = sample('order-full.json');
    order.SecondaryShipping.countrycode = 'XX';
    delete order.SecondaryShipping.CountryCode;
    expect(check(validatePayload('order', order), 'iso-codes').findings).toEqual([expect.objectContaining({ path: '/SecondaryShipping/countrycode', actual: 'XX', severity: 'error' })]);
  });
});

describe('strict', () => {
  it('turns tolerated forms into failures and leaves unknown names informational', () => {
    const order = sample('order-full.json');
    order.Products[0].Quantity = '2';
    order.CustomField = 1;
    const lax = validatePayload('order', order);
    const strict = validatePayload('order', order, { strict: true });
    expect(check(lax, 'lenient').status).toBe('warning');
    expect(check(strict, 'lenient').status).toBe('failed');
    expect(check(strict, 'lenient').findings[0].severity).toBe('error');
    expect(check(strict, 'unknown-properties').status).toBe('passed');
  });

  it('turns rule warnings into failures too', () => {
    const order = sample('order-full.json');
    order.Subs = [];
    expect(check(validatePayload('order', order), 'order-subs').status).toBe('warning');
    expect(check(validatePayload('order', order, { strict: true }), 'order-subs').status).toBe('failed');
  });
});

describe('purity', () => {
  it('never mutates the input, even when it normalises a copy', () => {
    const cart = sample('cart-full.json');
    cart.ProductsList = cart.productsList;
    delete cart.productsList;
    cart.ProductsList[0].OrderedQuantity = '2';
    const before = JSON.stringify(cart);
    validatePayload('cart', cart);
    expect(JSON.stringify(cart)).toBe(before);
  });

  it('a conforming document passes every check with no findings', () => {
    const checks = validatePayload('order', sample('order-full.json'));
    expect(checks.map((c) => c.id).slice(0, 3)).toEqual(['schema', 'lenient', 'unknown-properties']);
    expect(checks.filter((c) => c.status !== 'passed' || c.findings.length > 0)).toEqual([]);
  });
});
