/** `xborder platform list`: the 32 indexed platform operations. */
import type { Command } from 'commander';
import { terminalWidth } from '../../report/width.js';
import { PLATFORM_OPERATIONS } from '../../platform/operations.js';
import { renderOperations } from '../../platform/views.js';
import { createOutput, type GlobalOptions } from '../output.js';

/** Prints the index as a table, or as a JSON array of `{group, name, path, id}` with --json. Exit 0. */
export async function run(_opts: unknown, cmd: Command): Promise<number> {
  const globals = cmd.optsWithGlobals() as GlobalOptions;
  const output = createOutput({ globals });
  if (globals.json) output.out(`${JSON.stringify(PLATFORM_OPERATIONS, null, 2)}\n`);
  else output.out(renderOperations(PLATFORM_OPERATIONS, { color: output.color, width: terminalWidth(process.stdout, process.env) }));
  return 0;
}
