/**
 * The top-level Order properties the interface lists (section 2.1) and the built-in order samples
 * carry. A conforming merchant tolerates any other property; only the
 * `order-rejects-unknown-properties` fault uses this list, to refuse what it does not know.
 */
import { listSamples, loadSample } from '../../samples/catalog.js';
import { isObject } from '../../json/props.js';

/** Section 2.1's top-level Order properties, lower-cased. */
const DOCUMENTED_ORDER_FIELDS: ReadonlySet<string> = new Set(
  [
    'MerchantGUID', 'OrderId', 'MerchantOrderId', 'CartId', 'CartHash', 'UserId', 'ClearCart', 'CurrencyCode',
    'CurrencyName', 'DateCreated', 'OrderCreationDate', 'OrderCreationSource', 'Customer', 'CustomerComments',
    'CustomerDTBreakdown', 'MerchantDTBreakdown', 'AllowMailsFromMerchant', 'DiscountedShippingPrice', 'Discounts',
    'Markups', 'DoNotChargeVAT', 'ExporterDetails', 'FreeShippingCouponCode', 'IsFreeShipping', 'InternationalDetails',
    'IsB2B', 'IsMoto', 'IsReplacementOrder', 'IsSplitOrder', 'IsTaxExemption', 'LoyaltyCode', 'LoyaltyPointsEarned',
    'LoyaltyPointsSpent', 'ModifiedProduct', 'OrderDocuments', 'AdditionalRequiredDocuments', 'OrderPaymentMethods',
    'OrderStatusReason', 'OriginalOrder', 'OTCurrencyCode', 'OTVoucherCode', 'OTVoucherAmount', 'Parcels',
    'PaymentDetails', 'PrePayOffered', 'PriceCoefficientRate', 'RoundingRate', 'EffectiveFXRate', 'PrimaryShipping',
    'PrimaryBilling', 'SecondaryShipping', 'SecondaryBilling', 'Products', 'SameDayDispatch', 'SameDayDispatchCost',
    'ShippingMethodCode', 'ShipToStoreCode', 'StatusCode', 'Subs', 'TotalDutiesAndTaxesPrice',
    'TotalDutiesPaidByCustomerPrice', 'CashOnDeliveryFee', 'CCFPrice', 'USSalesTax', 'WebStoreCode',
    'WebStoreInstanceCode', 'UrlParameters', 'CountryCode3',
  ].map((name) => name.toLowerCase()),
);

let known: Set<string> | undefined;

/**
 * Documented fields plus every top-level key of the built-in order samples, so the fault refuses
 * only what a checker adds on purpose and never a sample's own field.
 */
function knownOrderFields(): Set<string> {
  if (known) return known;
  known = new Set(DOCUMENTED_ORDER_FIELDS);
  for (const sample of listSamples().filter((s) => s.kind === 'order')) {
    const doc = loadSample(sample.name);
    if (isObject(doc)) for (const key of Object.keys(doc)) known.add(key.toLowerCase());
  }
  return known;
}

/** Top-level property names of `order` the interface does not list (compared ignoring case). */
export function unknownOrderFields(order: Record<string, unknown>): string[] {
  const fields = knownOrderFields();
  return Object.keys(order).filter((key) => !fields.has(key.toLowerCase()));
}
