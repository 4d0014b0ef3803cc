/**
 * The attestation: an in-toto Statement v1 whose subjects are the merchant's configuration as
 * tested and the run's report, and whose predicate (xborder's own type) holds the profile, the
 * coverage matrix and the verdict.
 */
import type { Coverage } from './coverage.js';
import type { CertifyProfile } from './profiles.js';

export const STATEMENT_TYPE = 'https://in-toto.io/Statement/v1';
export const PREDICATE_TYPE = 'https://xborder.dev/attestation/conformance/v1';
/** The subject names: what each digest is of. */
export const CONFIG_SUBJECT = 'merchant-configuration';
export const REPORT_SUBJECT = 'report.json';

/** xborder's predicate. */
export interface ConformancePredicate {
  profile: { name: string; digest: { sha256: string }; definition: CertifyProfile };
  xborder: { version: string };
  startedAt: string;
  finishedAt: string;
  /** The tested configuration the configuration subject's digest is of (no secret in it). */
  configuration: Record<string, unknown>;
  coverage: Omit<Coverage, 'verdict'>;
  verdict: Coverage['verdict'];
}

/** An in-toto Statement v1 with xborder's predicate. */
export interface Statement {
  _type: typeof STATEMENT_TYPE;
  subject: { name: string; digest: { sha256: string } }[];
  predicateType: typeof PREDICATE_TYPE;
  predicate: ConformancePredicate;
}

/** What a statement is built from. */
export interface StatementParts {
  configurationDigest: string;
  reportDigest: string;
  predicate: ConformancePredicate;
}

/** The statement of a certification. */
export function buildStatement(parts: StatementParts): Statement {
  return {
    _type: STATEMENT_TYPE,
    subject: [
      { name: CONFIG_SUBJECT, digest: { sha256: parts.configurationDigest } },
      { name: REPORT_SUBJECT, digest: { sha256: parts.reportDigest } },
    ],
    predicateType: PREDICATE_TYPE,
    predicate: parts.predicate,
  };
}

const HEX64 = /^[0-9a-f]{64}$/;

/**
 * What is wrong with a document meant to be a statement of xborder's predicate: the in-toto
 * Statement v1 form (a `_type`, subjects each with a name and a digest, a predicateType and an
 * object predicate) and the fields the verifier reads. Empty when it is one.
 */
export function statementProblems(doc: unknown): string[] {
  if (!isObject(doc)) return ['the statement is not a JSON object'];
  const problems: string[] = [];
  if (doc._type !== STATEMENT_TYPE) problems.push(`_type is not ${STATEMENT_TYPE}`);
  const subject = doc.subject;
  if (!Array.isArray(subject) || subject.length === 0) problems.push('subject is not a non-empty list');
  else if (!subject.every((s) => isObject(s) && typeof s.name === 'string' && isObject(s.digest) && Object.keys(s.digest).length > 0 && Object.values(s.digest).every((d) => typeof d === 'string'))) problems.push('a subject lacks a name or a digest');
  else for (const name of [CONFIG_SUBJECT, REPORT_SUBJECT]) {
    const found = subject.find((s) => (s as { name: string }).name === name) as { digest: Record<string, string> } | undefined;
    if (!found || !HEX64.test(found.digest.sha256 ?? '')) problems.push(`no ${name} subject with a sha256 digest`);
  }
  if (doc.predicateType !== PREDICATE_TYPE) problems.push(`predicateType is not ${PREDICATE_TYPE}`);
  const p = doc.predicate;
  if (!isObject(p)) return [...problems, 'predicate is not an object'];
  if (!isObject(p.profile) || typeof p.profile.name !== 'string' || !isObject(p.profile.definition) || !isObject(p.profile.digest)) problems.push('predicate.profile lacks its name, digest or definition');
  if (typeof p.finishedAt !== 'string' || Number.isNaN(Date.parse(p.finishedAt))) problems.push('predicate.finishedAt is not a time');
  if (!isObject(p.verdict) || (p.verdict.result !== 'met' && p.verdict.result !== 'not met') || !Array.isArray(p.verdict.missing)) problems.push('predicate.verdict is not "met" or "not met" with its list of what is missing');
  if (!isObject(p.coverage) || !Array.isArray(p.coverage.cells)) problems.push('predicate.coverage has no cells');
  return problems;
}

function isObject(v: unknown): v is Record<string, any> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
