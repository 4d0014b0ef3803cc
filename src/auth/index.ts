/**
 * Auth strategies, one small module per mode, behind three functions: add a mode's credentials to a
 * request, list the ways to get them wrong, and name the values that are secret.
 */
import type { AuthConfig, AuthMode, RequestSpec } from '../model.js';
import { basicStrategy } from './basic.js';
import { headerStrategy } from './header.js';
import { ipStrategy } from './ip.js';
import { jwtStrategy } from './jwt.js';
import { noneStrategy } from './none.js';
import { queryStrategy } from './query.js';
import type { AuthStrategy, ConfigOf, NegativeVariant } from './types.js';

export type { NegativeVariant } from './types.js';
export { verifyRequest, type IncomingAuthRequest, type VerifyResult } from './verify.js';

const STRATEGIES: { [M in AuthMode]: AuthStrategy<ConfigOf<M>> } = {
  none: noneStrategy,
  header: headerStrategy,
  basic: basicStrategy,
  jwt: jwtStrategy,
  query: queryStrategy,
  ip: ipStrategy,
};

function strategy(auth: AuthConfig): AuthStrategy<AuthConfig> {
  return STRATEGIES[auth.mode] as AuthStrategy<AuthConfig>;
}

/** A new spec carrying `auth`'s credentials (header, query parameter or bound local address). */
export function applyAuth(spec: RequestSpec, auth: AuthConfig): Promise<RequestSpec> {
  return strategy(auth).apply(spec, auth);
}

/**
 * The negative requests of a mode, each to be applied to the request WITHOUT credentials:
 * `missing-credentials` for every mode but `none`, plus the mode's wrong-credential variants
 * (`jwt-wrong-issuer` only with a configured issuer, `ip-denied` only with deniedLocalAddress).
 */
export function negativeVariants(auth: AuthConfig): NegativeVariant[] {
  return strategy(auth).negatives(auth);
}

/** The secret values of a mode (for the redactor): keys, passwords, `user:password`, JWT secrets. */
export function authSecrets(auth: AuthConfig): string[] {
  return strategy(auth).secrets(auth).filter((s) => s.length > 0);
}
