/**
 * What the exported OpenAPI document allows, xborder passes: answers drawn from `xborder openapi`
 * with json-schema-faker (the generator behind Prism's dynamic mock), kept when the document itself
 * accepts them, are fed to `xborder validate --as cart` / `--as order-response`, and every schema
 * and single-field check passes them. Before the document carried the ISO code lists, formats,
 * minimums, the braced paymentInstallments and Success's InternalOrderId, such answers failed
 * iso-codes, emails-urls, cart-quantities-prices, cart-installments and response-outcome.
 * XBORDER_FUZZ_RUNS draws more answers (`npm run fuzz`).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGeneratorSync } from 'json-schema-faker';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { runCli } from '../helpers/run-cli.js';

// ajv and ajv-formats are CommonJS: under NodeNext their classes sit on `.default`.
const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;

const COUNT = Number(process.env.XBORDER_FUZZ_RUNS) > 0 ? Number(process.env.XBORDER_FUZZ_RUNS) : 40;

/**
 * Checks that judge one field at a time. The others (cart-bundles, cart-child-items,
 * discount-targets, cart-dimensions, cart-virtual-items, cart-loyalty-points, and cart-client-ip's
 * "no country anywhere" half) relate fields to each other, which a per-field description and a
 * generator that draws fields independently cannot agree on.
 */
const SINGLE_FIELD = new Set(['schema', 'lenient', 'unknown-properties', 'iso-codes', 'emails-urls', 'cart-products-list', 'cart-quantities-prices', 'cart-installments', 'response-outcome', 'response-payment']);

interface Report { cases: { source: string; checks: { id: string; status: string; findings: { message: string; path?: string }[] }[] }[] }

let doc: { components: Record<string, unknown> };
let dir: string;
beforeAll(async () => {
  const exported = await runCli(['openapi']);
  expect(exported.code).toBe(0);
  doc = JSON.parse(exported.stdout);
  dir = mkdtempSync(join(tmpdir(), 'xb-faker-'));
});

/** `count` answers of `component` drawn from the document, and those the document itself accepts. */
function draw(component: string, count: number, seed: number): { drawn: unknown[]; accepted: unknown[] } {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'https://xborder.test/openapi', components: doc.components });
  const validate = ajv.getSchema(`https://xborder.test/openapi#/components/schemas/${component}`)!;
  const generator = createGeneratorSync({ seed });
  const drawn = Array.from({ length: count }, () => generator.generate({ $ref: `#/components/schemas/${component}`, components: doc.components }));
  return { drawn, accepted: drawn.filter((answer) => validate(answer)) };
}

/** What xborder's single-field checks said of each answer that did not pass. */
async function verdicts(kind: string, answers: unknown[]): Promise<{ judged: number; failures: string[] }> {
  const file = join(dir, `${kind}.ndjson`);
  writeFileSync(file, answers.map((a) => JSON.stringify(a)).join('\n') + '\n');
  const result = await runCli(['validate', '--as', kind, '--json', file]);
  const report = JSON.parse(result.stdout) as Report;
  const failures: string[] = [];
  for (const c of report.cases) {
    for (const k of c.checks) {
      if (SINGLE_FIELD.has(k.id) && (k.status === 'failed' || k.status === 'errored')) {
        failures.push(`${c.source} ${k.id}: ${k.findings.map((f) => `${f.path ?? ''} ${f.message}`).join('; ')}`);
      }
    }
  }
  return { judged: report.cases.length, failures };
}

describe('answers drawn from the exported OpenAPI document', () => {
  it('cart answers: every one the document accepts passes the schema and single-field checks', async () => {
    const { drawn, accepted } = draw('CheckoutCartInfo', COUNT, 7);
    // The generator mostly draws what the document says; a few misses of its own are dropped above.
    expect(accepted.length).toBeGreaterThanOrEqual(Math.ceil(drawn.length * 0.8));
    const { judged, failures } = await verdicts('cart', accepted);
    expect(judged).toBe(accepted.length);
    expect(failures).toEqual([]);
    // The draw reached the constrained fields, so passing says something.
    const text = accepted.map((a) => JSON.stringify(a)).join('\n');
    for (const field of ['"currencyCode":"', '"CountryCode":"', '"Email":"', '"URL":"', '"SalePrice":', '"paymentInstallments":"{']) expect(text, field).toContain(field);
  });

  it('order answers: every one the document accepts passes the schema and single-field checks', async () => {
    const { drawn, accepted } = draw('SendOrderToMerchantResponse', COUNT, 11);
    expect(accepted.length).toBeGreaterThanOrEqual(Math.ceil(drawn.length * 0.8));
    const { judged, failures } = await verdicts('order-response', accepted);
    expect(judged).toBe(accepted.length);
    expect(failures).toEqual([]);
    const text = accepted.map((a) => JSON.stringify(a)).join('\n');
    for (const field of ['"Success":true', '"PaymentCurrencyCode":"', '"PaymentAmount":"']) expect(text, field).toContain(field);
  });

  it('the document refuses what xborder fails of one field (a non-ISO currency, a negative price, an unbraced list, Success without InternalOrderId)', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: 'https://xborder.test/openapi', components: doc.components });
    const cart = ajv.getSchema('https://xborder.test/openapi#/components/schemas/CheckoutCartInfo')!;
    const answer = ajv.getSchema('https://xborder.test/openapi#/components/schemas/SendOrderToMerchantResponse')!;
    const product = { ProductCode: 'SKU-1', OrderedQuantity: 1, SalePrice: 10 };
    expect(cart({ productsList: [product], currencyCode: 'EUR', CountryCode: 'DE', paymentInstallments: '{2,4}' })).toBe(true);
    expect(cart({ productsList: [product], currencyCode: 'XYZ' })).toBe(false);
    expect(cart({ productsList: [product], CountryCode: 'UK' })).toBe(false);
    expect(cart({ productsList: [{ ...product, SalePrice: -1 }] })).toBe(false);
    expect(cart({ productsList: [product], shippingOptionsList: [{ Code: 'std', Price: -4.9 }] })).toBe(false);
    expect(cart({ productsList: [product], paymentInstallments: '2,4' })).toBe(false);
    expect(cart({ productsList: [product], userDetails: { UserId: 'u1', AddressDetails: [{ Email: 'not-an-address' }] } })).toBe(false);
    expect(cart({ productsList: [{ ...product, ImageURL: 'images/sku-1.jpg' }] })).toBe(false);
    expect(answer({ ResponseInfo: { Success: true, InternalOrderId: '100045' } })).toBe(true);
    expect(answer({ ResponseInfo: { Success: true } })).toBe(false);
    expect(answer({ ResponseInfo: { Success: true, InternalOrderId: '100045', PaymentCurrencyCode: 'EUR' } })).toBe(false);
  });
});
