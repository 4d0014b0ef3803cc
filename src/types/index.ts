/**
 * Payload types, generated from schemas/*.schema.json by scripts/compile-schemas.mjs (into
 * src/types/generated/, rebuilt by `npm run build`): the schemas are the single source of truth.
 * `XTypes` namespaces hold each schema's nested types (e.g. `CheckoutCartInfoTypes.Product`).
 */
import type { CheckoutCartInfo, ErrorInfo, GiftCardRequest, GiftCardResponse, Order, OrderResponse } from './generated/index.js';
import type { PayloadKind } from '../validation/kinds.js';

export type * from './generated/index.js';

/** The payload type of each kind. */
export interface PayloadOfKind extends Record<PayloadKind, unknown> {
  order: Order;
  cart: CheckoutCartInfo;
  'order-response': OrderResponse;
  'gift-card-request': GiftCardRequest;
  'gift-card-response': GiftCardResponse;
  'error-info': ErrorInfo;
}
