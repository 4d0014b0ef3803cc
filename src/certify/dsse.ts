/**
 * DSSE (Dead Simple Signing Envelope) with Ed25519 keys from node:crypto: the signature is over the
 * pre-authentication encoding (PAE) of the payload type and the payload, never over the JSON of
 * the envelope, so no re-serialisation can change what was signed.
 */
import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

/** The payload type of an in-toto statement in a DSSE envelope. */
export const IN_TOTO_PAYLOAD_TYPE = 'application/vnd.in-toto+json';

/** A DSSE envelope. */
export interface Envelope {
  payloadType: string;
  /** The payload, base64 (standard alphabet, padded). */
  payload: string;
  signatures: { keyid: string; sig: string }[];
}

/** PAE(type, body) = "DSSEv1" SP LEN(type) SP type SP LEN(body) SP body, lengths in bytes as decimal. */
export function pae(payloadType: string, payload: Uint8Array): Buffer {
  const type = Buffer.from(payloadType, 'utf8');
  return Buffer.concat([Buffer.from(`DSSEv1 ${type.length} `), type, Buffer.from(` ${payload.length} `), payload]);
}

/** A key's id: the sha256 of its public key's DER (SPKI), hex. */
export function keyId(key: KeyObject): string {
  const pub = key.type === 'private' ? createPublicKey(key) : key;
  return createHash('sha256').update(pub.export({ type: 'spki', format: 'der' })).digest('hex');
}

/** Reads a PKCS#8 PEM private key; throws node's error when it is not one. */
export function privateKeyFromPem(pem: string): KeyObject {
  return createPrivateKey({ key: pem, format: 'pem' });
}

/** Reads an SPKI PEM public key (or takes the public half of a private key's PEM). */
export function publicKeyFromPem(pem: string): KeyObject {
  return createPublicKey({ key: pem, format: 'pem' });
}

/** Signs `payload` in an envelope with an Ed25519 private key. */
export function signEnvelope(payload: Uint8Array, payloadType: string, key: KeyObject): Envelope {
  const sig = sign(null, pae(payloadType, payload), key);
  return { payloadType, payload: Buffer.from(payload).toString('base64'), signatures: [{ keyid: keyId(key), sig: sig.toString('base64') }] };
}

/** Whether a document has the envelope's form. */
export function isEnvelope(doc: unknown): doc is Envelope {
  if (typeof doc !== 'object' || doc === null) return false;
  const e = doc as Record<string, unknown>;
  return typeof e.payloadType === 'string' && typeof e.payload === 'string' && Array.isArray(e.signatures);
}

/** True when one of the envelope's signatures is `key`'s over the PAE of its payload type and payload. */
export function envelopeSignedBy(envelope: Envelope, key: KeyObject): boolean {
  const message = pae(envelope.payloadType, Buffer.from(envelope.payload, 'base64'));
  return envelope.signatures.some((s) => {
    if (typeof s !== 'object' || s === null || typeof s.sig !== 'string') return false;
    try {
      return verify(null, message, key, Buffer.from(s.sig, 'base64'));
    } catch {
      return false;
    }
  });
}
