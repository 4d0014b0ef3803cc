import type { AuthConfig, RequestSpec } from '../model.js';

/** A request that must be rejected: the named way of getting one mode's credentials wrong. */
export interface NegativeVariant {
  /** Stable id: missing-credentials, wrong-header-value, wrong-basic-password, wrong-query-key,
   *  jwt-tampered, jwt-expired, jwt-alg-none, jwt-wrong-issuer, ip-denied. */
  id: string;
  description: string;
  /** Turns the request without credentials into the negative request (returns a new spec). */
  apply(spec: RequestSpec): Promise<RequestSpec>;
}

/** One auth mode: how to add its credentials, how to get them wrong, which values are secret. */
export interface AuthStrategy<C extends AuthConfig> {
  apply(spec: RequestSpec, cfg: C): Promise<RequestSpec>;
  negatives(cfg: C): NegativeVariant[];
  secrets(cfg: C): string[];
}

/** The config of one mode, by its name. */
export type ConfigOf<M extends AuthConfig['mode']> = Extract<AuthConfig, { mode: M }>;
