/**
 * The index of platform-hosted operations (interface section 4.1): every one is a POST relative to
 * `{platform.baseUrl}`. `findOperation` is how `platform call` and the wizard resolve what the user
 * typed: an operation name ("Validate gift card"), its path's last segment ("ValidateGiftCard") or
 * the path itself, all case-insensitively.
 */
import { UsageError } from '../errors.js';

/** One indexed platform operation. */
export interface PlatformOperation {
  /** The index's group: Shipping, Orders, Gift cards, Checkout and cart, Browsing. */
  group: string;
  /** The operation's name as the index prints it. */
  name: string;
  /** Path relative to the platform base URL, as the index prints it. */
  path: string;
  /** A short identifier: the path's last segment (`ValidateGiftCard`, `GetShippingDocuments`). */
  id: string;
}

const INDEX: Array<[group: string, name: string, path: string]> = [
  ['Shipping', 'Get shipping documents', '/Order/GetShippingDocuments'],
  ['Shipping', 'Dispatch orders', '/Order/DispatchOrders'],
  ['Shipping', 'Void parcel', '/Parcel/VoidParcel'],
  ['Orders', 'Create order', '/checkout/CreateOrder'],
  ['Orders', 'Get orders details', '/Order/GetOrdersDetails'],
  ['Orders', 'Update Order Dispatch V2', '/Order/UpdateOrderDispatchV2'],
  ['Orders', 'Update Parcel Dispatch', '/UpdateParcelDispatch'],
  ['Orders', 'Update Order Status', '/Order/UpdateOrderStatus'],
  ['Orders', 'Create order refund', '/Order/CreateOrderRefund'],
  ['Orders', 'Notify order refund', '/order-refund-url'],
  ['Gift cards', 'Validate gift card', '/ValidateGiftCard'],
  ['Gift cards', 'Redeem gift card', '/RedeemGiftCard'],
  ['Gift cards', 'Refund gift card', '/RefundGiftCard'],
  ['Checkout and cart', 'Client apply loyalty vouchers', '/ClientApplyLoyaltyVouchers'],
  ['Browsing', 'Active hub details', '/Browsing/ActiveHubDetails'],
  ['Browsing', 'App settings', '/Browsing/AppSettings'],
  ['Browsing', 'App version', '/Browsing/AppVersion'],
  ['Browsing', 'Countries', '/Browsing/Countries'],
  ['Browsing', 'Country coefficients', '/Browsing/CountryCoefficients'],
  ['Browsing', 'Currencies', '/Browsing/Currencies'],
  ['Browsing', 'Currency Rates', '/Browsing/CurrencyRates'],
  ['Browsing', 'Location by IP', '/Browsing/LocationByIP'],
  ['Browsing', 'Location default culture', '/Browsing/LocationDefaultCulture'],
  ['Browsing', 'Locations Default Cultures List', '/Browsing/LocationsDefaultCulturesList'],
  ['Browsing', 'Product Countries', '/Browsing/ProductCountryS'],
  ['Browsing', 'Recent Product Countries', '/Browsing/RecentProductCountryS'],
  ['Browsing', 'Regions', '/Browsing/Regions'],
  ['Browsing', 'Rounding rules', '/Browsing/RoundingRules'],
  ['Browsing', 'Save products list', '/Browsing/SaveProductsList'],
  ['Browsing', 'Save Products Bulk', '/Bulk/SaveProductsBulk'],
  ['Browsing', 'Shipping Options', '/Browsing/ShippingOptions'],
  ['Browsing', 'VAT Category Countries', '/Browsing/VATCategoryCountryS'],
];

/** The 32 indexed operations, in the index's order. */
export const PLATFORM_OPERATIONS: readonly PlatformOperation[] = INDEX.map(([group, name, path]) => ({
  group,
  name,
  path,
  id: path.slice(path.lastIndexOf('/') + 1),
}));

/** The operation the interface documents a request and response for. */
export const VALIDATE_GIFT_CARD: PlatformOperation = PLATFORM_OPERATIONS.find((op) => op.id === 'ValidateGiftCard')!;

/** Letters and digits only, lower-cased: "Validate gift card", "ValidateGiftCard" and "validate-gift-card" meet. */
function key(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The indexed operation whose path equals `path` (case-insensitive, query string ignored). */
export function operationForPath(path: string): PlatformOperation | undefined {
  const bare = path.split('?')[0]!.replace(/\/+$/, '').toLowerCase();
  return PLATFORM_OPERATIONS.find((op) => op.path.toLowerCase() === bare);
}

/** What `platform call` will POST to: an indexed operation, or a path outside the index. */
export interface ResolvedTarget {
  path: string;
  /** Absent when the path is not in the index (its shapes are unknown). */
  operation?: PlatformOperation;
}

/**
 * Resolves what the user typed. A name, id or path of the index matches case-insensitively; any
 * other text starting with `/` is taken as a path outside the index. Anything else is a UsageError
 * that suggests the nearest operations.
 */
export function findOperation(query: string): ResolvedTarget {
  const text = query.trim();
  if (text === '') throw new UsageError('Name a platform operation or a path (see `xborder platform list`).');
  const byPath = operationForPath(text.startsWith('/') ? text : `/${text}`);
  if (byPath) return { path: byPath.path, operation: byPath };
  const wanted = key(text);
  const match = PLATFORM_OPERATIONS.find((op) => key(op.name) === wanted || key(op.id) === wanted);
  if (match) return { path: match.path, operation: match };
  if (text.startsWith('/')) return { path: text };
  const near = PLATFORM_OPERATIONS.filter((op) => key(op.name).includes(wanted) || wanted.includes(key(op.id)) || key(op.id).includes(wanted));
  const hint = near.length > 0 ? ` Did you mean ${near.slice(0, 5).map((op) => `"${op.name}" (${op.path})`).join(', ')}?` : '';
  throw new UsageError(
    `Unknown platform operation "${text}".${hint} Run \`xborder platform list\` for the 32 indexed operations, or give a path starting with "/".`,
  );
}
