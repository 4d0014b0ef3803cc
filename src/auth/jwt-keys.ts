import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { CryptoKey } from 'jose';
import { ConfigError } from '../errors.js';
import type { ConfigOf } from './types.js';

type JwtConfig = ConfigOf<'jwt'>;

/** A key jose can sign or verify with. */
export type JwtKey = CryptoKey | KeyObject | Uint8Array;

const pemCache = new Map<string, KeyObject>();

/** The private key of `privateKeyFile`, in any PEM form Node reads (PKCS#8, PKCS#1, SEC1). */
function privateKeyObject(file: string): KeyObject {
  let key = pemCache.get(file);
  if (!key) {
    let pem: string;
    try {
      pem = readFileSync(file, 'utf8');
    } catch (err) {
      throw new ConfigError([`auth jwt: cannot read privateKeyFile ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`]);
    }
    try {
      key = createPrivateKey(pem);
    } catch (err) {
      throw new ConfigError([`auth jwt: privateKeyFile ${file} holds no usable PEM private key (${(err as Error).message})`]);
    }
    pemCache.set(file, key);
  }
  return key;
}

/** True when the config carries what is needed to sign a token the merchant should accept. */
export function hasSigningMaterial(cfg: JwtConfig): boolean {
  return cfg.algorithm === 'HS256' ? !!cfg.secret : !!cfg.privateKeyFile;
}

/**
 * HS256 keys imported once per secret: jose would otherwise import the raw bytes into WebCrypto on
 * every signature, which is most of the cost of signing a token per request.
 */
const hmacCache = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = hmacCache.get(secret);
  if (!key) {
    key = globalThis.crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']) as Promise<CryptoKey>;
    hmacCache.set(secret, key);
  }
  return key;
}

/** The signing key of the config; a ConfigError when it is missing or does not fit the algorithm. */
export async function signingKey(cfg: JwtConfig): Promise<JwtKey> {
  if (cfg.algorithm === 'HS256') {
    if (!cfg.secret) throw new ConfigError(['auth jwt: HS256 needs "secret"']);
    return hmacKey(cfg.secret);
  }
  if (!cfg.privateKeyFile) throw new ConfigError([`auth jwt: ${cfg.algorithm} needs "privateKeyFile" (a PEM private key)`]);
  const pkcs8 = privateKeyObject(cfg.privateKeyFile).export({ type: 'pkcs8', format: 'pem' }).toString();
  // jose is loaded when a token is first made (see mintToken).
  const { importPKCS8 } = await import('jose');
  try {
    return await importPKCS8(pkcs8, cfg.algorithm);
  } catch (err) {
    throw new ConfigError([`auth jwt: the key in ${cfg.privateKeyFile} cannot sign ${cfg.algorithm} (${(err as Error).message})`]);
  }
}

/** The key a merchant verifies with: the shared secret, or the public half of the private key. */
export function verificationKey(cfg: JwtConfig): JwtKey {
  if (cfg.algorithm === 'HS256') {
    if (!cfg.secret) throw new ConfigError(['auth jwt: HS256 needs "secret"']);
    return new TextEncoder().encode(cfg.secret);
  }
  if (!cfg.privateKeyFile) throw new ConfigError([`auth jwt: ${cfg.algorithm} needs "privateKeyFile" (a PEM private key)`]);
  return createPublicKey(privateKeyObject(cfg.privateKeyFile));
}

/**
 * A throwaway key of the configured algorithm, for negative tokens when no key is configured
 * (the merchant trusts only the platform's key, which no tool has): such tokens must be rejected too.
 */
export function throwawayKey(algorithm: JwtConfig['algorithm']): JwtKey {
  if (algorithm === 'HS256') return randomBytes(32);
  if (algorithm === 'RS256') return generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  return generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
}
