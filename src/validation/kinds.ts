/** The payload kinds xborder validates, and telling them apart by shape. */
import { readProperty } from './platform-reader.js';
import { RESPONSE_INFO_FIELDS, isFrameworkErrorBody } from './response-shape.js';

/**
 * Every payload the interface exchanges that xborder can validate. After the first six, the rest of
 * the order lifecycle the platform sends the merchant: PerformOrderPayment (`payment-request`),
 * UpdateOrderStatus (`status-update`), UpdateOrderShippingInfo (`shipping-info`), NotifyOrderRefund
 * (`refund`) and SendAdditionalRequiredDocumentsToMerchant (`documents`); each is answered with a
 * ResponseInfo (`order-response`).
 */
export type PayloadKind =
  | 'order'
  | 'cart'
  | 'order-response'
  | 'gift-card-request'
  | 'gift-card-response'
  | 'error-info'
  | 'payment-request'
  | 'status-update'
  | 'shipping-info'
  | 'refund'
  | 'documents';

/** All kinds, in the order `--as` lists them. */
export const PAYLOAD_KINDS: readonly PayloadKind[] = [
  'order',
  'cart',
  'order-response',
  'gift-card-request',
  'gift-card-response',
  'error-info',
  'payment-request',
  'status-update',
  'shipping-info',
  'refund',
  'documents',
];

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

/** What only an order carries (its products, parties, cart): a lifecycle event carries none of these. */
const ORDER_BODY = ['products', 'customer', 'primaryshipping', 'primarybilling', 'secondaryshipping', 'secondarybilling', 'cartid', 'paymentdetails', 'discounts'];

/** What only a ResponseInfo carries besides OrderId and StatusCode (a flat answer names both). */
const ANSWER_ONLY = ['success', ...RESPONSE_INFO_KEYS.filter((k) => k !== 'orderid' && k !== 'statuscode')];

/** InternationalDetails fields only a shipping update fills in: tracking and waybill. */
const TRACKING = ['ordertrackingnumber', 'ordertrackingurl', 'orderwaybillnumber', 'orderwaybillurl', 'parcelstracking'];

/**
 * The lifecycle event a document is, from its (lower-cased) keys, or undefined. Tried before the
 * order's MerchantGUID+OrderId, which every event carries as well:
 * - `refund`: RefundId (or, when a captured refund lacks it, TotalRefundAmount / OriginalTotalRefundAmount,
 *   names no other payload uses); its Products do not make it an order;
 * - nothing else when the body carries anything of an order's own (ORDER_BODY): it is an order;
 * - `documents`: AdditionalRequiredDocuments without InternationalDetails (an order lists the
 *   documents it waits for; the webhook delivers them alone);
 * - `shipping-info`: InternationalDetails holding tracking or waybill fields;
 * - `status-update`: OrderId with StatusCode (or OrderStatusReason) and nothing of a ResponseInfo
 *   (a flat answer carries OrderId and StatusCode too, beside Success or InternalOrderId).
 * `payment-request` is never told from the shape: PerformOrderPayment's body IS an order (with
 * PaymentDetails, as SendOrderToMerchant's may be), so such a body stays `order`; validate it as the
 * payment call with `--as payment-request`.
 */
function lifecycleKind(doc: Record<string, unknown>, keys: Set<string>): PayloadKind | undefined {
  if (keys.has('refundid') || keys.has('totalrefundamount') || keys.has('originaltotalrefundamount')) return 'refund';
  if (ORDER_BODY.some((k) => keys.has(k))) return undefined;
  if (keys.has('additionalrequireddocuments') && !keys.has('internationaldetails')) return 'documents';
  if (keys.has('internationaldetails') && carriesTracking(valueOf(doc, 'internationaldetails'))) return 'shipping-info';
  if (
    keys.has('orderid') &&
    (keys.has('statuscode') || keys.has('orderstatusreason')) &&
    !keys.has('internationaldetails') &&
    !keys.has('additionalrequireddocuments') &&
    !ANSWER_ONLY.some((k) => keys.has(k))
  ) {
    return 'status-update';
  }
  return undefined;
}

/** The value of the property named `lower` as the platform's reader finds it (any casing). */
function valueOf(doc: Record<string, unknown>, lower: string): unknown {
  return readProperty(doc, lower);
}

function carriesTracking(details: unknown): boolean {
  if (details === null || typeof details !== 'object' || Array.isArray(details)) return false;
  return Object.keys(details).some((k) => TRACKING.includes(k.toLowerCase()));
}

/**
 * The kind of a document from its shape, or undefined when it matches none. Property names are
 * compared case-insensitively (the wire's casing varies). The most specific marker wins:
 * ResponseInfo, CardFields, IsValid, Code+Error, productsList, the lifecycle events (lifecycleKind),
 * then MerchantGUID+OrderId (a cart POST request and every lifecycle event also carry MerchantGUID and
 * OrderId, so those are checked first); then
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
  // The common order (its products listed, no refund marker) without building the key set.
  if ('MerchantGUID' in d && 'OrderId' in d && 'Products' in d && !('RefundId' in d) && !('TotalRefundAmount' in d) && !('OriginalTotalRefundAmount' in d)) return 'order';
  const keys = new Set(Object.keys(doc).map((k) => k.toLowerCase()));
  if (keys.has('responseinfo')) return 'order-response';
  if (keys.has('cardfields')) return 'gift-card-request';
  if (keys.has('isvalid')) return 'gift-card-response';
  if (keys.has('code') && keys.has('error')) return 'error-info';
  if (keys.has('productslist')) return 'cart';
  const event = lifecycleKind(d, keys);
  if (event !== undefined) return event;
  if (keys.has('merchantguid') && keys.has('orderid')) return 'order';
  return WEAK_MARKERS.find(([, marks]) => marks(keys))?.[0] ?? (isFrameworkErrorBody(doc) ? 'order-response' : undefined);
}
