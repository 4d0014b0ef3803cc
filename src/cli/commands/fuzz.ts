/** `xborder fuzz`: generated orders (or cart requests) sent to the merchant, failures shrunk. */
import { Option, type Command } from 'commander';
import { addAllowCommandsFlag, addCartFlags, addConfigFlags, addReportFlags } from './shared-options.js';

/** Declares the fuzz command; the work is in ../actions/fuzz.ts. */
export function defineFuzz(program: Command): void {
  const fuzz = program
    .command('fuzz')
    .description('send generated valid and invalid orders (or cart requests) and shrink any failure to the smallest input that shows it')
    .addOption(new Option('--endpoint <endpoint>', 'what to generate: order (SendOrderToMerchant) or cart (GetCheckoutCartInfo)').choices(['order', 'cart']))
    .option('--runs <n>', 'generated inputs to send (default 100)')
    .option('--seed <n>', 'the seed (a whole number): the same seed generates the same inputs (default: random, always printed)')
    .option('--time <duration>', 'stop generating after this long (30s, 5m) and say how many runs were made')
    .option('--save <dir>', 'write each minimal failing order and seed.txt here (default: the run folder)')
    .option('--shrink-requests <n>', 'requests shrinking may send (default 1000)')
    .option('--shrink-time <duration>', 'time shrinking may take (default 60s)');
  addReportFlags(addAllowCommandsFlag(addCartFlags(addConfigFlags(fuzz))), ['--last-failed']).addHelpText(
    'after',
    '\nEvery generated order is valid (real ISO codes, money that adds up, chained CartItemIds, the end\n' +
      "customer's values form-encoded as the platform does, text in many scripts, 1 to 100 products, up to\n" +
      '20 discounts, bundles, Subs); about one in five breaks exactly one rule and must be refused. With\n' +
      'merchant.carts or merchant.newCart each order converts a fresh cart and is merged with it.\n' +
      'A failure is shrunk (each step sent again) to the smallest input failing the same check.\n' +
      'Exit codes: 0 every property held, 1 a property failed, 2 bad input, 3 the merchant was unreachable.\n\n' +
      'Examples:\n  xborder fuzz --runs 300\n  xborder fuzz --seed 1234 --save findings/\n  xborder post-order --file findings/status-200-1.order.json\n' +
      '  xborder fuzz --endpoint cart --time 1m',
  );
  fuzz.action(async (opts, cmd) => {
    const { run } = await import('../actions/fuzz.js');
    process.exitCode = await run(opts, cmd);
  });
}
