/** `xborder merchants`: the names of the config's `merchants` list, for people and for CI matrices. */
import type { Command } from 'commander';
import { openSession } from '../session.js';

/**
 * Prints the names, one a line (or with --json one line holding a JSON array, which a GitHub Actions
 * step can write to $GITHUB_OUTPUT as it is). An unset `${NAME}` of an entry is no error: listing
 * sends nothing. Exit 0, also for an empty list (said on stderr).
 */
export async function run(opts: Record<string, unknown>, cmd: Command): Promise<number> {
  const session = await openSession(opts, cmd, { sendsNothing: true });
  const names = session.config.merchantNames ?? [];
  if (session.globals.json) {
    session.output.out(`${JSON.stringify(names)}\n`);
    return 0;
  }
  if (names.length === 0) session.output.err(`No merchants: ${session.config.source ?? 'the configuration'} has no "merchants" list (each entry a "name" and the keys that differ from the top level).\n`);
  for (const name of names) session.output.out(`${name}\n`);
  return 0;
}
