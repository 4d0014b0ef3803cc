/** `demo`: the embedded default run (what `npm start` does). */
import type { Command } from 'commander';
import { addReportFlags, examples } from './shared-options.js';

/** Defines `xborder demo`. */
export function defineDemo(program: Command): void {
  const demo = program
    .command('demo')
    .description('start the reference merchant and platform in-process and run the full suite against them, in every auth mode')
    .option('--fault <name>', 'make the reference merchant misbehave in one named way (see `xborder mock merchant --list-faults`)');
  addReportFlags(demo)
    .addHelpText('after', examples('xborder demo', 'xborder demo --fault order-duplicate', 'xborder demo --json > demo-report.json'))
    .action(async (opts, cmd) => {
    const { run } = await import('../actions/demo.js');
    process.exitCode = await run(opts, cmd);
  });
}
