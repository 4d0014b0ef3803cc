/**
 * `xborder openapi`: the document validates against the OpenAPI 3.1 schema (a well-kept validator,
 * @seriousme/openapi-schema-validator), its every $ref resolves, and every shipped sample validates
 * against the component its endpoint names, so a generator or Prism reads the same rules as xborder.
 */
import { describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';
import { runCli } from '../helpers/run-cli.js';
import { openApiDocument } from '../../src/openapi/document.js';
import { defaultConfig } from '../../src/config/defaults.js';
import { listSamples, loadSample } from '../../src/samples/catalog.js';

// ajv and ajv-formats are CommonJS: under NodeNext their classes sit on `.default`.
const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;

type Doc = { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { $ref: string } }> } }>>; components: { schemas: Record<string, unknown>; securitySchemes?: Record<string, unknown> }; security?: unknown[] };

/** The component each sample kind is checked against. */
const COMPONENT: Record<string, string> = { order: 'Order', cart: 'CheckoutCartInfo', 'order-response': 'SendOrderToMerchantResponse', 'payment-request': 'PaymentRequest', 'status-update': 'StatusUpdate', 'shipping-info': 'ShippingInfo', refund: 'OrderRefund', documents: 'AdditionalDocuments', 'error-info': 'ErrorInfo' };

describe('xborder openapi', () => {
  it('prints an OpenAPI 3.1 document (JSON, or YAML with --yaml) that validates, version 1.0.0', async () => {
    const json = await runCli(['openapi']);
    expect(json.code).toBe(0);
    const doc = JSON.parse(json.stdout);
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    const yaml = await runCli(['openapi', '--yaml']);
    expect(parse(yaml.stdout)).toEqual(doc);
  });

  it('describes the cart (GET and POST), the order and the five lifecycle calls at the configured paths', () => {
    const config = defaultConfig();
    config.merchant.cartPath = '/xb/cart';
    config.merchant.refundPath = '/xb/refund';
    const doc = openApiDocument(config) as unknown as Doc;
    expect(Object.keys(doc.paths['/xb/cart']!)).toEqual(['get', 'post']);
    expect(doc.paths['/order-update-create-url']!.post!.requestBody!.content['application/json']!.schema.$ref).toBe('#/components/schemas/Order');
    expect(doc.paths['/xb/refund']!.post!.requestBody!.content['application/json']!.schema.$ref).toBe('#/components/schemas/OrderRefund');
    expect(Object.keys(doc.paths)).toHaveLength(7);
  });

  it('names the configured auth modes as security schemes (an IP whitelist as an extension)', async () => {
    const config = defaultConfig();
    config.auth = [{ mode: 'header', name: 'X-Merchant-Key', value: 'k' }, { mode: 'basic', username: 'u', password: 'p' }, { mode: 'jwt', algorithm: 'HS256', secret: 's' }, { mode: 'ip' }] as typeof config.auth;
    const doc = openApiDocument(config) as Doc & Record<string, unknown>;
    expect(doc.components.securitySchemes).toEqual({
      merchantKeyHeader: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-Merchant-Key' }),
      basic: { type: 'http', scheme: 'basic' },
      jwt: expect.objectContaining({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }),
    });
    expect(doc.security).toEqual([{ merchantKeyHeader: [] }, { basic: [] }, { jwt: [] }]);
    expect(doc['x-xborder-ip-whitelist']).toBeDefined();
    expect(JSON.stringify(doc)).not.toContain('"k"');
    expect((await new Validator().validate(doc)).valid).toBe(true);
  });

  it('every shipped sample validates against its component; a broken one does not', () => {
    const doc = openApiDocument(defaultConfig()) as unknown as Doc;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: 'https://xborder.test/openapi', components: doc.components }, 'openapi');
    const samples = listSamples().filter((s) => COMPONENT[s.kind]);
    expect(samples.length).toBeGreaterThan(15);
    for (const sample of samples) {
      const validate = ajv.getSchema(`https://xborder.test/openapi#/components/schemas/${COMPONENT[sample.kind]}`)!;
      expect(validate(loadSample(sample.name)), `${sample.name}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    const order = ajv.getSchema('https://xborder.test/openapi#/components/schemas/Order')!;
    expect(order({ ...(loadSample('order-full') as object), Products: 'none' })).toBe(false);
  });
});
