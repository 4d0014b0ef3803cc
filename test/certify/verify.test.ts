import { describe, expect, it } from 'vitest';
import { buildStatement, type Statement } from '../../src/certify/statement.js';
import { IN_TOTO_PAYLOAD_TYPE, privateKeyFromPem, publicKeyFromPem, signEnvelope } from '../../src/certify/dsse.js';
import { newSigningKeyPair } from '../../src/certify/keys.js';
import { loadProfile, profileDigest } from '../../src/certify/profiles.js';
import { canonicalDigest } from '../../src/certify/canonical-json.js';
import { verifyAttestation, verifyExitCode } from '../../src/certify/verify.js';

const configuration = { merchantGUID: 'g', baseUrl: 'http://127.0.0.1:1/', auth: [{ mode: 'header', name: 'X-Key' }] };

async function statement(name = 'go-live', finishedAt = '2026-11-01T00:00:00.000Z'): Promise<Statement> {
  const profile = await loadProfile(name);
  return buildStatement({
    configurationDigest: canonicalDigest(configuration),
    reportDigest: 'a'.repeat(64),
    predicate: {
      profile: { name, digest: { sha256: profileDigest(profile) }, definition: profile },
      xborder: { version: 't' },
      startedAt: finishedAt,
      finishedAt,
      configuration,
      coverage: { endpoints: ['GetCheckoutCartInfo'], authModes: ['header'], cells: [{ endpoint: 'GetCheckoutCartInfo', authMode: 'header', check: 'reachable', status: 'passed' }], failedElsewhere: [] },
      verdict: { result: 'met', missing: [] },
    },
  });
}

const now = new Date('2026-11-10T00:00:00.000Z');
const results = (rows: { check: string; result: string }[]) => Object.fromEntries(rows.map((r) => [r.check, r.result]));

describe('verifyAttestation', () => {
  it('holds for a signed statement that meets the profile, is young enough and matches the configuration', async () => {
    const pair = newSigningKeyPair();
    const envelope = signEnvelope(Buffer.from(JSON.stringify(await statement())), IN_TOTO_PAYLOAD_TYPE, privateKeyFromPem(pair.privatePem));
    const rows = verifyAttestation(envelope, { key: publicKeyFromPem(pair.publicPem), profile: await loadProfile('go-live'), maxAgeMs: 30 * 86_400_000, configuration, now });
    expect(results(rows)).toEqual({ signature: 'ok', statement: 'ok', verdict: 'ok', profile: 'ok', age: 'ok', configuration: 'ok' });
    expect(verifyExitCode(rows)).toBe(0);
  });

  it('is not signed by that key: an envelope without a key, a bare statement with one, another key', async () => {
    const pair = newSigningKeyPair();
    const other = newSigningKeyPair();
    const s = await statement();
    const envelope = signEnvelope(Buffer.from(JSON.stringify(s)), IN_TOTO_PAYLOAD_TYPE, privateKeyFromPem(pair.privatePem));
    for (const rows of [verifyAttestation(envelope, { now }), verifyAttestation(s, { key: publicKeyFromPem(pair.publicPem), now }), verifyAttestation(envelope, { key: publicKeyFromPem(other.publicPem), now })]) {
      expect(rows[0]!.detail).toMatch(/^not signed by that key/);
      expect(verifyExitCode(rows)).toBe(2);
    }
  });

  it('fails a statement too old, of a lesser profile, of another configuration, or not met', async () => {
    const old = verifyAttestation(await statement('go-live', '2026-09-01T00:00:00.000Z'), { maxAgeMs: 30 * 86_400_000, now });
    expect(old.find((r) => r.check === 'age')).toMatchObject({ result: 'failed', detail: expect.stringMatching(/^too old/) });
    expect(verifyExitCode(old)).toBe(1);
    const lesser = verifyAttestation(await statement('smoke'), { profile: await loadProfile('go-live'), now });
    expect(lesser.find((r) => r.check === 'profile')!.detail).toMatch(/the attested profile smoke omits what go-live requires: .*guid-enforced/);
    expect(verifyExitCode(lesser)).toBe(1);
    const moved = verifyAttestation(await statement(), { configuration: { ...configuration, baseUrl: 'http://127.0.0.1:2/' }, now });
    expect(moved.find((r) => r.check === 'configuration')!.detail).toMatch(/^digest mismatch/);
    const s = await statement();
    s.predicate.verdict = { result: 'not met', missing: ['reachable at X (header): failed'] };
    const notMet = verifyAttestation(s, { now });
    expect(notMet.find((r) => r.check === 'verdict')!.detail).toContain('reachable at X (header): failed');
    expect(verifyExitCode(notMet)).toBe(1);
    // A verdict edited to "met" over a failed cell is caught by the matrix.
    s.predicate.verdict = { result: 'met', missing: [] };
    s.predicate.coverage.cells[0]!.status = 'failed';
    expect(verifyAttestation(s, { now }).find((r) => r.check === 'verdict')!.result).toBe('failed');
  });

  it('says what is wrong with a document that is not a statement (exit 2)', () => {
    const rows = verifyAttestation({ _type: 'x', subject: [] }, { now });
    expect(rows[1]!.detail).toMatch(/_type is not https:\/\/in-toto.io\/Statement\/v1; subject is not a non-empty list/);
    expect(verifyExitCode(rows)).toBe(2);
  });
});
