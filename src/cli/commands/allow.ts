/** `xborder allow [FILE]`: consent to the commands a configuration file runs. */
import type { Command } from 'commander';
import { examples } from './shared-options.js';

/** Declares the allow command; the work is in ../actions/allow.ts. */
export function defineAllow(program: Command): void {
  program
    .command('allow [file]')
    .description("allow the commands a config file runs (merchant.newCart.command), recorded in your state folder, never in the project")
    .addHelpText(
      'after',
      '\nFILE defaults to --config, else the configuration xborder finds (as every command does). Records the\n' +
        "file's real path and each command's sha256 under $XDG_STATE_HOME/xborder/ (default ~/.local/state/xborder/);\n" +
        'a command changed since needs a new allow. For one run: --allow-commands or XBORDER_ALLOW_COMMANDS=1.\n' +
        examples('xborder allow', 'xborder allow staging.json'),
    )
    .action(async (file: string | undefined, _opts: unknown, cmd: Command) => {
      const { run } = await import('../actions/allow.js');
      process.exitCode = await run(file, cmd);
    });
}
