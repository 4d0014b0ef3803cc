/**
 * The Order schema (schemas/order.schema.json) under ajv 2020 strict mode, and the order samples:
 * every sample is valid, the documented constraints reject what they should, and the samples are
 * coherent wire payloads (ids chain to the cart sample, totals add up, the end customer's blocks
 * are URL-encoded and the platform's are not).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020.js';

type Obj = Record<string, any>;

const root = new URL('../../', import.meta.url);
const readJson = (rel: string): any => JSON.parse(readFileSync(new URL(rel, root), 'utf8'));

const MERCHANT_GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';
const CART_TOKEN = '2c5c7b3db2ed101426cba38d9c534086';
const ORDER_SAMPLES = readdirSync(new URL('samples/', root))
  .filter((f) => /^order-(?!response).*\.json$/.test(f))
  .map((f) => f.replace(/\.json$/, ''))
  .sort();
const sample = (name: string): Obj => readJson(`samples/${name}.json`);

// ajv is CommonJS: under NodeNext the default import is the module object; `default` is the class.
const Ajv = Ajv2020.default;
const schema = readJson('schemas/order.schema.json');
const ajv = new Ajv({ strict: true, allErrors: true });
ajv.addKeyword('x-aliases');
ajv.addKeyword('x-documented-aliases');
ajv.addKeyword('x-judged-by');
const validate = ajv.compile(schema);

/**
 * ajv's errors as `path keyword` lines; empty when the document is valid. A nullable record is
 * `anyOf: [record, null]`, so a bad record also fails the null branch and the anyOf itself: those
 * two echoes are dropped to keep the real error.
 */
function errorsOf(doc: unknown): string[] {
  if (validate(doc)) return [];
  return (validate.errors ?? [])
    .filter((e) => e.keyword !== 'anyOf' && !e.schemaPath.endsWith('/anyOf/1/type'))
    .map((e) => `${e.instancePath || '/'} ${e.keyword}`);
}
const full = (): Obj => sample('order-full');

describe('order schema', () => {
  it('has the contract $id, draft 2020-12 and local refs only', () => {
    expect(schema.$id).toBe('https://xborder.dev/schemas/order.schema.json');
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    const refs = [...JSON.stringify(schema).matchAll(/"\$ref":"([^"]*)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs) expect(ref === '#' || ref.startsWith('#/$defs/')).toBe(true);
    expect(JSON.stringify(schema)).not.toContain('"additionalProperties":false');
  });

  it('requires exactly MerchantGUID and OrderId', () => {
    expect(schema.required).toEqual(['MerchantGUID', 'OrderId']);
  });

  it('gives every property a description', () => {
    const missing: string[] = [];
    const visit = (node: Obj, path: string) => {
      for (const [name, prop] of Object.entries<Obj>(node.properties ?? {})) {
        if (typeof prop.description !== 'string' || prop.description.length < 3) missing.push(`${path}.${name}`);
      }
    };
    visit(schema, 'Order');
    for (const [name, def] of Object.entries<Obj>(schema.$defs)) visit(def, name);
    expect(missing).toEqual([]);
  });

  it('lets every optional property be null', () => {
    const notNullable: string[] = [];
    const nullable = (prop: Obj): boolean =>
      (Array.isArray(prop.type) && prop.type.includes('null')) || (prop.anyOf ?? []).some((s: Obj) => s.type === 'null');
    const visit = (node: Obj, path: string, required: string[] = []) => {
      for (const [name, prop] of Object.entries<Obj>(node.properties ?? {})) {
        if (!required.includes(name) && !nullable(prop)) notNullable.push(`${path}.${name}`);
      }
    };
    visit(schema, 'Order', schema.required);
    for (const [name, def] of Object.entries<Obj>(schema.$defs)) visit(def, name, def.required);
    expect(notNullable).toEqual([]);
  });

  it('tolerates the StateOrProvice spelling in the order address blocks and documents it in PaymentDetails', () => {
    // public-facts: order address blocks spell StateOrProvince; PaymentDetails spells StateOrProvice.
    expect(schema.$defs.CustomerDetails.properties.StateOrProvince['x-aliases']).toEqual(['StateOrProvice']);
    expect(schema.$defs.PaymentDetails.properties.StateOrProvince['x-documented-aliases']).toEqual(['StateOrProvice']);
  });

  it('documents the names real platform orders carry', () => {
    expect(schema.properties.OTCurrencyCode['x-documented-aliases']).toEqual(['OTVoucherCurrencyCode']);
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['OTVoucherCode', 'OTVoucherAmount']));
    expect(Object.keys(schema.$defs.Product.properties)).toEqual(expect.arrayContaining(['ListPrice', 'InternationalListPrice', 'PriceBeforeRoundingRate', 'PriceBeforeGlobalEDiscount']));
    expect(Object.keys(schema.$defs.InternationalDetails.properties)).toEqual(expect.arrayContaining(['ShipmentLocation', 'ShipmentStatusUpdateTime']));
    const order = full();
    order.InternationalDetails.TransactionCurrencyCode = ' EUR';
    order.InternationalDetails.ExpirationDate = '2020-2-29';
    order.PaymentDetails = { ...(order.PaymentDetails ?? {}), ExpirationDate: '2020-2-29' };
    order.StatusCode = 'N/A';
    expect(errorsOf(order)).toEqual([]);
    order.InternationalDetails.TransactionCurrencyCode = '  EUR';
    expect(errorsOf(order)).toEqual(['/InternationalDetails/TransactionCurrencyCode pattern']);
  });
});

describe('order samples', () => {
  it('are the eight documented samples', () => {
    expect(ORDER_SAMPLES).toEqual([
      'order-additional-documents', 'order-b2b', 'order-end-customer-primary', 'order-full',
      'order-minimal', 'order-mixed', 'order-payment', 'order-replacement',
    ]);
  });

  it.each(ORDER_SAMPLES)('%s is valid', (name) => {
    expect(errorsOf(sample(name))).toEqual([]);
  });

  it.each(ORDER_SAMPLES)('%s is listed in samples/index.json as an order', (name) => {
    const entry = (readJson('samples/index.json') as Obj[]).find((e) => e.name === name);
    expect(entry).toMatchObject({ kind: 'order', file: `${name}.json` });
    expect(entry!.description.length).toBeGreaterThan(20);
  });
});

describe('order schema rejects', () => {
  it.each(['MerchantGUID', 'OrderId'])('an order without %s', (field) => {
    for (const name of ['order-minimal', 'order-full']) {
      const doc = sample(name);
      delete doc[field];
      expect(errorsOf(doc)).toEqual(['/ required']);
    }
  });

  it.each(['MerchantGUID', 'OrderId'])('a null or empty %s', (field) => {
    expect(errorsOf({ ...full(), [field]: null })).toEqual([`/${field} type`]);
    expect(errorsOf({ ...full(), [field]: '' })).toEqual([`/${field} minLength`]);
  });

  it('DiscountType 7 and DiscountSource 11', () => {
    const doc = full();
    doc.Discounts[0].DiscountType = 7;
    doc.Discounts[1].DiscountSource = 11;
    expect(errorsOf(doc)).toEqual(['/Discounts/0/DiscountType enum', '/Discounts/1/DiscountSource enum']);
    doc.Discounts[0].DiscountType = 6;
    doc.Discounts[1].DiscountSource = 10;
    expect(errorsOf(doc)).toEqual([]);
  });

  it('an unknown enum value in Markups too (same Discount record)', () => {
    const doc = full();
    doc.Markups = [{ ...doc.Discounts[1], DiscountType: 0 }];
    expect(errorsOf(doc)).toEqual(['/Markups/0/DiscountType enum']);
  });

  it('OrderCreationSource 2', () => {
    expect(errorsOf({ ...full(), OrderCreationSource: 2 })).toEqual(['/OrderCreationSource enum']);
    expect(errorsOf({ ...full(), OrderCreationSource: 1 })).toEqual([]);
  });

  it('DocumentExtension "DOCX" and DocumentTypeCode "12" or 5 (a number)', () => {
    const doc = sample('order-additional-documents');
    doc.AdditionalRequiredDocuments[0].DocumentExtension = 'DOCX';
    doc.OrderDocuments[0].DocumentTypeCode = '12';
    expect(errorsOf(doc)).toEqual([
      '/OrderDocuments/0/DocumentTypeCode enum',
      '/AdditionalRequiredDocuments/0/DocumentExtension enum',
    ]);
    const numeric = sample('order-full');
    numeric.OrderDocuments[0].DocumentTypeCode = 5;
    expect(errorsOf(numeric)).toContain('/OrderDocuments/0/DocumentTypeCode type');
  });

  it('a FreeShippingCouponCode longer than 50 (50 passes)', () => {
    expect(errorsOf({ ...full(), FreeShippingCouponCode: 'F'.repeat(50) })).toEqual([]);
    expect(errorsOf({ ...full(), FreeShippingCouponCode: 'F'.repeat(51) })).toEqual(['/FreeShippingCouponCode maxLength']);
  });

  it('a WebStoreCode longer than 100 and a discount CouponCode longer than 100', () => {
    const doc = full();
    doc.WebStoreCode = 'w'.repeat(101);
    doc.Discounts[0].CouponCode = 'C'.repeat(101);
    expect(errorsOf(doc).sort()).toEqual(['/Discounts/0/CouponCode maxLength', '/WebStoreCode maxLength']);
    doc.WebStoreCode = 'w'.repeat(100);
    doc.Discounts[0].CouponCode = 'C'.repeat(100);
    expect(errorsOf(doc)).toEqual([]);
  });

  it('malformed currency and country codes', () => {
    const doc = full();
    doc.CurrencyCode = 'eur';
    doc.InternationalDetails.CurrencyCode = 'EURO';
    doc.SecondaryShipping.CountryCode = 'DEU';
    doc.SecondaryShipping.CountryCode3 = 'DE';
    expect(errorsOf(doc).sort()).toEqual([
      '/CurrencyCode enum',
      '/InternationalDetails/CurrencyCode enum',
      '/SecondaryShipping/CountryCode enum',
      '/SecondaryShipping/CountryCode3 pattern',
    ]);
  });

  it('numeric strings and string booleans (leniency is the validator\'s job, not the schema\'s)', () => {
    const doc = full();
    doc.Products[0].Price = '25.00';
    doc.ClearCart = 'true';
    doc.Customer.IsEndCustomerPrimary = 'false';
    expect(errorsOf(doc)).toEqual(['/ClearCart type', '/Customer/IsEndCustomerPrimary type', '/Products/0/Price type']);
  });

  it('a bad field inside a Subs order (the nested order is validated as an Order)', () => {
    const doc = sample('order-mixed');
    expect(errorsOf(doc)).toEqual([]);
    doc.Subs[1].Discounts = [{ DiscountType: 9 }];
    doc.Subs[0].InternationalDetails.CurrencyCode = 'chf';
    expect(errorsOf(doc)).toEqual(['/Subs/0/InternationalDetails/CurrencyCode enum', '/Subs/1/Discounts/0/DiscountType enum']);
  });

  it('a Subs order without its own OrderId', () => {
    const doc = sample('order-mixed');
    delete doc.Subs[0].OrderId;
    expect(errorsOf(doc)).toEqual(['/Subs/0 required']);
  });
});

describe('order schema accepts', () => {
  it('null for every optional field of the order and of its records', () => {
    const doc = full();
    const nulled: Obj = { MerchantGUID: doc.MerchantGUID, OrderId: doc.OrderId };
    for (const name of Object.keys(schema.properties)) if (!(name in nulled)) nulled[name] = null;
    expect(errorsOf(nulled)).toEqual([]);
    const records: Obj = {
      Customer: 'Customer', SecondaryShipping: 'CustomerDetails', InternationalDetails: 'InternationalDetails',
      ExporterDetails: 'ExporterDetails', PaymentDetails: 'PaymentDetails', OriginalOrder: 'OriginalOrder',
      OrderStatusReason: 'OrderStatusReason', CustomerDTBreakdown: 'DTBreakdown',
    };
    for (const [field, def] of Object.entries<string>(records)) {
      nulled[field] = Object.fromEntries(Object.keys(schema.$defs[def].properties).map((k) => [k, null]));
    }
    const items: Obj = {
      Products: 'Product', Discounts: 'Discount', OrderDocuments: 'OrderDocument',
      OrderPaymentMethods: 'OrderPaymentMethod', Parcels: 'Parcel',
    };
    for (const [field, def] of Object.entries<string>(items)) {
      nulled[field] = [Object.fromEntries(Object.keys(schema.$defs[def].properties).map((k) => [k, null]))];
    }
    expect(errorsOf(nulled)).toEqual([]);
  });

  it('unknown properties anywhere (receivers must tolerate them)', () => {
    const doc = full();
    doc.ReservationRequestId = null;
    doc.Customer.EmailAddress = 'info@platform.example.com';
    doc.Products[0].ListPrice = 29;
    doc.SecondaryShipping.StateOrProvice = 'Berlin';
    expect(errorsOf(doc)).toEqual([]);
  });

  it('order-details-only fields: Parcels, CurrencyName, DateCreated', () => {
    const doc = full();
    doc.CurrencyName = 'Euro';
    doc.DateCreated = '2024-01-30T10:55:21';
    doc.Parcels = [{ Code: 'GE92799319GB-1', ParcelStatusId: 2, StatusName: 'Dispatched', TrackingUrl: 'https://www.dhl.com/', Products: [{ CartItemId: '1', DeliveryQuantity: 2 }] }];
    expect(errorsOf(doc)).toEqual([]);
    doc.Parcels[0].ParcelStatusId = '2';
    expect(errorsOf(doc)).toEqual(['/Parcels/0/ParcelStatusId type']);
  });
});

// ---------------------------------------------------------------------------------------------
// Coherence of the samples as wire payloads.

const near = (a: number, b: number, tolerance = 0.011) => Math.abs(a - b) <= tolerance;
const sum = (list: Obj[], f: (x: Obj) => number) => list.reduce((s, x) => s + f(x), 0);
/** The orders of a sample: the order itself and its Subs. */
const ordersOf = (doc: Obj): Obj[] => [doc, ...(doc.Subs ?? []).flatMap(ordersOf)];
const formDecode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
const ADDRESS_BLOCKS = ['PrimaryShipping', 'PrimaryBilling', 'SecondaryShipping', 'SecondaryBilling'];
const CODES = new Set(['Zip', 'StateCode', 'CountryCode', 'CountryCode3']);

describe('order samples are coherent', () => {
  it.each(ORDER_SAMPLES)('%s: merchant GUID, platform id and timestamp formats', (name) => {
    for (const order of ordersOf(sample(name))) {
      expect(order.MerchantGUID).toBe(MERCHANT_GUID);
      expect(order.OrderId).toMatch(/^GE\d{8}GB$/);
      expect(order.MerchantOrderId ?? null).toBeNull(); // every sample is a new order
      if (order.CartId != null) expect(order.CartId).toMatch(/^[0-9a-f]{32}$/);
      if (order.OrderCreationDate) expect(order.OrderCreationDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
      if (order.InternationalDetails?.ExpirationDate) expect(order.InternationalDetails.ExpirationDate).toMatch(/^\d{4}-\d\d-\d\d$/);
    }
  });

  it('products with the cart sample\'s CartItemIds chain to its cart token and SKUs', () => {
    const cart = readJson('samples/cart-full.json');
    const cartSkus = new Map<string, string>(cart.productsList.filter((p: Obj) => p.CartItemId).map((p: Obj) => [p.CartItemId, p.ProductCode]));
    let chained = 0;
    for (const name of ORDER_SAMPLES) {
      for (const order of ordersOf(sample(name))) {
        if (order.CartId !== CART_TOKEN) continue;
        for (const p of order.Products ?? []) {
          if (p.CartItemId == null) continue;
          expect(p.Sku).toBe(cartSkus.get(p.CartItemId));
          chained++;
        }
      }
    }
    expect(chained).toBeGreaterThan(10);
  });

  it.each(ORDER_SAMPLES.filter((n) => n !== 'order-minimal'))('%s: totals add up in both currencies', (name) => {
    for (const order of ordersOf(sample(name))) {
      const intl = order.InternationalDetails;
      const rate: number = order.RoundingRate;
      const products: Obj[] = order.Products;
      const discounts: Obj[] = (order.Discounts ?? []).filter((d: Obj) => d.DiscountType !== 2);
      const shippingDiscounts: Obj[] = (order.Discounts ?? []).filter((d: Obj) => d.DiscountType === 2);
      // Merchant currency: products - cart discounts + shipping after discounts, also via DiscountedPrice.
      const merchantGoods = sum(products, (p) => p.Price * p.Quantity) - sum(discounts, (d) => d.Price);
      expect(near(sum(products, (p) => p.DiscountedPrice * p.Quantity), merchantGoods)).toBe(true);
      // Shopper currency, the same sums.
      const shopperGoods = sum(products, (p) => p.InternationalPrice * p.Quantity) - sum(discounts, (d) => d.InternationalPrice);
      expect(near(sum(products, (p) => p.InternationalDiscountedPrice * p.Quantity), shopperGoods)).toBe(true);
      expect(near(intl.TotalShippingPrice - sum(shippingDiscounts, (d) => d.InternationalPrice), intl.DiscountedShippingPrice)).toBe(true);
      expect(near(intl.TotalPrice, shopperGoods + intl.DiscountedShippingPrice + intl.TotalDutiesPrice)).toBe(true);
      expect(intl.TransactionTotalPrice).toBe(intl.TotalPrice);
      // RoundingRate converts each shopper amount to the merchant's.
      for (const p of products) expect(near(p.InternationalPrice * p.RoundingRate, p.Price)).toBe(true);
      expect(near(intl.DiscountedShippingPrice * rate, order.DiscountedShippingPrice)).toBe(true);
      expect(near(intl.TotalDutiesPrice * rate, order.TotalDutiesAndTaxesPrice)).toBe(true);
      expect(near(intl.TotalCCFPrice, intl.CustomerDTBreakdown.Other)).toBe(true);
      const merchantTotal = merchantGoods + order.DiscountedShippingPrice + order.TotalDutiesPaidByCustomerPrice;
      expect(near(intl.TotalPrice * rate, merchantTotal)).toBe(true);
      for (const m of order.OrderPaymentMethods ?? []) {
        expect(m.PaidAmountInCustomerCurrency).toBe(intl.TotalPrice);
        expect(near(m.PaidAmountInMerchantCurrency, merchantTotal)).toBe(true);
      }
    }
  });

  it('a mixed order is the sum of its Subs', () => {
    const doc = sample('order-mixed');
    expect(doc.Subs).toHaveLength(2);
    const total = (f: (o: Obj) => number) => sum(doc.Subs, f);
    expect(near(total((s) => s.InternationalDetails.TotalPrice), doc.InternationalDetails.TotalPrice)).toBe(true);
    expect(near(total((s) => s.InternationalDetails.TotalDutiesPrice), doc.InternationalDetails.TotalDutiesPrice)).toBe(true);
    expect(near(total((s) => s.DiscountedShippingPrice), doc.DiscountedShippingPrice)).toBe(true);
    expect(doc.Subs.flatMap((s: Obj) => s.Products.map((p: Obj) => p.Sku)).sort()).toEqual(doc.Products.map((p: Obj) => p.Sku).sort());
    expect(doc.InternationalDetails.ParcelsTracking).toHaveLength(2);
  });

  it('the payment sample carries a test card and a derivable amount to charge', () => {
    const doc = sample('order-payment');
    expect(doc.PaymentDetails).toMatchObject({ CardNumber: '4111111111111111', CVVNumber: expect.stringMatching(/^\d{3}$/), OwnerName: expect.any(String) });
    expect(doc.PaymentDetails.ExpirationDate).toMatch(/^\d{4}-\d\d-\d\d$/);
    const total = sum(doc.Products, (p) => p.Price * p.Quantity) - sum(doc.Discounts, (d) => d.Price) + doc.DiscountedShippingPrice;
    // order-response-payment.json answers this order: EUR 97.35.
    const answer = readJson('samples/order-response-payment.json').ResponseInfo;
    expect(answer.PaymentCurrencyCode).toBe(doc.CurrencyCode);
    expect(Number(answer.PaymentAmount)).toBeCloseTo(total, 2);
  });

  it('the replacement, B2B and additional-documents samples show what they are named for', () => {
    const replacement = sample('order-replacement');
    expect(replacement.IsReplacementOrder).toBe(true);
    expect(replacement.OriginalOrder.OrderId).toBe(sample('order-full').OrderId);
    expect(replacement.Discounts.every((d: Obj) => d.DiscountSource === 9)).toBe(true);
    const b2b = sample('order-b2b');
    expect(b2b).toMatchObject({ IsB2B: true, DoNotChargeVAT: true, VATRegistrationNumber: expect.stringMatching(/^[A-Z]{2}\w{8,12}$/) });
    expect(formDecode(b2b.SecondaryBilling.Company)).toBe('Atelier Dubois SRL');
    const docs = sample('order-additional-documents').AdditionalRequiredDocuments;
    expect(docs.length).toBeGreaterThan(0);
    for (const d of docs) expect(Buffer.from(d.DocumentData, 'base64').toString('latin1')).toMatch(/^%PDF-1\.\d[\s\S]*%%EOF\s*$/);
  });

  it.each(ORDER_SAMPLES.filter((n) => n !== 'order-minimal'))('%s: the end customer\'s blocks are URL-encoded, the platform\'s are plain', (name) => {
    for (const order of ordersOf(sample(name))) {
      if (!order.PrimaryShipping) continue;
      const primaryIsShopper = order.Customer.IsEndCustomerPrimary === true;
      for (const block of ADDRESS_BLOCKS) {
        const shopper = block.startsWith('Primary') === primaryIsShopper;
        for (const [key, value] of Object.entries(order[block] as Obj)) {
          if (typeof value !== 'string') continue;
          if (shopper && !CODES.has(key)) {
            expect(value, `${name} ${block}.${key}`).not.toMatch(/[\s@,']/);
            expect(formDecode(value).length).toBeGreaterThan(0);
          } else if (!shopper) {
            expect(value, `${name} ${block}.${key}`).not.toMatch(/%[0-9a-f]{2}/i);
          }
        }
        const email = (order[block] as Obj).Email;
        expect(shopper ? formDecode(email) : email).toMatch(/^[^\s@]+@[^\s@]+\.[a-z]{2,}$/);
      }
      expect(order[primaryIsShopper ? 'SecondaryShipping' : 'PrimaryShipping'].Address2).toBe(`Unit 4\r\n${order.OrderId}`);
    }
  });

  it.each(ORDER_SAMPLES.filter((n) => n !== 'order-minimal'))('%s: InternationalDetails URLs are encoded and valid once decoded', (name) => {
    for (const order of ordersOf(sample(name))) {
      const intl = order.InternationalDetails;
      const urls = [intl.OrderTrackingUrl, intl.OrderWaybillUrl, ...(intl.ParcelsTracking ?? []).map((p: Obj) => p.ParcelTrackingUrl)];
      for (const url of urls.filter((u) => u != null)) {
        expect(url).toMatch(/^https%3a%2f%2f/);
        expect(new URL(formDecode(url)).protocol).toBe('https:');
      }
    }
  });
});
