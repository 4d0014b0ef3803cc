/**
 * The terminal summary of many merchants: a row each (merchant, passed, failed, errored, what
 * changed since its previous run, the checks that fail), worst first, then a line for each merchant
 * not run and the totals. Pure; every cell is escaped (names and notices may come from report files).
 */
import { changesText } from '../diff/since.js';
import { renderGrid, type GridColumn } from './grid.js';
import { merchantsLine, type MerchantResult, type MerchantsSummary } from './merchants-summary.js';
import { escapeControls } from './terminal-text.js';
import { fitLines } from './width.js';

/** Options of renderMerchantsTable. */
export interface MerchantsTableOptions {
  /** The terminal's width: the table and the lines fit it. */
  width: number;
  /** --quiet: only the merchants that did not pass, and the totals. */
  quiet?: boolean;
}

/** The columns: counts are whole values; what changed and what fails are prose, ids whole (grid.ts). */
const COLUMNS: GridColumn[] = [
  { title: 'merchant' },
  { title: 'passed', whole: true },
  { title: 'failed', whole: true },
  { title: 'errored', whole: true },
  { title: 'since previous run', readable: 16, block: 'labelled' },
  { title: 'failing checks', readable: 20, block: 'labelled' },
];

/** What a merchant's row says in the changes column. */
function changesCell(r: MerchantResult): string {
  if (r.notRun !== undefined) return 'not run';
  return `${r.partial ? 'interrupted; ' : ''}${changesText(r.changes)}`;
}

function row(r: MerchantResult): string[] {
  const count = (n: number | undefined) => (n === undefined ? '-' : String(n));
  const failing = [...r.failedChecks, ...r.erroredChecks.map((id) => `${id} (errored)`)].join(', ');
  return [r.name, count(r.summary?.passed), count(r.summary?.failed), count(r.summary?.errored), changesCell(r), failing].map(escapeControls);
}

/** The summary as the terminal shows it. */
export function renderMerchantsTable(summary: MerchantsSummary, options: MerchantsTableOptions): string {
  const shown = options.quiet ? summary.merchants.filter((r) => r.exitCode !== 0) : summary.merchants;
  const lines: string[] = [];
  if (shown.length > 0) {
    lines.push(renderGrid(COLUMNS, shown.map(row), { width: options.width }).replace(/\n$/, ''));
  }
  for (const r of summary.merchants) {
    if (r.notRun !== undefined) lines.push(fitLines(escapeControls(`${r.name} not run: ${r.notRun}`), options.width));
    for (const notice of r.notices ?? []) lines.push(fitLines(escapeControls(`${r.name}: ${notice}`), options.width));
  }
  lines.push(fitLines(`${merchantsLine(summary)}.`, options.width));
  return `${lines.join('\n')}\n`;
}
