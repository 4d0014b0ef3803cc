/** `xborder checks [ID]`: the check registry as a table (or JSON), or one check's page. */
import type { Command } from 'commander';
import { allChecks, type CheckInfo } from '../../checks/registry.js';
import { checkDocsPath, renderCheckPage } from '../../checks/docs/index.js';
import { didYouMean } from '../../did-you-mean.js';
import { UsageError } from '../../errors.js';
import { createOutput, type GlobalOptions } from '../output.js';
import { fitLines, terminalWidth } from '../../report/width.js';
import { renderGrid, type GridColumn } from '../../report/grid.js';

/** Prints every registered check, or the page of check `id`; exit 0, or 2 for an unknown id. */
export async function run(id: string | undefined, cmd: Command): Promise<number> {
  const globals = cmd.optsWithGlobals() as GlobalOptions;
  const output = createOutput({ globals });
  const checks = allChecks();
  if (id !== undefined) return printPage(checkNamed(id, checks), globals, output.out.bind(output));
  if (globals.json) {
    // The list stays a list: each page is one `xborder checks ID --json` away.
    output.out(`${JSON.stringify(checks.map(({ page: _page, ...rest }) => ({ ...rest, docs: checkDocsPath(rest.id) })), null, 2)}\n`);
    return 0;
  }
  const width = terminalWidth(process.stdout, process.env);
  const columns: GridColumn[] = [{ title: 'check' }, { title: 'where' }, { title: 'what it proves', readable: 30, block: 'line' }];
  const table = renderGrid(columns, checks.map((check) => [check.id, check.scope.join(', '), check.proves]), { width });
  output.out(`${table}\n${fitLines(`${checks.length} checks. \`xborder checks ID\` explains one. Select with --checks ID,... or --exclude-checks ID,... (merchant commands and validate).`, width)}\n`);
  return 0;
}

/** The registered check `id`; a usage error with the closest id otherwise. */
function checkNamed(id: string, checks: readonly CheckInfo[]): CheckInfo {
  const found = checks.find((c) => c.id === id) ?? checks.find((c) => c.id.toLowerCase() === id.trim().toLowerCase());
  if (found) return found;
  throw new UsageError(`no check is called "${id}".${didYouMean(id, checks.map((c) => c.id))} \`xborder checks\` lists every check id.`);
}

function printPage(check: CheckInfo, globals: GlobalOptions, out: (text: string) => void): number {
  const docs = checkDocsPath(check.id);
  if (globals.json) {
    out(`${JSON.stringify({ id: check.id, proves: check.proves, scope: check.scope, docs, ...(check.page ?? {}) }, null, 2)}\n`);
    return 0;
  }
  // A check registered before its page was written still says what it proves.
  out(check.page
    ? renderCheckPage({ id: check.id, proves: check.proves, scope: check.scope, page: check.page })
    : `# ${check.id}\n\nProves: ${check.proves}.\n\nJudged by: ${check.scope.join(', ')}. Its page is not written yet.\n`);
  return 0;
}
