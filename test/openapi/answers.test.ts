/**
 * The exported document states per HTTP status what one answer must hold to pass `check`: a 200
 * order answer Success true with an InternalOrderId, an error status Success false and why, the
 * charge's currency and amount together, loyalty points with a money value, cart quantities above 0;
 * read by ajv as a validator does.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { openApiDocument } from '../../src/openapi/document.js';
import { defaultConfig } from '../../src/config/defaults.js';

// ajv and ajv-formats are CommonJS: under NodeNext their classes sit on `.default`.
const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;

const ID = 'https://xborder.test/openapi';
let answer: (path: string, status: string) => (body: unknown) => boolean;

beforeAll(() => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: ID, ...openApiDocument(defaultConfig()) });
  answer = (path, status) => {
    const pointer = `#/paths/${path.replaceAll('~', '~0').replaceAll('/', '~1')}/post/responses/${status}/content/application~1json/schema`;
    const validate = ajv.getSchema(`${ID}${pointer}`);
    if (!validate) throw new Error(`no schema at ${pointer}`);
    return (body) => validate(body) as boolean;
  };
});

const ok = { Success: true, InternalOrderId: '100045' };

describe('the answers the document states', () => {
  it('a 200 order answer: Success true with a non-blank InternalOrderId, the charge as a pair', () => {
    const valid = answer('/order-update-create-url', '200');
    expect(valid({ ResponseInfo: ok })).toBe(true);
    expect(valid({ ResponseInfo: { ...ok, PaymentCurrencyCode: 'EUR', PaymentAmount: '97.35' } })).toBe(true);
    expect(valid({ ResponseInfo: { ...ok, Success: false } })).toBe(false);
    expect(valid({ ResponseInfo: { Success: true } })).toBe(false);
    expect(valid({ ResponseInfo: { Success: true, InternalOrderId: null } })).toBe(false);
    expect(valid({ ResponseInfo: { Success: true, InternalOrderId: '  ' } })).toBe(false);
    expect(valid({ ResponseInfo: { ...ok, PaymentCurrencyCode: 'EUR' } })).toBe(false);
    expect(valid({ ResponseInfo: { ...ok, PaymentCurrencyCode: null, PaymentAmount: '97.35' } })).toBe(false);
  });

  it('an error status (400, 404, 500): Success false and why, on the order and the lifecycle calls', () => {
    for (const path of ['/order-update-create-url', '/order-refund-url']) {
      for (const status of ['400', '404', '500']) {
        const valid = answer(path, status);
        expect(valid({ ResponseInfo: { Success: false, ErrorCode: 'E1', Message: 'no such product' } })).toBe(true);
        expect(valid({ ResponseInfo: { Success: false, Description: 'out of stock' } })).toBe(true);
        expect(valid({ ResponseInfo: { Success: true, InternalOrderId: '1', Message: 'x' } })).toBe(false);
        expect(valid({ ResponseInfo: { Success: false } })).toBe(false);
        expect(valid({ ResponseInfo: { Success: false, Message: ' ', ErrorCode: null } })).toBe(false);
      }
    }
    expect(answer('/order-refund-url', '200')({ ResponseInfo: ok })).toBe(true);
  });

  it('a cart: points to spend or to earn come with a money value (cart-loyalty-points)', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: ID, ...openApiDocument(defaultConfig()) });
    const cart = ajv.getSchema(`${ID}#/paths/~1get-checkout-cart-info-url/get/responses/200/content/application~1json/schema`)!;
    const base = { productsList: [{ ProductCode: 'SKU-1', OrderedQuantity: 1, SalePrice: 10 }] };
    expect(cart(base)).toBe(true);
    expect(cart({ ...base, LoyaltyPoints: { LoyaltyPointsTotal: 500, LoyaltyPointsValueForSpend: 5 } })).toBe(true);
    expect(cart({ ...base, LoyaltyPoints: { LoyaltyPointsTotal: 0 } })).toBe(true);
    expect(cart({ ...base, LoyaltyPoints: { LoyaltyPointsTotal: 500 } })).toBe(false);
    expect(cart({ ...base, LoyaltyPoints: { LoyaltyPointsMaxSpend: 100, LoyaltyPointsValueForSpend: null } })).toBe(false);
    expect(cart({ ...base, loyaltyPointsEarned: 20, LoyaltyPoints: { LoyaltyPointsOriginalValueForEarn: 2 } })).toBe(true);
    expect(cart({ ...base, loyaltyPointsEarned: 20, LoyaltyPoints: {} })).toBe(false);
    expect(cart({ ...base, loyaltyPointsEarned: 20 })).toBe(true);
  });

  it('a cart quantity of 0 is refused, also in the form older drafts\' generators read (a minimum beside exclusiveMinimum)', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const doc = openApiDocument(defaultConfig()) as { components: { schemas: Record<string, { properties: Record<string, unknown> }> } };
    ajv.addSchema({ $id: ID, components: doc.components });
    const cart = ajv.getSchema(`${ID}#/components/schemas/CheckoutCartInfo`)!;
    const product = { ProductCode: 'SKU-1', SalePrice: 10 };
    expect(cart({ productsList: [{ ...product, OrderedQuantity: 0.5 }] })).toBe(true);
    expect(cart({ productsList: [{ ...product, OrderedQuantity: 0 }] })).toBe(false);
    expect(cart({ productsList: [{ ...product, OrderedQuantity: -2 }] })).toBe(false);
    expect(doc.components.schemas.CheckoutCartInfo_Product!.properties.OrderedQuantity).toMatchObject({ exclusiveMinimum: 0, minimum: 0 });
  });
});
