/**
 * `xborder certify --profile NAME [--sign KEY]`: runs what the profile needs as `check` does (same
 * reports, same run folder), then writes attestation.json into the run folder (and --attestation):
 * an in-toto statement of the coverage and the verdict, in a DSSE envelope when signed.
 */
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { KeyObject } from 'node:crypto';
import type { Command } from 'commander';
import { InputError, UsageError } from '../../errors.js';
import { readTextFile } from '../../io/parse-json.js';
import { writeFileAtomic } from '../../io/atomic-write.js';
import { writeFailure } from '../../io/write-errors.js';
import { sampleOrderSources, type PlanParts } from '../../merchant/plan.js';
import type { MerchantContext } from '../../merchant/context.js';
import { DEFAULT_LARGE_ORDER_BYTES } from '../../merchant/large-order.js';
import { loadProfile, profileDigest, type CertifyProfile } from '../../certify/profiles.js';
import { computeCoverage, type Verdict } from '../../certify/coverage.js';
import { configurationDigest, testedConfiguration } from '../../certify/tested-config.js';
import { sha256Hex } from '../../certify/canonical-json.js';
import { buildStatement, type Statement } from '../../certify/statement.js';
import { IN_TOTO_PAYLOAD_TYPE, privateKeyFromPem, signEnvelope } from '../../certify/dsse.js';
import { VERSION } from '../../version.js';
import { escapeControls } from '../../report/terminal-text.js';
import { openSession, type Session } from '../session.js';
import { runExitCode, runMerchantSuite, saveRunIn, writeGithub, writeReports, type MerchantRunOptions } from '../merchant-run.js';
import { INTERRUPTED_EXIT_CODE } from '../interrupt.js';
import { renderCertificateHtml } from '../../report/certificate-html.js';
import { badgeEndpointJson, badgeOf, badgeSvg } from '../../report/certificate-badge.js';

/** Options of `certify`. */
export interface CertifyOptions extends MerchantRunOptions {
  profile: string;
  sign?: string;
  attestation?: string;
  badge?: string;
  badgeJson?: string;
}

/** The plan parts a profile's `run` asks for. */
export function planForProfile(profile: CertifyProfile, ctx: MerchantContext): PlanParts {
  const { run } = profile;
  return {
    cart: true,
    orders: sampleOrderSources(ctx, run.orders === 'one' ? ['order-full'] : undefined),
    sequences: run.sequences,
    negatives: run.negatives,
    events: run.events,
    largeOrderBytes: run.largeOrder ? DEFAULT_LARGE_ORDER_BYTES : 0,
  };
}

/** Reads an Ed25519 private key; a usage error (exit 2) when it is not one. */
async function signingKey(file: string): Promise<KeyObject> {
  const pem = await readTextFile(file);
  let key: KeyObject;
  try {
    key = privateKeyFromPem(pem);
  } catch {
    throw new UsageError(`--sign ${file}: not a PEM private key (make one with \`xborder keygen\`).`);
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new UsageError(`--sign ${file}: an ${key.asymmetricKeyType ?? 'unknown'} key; certify signs with Ed25519 keys (\`xborder keygen\`).`);
  return key;
}

/** Runs the certification; exit 0 met, 1 not met, 3 could not judge, 130 interrupted. */
export async function runCertify(opts: CertifyOptions, cmd: Command): Promise<number> {
  // Both read before anything is sent: a bad profile or key must not cost a run.
  const profile = await loadProfile(opts.profile);
  const key = opts.sign ? await signingKey(opts.sign) : undefined;
  const session = await openSession(opts, cmd);
  const startedAt = new Date().toISOString();
  const run = await runMerchantSuite(session, opts, (ctx) => planForProfile(profile, ctx));
  const finishedAt = new Date().toISOString();
  const saved = await saveRunIn(session, run, { ...opts, title: 'certify' });
  await writeReports(session, saved.run, opts.junit);
  await writeGithub(session, saved.run, 'certify', opts);
  const report = await readFile(join(saved.dir, 'report.json'));
  const coverage = computeCoverage(profile, run, session.config.merchant.events);
  const { verdict, ...matrix } = coverage;
  const statement = buildStatement({
    configurationDigest: configurationDigest(session.config),
    reportDigest: sha256Hex(report),
    predicate: {
      profile: { name: profile.name, digest: { sha256: profileDigest(profile) }, definition: profile },
      xborder: { version: VERSION },
      startedAt,
      finishedAt,
      // Masked like every output (a secret a path took from ${VARIABLE}); the digest is of the form as tested.
      configuration: session.redactor.json(testedConfiguration(session.config)),
      coverage: matrix,
      verdict,
    },
  });
  const text = attestationText(statement, key);
  const files = [join(saved.dir, 'attestation.json'), ...(opts.attestation ? [opts.attestation] : [])];
  for (const file of files) await writeOne(file, text, 'the attestation');
  if (opts.html) await writeOne(opts.html, renderCertificateHtml(statement), 'the certificate');
  const badge = badgeOf(statement, new Date());
  if (opts.badge) await writeOne(opts.badge, badgeSvg(badge), 'the badge');
  if (opts.badgeJson) await writeOne(opts.badgeJson, badgeEndpointJson(badge), 'the badge JSON');
  sayVerdict(session, profile, verdict, files, Boolean(key));
  if (run.partial) return INTERRUPTED_EXIT_CODE;
  if (verdict.result === 'met') return 0;
  // A run that could not judge what the profile asks (the merchant unreachable, a case errored) says
  // so (3) rather than blaming the merchant, as long as nothing it judged failed.
  const failed = coverage.cells.some((c) => c.status === 'failed') || coverage.failedElsewhere.length > 0;
  return verdict.couldNotJudge || (!failed && runExitCode(run) === 3) ? 3 : 1;
}

/** Writes one file of the certification, whole or not at all; a failure names the file (exit 2). */
async function writeOne(file: string, text: string, what: string): Promise<void> {
  try {
    await writeFileAtomic(file, text);
  } catch (error) {
    throw new InputError(`Cannot write ${what} to ${file}: ${writeFailure(error)}.`, file);
  }
}

/** The statement as written: a DSSE envelope when a key signs it, the bare statement otherwise. */
function attestationText(statement: Statement, key: KeyObject | undefined): string {
  if (!key) return `${JSON.stringify(statement, null, 2)}\n`;
  return `${JSON.stringify(signEnvelope(Buffer.from(JSON.stringify(statement), 'utf8'), IN_TOTO_PAYLOAD_TYPE, key), null, 2)}\n`;
}

/** The verdict after the report: on stderr under --json (stdout is the report's), else on stdout. */
function sayVerdict(session: Session, profile: CertifyProfile, verdict: Verdict, files: string[], signed: boolean): void {
  const where = files.map((f) => relative(process.cwd(), f) || f).join(' and ');
  const lines = [
    verdict.result === 'met' ? `Profile ${profile.name}: met.` : `Profile ${profile.name}: not met${verdict.couldNotJudge ? ' (could not judge)' : ''}:`,
    ...verdict.missing.map((m) => `  - ${escapeControls(m)}`),
    `${signed ? 'Signed attestation' : 'Attestation (unsigned)'} written to ${where}.`,
  ];
  const text = `${lines.join('\n')}\n`;
  if (session.globals.json) session.output.err(text);
  else session.output.out(text);
}
