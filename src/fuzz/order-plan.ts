/**
 * The shape of a generated order before its money is worked out: products (with bundle children),
 * discounts, addresses, flags and free text. Every field is drawn by fast-check, so shrinking works
 * on this plan and `buildOrder` turns each shrunk plan into a consistent order again.
 */
import fc from 'fast-check';
import { absentOr, optional, type Maybe } from './optional.js';
import { code, nonEmptyText, text } from './text.js';
import { countryCodes, currencyCodes } from './codes.js';

/** A bundle child or a product option: priced 0 (part of a bundle) or its own price. */
export interface ChildPlan {
  sku: string;
  name: Maybe<string>;
  priceCents: number;
  quantity: number;
}

/** One top-level product line. */
export interface ProductPlan {
  sku: string;
  name: Maybe<string>;
  priceCents: number;
  quantity: number;
  vatRate: number;
  giftMessage: Maybe<string>;
  backOrdered: Maybe<boolean>;
  attributes: { key: string; value: string }[];
  children: ChildPlan[];
}

/** A discount: on a product (by index into the products), on the cart, or on shipping. */
export interface DiscountPlan {
  kind: 'cart' | 'product' | 'shipping';
  /** Index into the products, for a product discount (taken modulo their number). */
  target: number;
  /** Share of what is left to discount, in per mille. */
  perMille: number;
  name: Maybe<string>;
  couponCode: Maybe<string>;
}

/** An address block, every field optional. */
export type AddressPlan = Record<string, unknown>;

/** Everything a generated order is made of. */
export interface OrderPlan {
  shopperCountry: string;
  shopperCurrency: string;
  /** Shopper currency units per merchant currency unit, in ten-thousandths (ignored when the currencies are the same). */
  fxRate: number;
  products: ProductPlan[];
  discounts: DiscountPlan[];
  shippingCents: number;
  endCustomerPrimary: Maybe<boolean>;
  sendConfirmation: Maybe<boolean>;
  endCustomer: { shipping: AddressPlan; billing: Maybe<AddressPlan> };
  hub: { shipping: Maybe<AddressPlan>; billing: Maybe<AddressPlan> };
  comments: Maybe<string>;
  flags: Record<string, Maybe<boolean>>;
  loyaltyCode: Maybe<string>;
  freeShippingCoupon: Maybe<string>;
  webStoreCode: Maybe<string>;
  /** Split into this many Subs (a mixed order) when at least 2 and there are enough products. */
  subs: number;
  withPayment: boolean;
  /** Properties the interface does not list, which a merchant must tolerate. */
  unknown: Record<string, unknown>;
}

/** Quantities up to 1,000, weighted to small (shrinks to 1). */
const quantity = fc.oneof({ withCrossShrink: true }, { arbitrary: fc.integer({ min: 1, max: 5 }), weight: 8 }, { arbitrary: fc.integer({ min: 1, max: 1000 }), weight: 2 });
/** Prices up to 10,000.00 in cents, weighted to everyday prices. */
const priceCents = fc.oneof({ withCrossShrink: true }, { arbitrary: fc.integer({ min: 1, max: 20_000 }), weight: 8 }, { arbitrary: fc.integer({ min: 1, max: 1_000_000 }), weight: 1 });

const child: fc.Arbitrary<ChildPlan> = fc.record({
  sku: code(),
  name: optional(nonEmptyText(120)),
  priceCents: fc.oneof(fc.constant(0), priceCents),
  quantity: fc.integer({ min: 1, max: 3 }),
});

const product: fc.Arbitrary<ProductPlan> = fc.record({
  sku: code(),
  name: optional(nonEmptyText(200)),
  priceCents,
  quantity,
  vatRate: fc.constantFrom(0, 19, 21, 7, 10, 20, 25, 5.5),
  giftMessage: optional(text({ maxLength: 200 })),
  backOrdered: optional(fc.boolean()),
  attributes: fc.array(fc.record({ key: code(12), value: nonEmptyText(40) }), { maxLength: 3 }),
  children: fc.array(child, { maxLength: 3 }),
});

const discount: fc.Arbitrary<DiscountPlan> = fc.record({
  kind: fc.constantFrom('cart', 'product', 'shipping'),
  target: fc.nat(99),
  perMille: fc.integer({ min: 0, max: 500 }),
  name: optional(nonEmptyText(80)),
  couponCode: optional(code(100)),
});

/** A valid e-mail address (local parts in ASCII: what every receiver takes). */
const email = fc.tuple(code(20), fc.constantFrom('example.com', 'example.de', 'mail.example.co.uk')).map(([local, domain]) => `${local.toLowerCase()}@${domain}`);
/** A phone number as shoppers type it, a `+` included. */
const phone = fc.tuple(fc.constantFrom('+', '00', ''), fc.array(fc.integer({ min: 10, max: 999 }), { minLength: 2, maxLength: 4 })).map(([prefix, groups]) => `${prefix}${groups.join(' ')}`);

/** An address block: every documented field absent, null or a value; free text in many scripts. */
export function addressPlan(): fc.Arbitrary<AddressPlan> {
  return fc.record({
    FirstName: optional(text({ maxLength: 100 })),
    MiddleName: optional(text({ maxLength: 60 })),
    LastName: optional(text({ maxLength: 100 })),
    Salutation: optional(text({ maxLength: 20 })),
    Company: optional(text({ maxLength: 100 })),
    Address1: optional(text({ maxLength: 200 })),
    Address2: optional(text({ maxLength: 200 })),
    City: optional(text({ maxLength: 100 })),
    // A code (`BE`, `NSW`), never encoded; empty where a shop sends "" for "no state".
    StateCode: optional(fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'), maxLength: 3 })),
    StateOrProvince: optional(text({ maxLength: 100 })),
    Zip: optional(text({ maxLength: 20 })),
    // The block's country (the shopper's, or the hub's) is filled in when the order is built.
    CountryCode: absentOr(fc.constant(true)),
    Email: optional(email),
    Phone1: optional(phone),
    Phone2: optional(phone),
  });
}

const FLAGS = ['ClearCart', 'AllowMailsFromMerchant', 'DoNotChargeVAT', 'IsFreeShipping', 'IsMoto', 'IsSplitOrder', 'SameDayDispatch', 'PrePayOffered'] as const;

/** Names no version of the interface uses (prefixed, so no casing of a documented name). */
const unknownName = fc.string({ unit: fc.constantFrom(...'abcdefghij'), minLength: 1, maxLength: 8 }).map((s) => `XFuzz${s}`);

/** Options of the order generator. */
export interface OrderPlanOptions {
  /** The merchant's currency: shoppers pay in another currency or the same one. */
  merchantCurrency: string;
}

/** The arbitrary of order plans: 1 to 100 products, 0 to 20 discounts. */
export function orderPlan(options: OrderPlanOptions): fc.Arbitrary<OrderPlan> {
  const country = fc.constantFrom(...countryCodes());
  const currency = fc.oneof({ withCrossShrink: true }, { arbitrary: fc.constant(options.merchantCurrency), weight: 3 }, { arbitrary: fc.constantFrom(...currencyCodes()), weight: 1 });
  // No chain(): fast-check shrinks a record field by field, and a chained arbitrary would draw its
  // dependants afresh on every shrink step. The rate is ignored when both currencies are the same.
  return fc.record({
      shopperCountry: country,
      shopperCurrency: currency,
      fxRate: fc.integer({ min: 1, max: 2_000_000 }),
      // One order in ten anywhere up to 100 products; the others up to 5, as most carts are.
      products: fc.oneof({ withCrossShrink: true }, { arbitrary: fc.array(product, { minLength: 1, maxLength: 5 }), weight: 9 }, { arbitrary: fc.array(product, { minLength: 1, maxLength: 100, size: 'max' }), weight: 1 }),
      discounts: fc.array(discount, { maxLength: 20, size: 'small' }),
      shippingCents: fc.integer({ min: 0, max: 10_000 }),
      endCustomerPrimary: optional(fc.boolean()),
      sendConfirmation: optional(fc.boolean()),
      endCustomer: fc.record({ shipping: addressPlan(), billing: optional(addressPlan()) }),
      hub: fc.record({ shipping: optional(addressPlan()), billing: optional(addressPlan()) }),
      comments: optional(text({ maxLength: 500 })),
      flags: fc.record(Object.fromEntries(FLAGS.map((f) => [f, optional(fc.boolean())])) as Record<string, fc.Arbitrary<Maybe<boolean>>>),
      loyaltyCode: optional(code(40)),
      freeShippingCoupon: optional(code(50)),
      webStoreCode: optional(code(100)),
      subs: fc.oneof({ withCrossShrink: true }, { arbitrary: fc.constant(0), weight: 4 }, { arbitrary: fc.integer({ min: 2, max: 3 }), weight: 1 }),
      withPayment: fc.oneof({ withCrossShrink: true }, { arbitrary: fc.constant(false), weight: 4 }, { arbitrary: fc.constant(true), weight: 1 }),
      unknown: fc.dictionary(unknownName, fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)), { maxKeys: 2 }),
  });
}

