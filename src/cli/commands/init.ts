/** `xborder init`: a starter xborder.config.json. */
import type { Command } from 'commander';
import { examples } from './shared-options.js';

/** Declares the init command; the work is in ../actions/init.ts. */
export function defineInit(program: Command): void {
  program
    .command('init')
    .description('write a starter xborder.config.json (with a $schema your editor resolves) in the working directory')
    .option('--force', 'replace an existing file')
    .addHelpText('after', '\nThe file is written to --config FILE when given. Then: set merchant.baseUrl and the auth modes, export the\nvariables it references, and run xborder check (or let xborder wizard fill it in).\n' + examples('xborder init', 'xborder --config staging.json init', 'xborder init --force'))
    .action(async (opts: { force?: boolean }, cmd: Command) => {
      const { run } = await import('../actions/init.js');
      process.exitCode = await run(opts, cmd);
    });
}
