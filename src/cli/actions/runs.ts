/** `xborder runs`: saved run folders with their totals, newest first. */
import type { Command } from 'commander';
import { dirname, relative } from 'node:path';
import { createOutput, type GlobalOptions } from '../output.js';
import { listSavedRuns } from '../saved-runs.js';
import { RUNS_DIR } from '../run-folder.js';
import { summaryLine } from '../../report/table.js';
import { fitLines, terminalWidth } from '../../report/width.js';
import { renderGrid } from '../../report/grid.js';
import { escapeControls } from '../../report/terminal-text.js';

/** Prints the saved runs; exit 0 (none saved is no error). */
export async function run(cmd: Command): Promise<number> {
  const globals = cmd.optsWithGlobals() as GlobalOptions;
  const output = createOutput({ globals });
  const runs = await listSavedRuns(process.cwd());
  if (globals.json) {
    output.out(`${JSON.stringify(runs.map((r) => ({ ...r, dir: relative(process.cwd(), r.dir) })), null, 2)}\n`);
    return 0;
  }
  const width = terminalWidth(process.stdout, process.env);
  if (runs.length === 0) {
    output.out(`${fitLines(`No saved runs in ${RUNS_DIR}: check, check-cart and post-order save one unless --no-save.`, width)}\n`);
    return 0;
  }
  // Folder names and report.json are whatever is on disk (a planted folder, an edited report): escaped.
  // Each run's folder is the runs folder and its name, said once under the table rather than per row.
  const rows = runs.map((r) => [r.name, r.summary ? summaryLine(r.summary, r.cases ?? 0) : r.problem ?? ''].map(escapeControls));
  const table = renderGrid([{ title: 'run' }, { title: 'result', readable: 30 }], rows, { width });
  const failed = runs[0]!.failed.length;
  const folder = `${relative(process.cwd(), dirname(runs[0]!.dir)) || '.'}/RUN`;
  output.out(`${table}\n${fitLines(`${runs.length} saved run${runs.length === 1 ? '' : 's'}, each in ${escapeControls(folder)}; the newest has ${failed} failed or errored case${failed === 1 ? '' : 's'}${failed ? ' (check --last-failed reruns them)' : ''}.`, width)}\n`);
  return 0;
}
