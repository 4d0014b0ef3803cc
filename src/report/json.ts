/** The `--json` report: the RunResult itself, in the contract's shape and key order. */
import type { RunResult } from '../model.js';

/** Renders the run as one JSON document (pretty, newline-terminated). */
export function renderJson(run: RunResult): string {
  return `${JSON.stringify(run, null, 2)}\n`;
}
