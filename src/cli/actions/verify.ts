/**
 * `xborder verify FILE [--key PUB] [--profile P] [--max-age 30d] [--config FILE]`: checks an
 * attestation and prints a table of what it checked. Exit 0 when everything holds, 1 not met, too
 * old, another profile or another configuration, 2 unreadable or not signed by that key.
 */
import type { KeyObject } from 'node:crypto';
import type { Command } from 'commander';
import { InputError, UsageError } from '../../errors.js';
import { parseJsonText, readTextFile } from '../../io/parse-json.js';
import { loadConfig } from '../../config/load.js';
import { publicKeyFromPem } from '../../certify/dsse.js';
import { loadProfile } from '../../certify/profiles.js';
import { parseMaxAgeMs } from '../../certify/max-age.js';
import { testedConfiguration } from '../../certify/tested-config.js';
import { readableStatement, verifyAttestation, verifyExitCode, type VerifyRow } from '../../certify/verify.js';
import { badgeEndpointJson, badgeSvg, verifiedBadge } from '../../report/certificate-badge.js';
import { writeFileAtomic } from '../../io/atomic-write.js';
import { writeFailure } from '../../io/write-errors.js';
import { renderGrid, type GridColumn } from '../../report/grid.js';
import { escapeControls } from '../../report/terminal-text.js';
import { terminalWidth } from '../../report/width.js';
import { createOutput, type GlobalOptions } from '../output.js';

/** Options of `verify`. */
export interface VerifyOptions {
  key?: string;
  profile?: string;
  maxAge?: string;
  badge?: string;
  badgeJson?: string;
}

async function publicKey(file: string): Promise<KeyObject> {
  const pem = await readTextFile(file);
  try {
    return publicKeyFromPem(pem);
  } catch {
    throw new UsageError(`--key ${file}: not a PEM public key (\`xborder keygen\` writes one as KEY.pub).`);
  }
}

/** Runs the checks and prints them; the exit code by verifyExitCode. */
export async function runVerify(file: string, opts: VerifyOptions, cmd: Command): Promise<number> {
  const globals = cmd.optsWithGlobals() as GlobalOptions & { config?: string };
  const output = createOutput({ globals });
  // Every flag is read before the attestation is judged: a bad flag is a usage error (exit 2).
  const maxAgeMs = opts.maxAge === undefined ? undefined : parseMaxAgeMs(opts.maxAge);
  if (opts.maxAge !== undefined && maxAgeMs === undefined) throw new UsageError(`--max-age: expected a number with d, h, m or s (30d, 12h), got ${JSON.stringify(opts.maxAge)}.`);
  const key = opts.key ? await publicKey(opts.key) : undefined;
  const profile = opts.profile ? await loadProfile(opts.profile) : undefined;
  // The global --config names the merchant's configuration on file; without it nothing is loaded.
  const configFile = globals.config;
  const configuration = configFile ? testedConfiguration(await loadConfig({ file: configFile, cwd: process.cwd(), env: process.env, credentialsUnused: true })) : undefined;
  const doc = parseJsonText(await readTextFile(file), file, 0, 'attestation');
  const now = new Date();
  const rows = verifyAttestation(doc, { key, profile, maxAgeMs, configuration, now });
  const code = verifyExitCode(rows);
  if (opts.badge || opts.badgeJson) {
    const badge = verifiedBadge(rows, readableStatement(doc, key), now, maxAgeMs);
    if (opts.badge) await writeBadge(opts.badge, badgeSvg(badge));
    if (opts.badgeJson) await writeBadge(opts.badgeJson, badgeEndpointJson(badge));
  }
  if (globals.json) {
    output.out(`${JSON.stringify({ file, ok: code === 0, checks: rows }, null, 2)}\n`);
    return code;
  }
  output.out(`${table(rows)}\n${code === 0 ? 'Verified: every check holds.' : code === 1 ? 'Not verified: see the failed lines.' : 'Not verified: the attestation cannot be read or is not signed by that key.'}\n`);
  return code;
}

async function writeBadge(file: string, text: string): Promise<void> {
  try {
    await writeFileAtomic(file, text);
  } catch (error) {
    throw new InputError(`Cannot write the badge to ${file}: ${writeFailure(error)}.`, file);
  }
}

function table(rows: VerifyRow[]): string {
  const columns: GridColumn[] = [{ title: 'check' }, { title: 'result' }, { title: 'detail', readable: 30, block: 'line' }];
  return renderGrid(columns, rows.map((r) => [r.check, r.result, escapeControls(r.detail)]), { width: terminalWidth(process.stdout, process.env) });
}
