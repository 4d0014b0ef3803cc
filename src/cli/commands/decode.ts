/** `xborder decode [FILE|-]`: show the URL-encoded values of a payload decoded. */
import type { Command } from 'commander';

/** Declares the decode command; the work is in ../actions/decode.ts. */
export function defineDecode(program: Command): void {
  program
    .command('decode')
    .description('show the URL-encoded values of a payload (order, cart response) decoded; reads stdin when no FILE or "-"')
    .argument('[file]', 'JSON payload file, or - for stdin')
    .option('--all', 'decode every string that looks URL-encoded, not only the fields the interface encodes')
    .addHelpText(
      'after',
      '\nBy default only the end customer\'s address blocks (chosen by Customer.IsEndCustomerPrimary),\n' +
        'InternationalDetails URLs and the cart\'s user/address details are decoded.\n' +
        'With --json the payload is printed with those values decoded.\n\n' +
        'Examples:\n  xborder decode captured-order.json\n  cat order.json | xborder decode --json\n  xborder decode --all order.json',
    )
    .action(async (file: string | undefined, opts: { all?: boolean }, cmd: Command) => {
      const { run } = await import('../actions/decode.js');
      process.exitCode = await run({ ...opts, file }, cmd);
    });
}
