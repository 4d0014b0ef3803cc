/**
 * The request fields xborder knows for some platform operations, to ask for them in a terminal.
 * ValidateGiftCard is documented by the interface; the others come from the platform's public
 * documentation (public-facts.md) and are a starting point the user edits, not a schema.
 */

/** One known top-level request field. */
export interface KnownField {
  name: string;
  /** How the typed answer is stored: text, a JSON number, or a list left empty for editing. */
  type: 'string' | 'number' | 'list';
  /** Filled from the configuration instead of asked. */
  from?: 'merchantGUID' | 'countryCode' | 'cartToken';
  hint?: string;
}

const ORDER_ID: KnownField = { name: 'OrderId', type: 'string', hint: 'platform order id, e.g. GE92799319GB' };
const GUID: KnownField = { name: 'MerchantGUID', type: 'string', from: 'merchantGUID' };

/** Known request fields by operation id (the last segment of its path). */
export const KNOWN_FIELDS: Readonly<Record<string, readonly KnownField[]>> = {
  RedeemGiftCard: [
    GUID,
    { name: 'ShippingCountryCode', type: 'string', from: 'countryCode' },
    ORDER_ID,
    { name: 'MerchantCartToken', type: 'string', from: 'cartToken' },
    { name: 'Cards', type: 'list', hint: 'card entries: CardId, CardFields, balances ...' },
  ],
  RefundGiftCard: [
    GUID,
    ORDER_ID,
    { name: 'Cards', type: 'list', hint: 'card entries: CardId, CardFields, RedeemTransactionId ...' },
    { name: 'ConversionRate', type: 'number' },
    { name: 'TotalToRefundInCustomerCurrency', type: 'number' },
    { name: 'TotalToRefundInGiftCardCurrency', type: 'number' },
  ],
  UpdateOrderStatus: [GUID, ORDER_ID, { name: 'StatusCode', type: 'string', hint: 'e.g. canceled' }],
  'order-refund-url': [
    ORDER_ID,
    { name: 'MerchantOrderId', type: 'string' },
    { name: 'RefundId', type: 'string' },
    { name: 'TotalRefundAmount', type: 'string', hint: 'an amount written as text, e.g. "12.50"' },
    { name: 'OriginalTotalRefundAmount', type: 'string' },
    { name: 'CurrencyCode', type: 'string', hint: 'ISO 4217, e.g. EUR' },
    { name: 'Products', type: 'list', hint: 'CartItemId, RefundQuantity, RefundAmount per product' },
  ],
};
