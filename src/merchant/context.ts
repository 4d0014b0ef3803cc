/** What every merchant case needs: the config, the judging mode, and how to mint order ids. */
import type { AuthConfig, RequestSpec, XborderConfig } from '../model.js';
import type { CartSource } from './cart-lease.js';
import type { CheckSelection } from '../checks/selection.js';
import type { EndpointAnswers } from './endpoint-answers.js';

/** Shared, read-only inputs of a merchant conformance run. */
export interface MerchantContext {
  config: XborderConfig;
  /**
   * The auth modes to run (all configured ones unless --auth picked some). `config.auth` stays the
   * full list: the merchant enforces all of it, which decides how negatives must be sent.
   */
  modes: AuthConfig[];
  /** Lenient findings fail instead of warn. */
  strict: boolean;
  /** Keep request/response bodies and headers on every case (for -v), not only failed ones. */
  verbose: boolean;
  /** Masks secrets in text (curl reproductions are built with it). */
  mask: (text: string) => string;
  /** reproduce.sh of a failed case's request (credentials as environment references). */
  reproduce?: (request: RequestSpec, title: string) => string;
  /**
   * Learns the card data and secrets of a payload about to be sent (CVV, PINs, passwords), so they
   * are masked even where the merchant echoes them back in free text.
   */
  noteSecrets?(payload: unknown): void;
  /** A fresh platform-style order id, unique within the run. */
  newOrderId(): string;
  /** Where each order's cart comes from. */
  carts: CartSource;
  /**
   * The cart url parameters of each order the merchant accepted (by OrderId), so the lifecycle calls
   * for it carry merchant.orderParams filled from its cart.
   */
  urlParametersByOrder?: Map<string, unknown>;
  /** The checks to report (`--checks`, `--exclude-checks`); cases that judge none of them are not sent. */
  selection?: CheckSelection;
  /** Which endpoint URLs answered anything but 404 so far (made on first use: see endpointAnswers). */
  endpoints?: EndpointAnswers;
}

/** Platform-style order ids (`GE` + digits + country), unique per run and per process. */
export function orderIdFactory(countryCode: string, seed = Date.now()): () => string {
  let counter = 0;
  const base = seed % 1_000_000;
  return () => {
    counter++;
    const digits = String(base * 1000 + counter).padStart(9, '0').slice(-9);
    return `GE${digits}${countryCode.toUpperCase()}`;
  };
}
