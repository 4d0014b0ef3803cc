/**
 * Where a reader learns what a check means: its page, `xborder checks ID` in a terminal and
 * docs/checks/ID.md in the repository and package docs. Every report points a failure there.
 */
import { isCheckId } from '../checks/registry.js';
import { checkDocsPath } from '../checks/docs/render.js';

/** The command and file that explain check `id`; undefined for an id the registry does not know. */
export function checkHelp(id: string): { command: string; docs: string } | undefined {
  return isCheckId(id) ? { command: `xborder checks ${id}`, docs: checkDocsPath(id) } : undefined;
}

/** The one line a failure carries: `see: xborder checks ID` (empty for an unknown id). */
export function seeLine(id: string): string {
  const help = checkHelp(id);
  return help ? `see: ${help.command}` : '';
}
