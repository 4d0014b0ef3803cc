/** `xborder merchants`: the names of the config's `merchants` list. */
import type { Command } from 'commander';
import { examples } from './shared-options.js';

/** Declares the merchants command; the work is in ../actions/merchants.ts. */
export function defineMerchants(program: Command): void {
  program
    .command('merchants')
    .description('list the merchants of the config\'s "merchants" list, one name a line in its order (--json: one line, a JSON array of names for a CI matrix)')
    .addHelpText(
      'after',
      examples(
        'xborder merchants',
        'xborder merchants --json            (["shop-de","shop-ch"]: a GitHub Actions matrix takes it with fromJSON)',
        'xborder merchants | wc -l           (the completions of a Kubernetes indexed Job)',
        'xborder check --merchants shop-de',
      ),
    )
    .action(async (opts: Record<string, unknown>, cmd: Command) => {
      const { run } = await import('../actions/merchants.js');
      process.exitCode = await run(opts, cmd);
    });
}
