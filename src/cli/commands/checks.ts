/** `xborder checks [ID]`: every check id and what it proves, or one check's page. */
import type { Command } from 'commander';

/** Declares the checks command; the work is in ../actions/checks.ts. */
export function defineChecks(program: Command): void {
  program
    .command('checks [id]')
    .description('list every check id and what it proves; with an ID, its page: why it matters, a failing and a fixed answer, the usual fix (--json for JSON)')
    .addHelpText('after', '\nExamples:\n  xborder checks\n  xborder checks order-accepted\n  xborder check --checks auth-enforced,guid-enforced\n  xborder check --exclude-checks payment-amount')
    .action(async (id: string | undefined, _opts: object, cmd: Command) => {
      const { run } = await import('../actions/checks.js');
      process.exitCode = await run(id, cmd);
    });
}
