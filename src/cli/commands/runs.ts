/** `xborder runs`: the saved run folders. */
import type { Command } from 'commander';
import { examples } from './shared-options.js';

/** Declares the runs command; the work is in ../actions/runs.ts. */
export function defineRuns(program: Command): void {
  program
    .command('runs')
    .description('list the saved runs (.xborder/runs/), newest first (--json: a JSON array); rerun failures with check --last-failed')
    .addHelpText('after', examples('xborder runs', 'xborder runs --json', 'xborder check --last-failed'))
    .action(async (_opts: object, cmd: Command) => {
      const { run } = await import('../actions/runs.js');
      process.exitCode = await run(cmd);
    });
}
