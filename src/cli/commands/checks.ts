/** `xborder checks`: every check id and what it proves. */
import type { Command } from 'commander';

/** Declares the checks command; the work is in ../actions/checks.ts. */
export function defineChecks(program: Command): void {
  program
    .command('checks')
    .description('list every check id and what it proves (--json: a JSON array); select with --checks / --exclude-checks')
    .addHelpText('after', '\nExamples:\n  xborder checks\n  xborder check --checks auth-enforced,guid-enforced\n  xborder check --exclude-checks payment-amount')
    .action(async (_opts: object, cmd: Command) => {
      const { run } = await import('../actions/checks.js');
      process.exitCode = await run(cmd);
    });
}
