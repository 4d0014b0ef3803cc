/** `xborder platform list` and `xborder platform call`: the platform-hosted operations. */
import type { Command } from 'commander';
import { addConfigFlags, examples } from './shared-options.js';

/** Declares `platform` with `list` and `call`; the work is in ../actions/platform-*.ts. */
export function definePlatform(program: Command): void {
  const platform = program
    .command('platform')
    .description('the index of platform-hosted operations; call one with a JSON body')
    .addHelpText('after', examples('xborder platform list', 'xborder platform call ValidateGiftCard --body request.json'));

  platform
    .command('list')
    .description('list the 32 indexed platform operations (group, operation, path)')
    .addHelpText('after', examples('xborder platform list', 'xborder platform list --json'))
    .action(async (opts, cmd: Command) => {
      const { run } = await import('../actions/platform-list.js');
      process.exitCode = await run(opts, cmd);
    });

  const call = platform
    .command('call')
    .description('POST a JSON body to {platform.baseUrl}{path}, identifying the merchant by its GUID, and show the answer')
    .argument('<operation>', 'operation name ("Validate gift card"), id (ValidateGiftCard) or path (/Browsing/Countries)')
    .option('-b, --body <file>', 'JSON body file, or - for stdin (default: asked for in a terminal, else {})')
    .option('--set <path=value>', 'change a field of the body before sending (repeatable)', (v: string, prev: string[] = []) => [...prev, v])
    .option('--schema <file>', 'also validate the answer against this JSON Schema')
    .option('--header-guid', 'send the GUID in the MerchantGUID header instead of the merchantGUID query parameter');
  addConfigFlags(call)
    .addHelpText(
      'after',
      '\nAnswers of ValidateGiftCard and ErrorInfo error bodies are validated against their schemas.\n' +
        'Exit: 0 HTTP 200 and every check passed, 1 an error status or a check failed, 3 unreachable.\n\n' +
        'Examples:\n  xborder platform call ValidateGiftCard --body card.json\n' +
        '  xborder platform call "Countries" --header-guid\n' +
        '  echo \'{"OrderId":"GE92799319GB"}\' | xborder platform call /Order/GetOrdersDetails --body - --json',
    )
    .action(async (operation: string, opts, cmd: Command) => {
      const { run } = await import('../actions/platform-call.js');
      process.exitCode = await run({ ...opts, operation }, cmd);
    });
}
