/**
 * The schemas of the rest of the order lifecycle (payment-request, status-update, shipping-info,
 * refund, documents) as written: standard JSON Schema 2020-12 that ajv compiles in strict mode once
 * order.schema.json is known (their `$ref`s name its definitions relative to their `$id`), with the
 * conventions of the other payload schemas, and their samples valid under the standard reading.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';

type Obj = Record<string, any>;

const root = new URL('../../', import.meta.url);
const readJson = (rel: string): any => JSON.parse(readFileSync(new URL(rel, root), 'utf8'));

const SCHEMAS = ['payment-request', 'status-update', 'shipping-info', 'refund', 'documents'] as const;
type SchemaName = (typeof SCHEMAS)[number];
const SAMPLE_OF: Record<SchemaName, string> = {
  'payment-request': 'payment-request',
  'status-update': 'status-update-canceled',
  'shipping-info': 'shipping-info',
  refund: 'refund-partial',
  documents: 'documents',
};

// ajv and ajv-formats are CommonJS: under NodeNext the default import is the module object.
const Ajv = Ajv2020.default;
const ajv = new Ajv({ strict: true, allowUnionTypes: true, allErrors: true });
addFormats.default(ajv);
ajv.addKeyword('x-aliases');
ajv.addKeyword('x-documented-aliases');
ajv.addKeyword('x-judged-by');
ajv.addSchema(readJson('schemas/order.schema.json'));
const validators = new Map<SchemaName, ValidateFunction>(SCHEMAS.map((name) => [name, ajv.compile(readJson(`schemas/${name}.schema.json`))]));

/** ajv's errors as `path keyword` lines, the echoes of a nullable record's anyOf dropped. */
function errorsOf(name: SchemaName, doc: unknown): string[] {
  const validate = validators.get(name)!;
  if (validate(doc)) return [];
  return (validate.errors ?? []).filter((e) => e.keyword !== 'anyOf' && !e.schemaPath.endsWith('/anyOf/1/type')).map((e) => `${e.instancePath || '/'} ${e.keyword}`);
}
const sample = (name: SchemaName): Obj => readJson(`samples/${SAMPLE_OF[name]}.json`);

/** Every object schema with `properties` in a schema file: its own properties and $defs. */
function objectSchemas(schema: Obj, at = '#'): { at: string; node: Obj }[] {
  const out: { at: string; node: Obj }[] = [];
  const walk = (node: unknown, path: string) => {
    if (!node || typeof node !== 'object' || Array.isArray(node)) return;
    const n = node as Obj;
    if (n.properties) out.push({ at: path, node: n });
    for (const [name, sub] of Object.entries(n.properties ?? {})) walk(sub, `${path}/properties/${name}`);
    for (const [name, sub] of Object.entries(n.$defs ?? {})) walk(sub, `${path}/$defs/${name}`);
    for (const key of ['items', 'additionalProperties']) walk(n[key], `${path}/${key}`);
    for (const key of ['anyOf', 'oneOf', 'allOf']) (n[key] ?? []).forEach((sub: unknown, i: number) => walk(sub, `${path}/${key}/${i}`));
  };
  walk(schema, at);
  return out;
}

describe('lifecycle schemas', () => {
  it.each(SCHEMAS)('%s has the contract $id, draft 2020-12 and a title', (name) => {
    const schema = readJson(`schemas/${name}.schema.json`);
    expect(schema.$id).toBe(`https://xborder.dev/schemas/${name}.schema.json`);
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.title).toEqual(expect.any(String));
    expect(schema.description.length).toBeGreaterThan(40);
  });

  it.each(SCHEMAS)('%s never closes its property sets and refers to the order schema for shared records', (name) => {
    const text = readFileSync(new URL(`schemas/${name}.schema.json`, root), 'utf8');
    expect(text).not.toContain('"additionalProperties": false');
    const refs = [...text.matchAll(/"\$ref": "([^"]*)"/g)].map((m) => m[1]);
    for (const ref of refs) expect(ref.startsWith('#/$defs/') || ref.startsWith('order.schema.json')).toBe(true);
  });

  it.each(SCHEMAS)('%s gives every property a description and lets every optional one be null', (name) => {
    const schema = readJson(`schemas/${name}.schema.json`);
    const problems: string[] = [];
    for (const { at, node } of objectSchemas(schema)) {
      for (const [prop, sub] of Object.entries(node.properties as Obj)) {
        if (typeof sub.description !== 'string' || sub.description.length < 10) problems.push(`${at}/${prop}: no description`);
        const required = (node.required ?? []).includes(prop);
        const nullable = [].concat(sub.type ?? []).includes('null' as never) || (sub.anyOf ?? []).some((b: Obj) => b.type === 'null');
        if (!required && !nullable) problems.push(`${at}/${prop}: optional but not nullable`);
      }
    }
    expect(problems).toEqual([]);
  });

  it.each(SCHEMAS)('the %s sample is valid as written, and with an unknown property', (name) => {
    const doc = sample(name);
    expect(errorsOf(name, doc)).toEqual([]);
    doc.SomeFutureField = { x: 1 };
    expect(errorsOf(name, doc)).toEqual([]);
  });

  it('required names: what the platform documents as mandatory', () => {
    const required = (name: SchemaName) => readJson(`schemas/${name}.schema.json`).required;
    expect(required('payment-request')).toEqual(['PaymentDetails']); // plus the Order's MerchantGUID and OrderId
    expect(required('status-update')).toEqual(['OrderId', 'StatusCode']);
    expect(required('shipping-info')).toEqual(['OrderId', 'InternationalDetails']);
    expect(required('refund')).toEqual(['OrderId', 'RefundId', 'TotalRefundAmount', 'OriginalTotalRefundAmount']);
    expect(required('documents')).toEqual(['OrderId', 'AdditionalRequiredDocuments']);
  });
});

describe('lifecycle schema negatives (standard reading)', () => {
  it('payment-request: the Order with PaymentDetails mandatory and not null', () => {
    const doc = sample('payment-request');
    doc.PaymentDetails = null;
    expect(errorsOf('payment-request', doc)).toContain('/PaymentDetails type');
    delete doc.PaymentDetails;
    delete doc.MerchantGUID;
    expect(errorsOf('payment-request', doc).sort()).toEqual(['/ required', '/ required']);
    // The order's own constraints hold: a bad product quantity fails as it does for SendOrderToMerchant.
    const bad = sample('payment-request');
    bad.Products[0].Quantity = 'two';
    expect(errorsOf('payment-request', bad)).toEqual(['/Products/0/Quantity type']);
  });

  it('status-update: StatusCode required and a non-empty string, OrderStatusReason a record or null', () => {
    const doc = sample('status-update');
    delete doc.StatusCode;
    expect(errorsOf('status-update', doc)).toEqual(['/ required']);
    doc.StatusCode = '';
    expect(errorsOf('status-update', doc)).toEqual(['/StatusCode minLength']);
    doc.StatusCode = 'cancelled';
    doc.OrderStatusReason = 'customer';
    expect(errorsOf('status-update', doc)).toEqual(['/OrderStatusReason type']);
  });

  it('shipping-info: InternationalDetails is the order record (required, typed as there)', () => {
    const doc = sample('shipping-info');
    doc.InternationalDetails.DeliveryDaysFrom = 'two';
    doc.InternationalDetails.ParcelsTracking[0].ParcelTrackingNumber = 4711836520;
    expect(errorsOf('shipping-info', doc).sort()).toEqual(['/InternationalDetails/DeliveryDaysFrom type', '/InternationalDetails/ParcelsTracking/0/ParcelTrackingNumber type']);
    delete doc.InternationalDetails;
    expect(errorsOf('shipping-info', doc)).toEqual(['/ required']);
  });

  it('refund: amounts are decimal text; a number is no string to the schema (the engine tolerates it)', () => {
    const doc = sample('refund');
    doc.TotalRefundAmount = 20.3;
    doc.Products[0].OriginalRefundAmount = '20,30';
    doc.Components[0].IsChargedToMerchant = 'yes';
    expect(errorsOf('refund', doc).sort()).toEqual(['/Components/0/IsChargedToMerchant type', '/Products/0/OriginalRefundAmount pattern', '/TotalRefundAmount type']);
    const noCart = sample('refund');
    delete noCart.Products[0].CartItemId;
    expect(errorsOf('refund', noCart)).toEqual(['/Products/0 required']);
  });

  it('documents: a non-empty list of OrderDocument records', () => {
    const doc = sample('documents');
    doc.AdditionalRequiredDocuments[0].DocumentExtension = 'DOCX';
    doc.CountryCode = 'deu';
    expect(errorsOf('documents', doc).sort()).toEqual(['/AdditionalRequiredDocuments/0/DocumentExtension enum', '/CountryCode enum']);
    doc.AdditionalRequiredDocuments = [];
    expect(errorsOf('documents', doc)).toContain('/AdditionalRequiredDocuments minItems');
  });
});
