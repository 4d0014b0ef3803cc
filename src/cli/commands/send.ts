/** `xborder send EVENT`: one platform call to the merchant. */
import type { Command } from 'commander';
import { addAllowCommandsFlag, addCartFlags, addConfigFlags, addReportFlags } from './shared-options.js';

/** Declares the send command; the work is in ../actions/send.ts. */
export function defineSend(program: Command): void {
  const send = program
    .command('send')
    .description('one platform call to the merchant: order (= post-order), payment, status, shipping-info, documents, refund')
    .argument('<event>', 'order, payment, status, shipping-info, documents or refund')
    .option('-f, --file <file>', 'JSON body to send (sent as given)')
    .option('-s, --sample <name>', 'built-in sample (see `xborder samples list`)')
    .option('--set <path=value>', 'change a field before sending (repeatable)', (v: string, prev: string[] = []) => [...prev, v])
    .option('--order-id <id>', 'the platform OrderId the call is about')
    .option('--merchant-order-id <id>', 'the merchant\'s order id (the InternalOrderId it answered)')
    .option('--dry-run', 'order --file only: list the file\'s errors and send nothing (exit 1 when it has any)')
    .addHelpText('after', '\nExamples:\n  xborder send refund --order-id GE92799319GB --merchant-order-id 100042\n  xborder send status --set StatusCode=cancelled --order-id GE92799319GB\n  xborder send order --sample order-payment');
  addReportFlags(addAllowCommandsFlag(addCartFlags(addConfigFlags(send)))).action(async (event: string, opts, cmd) => {
    const { run } = await import('../actions/send.js');
    process.exitCode = await run(event, opts, cmd);
  });
}
