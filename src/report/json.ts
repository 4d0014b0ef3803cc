/** The `--json` report: the RunResult itself, in the contract's shape and key order. */
import type { RunResult } from '../model.js';
import { checkHelp } from './check-help.js';

/**
 * Renders the run as one JSON document (pretty, newline-terminated). Each check result of a
 * registered check carries `docs`, the path of its page (docs/checks/ID.md; `xborder checks ID`).
 */
export function renderJson(run: RunResult): string {
  return `${JSON.stringify(run, withDocs, 2)}\n`;
}

/** A replacer that adds `docs` to every check result ({ id, status, findings }) it meets. */
function withDocs(this: unknown, _key: string, value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const v = value as Record<string, unknown>;
  if (typeof v.id !== 'string' || typeof v.status !== 'string' || !Array.isArray(v.findings) || 'docs' in v) return value;
  const help = checkHelp(v.id);
  return help ? { ...v, docs: help.docs } : value;
}
