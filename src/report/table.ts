/**
 * The default terminal report: a table per endpoint (case, check, auth mode, result, detail, time),
 * then the details of every failed case (response body and a curl reproduction), then one summary
 * line. Every line fits the width; many cases that fail for one cause collapse into one row (and one
 * detail). Pure: RunResult in, text out; colour and width are parameters. Text that came from the
 * merchant (or a recording) is escaped where it enters (terminal-text.ts): it never moves the cursor,
 * recolours the screen or starts a line of its own.
 */
import { prettyJson } from './pretty-json.js';
import { Chalk } from 'chalk';
import type { CaseResult, CheckResult, CheckStatus, RunResult, Summary } from '../model.js';
import { caseStatus, partialLine } from './summary.js';
import { describeFinding, findingLabel, spellingsOf, type Spellings } from './finding-text.js';
import { caseName } from './case-name.js';
import { collapseRows, groupCases, listedName, type Row } from './collapse.js';
import { DEFAULT_WIDTH, displayLength, fitLines } from './width.js';
import { renderGrid, type GridColumn } from './grid.js';
import { escapeControls, escapeLines } from './terminal-text.js';
import { seeLine } from './check-help.js';
import { skipLine } from './skip-line.js';

/** How the table is drawn. */
export interface TableOptions {
  color: boolean;
  /** Show every passed check on its own row, and full exchanges. */
  verbose?: boolean;
  /** --quiet: only the cases that failed or errored, their details and the summary line. */
  quiet?: boolean;
  /** Longest response body excerpt shown for failed cases. */
  bodyExcerptChars?: number;
  /** Columns every line must fit in (default 120). */
  width?: number;
}

/**
 * Longest curl command shown without -v when no run folder holds it: shown whole, so it runs when
 * pasted; an order's is kilobytes, which -v or the run folder's reproduce.sh give.
 */
const CURL_SHOWN = 1000;

/** Lines of a failed case's body shown without -v. */
const BODY_LINES = 30;

const SYMBOL: Record<CheckStatus, string> = { passed: 'pass', failed: 'FAIL', warning: 'warn', errored: 'ERROR', skipped: 'skip' };

type Painter = Record<CheckStatus, (s: string) => string>;

/** Renders the whole report. */
export function renderTable(run: RunResult, options: TableOptions): string {
  const chalk = new Chalk({ level: options.color ? 1 : 0 });
  const paint: Painter = {
    passed: chalk.green, failed: chalk.red.bold, warning: chalk.yellow, errored: chalk.magenta.bold, skipped: chalk.gray,
  };
  const width = options.width ?? DEFAULT_WIDTH;
  const out: string[] = [];
  // -v asked for every exchange: the full report, however little was judged.
  if (nothingJudged(run) && !options.verbose) return briefReport(run, width, paint, chalk);
  const endpoints = [...new Set(run.cases.map((c) => c.endpoint))];
  const bad = (c: CaseResult) => ['failed', 'errored'].includes(caseStatus(c));
  // Said once, first: why a whole auth mode's cases were skipped (its credentials were refused).
  for (const notice of run.notices ?? []) out.push(fitLines(chalk.bold(escapeControls(notice)), width));
  if (run.notices?.length) out.push('');
  for (const endpoint of endpoints) {
    const cases = run.cases.filter((k) => k.endpoint === endpoint && (!options.quiet || bad(k)));
    if (cases.length === 0) continue;
    const rows = collapseRows(cases.flatMap((c) => rowsOf(c, (options.verbose ?? false) && !options.quiet, options.quiet)), run.authModes);
    out.push(chalk.bold(endpoint), drawTable(rows, width, options.color, paint), '');
  }
  const failedCases = run.cases.filter(bad);
  const shown = options.verbose && !options.quiet ? run.cases.map((c) => ({ first: c, others: [] as CaseResult[] })) : groupCases(failedCases);
  for (const { first, others } of shown) {
    const names = others.slice(0, 4).map((o) => escapeControls(listedName(o))).join(', ') + (others.length > 4 ? `, +${others.length - 4} more` : '');
    const more = others.length > 0 ? `  … and ${others.length} more case${others.length === 1 ? '' : 's'} with the same outcome: ${names}` : '';
    out.push(caseDetail(first, options, chalk, width, more));
  }
  out.push(fitLines(summaryLine(run.summary, run.cases.length, paint), width));
  const partial = partialLine(run);
  if (partial) out.push(fitLines(chalk.bold(partial), width));
  if (options.quiet) {
    // No skipped rows were shown: one line says how many and why (it also covers synthetic carts).
    const skips = skipLine(run.cases);
    if (skips) out.push(fitLines(skips, width));
    return `${out.join('\n')}\n`;
  }
  // Answered and skipped on a synthetic cart: the merchant refused the cart, or may have.
  const unjudged = run.cases.filter((c) => c.cart?.origin === 'synthetic' && c.response !== undefined && c.checks.some((k) => k.status === 'skipped')).length;
  if (unjudged > 0) {
    out.push(fitLines(`${unjudged} order case${unjudged === 1 ? '' : 's'} could not be judged: the merchant refused orders on synthetic carts (carts it never issued). Give xborder real carts with merchant.carts or merchant.newCart.`, width));
  }
  return `${out.join('\n')}\n`;
}

/**
 * A run that could judge nothing of the merchant (nothing answers at its URL, or every auth mode's
 * credentials were refused) and found nothing wrong: a table of errored rows would only repeat one
 * cause, so the report is its headlines and the summary. The JSON report and the run folder keep
 * every case.
 */
function nothingJudged(run: RunResult): boolean {
  return run.summary.failed === 0 && (run.stopped?.answeredBefore === 0 || run.credentialsRefused === true);
}

function briefReport(run: RunResult, width: number, paint: Painter, chalk: InstanceType<typeof Chalk>): string {
  const out = (run.notices ?? []).map((n) => fitLines(chalk.bold(escapeControls(n)), width));
  const judged = run.summary.passed + run.summary.warnings;
  const what = run.credentialsRefused && !run.stopped
    ? `Nothing was judged with the configured credentials: fix them and run again.${judged > 0 ? ` The checks that need none (missing and wrong credentials refused) were judged: ${judged} passed.` : ''}`
    : 'Nothing was judged.';
  out.push(fitLines(`${what} --json and the run folder list every case.`, width));
  out.push(fitLines(summaryLine(run.summary, run.cases.length, paint), width));
  const partial = partialLine(run);
  if (partial) out.push(fitLines(chalk.bold(partial), width));
  return `${out.join('\n')}\n`;
}

/** "3 passed, 1 failed, 1 warning, 0 errored, 0 skipped in 2 cases": checks by status, then cases. */
export function summaryLine(s: Summary, cases: number, paint?: Painter): string {
  const p = (status: CheckStatus, text: string, count: number) => (paint && count > 0 ? paint[status](text) : text);
  return [
    p('passed', `${s.passed} passed`, s.passed),
    p('failed', `${s.failed} failed`, s.failed),
    p('warning', `${s.warnings} warning${s.warnings === 1 ? '' : 's'}`, s.warnings),
    p('errored', `${s.errored} errored`, s.errored),
    `${s.skipped} skipped`,
  ].join(', ') + ` in ${cases} case${cases === 1 ? '' : 's'}`;
}

/**
 * The report's columns. The detail is prose and keeps a readable width; names, ids and modes wrap
 * only between words; the result and the time are never wrapped. In blocks, the detail goes under
 * its row.
 */
const COLUMNS: GridColumn[] = [
  { title: 'case' },
  // "21 checks" (the passed checks folded into one row) reads on one line: below that, blocks.
  { title: 'check', readable: 9 },
  { title: 'auth' },
  { title: 'result', whole: true },
  { title: 'detail', readable: 28, block: 'line' },
  { title: 'time', whole: true },
];

function drawTable(rows: Row[], width: number, color: boolean, paint: Painter): string {
  const cells = rows.map((row) => [row.variant, row.check, row.authMode, paint[row.status](SYMBOL[row.status]), row.detail, row.time]);
  return renderGrid(COLUMNS, cells, { width, color });
}

/** `quiet`: only the failed and errored checks' rows. */
function rowsOf(c: CaseResult, verbose: boolean, quiet = false): Row[] {
  const time = c.response ? `${Math.round(c.response.durationMs)} ms` : '';
  // A replayed recording names its cases from what it recorded: as foreign as a merchant's answer.
  const name = escapeControls(caseName(c));
  const authMode = escapeControls(c.authMode);
  const rows: Row[] = [];
  const passed = c.checks.filter((k) => k.status === 'passed');
  const shown = quiet ? c.checks.filter((k) => k.status === 'failed' || k.status === 'errored') : verbose ? c.checks : c.checks.filter((k) => k.status !== 'passed');
  const spellings = spellingsOf(c.checks.flatMap((k) => k.findings));
  for (const check of shown) rows.push({ variant: name, short: escapeControls(c.variant), check: escapeControls(check.id), authMode, status: check.status, detail: escapeControls(detailOf(check, spellings)), time });
  if (!verbose && !quiet && passed.length > 0) {
    // Passed checks fold into one row; -v lists each of them.
    rows.unshift({ variant: name, short: escapeControls(c.variant), check: passed.length === 1 ? escapeControls(passed[0]!.id) : `${passed.length} checks`, authMode, status: 'passed', detail: '', time });
  }
  return rows;
}

function detailOf(check: CheckResult, spellings?: Spellings): string {
  // Info findings stay quiet beside a failure or warning, but they are the only reason a skipped check gives.
  const visible = check.findings.filter((f) => f.severity !== 'info' || check.status === 'passed' || check.status === 'skipped');
  if (visible.length === 0) return '';
  const first = describeFinding(visible[0]!, spellings);
  return visible.length > 1 ? `${first} (+${visible.length - 1} more)` : first;
}

/**
 * The details of a case, every line fitted to `width`: prose wraps with its tokens whole, a body
 * (the merchant's text) wraps like a body, and the reproduction is printed whole, however long, so
 * it can be copied and pasted as it stands.
 */
function caseDetail(c: CaseResult, options: TableOptions, chalk: InstanceType<typeof Chalk>, width: number, more: string): string {
  // Every value below came from the merchant or a recording, but for the words around it: escaped here.
  const t = escapeControls;
  const out: string[] = [];
  const prose = (...lines: string[]) => out.push(...lines.map((l) => fitLines(l, width)));
  const body = (text: string) => out.push(fitLines(indent(escapeLines(text), 4), width, { breakWords: true }));
  prose(chalk.bold(`${t(c.endpoint)} ${t(caseName(c))} [auth ${t(c.authMode)}]: ${caseStatus(c)}`));
  // The merchant's own spelling of a property, learnt from the case's lenient findings.
  const spellings = spellingsOf(c.checks.flatMap((k) => k.findings));
  prose(`  request: ${t(c.request.method)} ${t(c.request.url)}`);
  if (options.verbose) {
    for (const [k, v] of Object.entries(c.request.headers)) prose(`    ${t(k)}: ${t(String(v))}`);
    if (c.requestBody) body(c.requestBody);
  }
  if (c.response) prose(`  response: HTTP ${c.response.status} in ${Math.round(c.response.durationMs)} ms`);
  if (options.verbose && c.responseHeaders) for (const [k, v] of Object.entries(c.responseHeaders)) prose(`    ${t(k)}: ${t(String(v))}`);
  for (const check of c.checks.filter((k) => k.status !== 'passed' || options.verbose)) {
    // Each finding says what it is (FAIL, warn, info): a failed check's notes are not failures.
    for (const f of check.findings) prose(`  ${findingLabel(f, check.status).padEnd(4)} ${t(check.id)}: ${t(describeFinding(f, spellings))}`);
    // Where the check is explained: its page, one command away.
    const see = check.status === 'passed' || check.status === 'skipped' ? '' : seeLine(check.id);
    if (see) prose(`  ${see}`);
  }
  if (c.responseBody !== undefined) {
    prose('  body:');
    body(bodyExcerpt(c.responseBody, options));
  }
  if (options.verbose && c.decodedValues?.length) {
    prose('  decoded values:');
    for (const v of c.decodedValues) prose(`    ${t(v.path)}: ${t(JSON.stringify(v.raw))} -> ${t(JSON.stringify(v.decoded))}`);
  }
  // With a run folder the script stands in for the one-line curl (the full command is in it, or -v).
  if (c.reproducePath && !options.verbose) out.push(reproduceLine(`sh ${t(c.reproducePath)}`, width));
  else if (c.curl && !options.verbose && c.curl.length > CURL_SHOWN) prose(`  reproduce: -v prints the whole curl command (${c.curl.length} characters); a saved run (without --no-save) has it as reproduce.sh`);
  else if (c.curl) out.push(reproduceLine(escapeLines(c.curl), width));
  if (more) prose(more);
  return `${out.join('\n')}\n`;
}

/**
 * `  reproduce: COMMAND` on one line when it fits; else the label, and the command whole on a line
 * of its own, unindented, so a triple-click copies exactly the command.
 */
function reproduceLine(command: string, width: number): string {
  const line = `  reproduce: ${command}`;
  return displayLength(line) <= width ? line : `  reproduce:\n${command}`;
}

/** The body as a person reads it: JSON pretty-printed, cut to a screenful unless -v. */
function bodyExcerpt(body: string, options: TableOptions): string {
  if (body === '') return '(empty)';
  // Not JSON, or nested too deep to indent: shown as received.
  const text = prettyJson(body) ?? body;
  if (options.verbose) return text;
  const maxChars = options.bodyExcerptChars ?? 1500;
  const lines = text.split('\n');
  let shown = lines.slice(0, BODY_LINES).join('\n');
  if (shown.length > maxChars) shown = shown.slice(0, maxChars);
  const rest = text.length - shown.length;
  return rest > 0 ? `${shown}\n… (${rest} more characters; -v shows all)` : shown;
}

function indent(text: string, n: number): string {
  const pad = ' '.repeat(n);
  return text.split('\n').map((l) => pad + l).join('\n');
}
