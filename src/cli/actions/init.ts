/**
 * `xborder init`: a starter configuration that validates as it is, whose `$schema` works for every
 * clone of the project (config/schema-reference.ts: the project's own node_modules/xborder, else the
 * published schema), so editors complete it wherever the file is checked out.
 */
import { dirname, relative, resolve } from 'node:path';
import type { Command } from 'commander';
import { InputError, UsageError } from '../../errors.js';
import { schemaReference } from '../../config/schema-reference.js';
import { DEFAULT_CONFIG_FILE } from '../../config/load.js';
import { entryAt, linkRefused, writeFileAtomic } from '../../io/atomic-write.js';
import { writeFailure } from '../../io/write-errors.js';
import { ensureRunFoldersIgnored, RUN_FOLDERS_PATTERN, type IgnoreOutcome } from '../../config/ignore-run-folders.js';
import { createOutput, type GlobalOptions } from '../output.js';

/**
 * The starter document: every key a first run needs, credentials as `${VAR}` references. The
 * MerchantGUID is issued by the platform: a `${VAR}` reference too, never the sample's, which only the
 * reference merchant knows (a run stops and names the variable until it is set).
 */
export function starterConfig(file: string): Record<string, unknown> {
  return {
    $schema: schemaReference(file),
    merchantGUID: '${XB_MERCHANT_GUID}',
    merchant: {
      baseUrl: 'https://shop.example.com',
      cartPath: '/get-checkout-cart-info-url',
      orderPath: '/order-update-create-url',
      cartMethods: ['GET'],
      cartTokenParam: 'merchantCartToken',
      countryCode: 'DE',
      currencyCode: 'EUR',
    },
    auth: [{ mode: 'header', name: 'X-Merchant-Key', value: '${XB_HEADER_KEY}' }],
    timeoutMs: 300000,
  };
}

/** Why run folders stay out of commits, said with each message about them. */
const WHY = 'run folders hold recorded requests and answers';

/** The stderr line for what was done about `.xborder/` in .gitignore (none when it was ignored already). */
export function ignoreMessage(outcome: IgnoreOutcome, cwd: string): string | undefined {
  const shown = 'file' in outcome ? relative(cwd, outcome.file) || outcome.file : '';
  switch (outcome.kind) {
    case 'created':
      return `Created ${shown} with ${RUN_FOLDERS_PATTERN} (${WHY}; keep them out of commits).`;
    case 'appended':
      return `Added ${RUN_FOLDERS_PATTERN} to ${shown} (${WHY}; keep them out of commits).`;
    case 'present':
      return undefined;
    case 'unignored':
      return `${shown} un-ignores ${RUN_FOLDERS_PATTERN} with a ! line; left as it is, but ${WHY}: keep them out of commits.`;
    case 'no-repository':
      return `Not in a git repository, so no .gitignore was written: ignore ${RUN_FOLDERS_PATTERN} in your version control (${WHY}).`;
    case 'failed':
      return `Could not add ${RUN_FOLDERS_PATTERN} to ${shown}: ${outcome.reason}. Add the line ${RUN_FOLDERS_PATTERN} to it yourself (${WHY}).`;
  }
}

/**
 * Writes the starter file (refuses to replace one unless --force), then has git ignore the run
 * folders. Through the shared writer: whole or not at all, created 0600 (a file of the user's that
 * --force replaces keeps its mode), and never through a symbolic link, dangling or not, which would
 * overwrite or create the file the link names (a victim's dotfile, a path outside the repository).
 */
export async function run(opts: { force?: boolean }, cmd: Command): Promise<number> {
  const globals = cmd.optsWithGlobals() as GlobalOptions;
  const output = createOutput({ globals });
  const target = resolve(process.cwd(), globals.config ?? DEFAULT_CONFIG_FILE);
  const shown = relative(process.cwd(), target) || target;
  const existing = await entryAt(target).catch(() => undefined);
  // A link is refused first, --force or not: "exists already" would only invite --force.
  if (existing?.isSymbolicLink()) throw new InputError(`Cannot write ${shown}: ${writeFailure(linkRefused(target))}.`, shown);
  if (existing && !opts.force) throw new UsageError(`${shown} exists already; xborder init never replaces a configuration without --force.`);
  try {
    await writeFileAtomic(target, `${JSON.stringify(starterConfig(target), null, 2)}\n`);
  } catch (error) {
    throw new InputError(`Cannot write ${shown}: ${writeFailure(error)}.`, shown);
  }
  output.out(`Wrote ${shown}. Next: set merchant.baseUrl and the auth modes your merchant enforces, export XB_MERCHANT_GUID (the MerchantGUID the platform issued you) and XB_HEADER_KEY, then run xborder check (or xborder wizard to fill it in).\n`);
  const ignored = ignoreMessage(await ensureRunFoldersIgnored(dirname(target)), process.cwd());
  if (ignored !== undefined) output.err(`${ignored}\n`);
  return 0;
}
