/**
 * The merchant's configuration as a certification tested it: the URLs, the MerchantGUID, the
 * lifecycle calls and the auth modes with their settings, without any secret (no header value, no
 * password, no JWT secret or key file, no query key, no cart or order parameters, no URL password).
 * Its canonical JSON's sha256 is the attestation's subject, which a platform recomputes from the
 * configuration it has on file (`xborder verify --config`).
 */
import type { AuthConfig, XborderConfig } from '../model.js';
import { EVENT_SPECS } from '../merchant/events/bodies.js';
import { canonicalDigest } from './canonical-json.js';

/** What of one auth mode is a setting rather than a secret. */
function authSettings(auth: AuthConfig): Record<string, unknown> {
  switch (auth.mode) {
    case 'header': return { mode: auth.mode, name: auth.name };
    case 'basic': return { mode: auth.mode, username: auth.username };
    case 'query': return { mode: auth.mode, name: auth.name };
    case 'ip': return { mode: auth.mode, localAddress: auth.localAddress, deniedLocalAddress: auth.deniedLocalAddress };
    // Claims may carry anything: only the token's form is kept.
    case 'jwt': return { mode: auth.mode, algorithm: auth.algorithm, issuer: auth.issuer, audience: auth.audience, ttlSeconds: auth.ttlSeconds, header: auth.header, scheme: auth.scheme };
    default: return { mode: auth.mode };
  }
}

/** A URL without a user name or password in it. */
function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return url;
  }
}

/** The tested configuration, secrets left out. */
export function testedConfiguration(config: XborderConfig): Record<string, unknown> {
  const m = config.merchant;
  const events = Object.fromEntries(m.events.map((e) => [e, EVENT_SPECS[e].path(config)]));
  return {
    merchantGUID: config.merchantGUID,
    baseUrl: withoutCredentials(m.baseUrl),
    cartPath: m.cartPath,
    orderPath: m.orderPath,
    cartMethods: [...m.cartMethods],
    events,
    payments: m.payments ?? 'merchant',
    authModes: config.auth.map(authSettings),
  };
}

/** The sha256 of the tested configuration's canonical JSON. */
export function configurationDigest(config: XborderConfig): string {
  return canonicalDigest(testedConfiguration(config));
}
