import { describe, expect, it } from 'vitest';
import { lookupSchemaPath, loadKindSchema, schemaTypesAt, type JsonSchema } from '../../src/samples/schema-path.js';
import { parsePath } from '../../src/samples/path-syntax.js';

const schema: JsonSchema = {
  type: 'object',
  properties: {
    Customer: { $ref: '#/$defs/Customer' },
    Products: { type: ['array', 'null'], items: { $ref: '#/$defs/Product' } },
    discountsList: { type: 'array', items: { type: 'object', properties: { Name: { type: 'string' } } }, 'x-aliases': ['discountList'] },
    Pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'object', properties: { X: { type: 'number' } } }] },
    Meta: { type: ['object', 'null'], description: 'free-form' },
    Either: { anyOf: [{ type: 'null' }, { $ref: '#/$defs/Customer' }] },
    One: { oneOf: [{ type: 'object', properties: { A: { type: 'string' } } }, { type: 'object', properties: { B: { type: 'string' } } }] },
    Map: { type: 'object', additionalProperties: { type: 'object', properties: { V: { type: 'string' } } } },
    Status: { enum: [0, 1] },
  },
  $defs: {
    Customer: { type: ['object', 'null'], properties: { IsEndCustomerPrimary: { type: 'boolean' }, SendConfirmation: { type: 'boolean' } } },
    Product: { type: 'object', properties: { Quantity: { type: 'number' }, Attributes: { type: 'array', items: { $ref: '#/$defs/Attr' } } } },
    Attr: { type: 'object', properties: { AttributeKey: { type: 'string' } } },
  },
};

const look = (p: string) => lookupSchemaPath(schema, parsePath(p));

describe('lookupSchemaPath', () => {
  it('follows properties, $ref to $defs, items and nested refs', () => {
    expect(look('Customer.IsEndCustomerPrimary')).toEqual({ found: true });
    expect(look('Products[0].Quantity')).toEqual({ found: true });
    expect(look('Products[3].Attributes[1].AttributeKey')).toEqual({ found: true });
  });

  it('accepts aliases, tolerated and documented', () => {
    expect(look('discountList[0].Name')).toEqual({ found: true });
    const order = loadKindSchema('order')!;
    expect(lookupSchemaPath(order, parsePath('OTVoucherCurrencyCode'))).toEqual({ found: true });
    expect(lookupSchemaPath(order, parsePath('PaymentDetails.StateOrProvice'))).toEqual({ found: true });
  });

  it('follows prefixItems, anyOf, oneOf and additionalProperties', () => {
    expect(look('Pair[1].X')).toEqual({ found: true });
    expect(look('Either.SendConfirmation')).toEqual({ found: true });
    expect(look('One.A')).toEqual({ found: true });
    expect(look('One.B')).toEqual({ found: true });
    expect(look('Map.anything.V')).toEqual({ found: true });
  });

  it('accepts any path below an object whose shape is not documented', () => {
    expect(look('Meta.Anything.Deeper')).toEqual({ found: true });
  });

  it('is case-sensitive and reports the failing depth and the names known there', () => {
    const r = look('Customer.IsEndCustomerPrimery');
    expect(r).toEqual({ found: false, depth: 1, candidates: ['IsEndCustomerPrimary', 'SendConfirmation'] });
    expect(look('customer.IsEndCustomerPrimary')).toMatchObject({ found: false, depth: 0 });
  });

  it('rejects keys below scalars, indexes on objects and keys below enums', () => {
    expect(look('Products[0].Quantity.x')).toMatchObject({ found: false, depth: 3 });
    expect(look('Customer[0]')).toMatchObject({ found: false, depth: 1 });
    expect(look('Status.x')).toMatchObject({ found: false, depth: 1 });
    expect(look('constructor')).toMatchObject({ found: false, depth: 0 });
    expect(look('__proto__')).toMatchObject({ found: false, depth: 0 });
  });

  it('loads the shipped schema of a kind, and nothing for an unknown kind', () => {
    const cart = loadKindSchema('cart');
    expect(cart && typeof cart === 'object' && (cart as { $id?: string }).$id).toBe('https://xborder.dev/schemas/cart.schema.json');
    expect(lookupSchemaPath(cart!, parsePath('userDetails.AddressDetails[0].Email'))).toEqual({ found: true });
    expect(loadKindSchema('no-such-kind')).toBeUndefined();
  });
});

describe('schemaTypesAt', () => {
  const types = (p: string) => {
    const t = schemaTypesAt(schema, parsePath(p));
    return t && [...t].sort();
  };

  it('gives the union of the types documented at the path, through refs, combinators and maps', () => {
    expect(types('Products[0].Quantity')).toEqual(['number']);
    expect(types('Customer.IsEndCustomerPrimary')).toEqual(['boolean']);
    expect(types('Customer')).toEqual(['null', 'object']);
    expect(types('Either')).toEqual(['null', 'object']);
    expect(types('Map.anything.V')).toEqual(['string']);
    expect(types('discountList[0].Name')).toEqual(['string']);
  });

  it('is undefined where the type is left open or the path is not documented', () => {
    expect(types('Meta.Anything')).toBeUndefined();
    expect(types('Status')).toBeUndefined();
    expect(types('Nope')).toBeUndefined();
  });

  it('reads the shipped schemas: CardFields is a string map', () => {
    const request = loadKindSchema('gift-card-request')!;
    expect([...schemaTypesAt(request, parsePath('CardFields.CardPin'))!].sort()).toEqual(['null', 'string']);
    expect([...schemaTypesAt(request, parsePath('CardFields.Other'))!].sort()).toEqual(['null', 'string']);
    expect([...schemaTypesAt(loadKindSchema('order')!, parsePath('OrderId'))!]).toEqual(['string']);
  });
});
