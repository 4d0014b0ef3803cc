/** `xborder report merge PATH...`: many merchants' saved runs in one summary (table, --json, --junit, --html). */
import type { Command } from 'commander';
import { basename, relative, resolve } from 'node:path';
import { readReport } from '../../diff/load.js';
import { changesSince } from '../../diff/since.js';
import { Redactor } from '../../redact/redactor.js';
import type { JunitSuite } from '../../report/junit.js';
import { renderMerchantsHtml } from '../../report/merchants-html.js';
import { merchantResult, merchantsSummary, renderMerchantsJson, type MerchantResult } from '../../report/merchants-summary.js';
import { renderMerchantsTable } from '../../report/merchants-table.js';
import { terminalWidth } from '../../report/width.js';
import { mergeInputs } from '../merge-inputs.js';
import { reportLink, writeSummaryFile } from '../summary-files.js';
import { createOutput, type GlobalOptions } from '../output.js';
import { earlierRun, isRunStamp } from '../saved-runs.js';

/** Options of `report merge`. */
export interface MergeOptions {
  junit?: string;
  html?: string;
}

/**
 * Reads each report once (one at a time: a night of a few hundred merchants is never held whole),
 * compares each run folder with the run saved before it beside it, and prints the summary `check
 * --all` prints for the same runs. Returns the worst exit code over the merchants.
 */
export async function run(paths: string[], opts: MergeOptions, cmd: Command): Promise<number> {
  const globals = cmd.optsWithGlobals() as GlobalOptions;
  // Saved reports are masked already; the pattern rules mask anything a hand-made report adds.
  const redactor = new Redactor();
  const mask = (text: string) => redactor.text(text);
  const output = createOutput({ globals, mask });
  const junit = opts.junit ? await import('../../report/merchants-junit.js') : undefined;
  const results: MerchantResult[] = [];
  const suites = new Map<MerchantResult, JunitSuite>();
  const folders = new Set<MerchantResult>();
  for (const input of await mergeInputs(paths)) {
    const report = redactor.json(await readReport(input.path));
    const shown = relative(process.cwd(), resolve(input.path)) || '.';
    // Only a folder named as runs are has runs beside it to compare with.
    const compared = input.kind === 'folder' && isRunStamp(basename(resolve(input.path)));
    const changes = compared ? changesSince(report, await earlierRun(resolve(input.path))) : undefined;
    const result = merchantResult(report.merchant ?? shown, report, { run: shown, ...(changes ? { changes } : {}) });
    results.push(result);
    if (input.kind === 'folder') folders.add(result);
    if (junit) suites.set(result, junit.merchantSuite(result, report, mask));
  }
  const summary = merchantsSummary(results);
  if (globals.json) output.out(renderMerchantsJson(summary));
  else output.out(renderMerchantsTable(summary, { width: terminalWidth(process.stdout, process.env), quiet: globals.quiet }));
  if (junit && opts.junit) await writeSummaryFile(opts.junit, 'JUnit report', junit.renderMerchantsJunit(summary, (r) => suites.get(r) ?? junit.merchantSuite(r, undefined, mask)));
  if (opts.html) await writeSummaryFile(opts.html, 'HTML report', renderMerchantsHtml(summary, { generatedAt: new Date().toISOString(), reportOf: reportLink(opts.html, (r) => folders.has(r)) }));
  return summary.exitCode;
}
