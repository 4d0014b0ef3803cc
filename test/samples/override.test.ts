import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyOverrides, getAtPath, parseSet } from '../../src/samples/override.js';
import { loadSample } from '../../src/samples/catalog.js';
import { parsePath } from '../../src/samples/path-syntax.js';
import { loadKindSchema, schemaTypesAt } from '../../src/samples/schema-path.js';
import { UsageError } from '../../src/errors.js';
import { runs } from '../helpers/fuzz-runs.js';

const base = () => ({
  OrderId: 'GE92799319GB',
  Customer: { IsEndCustomerPrimary: false },
  Products: [
    { Sku: 'A-1', Quantity: 1 },
    { Sku: 'B-2', Quantity: 2 },
  ],
  PaymentDetails: null as unknown,
  a: { b: [{ c: 1 }, { c: 2 }, { c: 3 }] },
});

function usageError(fn: () => unknown): UsageError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return error as UsageError;
  }
  throw new Error('expected a UsageError');
}

describe('parseSet', () => {
  it('parses the value as JSON when it parses, else as a raw string', () => {
    expect(parseSet('Products[0].Quantity=3').value).toBe(3);
    expect(parseSet('Customer.IsEndCustomerPrimary=true').value).toBe(true);
    expect(parseSet('MerchantOrderId=null').value).toBeNull();
    expect(parseSet('Customer={"SendConfirmation":true}').value).toEqual({ SendConfirmation: true });
    expect(parseSet('Zip="12345"').value).toBe('12345');
    expect(parseSet('Zip=01234').value).toBe('01234');
    expect(parseSet('OrderId=GE1X').value).toBe('GE1X');
    expect(parseSet('OrderId=').value).toBe('');
  });

  it('splits at the first = only', () => {
    expect(parseSet('Url=https://x.example/?a=1&b=2')).toMatchObject({ path: 'Url', value: 'https://x.example/?a=1&b=2' });
  });

  it('rejects a missing = and malformed paths', () => {
    expect(usageError(() => parseSet('OrderId')).message).toContain('Path=value');
    usageError(() => parseSet('a..b=1'));
    usageError(() => parseSet('a[x]=1'));
    usageError(() => parseSet('=1'));
  });
});

describe('applyOverrides on payload paths', () => {
  it('sets existing paths of every form and returns a new document', () => {
    const doc = base();
    const before = structuredClone(doc);
    const out = applyOverrides(doc, ['Products[0].Quantity=3', 'Customer.IsEndCustomerPrimary=true', 'a.b[2].c="x"', 'OrderId=GE1X']) as ReturnType<typeof base>;
    expect(out.Products[0].Quantity).toBe(3);
    expect(out.Customer.IsEndCustomerPrimary).toBe(true);
    expect(out.a.b[2].c).toBe('x');
    expect(out.OrderId).toBe('GE1X');
    expect(out.Products[1]).toEqual({ Sku: 'B-2', Quantity: 2 });
    expect(doc).toEqual(before);
    expect(out).not.toBe(doc);
    expect(out.Products).not.toBe(doc.Products);
  });

  it('applies sets in order (a later set wins) and can replace a whole object', () => {
    const out = applyOverrides(base(), ['OrderId=A', 'OrderId=B', 'Customer={"SendConfirmation":true}']) as ReturnType<typeof base>;
    expect(out.OrderId).toBe('B');
    expect(out.Customer).toEqual({ SendConfirmation: true });
  });

  it('without a kind, an index past the end is not in the payload: an error', () => {
    expect(usageError(() => applyOverrides(base(), ['Products[2]={"Sku":"C-3"}'])).message).toContain('Products[2]');
  });

  it('without a kind, a path absent from the payload is an error with a suggestion', () => {
    const e = usageError(() => applyOverrides(base(), ['Customer.IsEndCustomerPrimery=true']));
    expect(e.message).toContain('Customer.IsEndCustomerPrimery');
    expect(e.message).toContain('Did you mean IsEndCustomerPrimary?');
    expect(e.exitCode).toBe(2);
  });

  it('no --set returns an equal copy', () => {
    const doc = base();
    const out = applyOverrides(doc, []);
    expect(out).toEqual(doc);
    expect(out).not.toBe(doc);
  });
});

describe('applyOverrides with a schema', () => {
  it('creates missing intermediate objects and arrays for documented paths (cart)', () => {
    const cart = loadSample('cart-full') as Record<string, unknown>;
    delete cart.shippingDetails;
    const out = applyOverrides(cart, ['shippingDetails.City=Berlin', 'urlParameters[0].Key="x"'], 'cart') as Record<string, any>;
    expect(out.shippingDetails).toEqual({ City: 'Berlin' });
    expect(Array.isArray(out.urlParameters)).toBe(true);
    expect('shippingDetails' in cart).toBe(false);
  });

  it('creates below an explicit null', () => {
    const cart = loadSample('cart-multi-address') as Record<string, unknown>;
    cart.billingDetails = null;
    const out = applyOverrides(cart, ['billingDetails.Email=a%40b.example'], 'cart') as Record<string, any>;
    expect(out.billingDetails).toEqual({ Email: 'a%40b.example' });
    expect(cart.billingDetails).toBeNull();
  });

  it('a path in neither payload nor schema is a UsageError naming the path and the closest documented name', () => {
    const cart = loadSample('cart-full');
    const e = usageError(() => applyOverrides(cart, ['userDetails.AddressDetails[0].Emial=x'], 'cart'));
    expect(e.message).toContain('userDetails.AddressDetails[0].Emial');
    expect(e.message).toContain('Did you mean Email?');
    const top = usageError(() => applyOverrides(cart, ['productList[0].Quantity=1'], 'cart'));
    expect(top.message).toContain('Did you mean productsList?');
  });

  it('appends at [length] of a documented array and refuses an index past it', () => {
    const cart = loadSample('cart-full') as { productsList: unknown[] };
    const n = cart.productsList.length;
    const out = applyOverrides(cart, [`productsList[${n}]={"ProductCode":"NEW"}`], 'cart') as { productsList: unknown[] };
    expect(out.productsList).toHaveLength(n + 1);
    expect(out.productsList[n]).toEqual({ ProductCode: 'NEW' });
    expect(cart.productsList).toHaveLength(n);
    const e = usageError(() => applyOverrides(cart, [`productsList[${n + 3}].Name=x`], 'cart'));
    expect(e.message).toContain(`index ${n + 3} is past the end of productsList`);
  });

  it('refuses to descend into a scalar', () => {
    const cart = loadSample('cart-full');
    usageError(() => applyOverrides(cart, ['currencyCode.x=1'], 'cart'));
  });
});

describe('values typed by the schema', () => {
  it('keeps a number or boolean literal as text where the order schema documents a string', () => {
    const order = loadSample('order-full') as Record<string, any>;
    const out = applyOverrides(order, ['OrderId=12345', 'CartId=true', 'Products[0].Sku=4711', 'MerchantOrderId=null', 'OTVoucherCode="007"'], 'order') as Record<string, any>;
    expect(out.OrderId).toBe('12345');
    expect(out.CartId).toBe('true');
    expect(out.Products[0].Sku).toBe('4711');
    // null is no number or boolean: an explicit null stays null where the schema allows it.
    expect(out.MerchantOrderId).toBeNull();
    expect(out.OTVoucherCode).toBe('007');
  });

  it('reads numeric text as a number where the schema documents a number, and a quoted one as a string on purpose', () => {
    const order = loadSample('order-full') as Record<string, any>;
    const out = applyOverrides(order, ['Products[0].Quantity=3', 'Products[0].Price=.5', 'Products[1].Price=007', 'OTVoucherAmount=+2.50', 'Products[0].VATRate="0.19"'], 'order') as Record<string, any>;
    expect(out.Products[0].Quantity).toBe(3);
    expect(out.Products[0].Price).toBe(0.5);
    expect(out.Products[1].Price).toBe(7);
    expect(out.OTVoucherAmount).toBe(2.5);
    expect(out.Products[0].VATRate).toBe('0.19');
    // Not numeric: kept as text for the schema step to judge.
    expect((applyOverrides(order, ['Products[0].Quantity=two'], 'order') as Record<string, any>).Products[0].Quantity).toBe('two');
  });

  it('parses as JSON where the schema leaves the type open or documents something else', () => {
    const order = loadSample('order-full') as Record<string, any>;
    order.Extra = { Value: 'x' };
    const out = applyOverrides(order, ['Extra.Value=12', 'Products[0].Brand.Code=12', 'Customer={"SendConfirmation":true}'], 'order') as Record<string, any>;
    // An undocumented property, and a value the schema leaves open (Brand: an object of any shape).
    expect(out.Extra.Value).toBe(12);
    expect(out.Products[0].Brand.Code).toBe(12);
    expect(out.Customer).toEqual({ SendConfirmation: true });
    // Without a kind nothing is typed: JSON as before.
    expect((applyOverrides(order, ['OrderId=12345']) as Record<string, any>).OrderId).toBe(12345);
  });

  it('sends CardFields.CardPin=4321 as the string "4321" (CardFields is a string map)', () => {
    const request = loadSample('gift-card-request') as Record<string, any>;
    const out = applyOverrides(request, ['CardFields.CardPin=4321', 'CardFields.CardId=6035550012345678', 'CardFields.SecurityCode=987', 'CardFields.Flag=false'], 'gift-card-request') as Record<string, any>;
    expect(out.CardFields).toMatchObject({ CardPin: '4321', CardId: '6035550012345678', SecurityCode: '987', Flag: 'false' });
    expect(typeof out.CardFields.CardId).toBe('string');
  });
});

describe('applyOverrides with the order schema', () => {
  it('suggests IsEndCustomerPrimary for IsEndCustomerPrimery', () => {
    const order = loadSample('order-minimal');
    const e = usageError(() => applyOverrides(order, ['Customer.IsEndCustomerPrimery=true'], 'order'));
    expect(e.message).toContain('Did you mean IsEndCustomerPrimary?');
  });

  it('creates a documented block that the minimal order lacks', () => {
    const order = loadSample('order-minimal') as Record<string, unknown>;
    delete order.InternationalDetails;
    const out = applyOverrides(order, ['InternationalDetails.OrderTrackingUrl=https%3A%2F%2Ft.example'], 'order') as Record<string, any>;
    expect(out.InternationalDetails.OrderTrackingUrl).toBe('https%3A%2F%2Ft.example');
  });
});

const jsonValue = fc.jsonValue({ maxDepth: 2 });
const key = fc.constantFrom('a', 'b', 'c', 'OrderId', 'x y', '__proto__', 'constructor');

describe('properties', () => {
  it('never mutates its input and round-trips set/get', () => {
    fc.assert(
      fc.property(fc.dictionary(key, jsonValue), key, jsonValue, (doc, k, value) => {
        const before = JSON.stringify(doc);
        const target = { data: doc, list: [doc] };
        const out = applyOverrides(target, [`data.${k}=1`, `list[0].${k}=${JSON.stringify(value)}`].filter((s) => getAtPath(target, s.split('=')[0]).found));
        expect(JSON.stringify(doc)).toBe(before);
        void out;
        const set = applyOverrides(target, [`list[0]=${JSON.stringify(value)}`]);
        expect(getAtPath(set, 'list[0]')).toEqual({ found: true, value: JSON.parse(JSON.stringify(value)) });
        expect(JSON.stringify(doc)).toBe(before);
      }),
      runs(300),
    );
  });

  it('round-trips a set on every existing path of a real sample (typed by the schema)', () => {
    const cart = loadSample('cart-full');
    const schema = loadKindSchema('cart')!;
    fc.assert(
      fc.property(fc.constantFrom(...leafPaths(cart)), jsonValue, (path, value) => {
        const before = JSON.stringify(cart);
        const text = JSON.stringify(value);
        const out = applyOverrides(cart, [`${path}=${text}`], 'cart');
        // Where only a string is documented, a number or boolean literal is kept as the text typed.
        const types = [...(schemaTypesAt(schema, parsePath(path)) ?? [])].filter((t) => t !== 'null');
        const asText = types.length > 0 && types.every((t) => t === 'string') && (typeof value === 'number' || typeof value === 'boolean');
        expect(getAtPath(out, path)).toEqual({ found: true, value: asText ? text : JSON.parse(text) });
        expect(JSON.stringify(cart)).toBe(before);
      }),
      runs(300),
    );
  });

  it('arbitrary path strings either apply or throw UsageError', () => {
    const cart = loadSample('cart-full');
    const pathChars = fc.string({ unit: fc.constantFrom('a', 'B', '.', '[', ']', '0', '1', '=', 'x', '_', ' ', 'é'), maxLength: 20 });
    const anyPath = fc.oneof(pathChars, fc.string({ maxLength: 20 }), fc.constantFrom(...leafPaths(cart)));
    fc.assert(
      fc.property(anyPath, fc.string({ maxLength: 10 }), fc.constantFrom(undefined, 'cart' as const), (path, value, kind) => {
        try {
          applyOverrides(cart, [`${path}=${value}`], kind);
        } catch (error) {
          expect(error).toBeInstanceOf(UsageError);
        }
      }),
      runs(500),
    );
  });
});

/** Every leaf's path in --set form. */
function leafPaths(doc: unknown, prefix = ''): string[] {
  if (Array.isArray(doc)) return doc.flatMap((v, i) => leafPaths(v, `${prefix}[${i}]`));
  if (doc !== null && typeof doc === 'object') {
    return Object.entries(doc).flatMap(([k, v]) => leafPaths(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}
