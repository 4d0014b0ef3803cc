/** `xborder checks`: the check registry as a table, or as JSON with --json. */
import type { Command } from 'commander';
import Table from 'cli-table3';
import { allChecks } from '../../checks/registry.js';
import { createOutput, type GlobalOptions } from '../output.js';
import { fitLines, terminalWidth } from '../../report/width.js';

/** Prints every registered check; always exit 0. */
export async function run(cmd: Command): Promise<number> {
  const globals = cmd.optsWithGlobals() as GlobalOptions;
  const output = createOutput({ globals });
  const checks = allChecks();
  if (globals.json) {
    output.out(`${JSON.stringify(checks, null, 2)}\n`);
    return 0;
  }
  const table = new Table({
    head: ['check', 'where', 'what it proves'],
    style: { head: [], border: [] },
    chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' },
    colWidths: [32, 20, Math.max(20, terminalWidth(process.stdout, process.env) - 56)],
    wordWrap: true,
  });
  for (const check of checks) table.push([check.id, check.scope.join(', '), check.proves]);
  output.out(`${table.toString()}\n${fitLines(`${checks.length} checks. Select with --checks ID,... or --exclude-checks ID,... (merchant commands and validate).`, terminalWidth(process.stdout, process.env))}\n`);
  return 0;
}
