/** `xborder mock merchant` and `xborder mock platform`: the reference servers. */
import type { Command } from 'commander';
import { examples } from './shared-options.js';

/** Declares `mock` with its two subcommands; the work is in ../actions/mock-*.ts. */
export function defineMock(program: Command): void {
  const mock = program
    .command('mock')
    .description('serve a reference merchant or platform that conforms (or misbehaves on purpose with --fault)')
    .addHelpText('after', examples('xborder mock merchant --port 8080', 'xborder mock merchant --store --fault cart-reuse-accepted', 'xborder mock platform --port 8090'));

  mock
    .command('merchant')
    .description('serve GetCheckoutCartInfo and SendOrderToMerchant as a conforming merchant (paths, GUID and auth from the config)')
    .option('--port <n>', 'port to listen on (default: a free port)')
    .option('--host <h>', 'address to listen on (default: 127.0.0.1)')
    .option('--fault <name>', 'misbehave in one named way, to prove the matching check fails (see --list-faults)')
    .option('--slow-ms <ms>', 'how long the "slow" fault sleeps before answering (default: 3000)')
    .option('--store', 'behave like a real store: issue carts (POST /xborder/new-cart), convert each cart once, check CartHash')
    .option('--response-shape <shape>', 'flat (what deployed merchants send; default with --store) or wrapped ({ "ResponseInfo": ... })')
    .option('--require-order-param <name>', 'refuse (400) every order whose URL lacks this parameter (see merchant.orderParams)')
    .option('--list-faults', 'list the faults and the check each should trip, then exit')
    .addHelpText(
      'after',
      '\nServes until Ctrl-C (SIGINT) or SIGTERM, then exits 0.\n\n' +
        'Examples:\n  xborder mock merchant --port 8080\n  xborder mock merchant --fault order-duplicate\n' +
        '  xborder mock merchant --store --port 8080   (then: curl -X POST http://127.0.0.1:8080/xborder/new-cart)\n' +
        '  xborder --config shop.json mock merchant --fault auth-ignored\n  xborder mock merchant --list-faults',
    )
    .action(async (opts: { port?: string; host?: string; fault?: string; slowMs?: string; store?: boolean; responseShape?: string; listFaults?: boolean }, cmd: Command) => {
      const { run } = await import('../actions/mock-merchant.js');
      process.exitCode = await run(opts, cmd);
    });

  mock
    .command('platform')
    .description('serve the platform-hosted endpoints (ValidateGiftCard with test cards; others answer 501)')
    .option('--port <n>', 'port to listen on (default: a free port)')
    .option('--host <h>', 'address to listen on (default: 127.0.0.1)')
    .option('--fault <name>', 'misbehave in one named way, to see the matching check fail (see --list-faults)')
    .option('--slow-ms <ms>', 'how long the "slow" fault sleeps before answering (default: 3000)')
    .option('--list-faults', 'list the faults and the check each shows in, then exit')
    .addHelpText(
      'after',
      '\nServes until Ctrl-C (SIGINT) or SIGTERM, then exits 0.\n\n' +
        'Examples:\n  xborder mock platform --port 8790\n  xborder mock platform --fault gift-card-no-isvalid\n' +
        '  xborder mock platform --fault slow --slow-ms 5000   (then: xborder gift-card validate ... --timeout 2s)\n' +
        '  xborder mock platform --list-faults',
    )
    .action(async (opts: { port?: string; host?: string; fault?: string; slowMs?: string; listFaults?: boolean }, cmd: Command) => {
      const { run } = await import('../actions/mock-platform.js');
      process.exitCode = await run(opts, cmd);
    });
}
