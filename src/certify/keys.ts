/** Ed25519 key pairs for signing attestations, from node's own crypto (no dependency). */
import { generateKeyPairSync } from 'node:crypto';

/** A new Ed25519 key pair as PEM: the private key PKCS#8, the public key SPKI. */
export function newSigningKeyPair(): { privatePem: string; publicPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}
