/** `xborder profiles`: the built-in certification profiles, as a table or JSON. */
import type { Command } from 'commander';
import { builtInProfiles, profileDigest } from '../../certify/profiles.js';
import { createOutput, type GlobalOptions } from '../output.js';
import { renderGrid, type GridColumn } from '../../report/grid.js';
import { fitLines, terminalWidth } from '../../report/width.js';

/** Prints every built-in profile; exit 0. */
export async function runProfiles(cmd: Command): Promise<number> {
  const globals = cmd.optsWithGlobals() as GlobalOptions;
  const output = createOutput({ globals });
  const profiles = builtInProfiles();
  if (globals.json) {
    output.out(`${JSON.stringify(profiles.map(({ $schema: _s, ...p }) => ({ ...p, digest: { sha256: profileDigest(p) } })), null, 2)}\n`);
    return 0;
  }
  const width = terminalWidth(process.stdout, process.env);
  const columns: GridColumn[] = [{ title: 'profile' }, { title: 'checks' }, { title: 'what meeting it shows', readable: 30, block: 'line' }];
  const rows = profiles.map((p) => [p.name, [...new Set(p.requirements.map((r) => r.check))].join(', '), p.description]);
  output.out(`${renderGrid(columns, rows, { width })}\n${fitLines('`xborder certify --profile NAME` runs one; `xborder profiles --json` shows each requirement (endpoints, auth modes). A profile file of the same form (schemas/profile.schema.json) works where a name does.', width)}\n`);
  return 0;
}
