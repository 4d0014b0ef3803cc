import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { envelopeSignedBy, IN_TOTO_PAYLOAD_TYPE, keyId, pae, privateKeyFromPem, publicKeyFromPem, signEnvelope } from '../../src/certify/dsse.js';
import { newSigningKeyPair } from '../../src/certify/keys.js';

describe('DSSE', () => {
  it('encodes the PAE with byte lengths', () => {
    expect(pae('http://example.com/HelloWorld', Buffer.from('hello world')).toString()).toBe('DSSEv1 29 http://example.com/HelloWorld 11 hello world');
    expect(pae('t', Buffer.from('é')).toString()).toBe('DSSEv1 1 t 2 é');
  });

  it('signs over the PAE so that the key verifies it and nothing else does', () => {
    const pair = newSigningKeyPair();
    const key = privateKeyFromPem(pair.privatePem);
    const pub = publicKeyFromPem(pair.publicPem);
    const envelope = signEnvelope(Buffer.from('{"a":1}'), IN_TOTO_PAYLOAD_TYPE, key);
    expect(Buffer.from(envelope.payload, 'base64').toString()).toBe('{"a":1}');
    expect(envelope.signatures[0]!.keyid).toBe(keyId(pub));
    expect(envelopeSignedBy(envelope, pub)).toBe(true);
  });

  it('fails a payload edited by one byte, another payload type and another key', () => {
    const pair = newSigningKeyPair();
    const pub = publicKeyFromPem(pair.publicPem);
    const envelope = signEnvelope(Buffer.from('{"a":1}'), IN_TOTO_PAYLOAD_TYPE, privateKeyFromPem(pair.privatePem));
    expect(envelopeSignedBy({ ...envelope, payload: Buffer.from('{"a":2}').toString('base64') }, pub)).toBe(false);
    expect(envelopeSignedBy({ ...envelope, payloadType: 'application/json' }, pub)).toBe(false);
    const other = createPublicKey(generateKeyPairSync('ed25519').privateKey);
    expect(envelopeSignedBy(envelope, other)).toBe(false);
    expect(envelopeSignedBy({ ...envelope, signatures: [{ keyid: 'x', sig: 'not base64 at all' }] }, pub)).toBe(false);
  });
});
