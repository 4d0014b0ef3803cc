/**
 * Persona `php-sdk`: a merchant built on the platform's own PHP SDK, which serialises its objects as
 * they are (public-facts, "How deployed merchant integrations behave": "unset optional fields of a
 * cart product as `""` (numbers and strings alike), quantities and amounts as strings such as
 * `"1.0000"`, some keys in camelCase (`success`, `errorMessage`)"). Merchants built on it run in
 * production: the platform's reader reads every one of these forms.
 *
 * - Cart products carry every property of the SDK's product class: the unset ones as `""` (Brand,
 *   Volume, ImageHeight, ImageWidth, Height, Length, Width...) or `null`; quantities and prices as
 *   strings with 4 decimals (`"2.0000"`, `"49.9000"`) or 2 (`"12.50"`); booleans as `"true"` /
 *   `"True"` / `"False"`; some names in camelCase (`productCode`, `cartItemId`, `salePrice`) and the
 *   currency at the top as `CurrencyCode`.
 * - Order answers flat, every ResponseInfo key present: `success` (camelCase) as `"True"` / `"False"`,
 *   unused keys as `""`, PaymentAmount with 4 decimals; errors add `errorMessage`. Success is HTTP 200,
 *   a refusal HTTP 400 (a wrong MerchantGUID or credentials: 401).
 * - The order is looked up by CartId, then MerchantOrderId; the cart is closed by its order (another
 *   order on it is refused); a re-delivered OrderId answers the same order; MerchantOrderId naming an
 *   order updates it. No CartHash. GET and POST carts (POST checks the body's MerchantGUID).
 * - Lifecycle: UpdateOrderStatus (`/order-status-update-only-url`) answered the same way.
 *
 * NO PLANTED FAULT: everything it sends is a form the platform's reader reads, so `xborder check`
 * passes (lenient notes only) and fails with --strict.
 */
import type http from 'node:http';
import {
  CATALOGUE, chargeOf, isRecord, parseJson, sendJson, startPersona, Store,
  type PersonaHandle, type PersonaOptions, type StoredCart, type StoredOrder,
} from './common.js';

export type PhpSdkOptions = PersonaOptions;

/** A number as the SDK's decimal properties print it: 4 decimals. */
const dec4 = (n: number): string => n.toFixed(4);

/** A boolean as PHP's string casts and the SDK's helpers print it, both spellings seen. */
const bool = (b: boolean, capital: boolean): string => (capital ? (b ? 'True' : 'False') : b ? 'true' : 'false');

/** The SDK's product object, serialised with every property: unset ones "" or null. */
function sdkProduct(item: StoredCart['items'][number], index: number): Record<string, unknown> {
  return {
    productCode: item.ProductCode,
    ProductGroupCode: item.ProductCode.replace(/\d+$/, ''),
    ProductCodeSecondary: '',
    cartItemId: item.CartItemId,
    CartItemOptionId: '',
    ParentCartItemId: null,
    Name: item.Name,
    NameEnglish: item.Name,
    Description: '',
    Keywords: '',
    URL: item.URL,
    ImageURL: item.ImageURL,
    ImageHeight: '',
    ImageWidth: '',
    OrderedQuantity: dec4(item.Quantity),
    DeliveryQuantity: '',
    salePrice: index % 2 === 0 ? dec4(item.Price) : item.Price.toFixed(2),
    OriginalSalePrice: dec4(item.Price),
    ListPrice: dec4(item.ListPrice),
    OriginalListPrice: dec4(item.ListPrice),
    SalePriceBeforeRounding: '',
    LineItemSalePrice: '',
    SalePriceReason: '',
    GenericHSCode: item.GenericHSCode,
    Weight: dec4(item.Weight),
    NetWeight: '',
    Height: '',
    Length: '',
    Width: '',
    Volume: '',
    NetVolume: '',
    OriginCountryCode: 'DE',
    HubCode: '',
    IsBackOrdered: bool(false, index % 2 === 1),
    BackOrderDate: '',
    IsVirtual: bool(false, true),
    IsBundle: 'false',
    IsFixedPrice: '',
    GiftMessage: '',
    HandlingCode: '',
    PriceCoefficientRate: '',
    ProductClassCode: '',
    Brand: '',
    Categories: '',
    Attributes: null,
    MetaData: '',
    VATCategory: '',
    VATRateType: { Name: 'Standard', Rate: '19.0000', VATRateTypeCode: 'standard' },
    LocalVATRateType: '',
  };
}

/** The GetCheckoutCartInfo answer the SDK's cart object serialises to. */
function sdkCart(cart: StoredCart, query: URLSearchParams): Record<string, unknown> {
  return {
    productsList: cart.items.map(sdkProduct),
    CurrencyCode: (query.get('currencyCode') || 'EUR').toUpperCase(),
    originalCurrencyCode: 'EUR',
    CountryCode: (query.get('countryCode') || 'DE').toUpperCase(),
    cultureCode: 'en-GB',
    clientIP: '',
    discountsList: '',
    shippingOptionsList: '',
    billingDetails: '',
    shippingDetails: '',
    userDetails: {
      UserId: cart.userId,
      AddressDetails: [{
        FirstName: 'Anna', LastName: 'Schmidt', MiddleName: '', Email: 'anna+shop@example.com', Phone1: '+49 30 1234567', Phone2: '',
        Address1: 'Hauptstrasse 5', Address2: '', City: 'Berlin', Zip: '10115', CountryCode: 'DE', StateCode: '', Company: '',
        IsShipping: 'True', IsBilling: 'true', IsDefaultShipping: 'True', IsDefaultBilling: 'true', UserIdNumberType: '',
      }],
    },
    doNotChargeVAT: 'False',
    isFreeShipping: 'false',
    hubID: '',
    IncludeVAT: '',
    LoyaltyPoints: '',
    loyaltyPointsEarned: '0.0000',
    loyaltyPointsSpent: '',
    merchantCartHash: '',
    MerchantOrderId: '',
    otVoucherAmount: '',
    otVoucherCode: '',
    otVoucherCurrencyCode: '',
    urlParameters: '',
    webStoreCode: '',
  };
}

/** The SDK's ResponseInfo, flat, every key present, unused ones "". */
function sdkAnswer(fields: { success: boolean; InternalOrderId?: string; OrderId?: string; StatusCode?: string; PaymentCurrencyCode?: string; PaymentAmount?: string; ErrorCode?: string; Message?: string }): Record<string, unknown> {
  return {
    success: bool(fields.success, true),
    InternalOrderId: fields.InternalOrderId ?? '',
    OrderId: fields.OrderId ?? '',
    StatusCode: fields.StatusCode ?? '',
    PaymentCurrencyCode: fields.PaymentCurrencyCode ?? '',
    PaymentAmount: fields.PaymentAmount ?? '',
    ErrorCode: fields.ErrorCode ?? '',
    Message: fields.Message ?? '',
    Description: '',
    ...(fields.success ? {} : { errorMessage: fields.Message ?? '' }),
  };
}

function refuse(res: http.ServerResponse, status: number, errorCode: string, message: string): void {
  sendJson(res, status, sdkAnswer({ success: false, ErrorCode: errorCode, Message: message }));
}

function placed(res: http.ServerResponse, order: StoredOrder, body: Record<string, unknown>): void {
  const charge = chargeOf(body);
  sendJson(res, 200, sdkAnswer({
    success: true,
    InternalOrderId: order.InternalOrderId,
    OrderId: order.OrderId,
    StatusCode: order.status,
    PaymentCurrencyCode: charge?.currency,
    PaymentAmount: charge ? dec4(Number(charge.amount)) : undefined,
  }));
}

export async function startPhpSdk(opts: PhpSdkOptions): Promise<PersonaHandle> {
  const store = new Store(CATALOGUE);

  function findExisting(body: Record<string, unknown>): StoredOrder | undefined {
    const byCart = store.orders.find((o) => typeof body.CartId === 'string' && o.cartId === body.CartId);
    if (byCart) return byCart;
    if (typeof body.CartId === 'string' && store.carts.has(body.CartId)) return undefined;
    return store.byInternalId(body.MerchantOrderId) ?? store.byPlatformId(body.OrderId);
  }

  return startPersona(opts, store, {
    unauthorized: (res) => refuse(res, 401, 'Unauthorized', 'Unauthorized'),

    cart(req, res, query, text) {
      if (req.method !== 'GET' && req.method !== 'POST') {
        res.setHeader('Allow', 'GET, POST');
        return refuse(res, 405, 'MethodNotAllowed', 'Method not allowed');
      }
      if (req.method === 'POST') {
        const body = parseJson(text);
        if (!isRecord(body) || body.MerchantGUID !== opts.merchantGUID) return refuse(res, 401, 'Unauthorized', 'MerchantGUID is missing or wrong');
      }
      const cart = store.carts.get(query.get('merchantCartToken') ?? '');
      if (!cart || cart.state !== 'open') return refuse(res, 404, 'CartNotFound', 'Cart not found');
      sendJson(res, 200, sdkCart(cart, query));
    },

    events: {
      '/order-status-update-only-url': (res, text) => {
        const body = parseJson(text);
        if (!isRecord(body)) return refuse(res, 400, 'InvalidRequest', 'The body is not a JSON object');
        if (body.MerchantGUID !== opts.merchantGUID) return refuse(res, 401, 'Unauthorized', 'MerchantGUID is missing or wrong');
        const order = store.byInternalId(body.MerchantOrderId) ?? store.byPlatformId(body.OrderId);
        if (!order) return refuse(res, 400, 'OrderNotFound', 'Order not found');
        const code = typeof body.StatusCode === 'string' ? body.StatusCode.trim().toLowerCase() : '';
        if (!['canceled', 'cancelled', 'n/a', 'processing', 'shipped', 'delivered'].includes(code)) return refuse(res, 400, 'UnknownStatus', `Unknown status ${String(body.StatusCode)}`);
        order.status = code === 'cancelled' ? 'canceled' : code;
        sendJson(res, 200, sdkAnswer({ success: true, InternalOrderId: order.InternalOrderId, OrderId: order.OrderId, StatusCode: order.status }));
      },
    },

    order(_req, res, text) {
      const body = parseJson(text);
      if (!isRecord(body)) return refuse(res, 400, 'InvalidRequest', 'The body is not a JSON object');
      if (body.MerchantGUID !== opts.merchantGUID) return refuse(res, 401, 'Unauthorized', 'MerchantGUID is missing or wrong');
      if (typeof body.OrderId !== 'string' || body.OrderId === '') return refuse(res, 400, 'ValidationError', 'OrderId is required');

      const existing = findExisting(body);
      if (existing) {
        const same = existing.platformOrderId === body.OrderId || body.MerchantOrderId === existing.InternalOrderId || body.MerchantOrderId === existing.OrderId;
        if (!same) return refuse(res, 400, 'CartNotActive', 'Cart already checked out');
        return placed(res, store.touch(existing, body), body);
      }
      const cart = typeof body.CartId === 'string' ? store.carts.get(body.CartId) : undefined;
      if (!cart || cart.state !== 'open') return refuse(res, 400, 'CartNotFound', 'Cart not found');
      const n = store.nextOrderNumber();
      const order = store.create(body, { InternalOrderId: String(7000 + n), OrderId: `PHP${String(n).padStart(6, '0')}` }, 'processing');
      cart.state = 'completed';
      placed(res, order, body);
    },
  });
}
