/**
 * The compiled validators, generated at build time by scripts/compile-schemas.mjs (never compiled at
 * run time: the CLI's cold start matters). Ajv's runtime helpers are the only ajv code loaded.
 */
import * as generated from './generated/index.js';
import type { CompiledValidator, SchemaMeta } from './compiled.js';
import type { PayloadKind } from './kinds.js';

/** A compiled schema and its build-time facts. */
export interface CompiledSchema {
  validate: CompiledValidator;
  meta: SchemaMeta;
}

const BY_KIND: Record<PayloadKind | 'config' | 'profile', CompiledSchema> = {
  order: generated.order,
  cart: generated.cart,
  'order-response': generated.orderResponse,
  'gift-card-request': generated.giftCardRequest,
  'gift-card-response': generated.giftCardResponse,
  'error-info': generated.errorInfo,
  'payment-request': generated.paymentRequest,
  'status-update': generated.statusUpdate,
  'shipping-info': generated.shippingInfo,
  refund: generated.refund,
  documents: generated.documents,
  config: generated.config,
  profile: generated.profile,
};

/** The compiled schema of a payload kind (or of the config file). */
export function compiledSchema(kind: PayloadKind | 'config' | 'profile'): CompiledSchema {
  return BY_KIND[kind];
}
