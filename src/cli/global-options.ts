/**
 * The flags every command takes, declared in one place so that the CLI entry and the generated
 * flags reference (scripts/gen-docs.mjs) read the same list.
 */
import type { Command } from 'commander';

/** Adds the global flags (config, output form, verbosity, masking) to `program` and returns it. */
export function defineGlobalOptions(program: Command): Command {
  return program
    .option('-c, --config <file>', 'configuration file (default: ./xborder.config.json)')
    .option('--json', 'print one JSON document on stdout')
    .option('--no-color', 'no colour (also NO_COLOR)')
    .option('-v, --verbose', 'show full exchanges, secrets masked')
    .option('-q, --quiet', 'print only the failures and the summary line')
    .option('--show-secrets', 'do not mask secrets (local debugging only; warns)');
}
