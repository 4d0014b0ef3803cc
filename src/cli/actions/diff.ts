/** `xborder diff A B`: two reports (JSON report files or run folders) compared case by case. Exit 1 on a regression. */
import type { Command } from 'commander';
import { readReport } from '../../diff/load.js';
import { diffRuns } from '../../diff/compare.js';
import { ignoreList } from '../../diff/json-diff.js';
import { renderDiffJson, renderDiffText } from '../../diff/render.js';
import { Redactor } from '../../redact/redactor.js';
import { createOutput, type GlobalOptions } from '../output.js';

/** Options of `diff`. */
export interface DiffOptions {
  ignore?: string[];
}

/** `xborder diff`. */
export async function run(a: string, b: string, opts: DiffOptions, cmd: Command): Promise<number> {
  const globals = cmd.optsWithGlobals() as GlobalOptions;
  // Saved reports are masked already; the pattern rules mask anything a hand-made report adds.
  const redactor = new Redactor();
  const output = createOutput({ globals, mask: (s) => redactor.text(s) });
  const [before, after] = await Promise.all([readReport(a), readReport(b)]);
  const diff = diffRuns(before, after, ignoreList(opts.ignore ?? []));
  if (globals.json) output.out(renderDiffJson(diff, [a, b]));
  else output.out(renderDiffText(diff, { color: output.color, verbose: globals.verbose, labels: [a, b] }));
  return diff.regression ? 1 : 0;
}
