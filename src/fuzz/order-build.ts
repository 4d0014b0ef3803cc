/**
 * Turns a generated plan into an order as the platform sends it: CartItemIds that chain (children
 * name their parent), money that adds up in cents (products, discounts, shipping, the shopper's
 * total at the FX rate, the payment), and the end customer's values form-encoded the way the
 * platform encodes them, in the blocks Customer.IsEndCustomerPrimary gives the end customer.
 */
import type { JsonObject } from '../json/props.js';
import { ABSENT, present } from './optional.js';
import type { AddressPlan, DiscountPlan, OrderPlan } from './order-plan.js';
import { formEncode } from '../decode/form-decode.js';

/** Who the order is for: what the platform fills in per delivery, not per generated plan. */
export interface OrderIdentity {
  merchantGUID: string;
  orderId: string;
  /** The merchant's currency (the order's CurrencyCode). */
  merchantCurrency: string;
  /** The cart the order converts (a generated token when no real carts are configured). */
  cartId: string;
}

/** The platform's hub, in the blocks that are not the end customer's. */
const HUB_COUNTRY = 'NL';

/** The platform's test Visa card (samples/order-payment.json): masked in every output. */
const TEST_CARD = { CardNumber: '4111111111111111', CVVNumber: '123', ExpirationDate: '2030-12-31', OwnerFirstName: 'Test', OwnerLastName: 'Shopper', PaymentMethodCode: '1', PaymentMethodName: 'Visa', PaymentMethodTypeCode: 'CreditCard' };

const cents = (n: number): number => Math.round(n) / 100;

/** The order of `plan` for `identity`. */
export function buildOrder(plan: OrderPlan, identity: OrderIdentity): JsonObject {
  const products = buildProducts(plan);
  const lineCents = products.reduce((s, p) => s + p.cents * p.quantity, 0);
  const { discounts, cartCents, shippingDiscountCents } = buildDiscounts(plan.discounts, products, lineCents, plan.shippingCents);
  const shippingCents = plan.shippingCents - shippingDiscountCents;
  const merchantCents = lineCents - cartCents + shippingCents;
  const sameCurrency = plan.shopperCurrency === identity.merchantCurrency;
  const rate = sameCurrency ? 1 : plan.fxRate / 10_000;
  const shopperCents = Math.round(merchantCents * rate);
  for (const p of products) {
    // Each product carries its share of the cart discounts, pro rata by line value.
    const unit = lineCents > 0 ? Math.round(p.cents * (1 - cartCents / lineCents)) : p.cents;
    p.json.DiscountedPrice = p.json.InternationalDiscountedPrice = cents(unit);
    p.json.InternationalPrice = cents(Math.round(p.cents * rate));
  }
  const endPrimary = plan.endCustomerPrimary === true;
  const end = { shipping: address(plan.endCustomer.shipping, plan.shopperCountry, true), billing: plan.endCustomer.billing === ABSENT || plan.endCustomer.billing === null ? plan.endCustomer.billing : address(plan.endCustomer.billing, plan.shopperCountry, true) };
  const hub = { shipping: hubBlock(plan.hub.shipping), billing: hubBlock(plan.hub.billing) };
  const order: JsonObject = present({
    MerchantGUID: identity.merchantGUID,
    OrderId: identity.orderId,
    MerchantOrderId: null,
    CartId: identity.cartId,
    CurrencyCode: identity.merchantCurrency,
    OrderCreationDate: '2026-01-30T10:55:21',
    StatusCode: 'N/A',
    Customer: plan.endCustomerPrimary === ABSENT && plan.sendConfirmation === ABSENT ? ABSENT : present({ IsEndCustomerPrimary: plan.endCustomerPrimary, SendConfirmation: plan.sendConfirmation }),
    CustomerComments: plan.comments,
    ...plan.flags,
    LoyaltyCode: plan.loyaltyCode,
    FreeShippingCouponCode: plan.freeShippingCoupon,
    WebStoreCode: plan.webStoreCode,
    DiscountedShippingPrice: cents(shippingCents),
    Products: products.map((p) => p.json),
    Discounts: discounts,
    PrimaryShipping: endPrimary ? end.shipping : hub.shipping,
    PrimaryBilling: endPrimary ? end.billing : hub.billing,
    SecondaryShipping: endPrimary ? hub.shipping : end.shipping,
    SecondaryBilling: endPrimary ? hub.billing : end.billing,
    InternationalDetails: {
      CurrencyCode: plan.shopperCurrency,
      TransactionCurrencyCode: plan.shopperCurrency,
      TotalPrice: cents(shopperCents),
      TransactionTotalPrice: cents(shopperCents),
      TotalShippingPrice: cents(Math.round(plan.shippingCents * rate)),
      DiscountedShippingPrice: cents(Math.round(shippingCents * rate)),
    },
    EffectiveFXRate: rate,
    OrderPaymentMethods: [{ PaymentMethodId: 1, PaymentMethodName: 'Visa', IsGiftCard: false, PaidAmountInCustomerCurrency: cents(shopperCents), PaidAmountInMerchantCurrency: cents(merchantCents) }],
    PaymentDetails: plan.withPayment ? { ...TEST_CARD, CountryCode: plan.shopperCountry } : ABSENT,
    ...plan.unknown,
  });
  if (plan.subs >= 2 && products.filter((p) => p.top).length >= plan.subs) order.Subs = buildSubs(order, plan.subs, identity);
  return order;
}

/** A product line as generated, with its unit price in cents kept for the sums. */
interface BuiltProduct {
  json: JsonObject;
  cents: number;
  quantity: number;
  top: boolean;
}

function buildProducts(plan: OrderPlan): BuiltProduct[] {
  const out: BuiltProduct[] = [];
  plan.products.forEach((p, i) => {
    const id = String(i + 1);
    const base = { CartItemOptionId: null, ParentCartItemId: null, VATRate: p.vatRate, RoundingRate: 1 };
    out.push({
      top: true,
      cents: p.priceCents,
      quantity: p.quantity,
      json: present({ CartItemId: id, ...base, Sku: p.sku, ProductName: p.name, Price: cents(p.priceCents), Quantity: p.quantity, GiftMessage: p.giftMessage, IsBackOrdered: p.backOrdered, Attributes: p.attributes.map((a) => ({ AttributeKey: a.key, AttributeValue: a.value })) }),
    });
    p.children.forEach((c, k) => {
      out.push({
        top: false,
        cents: c.priceCents,
        quantity: c.quantity,
        json: present({ CartItemId: null, CartItemOptionId: `${id}-${k + 1}`, ParentCartItemId: id, VATRate: p.vatRate, RoundingRate: 1, Sku: c.sku, ProductName: c.name, Price: cents(c.priceCents), Quantity: c.quantity }),
      });
    });
  });
  return out;
}

/**
 * Discounts in order, each a share of what is still left to discount: cart and product discounts
 * together take at most half the line value (the total stays positive), shipping discounts at most
 * the shipping price.
 */
function buildDiscounts(plans: DiscountPlan[], products: BuiltProduct[], lineCents: number, shippingCents: number) {
  const tops = products.filter((p) => p.top);
  let cartLeft = Math.floor(lineCents / 2);
  let shippingLeft = shippingCents;
  let cartCents = 0;
  let shippingDiscountCents = 0;
  const discounts = plans.map((d) => {
    const shipping = d.kind === 'shipping';
    const amount = Math.floor(((shipping ? shippingLeft : cartLeft) * d.perMille) / 1000);
    if (shipping) {
      shippingLeft -= amount;
      shippingDiscountCents += amount;
    } else {
      cartLeft -= amount;
      cartCents += amount;
    }
    const target = d.kind === 'product' ? tops[d.target % tops.length]!.json.CartItemId : null;
    return present({ Name: d.name, DiscountType: shipping ? 2 : 1, DiscountSource: 1, Price: cents(amount), InternationalPrice: cents(amount), CouponCode: d.couponCode, ProductCartItemId: target });
  });
  return { discounts, cartCents, shippingDiscountCents };
}

/** An end customer's block: the country filled in, every text value form-encoded. */
function address(plan: AddressPlan, country: string, encode: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(plan)) {
    if (value === ABSENT) continue;
    if (key === 'CountryCode') out.CountryCode = country;
    // State codes are codes: the platform encodes the free text of a block, not its ISO codes.
    // A leading space is trimmed as checkout forms do: encoded, it would start with a `+`, which
    // every receiver must read as a phone's prefix.
    else out[key] = encode && typeof value === 'string' && key !== 'StateCode' ? formEncode(value.trimStart(), { lowerHex: true }) : value;
  }
  return out;
}

/** A hub block: plain text, the hub's country. */
function hubBlock(plan: AddressPlan | null | typeof ABSENT): unknown {
  return plan === null || plan === ABSENT ? plan : address(plan, HUB_COUNTRY, false);
}

/** A mixed order's sub-orders: its top-level products (with their children) dealt out in turn. */
function buildSubs(order: JsonObject, count: number, identity: OrderIdentity): JsonObject[] {
  const products = order.Products as JsonObject[];
  const owner = new Map<string, number>();
  let next = 0;
  return Array.from({ length: count }, (_, i) => i).map((i) => {
    const own = products.filter((p) => {
      const parent = (p.ParentCartItemId as string | null) ?? (p.CartItemId as string);
      if (!owner.has(parent)) owner.set(parent, next++ % count);
      return owner.get(parent) === i;
    });
    return { MerchantGUID: identity.merchantGUID, OrderId: `${identity.orderId}-${i + 1}`, MerchantOrderId: null, CartId: identity.cartId, CurrencyCode: identity.merchantCurrency, StatusCode: 'N/A', Products: own };
  });
}
