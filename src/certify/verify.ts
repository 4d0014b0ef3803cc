/**
 * What `xborder verify` checks of an attestation, as rows: the signature, the statement's form, the
 * verdict, the profile the platform requires, the age and the configuration. Pure: the caller reads
 * the files and the clock.
 */
import type { KeyObject } from 'node:crypto';
import { canonicalJson, canonicalDigest } from './canonical-json.js';
import { envelopeSignedBy, IN_TOTO_PAYLOAD_TYPE, isEnvelope } from './dsse.js';
import { profileDigest, type CertifyProfile } from './profiles.js';
import { CONFIG_SUBJECT, statementProblems, type Statement } from './statement.js';

/** One line of the table: what was checked, whether it held, and why. `unreadable`: exit 2 (signature, form). */
export interface VerifyRow {
  check: string;
  result: 'ok' | 'failed' | 'unreadable' | 'not checked';
  detail: string;
}

/** What the platform asks of the attestation. */
export interface VerifyAsk {
  key?: KeyObject;
  profile?: CertifyProfile;
  maxAgeMs?: number;
  /** The tested form of the configuration on file. */
  configuration?: Record<string, unknown>;
  now: Date;
}

/** The rows of checking `doc` (the parsed attestation file), in the order a person reads them. */
export function verifyAttestation(doc: unknown, ask: VerifyAsk): VerifyRow[] {
  const rows: VerifyRow[] = [];
  const opened = openAttestation(doc, ask.key);
  rows.push(opened.row);
  if (!opened.statement) return rows;
  const problems = statementProblems(opened.statement);
  if (problems.length > 0) {
    rows.push({ check: 'statement', result: 'unreadable', detail: `not an in-toto Statement v1 of xborder's predicate: ${problems.join('; ')}` });
    return rows;
  }
  rows.push({ check: 'statement', result: 'ok', detail: 'in-toto Statement v1, predicate https://xborder.dev/attestation/conformance/v1' });
  const statement = opened.statement as Statement;
  const p = statement.predicate;
  rows.push(verdictRow(statement));
  rows.push(ask.profile ? profileRow(p.profile.definition, ask.profile) : { check: 'profile', result: 'not checked', detail: `attested ${p.profile.name}; give --profile to require one` });
  rows.push(ask.maxAgeMs === undefined ? { check: 'age', result: 'not checked', detail: `finished ${p.finishedAt}; give --max-age to bound it` } : ageRow(p.finishedAt, ask.maxAgeMs, ask.now));
  rows.push(ask.configuration ? configRow(statement, ask.configuration) : { check: 'configuration', result: 'not checked', detail: 'give --config to compare with the configuration on file' });
  return rows;
}

/** The statement inside the file, and the signature row: an envelope needs the key that signed it; a bare statement no key. */
function openAttestation(doc: unknown, key: KeyObject | undefined): { row: VerifyRow; statement?: unknown } {
  if (!isEnvelope(doc)) {
    if (key) return { row: { check: 'signature', result: 'unreadable', detail: 'not signed by that key: the file is a bare statement, not a DSSE envelope' } };
    return { row: { check: 'signature', result: 'not checked', detail: 'unsigned statement (no --key given)' }, statement: doc };
  }
  if (!key) return { row: { check: 'signature', result: 'unreadable', detail: 'not signed by that key: a signed envelope needs --key PUB to be checked' } };
  if (doc.payloadType !== IN_TOTO_PAYLOAD_TYPE) return { row: { check: 'signature', result: 'unreadable', detail: `payloadType is ${JSON.stringify(doc.payloadType)}, not ${IN_TOTO_PAYLOAD_TYPE}` } };
  if (!envelopeSignedBy(doc, key)) return { row: { check: 'signature', result: 'unreadable', detail: 'not signed by that key: no signature verifies over the payload (edited, or signed by another key)' } };
  let statement: unknown;
  try {
    statement = JSON.parse(Buffer.from(doc.payload, 'base64').toString('utf8'));
  } catch {
    return { row: { check: 'signature', result: 'unreadable', detail: 'the signed payload is not JSON' } };
  }
  return { row: { check: 'signature', result: 'ok', detail: 'DSSE envelope signed by that key (Ed25519 over the PAE)' }, statement };
}

/** Met only when the verdict says so and the matrix agrees (every cell passed or warned). */
function verdictRow(statement: Statement): VerifyRow {
  const { verdict, coverage, profile } = statement.predicate;
  const bad = coverage.cells.filter((c) => c.status !== 'passed' && c.status !== 'warned');
  if (verdict.result !== 'met') return { check: 'verdict', result: 'failed', detail: `${profile.name} not met: ${verdict.missing.slice(0, 5).join('; ')}${verdict.missing.length > 5 ? `; and ${verdict.missing.length - 5} more` : ''}` };
  if (bad.length > 0 || verdict.missing.length > 0) return { check: 'verdict', result: 'failed', detail: `says met, but ${bad.length} cell(s) of the coverage are not passed (${bad.slice(0, 3).map((c) => `${c.check} at ${c.endpoint} (${c.authMode}): ${c.status}`).join('; ')})` };
  if (canonicalDigest(stripSchema(profile.definition)) !== profile.digest.sha256) return { check: 'verdict', result: 'failed', detail: 'the attested profile does not match its own digest' };
  return { check: 'verdict', result: 'ok', detail: `${profile.name} met: ${coverage.cells.length} cells covered and passed` };
}

function stripSchema(profile: CertifyProfile): Omit<CertifyProfile, '$schema'> {
  const { $schema: _s, ...rest } = profile;
  return rest;
}

/** Every requirement of the platform's profile must be one of the attested profile's, as strict. */
function profileRow(attested: CertifyProfile, required: CertifyProfile): VerifyRow {
  const have = new Set(attested.requirements.map((r) => canonicalJson(r)));
  const omitted = required.requirements.filter((r) => !have.has(canonicalJson(r)));
  const runDiffers = canonicalJson(attested.run) !== canonicalJson(required.run) && !covers(attested.run, required.run);
  if (omitted.length === 0 && !runDiffers) {
    const same = profileDigest(attested) === profileDigest(required);
    return { check: 'profile', result: 'ok', detail: same ? `${required.name} (same digest)` : `${attested.name} includes every requirement of ${required.name}` };
  }
  const what = omitted.map((r) => `${r.check} (${Array.isArray(r.endpoints) ? r.endpoints.join(',') : r.endpoints}, ${r.authModes} auth mode)`);
  if (runDiffers) what.push('the run sent less than it asks (run settings)');
  return { check: 'profile', result: 'failed', detail: `the attested profile ${attested.name} omits what ${required.name} requires: ${what.join('; ')}` };
}

/** Whether the attested run sent at least what the required one asks. */
function covers(attested: CertifyProfile['run'], required: CertifyProfile['run']): boolean {
  const flags = ['sequences', 'negatives', 'events', 'largeOrder'] as const;
  return flags.every((f) => attested[f] || !required[f]) && (attested.orders === 'all' || required.orders === 'one');
}

function ageRow(finishedAt: string, maxAgeMs: number, now: Date): VerifyRow {
  const age = now.getTime() - Date.parse(finishedAt);
  const days = (age / 86_400_000).toFixed(1);
  if (age > maxAgeMs) return { check: 'age', result: 'failed', detail: `too old: finished ${finishedAt}, ${days} days ago, more than --max-age allows` };
  if (age < -300_000) return { check: 'age', result: 'failed', detail: `finished ${finishedAt}, in the future` };
  return { check: 'age', result: 'ok', detail: `finished ${finishedAt}, ${days} days ago` };
}

function configRow(statement: Statement, configuration: Record<string, unknown>): VerifyRow {
  const attested = statement.subject.find((s) => s.name === CONFIG_SUBJECT)!.digest.sha256;
  const onFile = canonicalDigest(configuration);
  if (attested === onFile) return { check: 'configuration', result: 'ok', detail: `sha256 ${onFile.slice(0, 16)}… matches the configuration on file` };
  return { check: 'configuration', result: 'failed', detail: `digest mismatch: attested sha256 ${attested.slice(0, 16)}…, the configuration on file is ${onFile.slice(0, 16)}… (another URL, GUID or auth mode)` };
}

/** The exit code of the rows: 2 when unreadable or not signed by that key, 1 when a check failed, else 0. */
export function verifyExitCode(rows: VerifyRow[]): number {
  if (rows.some((r) => r.result === 'unreadable')) return 2;
  return rows.some((r) => r.result === 'failed') ? 1 : 0;
}

/** The statement of `doc` when it can be read (and, with a key, is signed by it); undefined otherwise. */
export function readableStatement(doc: unknown, key: KeyObject | undefined): Statement | undefined {
  const opened = openAttestation(doc, key);
  if (opened.statement === undefined || statementProblems(opened.statement).length > 0) return undefined;
  return opened.statement as Statement;
}
