/** `xborder wizard`: the interactive wizard (a bare `xborder` in a terminal opens it too). */
import type { Command } from 'commander';
import { examples } from './shared-options.js';

/** Declares the wizard command; the work is in ../actions/wizard.ts. */
export function defineWizard(program: Command): void {
  program
    .command('wizard')
    .description('interactive: check a merchant, validate a gift card, call the platform, validate or decode a payload, write the config')
    .addHelpText(
      'after',
      '\nAsks only what the flags and the configuration do not settle, runs the same code as the commands,\n' +
        'and offers to save the answers to xborder.config.json (secrets as ${ENV} references).\n' +
        'Needs a terminal. Ctrl-C exits with code 130 and writes nothing.\n' +
        examples('xborder wizard', 'xborder', 'xborder --config staging.json wizard'),
    )
    .action(async (opts, cmd: Command) => {
      const { run } = await import('../actions/wizard.js');
      process.exitCode = await run(opts, cmd);
    });
}
