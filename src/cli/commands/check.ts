/** `check`, `check-cart` and `post-order`: the merchant conformance commands. */
import type { Command } from 'commander';
import { addAllowCommandsFlag, addCartFlags, addConfigFlags, addReportFlags, examples } from './shared-options.js';

/** Defines the three merchant commands on `program`. */
export function defineCheck(program: Command): void {
  const check = program
    .command('check')
    .description('every merchant check: cart and order, every configured auth mode, positive and negative');
  addReportFlags(addAllowCommandsFlag(addCartFlags(addConfigFlags(check))))
    .option('--race <n>', 'copies of one order (and one refund) delivered at once by the race checks, 2 to 64 (default 4)')
    .option('--large-order-bytes <n>', 'size in bytes of the large order (case order-large, check accepts-large-order), sent once; 0 leaves it out (default 1100000, just over 1 MiB)')
    .option('--merchants <names>', 'run these merchants of the config\'s "merchants" list (comma list; `xborder merchants` lists them), each saving under .xborder/runs/<name>/; several end in one summary')
    .option('--all', 'run every merchant of the config\'s "merchants" list, --parallel at once, and print one summary')
    .option('--merchant-index <n>', 'run the merchant at this place of the list, from 0 (a Kubernetes indexed Job passes $JOB_COMPLETION_INDEX)')
    .option('--parallel <n>', `with --all or --merchants: merchants run at once, 1 to 64 (default 4), each with --concurrency requests in flight`)
    .addHelpText('after', examples('xborder check', 'xborder check --race 8 --checks redelivery-concurrent,refund-concurrent', 'xborder check --auth header --strict --junit xborder.xml', 'xborder check --new-cart ./new-cart.sh --html report.html', 'xborder check --last-failed', 'xborder check --checks auth-enforced,guid-enforced --json > report.json', 'xborder check --all --parallel 8 --junit merchants.xml', 'xborder check --merchants shop-de,shop-ch'))
    .action(async (opts, cmd) => {
    const { run } = await import('../actions/check.js');
    process.exitCode = await run(opts, cmd);
  });

  const cart = program.command('check-cart').description('GetCheckoutCartInfo only (GET and/or POST, as configured)');
  addReportFlags(addAllowCommandsFlag(addCartFlags(addConfigFlags(cart))))
    .option('--no-negative', 'skip the negative auth checks')
    .addHelpText('after', examples('xborder check-cart', 'xborder check-cart --carts 2c5c7b3db2ed101426cba38d9c534086 --no-negative', 'xborder check-cart --country CH --currency CHF --json'))
    .action(async (opts, cmd) => {
      const { runCart } = await import('../actions/check.js');
      process.exitCode = await runCart(opts, cmd);
    });

  const order = program
    .command('post-order')
    .description('SendOrderToMerchant with an order from a file or a built-in sample')
    .option('-f, --file <file>', 'order JSON file to post (sent as given)')
    .option('-s, --sample <name>', 'built-in order sample (see `xborder samples list`)')
    .option('--set <path=value>', 'change a field before sending (repeatable)', (v: string, prev: string[] = []) => [...prev, v])
    .option('--sequences', 'also run re-delivery, update, unknown-property and invalid-order checks')
    .option('--negative', 'also run the negative auth checks')
    .option('--dry-run', 'with --file: list the file\'s errors and send nothing (exit 1 when it has any)');
  addReportFlags(addAllowCommandsFlag(addCartFlags(addConfigFlags(order))))
    .addHelpText('after', examples('xborder post-order --sample order-full', 'xborder post-order --file captured-order.json', 'xborder post-order --file captured-order.json --dry-run', 'xborder post-order --sample order-payment --set PaymentDetails.CVVNumber=000', 'xborder post-order --sample order-mixed --sequences --negative'))
    .action(async (opts, cmd) => {
    const { runPostOrder } = await import('../actions/check.js');
    process.exitCode = await runPostOrder(opts, cmd);
  });
}
