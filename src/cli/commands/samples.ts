/** `xborder samples [list]` and `xborder samples show NAME [--set Path=value ...] [--decoded]`. */
import type { Command } from 'commander';
import { examples } from './shared-options.js';

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** Declares the samples command and its list/show subcommands; the work is in ../actions/samples.ts. */
export function defineSamples(program: Command): void {
  const samples = program
    .command('samples')
    .description('the built-in sample payloads (list, show with --set overrides)')
    .addHelpText('after', examples('xborder samples list', 'xborder samples show order-full', 'xborder samples show order-minimal --set OrderId=GE1X > order.json'));
  samples
    .command('list', { isDefault: true })
    .description('list the samples: name, kind, description (--json: a JSON array)')
    .addHelpText('after', examples('xborder samples list', 'xborder samples list --json'))
    // `xborder samples order-full` lands here (list is the default): say what was probably meant.
    .argument('[word]')
    .action(async (word: string | undefined, _opts: object, cmd: Command) => {
      const { runList } = await import('../actions/samples.js');
      process.exitCode = await runList(cmd, word);
    });
  samples
    .command('show')
    .description('print a sample payload as JSON, with overrides applied')
    .argument('<name>', 'sample name (see xborder samples list)')
    .option('--set <path=value>', 'change a field, repeatable: Products[0].Quantity=3 (typed by the schema: a documented string stays a string; else JSON when it parses)', collect)
    .option('--decoded', 'print with the URL-encoded values decoded')
    .addHelpText(
      'after',
      '\nA --set path must exist in the sample or be documented in the schema of its kind; anything else is\n' +
        'an error (exit 2). Card data is masked unless --show-secrets.\n\n' +
        'Examples:\n  xborder samples show order-minimal --set OrderId=GE1X\n' +
        '  xborder samples show order-full --set Customer.IsEndCustomerPrimary=true --set \'Products[0].Quantity=3\' --decoded',
    )
    .action(async (name: string, opts: { set?: string[]; decoded?: boolean }, cmd: Command) => {
      const { runShow } = await import('../actions/samples.js');
      process.exitCode = await runShow({ ...opts, name }, cmd);
    });
}
