import type { JWTPayload } from 'jose';
import type { ConfigOf } from './types.js';
import type { JwtKey } from './jwt-keys.js';
import { noteSecret } from '../redact/registry.js';

type JwtConfig = ConfigOf<'jwt'>;

/** How a token departs from the configured one (for negative variants). */
export interface MintOptions {
  /** Seconds since the epoch to issue at (default now). */
  now?: number;
  /** Replaces the configured issuer. */
  issuer?: string;
}

/** The claims of a token for `cfg`: extra claims first, so iss/aud/iat/exp cannot be overridden by them. */
export function tokenClaims(cfg: JwtConfig, opts: MintOptions = {}): JWTPayload {
  const iat = opts.now ?? Math.floor(Date.now() / 1000);
  const issuer = opts.issuer ?? cfg.issuer;
  return {
    ...(cfg.claims ?? {}),
    ...(issuer ? { iss: issuer } : {}),
    ...(cfg.audience ? { aud: cfg.audience } : {}),
    iat,
    exp: iat + (cfg.ttlSeconds ?? 300),
  };
}

/**
 * Tells the redactor about a token xborder made: the whole token and its signature alone (a merchant
 * may echo either, e.g. "signature <sig> does not verify"), in every spelling an echo takes.
 */
function noteToken(token: string): string {
  noteSecret(token, token.split('.')[2]);
  return token;
}

/**
 * A token signed with `key` using the configured algorithm (noted as a secret: see noteToken). jose
 * is loaded here, on the first token: a run without a jwt auth mode never pays its start-up (about
 * 50 ms, every merchant command).
 */
export async function mintToken(cfg: JwtConfig, key: JwtKey, opts: MintOptions = {}): Promise<string> {
  const { SignJWT } = await import('jose');
  return noteToken(await new SignJWT(tokenClaims(cfg, opts)).setProtectedHeader({ alg: cfg.algorithm, typ: 'JWT' }).sign(key));
}

/**
 * The same token with one byte of its signature flipped: header and claims intact, signature wrong.
 * Noted as a secret too: all but one byte of it is the valid signature.
 */
export function tamperSignature(token: string): string {
  const [h, p, s = ''] = token.split('.');
  const sig = Buffer.from(s, 'base64url');
  const at = Math.floor(sig.length / 2);
  sig[at] = sig[at]! ^ 0xff;
  return noteToken(`${h}.${p}.${sig.toString('base64url')}`);
}

/** An unsigned token (`alg: none`, empty signature) with the right claims. */
export function unsignedToken(cfg: JwtConfig): string {
  const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${enc({ alg: 'none', typ: 'JWT' })}.${enc(tokenClaims(cfg))}.`;
}

/** The header value carrying `token`: `<scheme> <token>`, or the bare token for an empty scheme. */
export function jwtHeaderValue(cfg: JwtConfig, token: string): string {
  const scheme = cfg.scheme ?? 'Bearer';
  return scheme ? `${scheme} ${token}` : token;
}
