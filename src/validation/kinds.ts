/** The payload kinds xborder validates, and telling them apart by shape. */
import { RESPONSE_INFO_FIELDS, isFrameworkErrorBody } from './response-shape.js';

/** Every payload the interface exchanges that xborder can validate. */
export type PayloadKind = 'order' | 'cart' | 'order-response' | 'gift-card-request' | 'gift-card-response' | 'error-info';

/** All kinds, in the order `--as` lists them. */
export const PAYLOAD_KINDS: readonly PayloadKind[] = ['order', 'cart', 'order-response', 'gift-card-request', 'gift-card-response', 'error-info'];

/** True when `value` names a payload kind. */
export function isPayloadKind(value: unknown): value is PayloadKind {
  return typeof value === 'string' && (PAYLOAD_KINDS as readonly string[]).includes(value);
}

/**
 * Second-tier markers, tried (case-insensitively) when no first-tier marker is there: a captured
 * payload that lacks the very field that marks its kind (an order without OrderId, a cart without
 * productsList, ResponseInfo's fields sent flat as every deployed merchant does) is still that kind,
 * failing its schema with a finding that names what is missing, rather than a payload of no kind.
 * A bare top-level Success (`{ "Success": false }`, a partial flat ResponseInfo) is tried last: no
 * other payload of the interface carries one.
 */
const RESPONSE_INFO_KEYS = RESPONSE_INFO_FIELDS.filter((f) => f !== 'Success').map((f) => f.toLowerCase());

const WEAK_MARKERS: [PayloadKind, (keys: Set<string>) => boolean][] = [
  ['order-response', (k) => k.has('success') && RESPONSE_INFO_KEYS.some((m) => k.has(m))],
  ['gift-card-response', (k) => k.has('isglobalegiftcard') || (k.has('balance') && k.has('errortext'))],
  ['gift-card-request', (k) => k.has('merchantguid') && k.has('shippingcountrycode') && !k.has('orderid')],
  ['order', (k) => ['primaryshipping', 'secondaryshipping', 'primarybilling', 'secondarybilling', 'internationaldetails'].some((m) => k.has(m)) || ((k.has('merchantguid') || k.has('orderid')) && ['products', 'customer', 'cartid', 'paymentdetails', 'discounts'].some((m) => k.has(m)))],
  ['cart', (k) => ['discountslist', 'discountlist', 'shippingoptionslist', 'userdetails', 'shippingdetails', 'billingdetails', 'merchantcarthash'].some((m) => k.has(m))],
  ['order-response', (k) => k.has('success')],
];

/**
 * The kind of a document from its shape, or undefined when it matches none. Property names are
 * compared case-insensitively (the wire's casing varies). The most specific marker wins:
 * ResponseInfo, CardFields, IsValid, Code+Error, productsList, then MerchantGUID+OrderId (a cart
 * POST request also carries MerchantGUID and OrderId, so the cart's list is checked first); then
 * the second-tier markers above; last, a web framework's JSON error body (`{ "status": 500, "error":
 * ... }`), which a merchant sends in place of a ResponseInfo when its code crashed: it is judged as the
 * answer it stands for (order-response), where it gets one finding saying what it is.
 */
export function detectKind(doc: unknown): PayloadKind | undefined {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return undefined;
  // Documented casing first: one lookup each, no allocation (this runs once per NDJSON line).
  const d = doc as Record<string, unknown>;
  if ('ResponseInfo' in d) return 'order-response';
  if ('CardFields' in d) return 'gift-card-request';
  if ('IsValid' in d) return 'gift-card-response';
  if ('Code' in d && 'Error' in d) return 'error-info';
  if ('productsList' in d) return 'cart';
  if ('MerchantGUID' in d && 'OrderId' in d) return 'order';
  const keys = new Set(Object.keys(doc).map((k) => k.toLowerCase()));
  if (keys.has('responseinfo')) return 'order-response';
  if (keys.has('cardfields')) return 'gift-card-request';
  if (keys.has('isvalid')) return 'gift-card-response';
  if (keys.has('code') && keys.has('error')) return 'error-info';
  if (keys.has('productslist')) return 'cart';
  if (keys.has('merchantguid') && keys.has('orderid')) return 'order';
  return WEAK_MARKERS.find(([, marks]) => marks(keys))?.[0] ?? (isFrameworkErrorBody(doc) ? 'order-response' : undefined);
}
