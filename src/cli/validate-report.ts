/**
 * Streaming reports of `xborder validate`: documents arrive one at a time (NDJSON inputs may hold any
 * number), so both reports write as they go and hold at most a bounded batch of rows.
 * - table: one row per finding (file(:line), kind, check, path, finding, expected, actual), flushed
 *   in batches; then a summary line. Passed checks appear only with --verbose.
 * - json: the contract's report shape, streamed: `tool`, then `cases` (one per document, one per
 *   line), then `summary` last (it is known only at the end).
 */
import type { GridColumn } from '../report/grid.js';
import { DEFAULT_WIDTH, fitLines } from '../report/width.js';
import { checkHelp } from '../report/check-help.js';
import { escapeControls } from '../report/terminal-text.js';
import type { CheckResult, CheckStatus, Finding, Summary } from '../model.js';
import type { PayloadKind } from '../validation/kinds.js';
import type { Output } from './output.js';

/** One validated document. */
export interface DocumentResult {
  source: string;
  line?: number;
  /** Undefined when the kind could not be told. */
  kind: PayloadKind | undefined;
  checks: CheckResult[];
}

/** An input failure that ended the run (reported inside the JSON document before exit 2). */
export interface RunFailure {
  message: string;
  file?: string;
  line?: number;
  column?: number;
}

/** A report being written. A returned promise must be awaited before the next call. */
export interface ValidateReport {
  document(result: DocumentResult): void | Promise<void>;
  /** Writes what is buffered and the summary. */
  finish(failure?: RunFailure): Promise<void>;
}

/**
 * Masks card data in a value by where it sits (the JSON pointer of its finding: the redactor needs
 * the keys above it too, a CardFields entry being secret by its parent), then as free text.
 */
export type ValueMask = (value: unknown, path: string | undefined) => unknown;

/** Running totals of a validate run. */
export class Totals {
  readonly checks: Summary = { passed: 0, failed: 0, warnings: 0, errored: 0, skipped: 0 };
  documents = 0;
  failedDocuments = 0;
  warnedDocuments = 0;

  add(result: DocumentResult): void {
    this.documents++;
    let failed = false;
    let warned = false;
    for (const check of result.checks) {
      if (check.status === 'warning') this.checks.warnings++;
      else this.checks[check.status]++;
      failed ||= check.status === 'failed';
      warned ||= check.status === 'warning';
    }
    if (failed) this.failedDocuments++;
    else if (warned) this.warnedDocuments++;
  }

  /** 1 when a document failed, 3 when a check could not judge and nothing failed, else 0. */
  exitCode(): number {
    if (this.checks.failed > 0) return 1;
    if (this.checks.errored > 0) return 3;
    return 0;
  }
}

/**
 * A finding with `actual` masked by where it belongs (a CVV under /PaymentDetails/CVVNumber, any
 * CardFields entry but CardId); when that masks it, the value is also taken out of the message.
 */
export function maskFinding(f: Finding, mask: ValueMask): Finding {
  if (f.actual === undefined) return f;
  const masked = mask(f.actual, f.path);
  if (masked === f.actual || JSON.stringify(masked) === JSON.stringify(f.actual)) return f;
  let message = f.message;
  if (typeof f.actual === 'string' || typeof f.actual === 'number') {
    const raw = String(f.actual);
    if (raw !== '') message = message.split(raw).join(typeof masked === 'string' ? masked : '****');
  }
  return { ...f, actual: masked, message };
}

function maskedChecks(checks: CheckResult[], mask: ValueMask): CheckResult[] {
  return checks.map((c) => (c.findings.length === 0 ? c : { ...c, findings: c.findings.map((f) => maskFinding(f, mask)) }));
}

/** The streamed JSON report. */
export function jsonReport(output: Output, totals: Totals, tool: { name: 'xborder'; version: string }, mask: ValueMask): ValidateReport {
  let first = true;
  const open = (): void => {
    if (!first) return;
    output.out(`{"tool":${JSON.stringify(tool)},\n"cases":[\n`);
  };
  return {
    document(result) {
      totals.add(result);
      open();
      const c = {
        endpoint: 'offline',
        variant: result.kind ?? 'unknown',
        authMode: 'none',
        source: result.line === undefined ? result.source : `${result.source}:${result.line}`,
        checks: maskedChecks(result.checks, mask).map(withDocs),
      };
      output.out(`${first ? '' : ',\n'}${JSON.stringify(c)}`);
      first = false;
    },
    async finish(failure) {
      open();
      const error = failure ? `,\n"error":${JSON.stringify(failure)}` : '';
      output.out(`${first ? '' : '\n'}],\n"summary":${JSON.stringify(totals.checks)}${error}}\n`);
      first = false;
    },
  };
}

/** A check result that did not pass, with `docs`: the path of its page (passed ones stay lean for long NDJSON runs). */
function withDocs(check: CheckResult): CheckResult & { docs?: string } {
  const help = check.status === 'passed' ? undefined : checkHelp(check.id);
  return help ? { ...check, docs: help.docs } : check;
}

/** Options of the table report. */
export interface TableReportOptions {
  verbose: boolean;
  /** Rows held before a table is printed (bounds memory on long NDJSON inputs). */
  batchRows?: number;
  /** Terminal width, when known. */
  width?: number;
}

type Paint = (s: string) => string;

/**
 * The streamed table report. cli-table3 is loaded when the first rows are printed (a run without
 * findings prints only the summary line), chalk only with colour.
 */
export async function tableReport(output: Output, totals: Totals, mask: ValueMask, options: TableReportOptions): Promise<ValidateReport> {
  const paint = await painter(output.color);
  const batch = options.batchRows ?? 200;
  const width = options.width ?? DEFAULT_WIDTH;
  let rows: string[][] = [];
  const failedIds = new Set<string>();
  const flush = async (): Promise<void> => {
    if (rows.length === 0) return;
    // The grid (and cli-table3 with it) is loaded when the first rows are printed.
    const { renderGrid } = await import('../report/grid.js');
    output.out(`${renderGrid(COLUMNS, rows, { width, color: output.color, rules: true })}\n`);
    rows = [];
  };
  return {
    document(result) {
      totals.add(result);
      // Named only when a row needs it: the text of a line number outlived the document (promoted
      // to the old generation, about 25 bytes a document), so a long run of passing documents grew
      // the heap with its length (docs/bench.md).
      let where: string | undefined;
      const at = (): string => (where ??= result.line === undefined ? result.source : `${result.source}:${result.line}`);
      const kind = result.kind ?? '?';
      for (const check of result.checks) {
        if (check.status === 'failed' || check.status === 'errored') failedIds.add(check.id);
        if (check.findings.length === 0) {
          if (options.verbose || check.status !== 'passed') rows.push([at(), kind, check.id, '', paint[check.status](check.status), '', '']);
          continue;
        }
        for (const f of check.findings) rows.push(rowOf(at(), kind, check.id, maskFinding(f, mask), paint));
      }
      return rows.length >= batch ? flush() : undefined;
    },
    async finish(failure) {
      await flush();
      // An input that fails before any document prints nothing: the error on stderr says it all.
      if (failure && totals.documents === 0) return;
      // The reason stays whole on a line of its own: a wrapped summary would split it.
      output.out(`${fitLines(summaryLine(totals, paint), width)}\n${failure ? '(stopped early: input error)\n' : ''}`);
      // Each check that failed, one command away from its page (why it matters, the usual fix).
      const pages = [...failedIds].flatMap((id) => checkHelp(id)?.command ?? []);
      if (pages.length > 0) output.out(`${fitLines(`see: ${pages.join(', ')}`, width)}\n`);
    },
  };
}

const SEVERITY_LABEL = { error: 'error', warning: 'warning', info: 'info' } as const;

/**
 * The table's columns: the finding is what the reader came for and keeps room; the file and path
 * wrap first. Too narrow for seven columns, each finding is a block: `file  kind  check  path`,
 * then the finding and the values indented.
 */
const COLUMNS: GridColumn[] = [
  { title: 'file', readable: 8 },
  { title: 'kind' },
  { title: 'check' },
  { title: 'path', readable: 14 },
  { title: 'finding', readable: 44, block: 'line' },
  { title: 'expected', readable: 10, block: 'labelled' },
  { title: 'actual', readable: 10, block: 'labelled' },
];

function rowOf(where: string, kind: string, check: string, f: Finding, paint: Record<CheckStatus | 'info', Paint>): string[] {
  const severity = f.severity ?? 'error';
  const colour = severity === 'error' ? paint.failed : severity === 'warning' ? paint.warning : paint.info;
  // The file name, the pointer and the values are the captured payload's text: escaped, one line each.
  return [
    escapeControls(where),
    kind,
    check,
    escapeControls(f.path ?? ''),
    `${colour(SEVERITY_LABEL[severity])}: ${escapeControls(f.message)}`,
    f.expected === undefined ? '' : escapeControls(shown(f.expected)),
    // JSON for what was received, so "2" (a string) and 2 (a number) read differently.
    f.actual === undefined ? '' : escapeControls(shown(JSON.stringify(f.actual) ?? String(f.actual))),
  ];
}

/** A value as a table cell: strings bare, the rest as JSON, cut at 80 characters. */
function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

async function painter(color: boolean): Promise<Record<CheckStatus | 'info', Paint>> {
  const plain: Paint = (s) => s;
  if (!color) return { passed: plain, failed: plain, warning: plain, errored: plain, skipped: plain, info: plain };
  const { Chalk } = await import('chalk');
  const chalk = new Chalk({ level: 1 });
  return { passed: chalk.green, failed: chalk.red.bold, warning: chalk.yellow, errored: chalk.magenta.bold, skipped: chalk.gray, info: chalk.cyan };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** "3 documents: 1 failed, 1 with warnings, 1 passed; checks: 30 passed, 2 failed, 1 warning, 0 errored". */
function summaryLine(t: Totals, paint: Record<CheckStatus | 'info', Paint>): string {
  const passedDocs = t.documents - t.failedDocuments - t.warnedDocuments;
  const docs = [
    t.failedDocuments ? paint.failed(`${t.failedDocuments} failed`) : '0 failed',
    t.warnedDocuments ? paint.warning(`${t.warnedDocuments} with warnings`) : '0 with warnings',
    paint.passed(`${passedDocs} passed`),
  ].join(', ');
  const c = t.checks;
  const checks = [
    `${c.passed} passed`,
    c.failed ? paint.failed(`${c.failed} failed`) : '0 failed',
    c.warnings ? paint.warning(plural(c.warnings, 'warning')) : '0 warnings',
    c.errored ? paint.errored(`${c.errored} errored`) : '0 errored',
  ].join(', ');
  return `${plural(t.documents, 'document')}: ${docs}; checks: ${checks}`;
}
