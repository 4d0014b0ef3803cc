/** `xborder decode [FILE|-]`: show the URL-encoded values of a payload decoded. */
import type { Command } from 'commander';

/** Declares the decode command; the work is in ../actions/decode.ts. */
export function defineDecode(program: Command): void {
  program
    .command('decode')
    .description('show the URL-encoded values of a payload (order, cart response), or one value, decoded; reads stdin when no FILE or "-"')
    .argument('[file]', 'JSON payload file, or - for stdin')
    .option('--all', 'decode every string that looks URL-encoded, not only the fields the interface encodes')
    .addHelpText(
      'after',
      '\nOrders: the address blocks and InternationalDetails URLs are decoded value by value, where the\n' +
        'value shows it was form-encoded (a %XX, or a + with no space): `+1 (212) 634-3952` stays as it is.\n' +
        'Customer.IsEndCustomerPrimary says which blocks are the end customer\'s; encoded values in the hub\'s\n' +
        'blocks are decoded too, with a note. Carts travel raw: nothing is decoded unless --all.\n' +
        'With --json: { "kind": ..., "payload": <decoded document>, "findings": [...] }.\n' +
        'A payload whose whole text was URL-encoded (%7B%22...) is decoded first, and said so. One value\n' +
        '(a line that is not JSON) is decoded on its own.\n\n' +
        'Examples:\n  xborder decode captured-order.json\n  cat order.json | xborder decode --json\n  xborder decode --all order.json\n' +
        "  echo 'Hertzel+12%2C+Tel+Aviv' | xborder decode",
    )
    .action(async (file: string | undefined, opts: { all?: boolean }, cmd: Command) => {
      const { run } = await import('../actions/decode.js');
      process.exitCode = await run({ ...opts, file }, cmd);
    });
}
