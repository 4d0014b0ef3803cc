/** `xborder report merge`: many merchants' saved runs in one summary. */
import type { Command } from 'commander';
import { examples } from './shared-options.js';

/** Declares `report` and its `merge` subcommand; the work is in ../actions/report-merge.ts. */
export function defineReport(program: Command): void {
  const report = program
    .command('report')
    .description("saved reports in one place: `report merge` summarises many merchants' runs, whichever engine ran them")
    .addHelpText('after', examples('xborder report merge .xborder/runs', 'xborder report merge runs/*/ --junit merchants.xml --html merchants.html'));

  report
    .command('merge')
    .description('one summary of many runs: a row per merchant (passed, failed, errored, what changed since its previous run), --json, --junit (a suite per merchant), --html (linking each run\'s report)')
    .argument('<paths...>', 'run folders, JSON reports (--json output), or folders of them: a merchant\'s folder (its newest run) or .xborder/runs (each merchant\'s newest run)')
    .option('--junit <file>', 'also write a JUnit XML report to FILE: a test suite per merchant')
    .option('--html <file>', "also write an HTML page to FILE: a row per merchant, failing checks first, linking each run's report.html")
    .addHelpText(
      'after',
      '\nExit codes: the worst over the merchants, as check --all: 1 a check failed, 3 one could not judge (and none\n' +
        'failed), 130 a run was interrupted, 0 otherwise; 2 unreadable input.\n' +
        examples('xborder report merge .xborder/runs', 'xborder report merge .xborder/runs/shop-de/2026-11-24T02-00-00Z shop-ch.json --json', 'xborder report merge /data/.xborder/runs --junit merchants.xml --html merchants.html'),
    )
    .action(async (paths: string[], opts, cmd: Command) => {
      const { run } = await import('../actions/report-merge.js');
      process.exitCode = await run(paths, opts, cmd);
    });
}
