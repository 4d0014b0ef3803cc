/** `xborder validate [FILE...] [--as KIND] [--strict] [--jobs N]`: validate captured payloads offline. */
import { Option, type Command } from 'commander';
import { PAYLOAD_KINDS } from '../../validation/kinds.js';

/** Declares the validate command; the work is in ../actions/validate.ts. */
export function defineValidate(program: Command): void {
  program
    .command('validate')
    .description('validate captured payloads offline (order, cart response, ResponseInfo, gift-card request/response, ErrorInfo)')
    .argument('[files...]', 'JSON or NDJSON files; - (or no FILE) reads stdin')
    .addOption(new Option('--as <kind>', 'validate every document as this kind instead of telling it from its shape').choices([...PAYLOAD_KINDS]))
    .option('--strict', 'treat warnings (other casings, aliases, numbers or booleans sent as strings, soft rules) as failures')
    .option('--jobs <n>', 'threads judging documents of large inputs: the main thread and N-1 workers (default: one per core, the workers started only when the input is long enough to pay for them); the report is the same for any N')
    .addHelpText(
      'after',
      '\nThe kind of each document is told from its shape unless --as is given: ResponseInfo (order-response),\n' +
        'CardFields (gift-card-request), IsValid (gift-card-response), Code+Error (error-info), productsList in any\n' +
        'casing (cart), MerchantGUID+OrderId (order); a payload missing its marker is told by its other fields\n' +
        '(an order without OrderId still has its address blocks; a cart without productsList its discountsList...).\n' +
        'A file whose first line is a complete JSON document is read as NDJSON: one document per line, streamed;\n' +
        'a later line that is no JSON (cut short, broken) fails the json check, and the reading goes on.\n' +
        'Checks: schema, lenient (tolerated forms: warnings), unknown-properties (info), then the named rules of the kind.\n' +
        'Large inputs (a big NDJSON file, many files) are judged on --jobs threads, reported in input order;\n' +
        'a long run shows progress on stderr: a bar on a terminal, else a plain line at most every 10 s.\n' +
        'Exit codes: 0 nothing failed (warnings allowed), 1 a document (or an NDJSON line) fails, 2 unreadable input or a file that is no JSON.\n\n' +
        'Examples:\n  xborder validate captured-order.json\n  xborder validate --as cart cart-response.json --strict\n' +
        '  xborder validate orders.ndjson --json > report.json\n  xborder validate --jobs 4 captures/*.json\n  curl -s https://shop.example.com/get-checkout-cart-info-url | xborder validate -',
    )
    .action(async (files: string[], opts: { as?: string; strict?: boolean; jobs?: string }, cmd: Command) => {
      const { run } = await import('../actions/validate.js');
      process.exitCode = await run({ ...opts, files }, cmd);
    });
}
