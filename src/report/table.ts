/**
 * The default terminal report: a table per endpoint (case, check, auth mode, result, detail, time),
 * then the details of every failed case (response body and a curl reproduction), then one summary
 * line. Every line fits the width; many cases that fail for one cause collapse into one row (and one
 * detail). Pure: RunResult in, text out; colour and width are parameters. Text that came from the
 * merchant (or a recording) is escaped where it enters (terminal-text.ts): it never moves the cursor,
 * recolours the screen or starts a line of its own.
 */
import { prettyJson } from './pretty-json.js';
import Table from 'cli-table3';
import { Chalk } from 'chalk';
import type { CaseResult, CheckResult, CheckStatus, RunResult, Summary } from '../model.js';
import { caseStatus, partialLine } from './summary.js';
import { describeFinding, findingLabel, spellingsOf, type Spellings } from './finding-text.js';
import { caseName } from './case-name.js';
import { collapseRows, groupCases, listedName, type Row } from './collapse.js';
import { cut, DEFAULT_WIDTH, displayLength, fitLines, wrap } from './width.js';
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

/** Characters of a curl command shown without -v when no run folder holds it (an order is kilobytes). */
const CURL_SHOWN = 300;

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
    const more = others.length > 0 ? `  … and ${others.length} more case${others.length === 1 ? '' : 's'} with the same outcome: ${names}\n` : '';
    out.push(fitLines(caseDetail(first, options, chalk) + more, width));
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

/** Column widths (cli-table3's, padding included) that keep the table within `width`. */
function layout(rows: Row[], width: number): number[] {
  const longest = (pick: (r: Row) => string, header: string) => Math.max(displayLength(header), ...rows.map((r) => displayLength(pick(r)))) + 2;
  const natural = {
    case: longest((r) => r.variant, 'case'),
    check: longest((r) => r.check, 'check'),
    auth: longest((r) => r.authMode, 'auth'),
    result: longest((r) => SYMBOL[r.status], 'result'),
    time: longest((r) => r.time, 'time'),
  };
  const detailWanted = longest((r) => r.detail, 'detail');
  // Borders: one more than the number of columns.
  const room = width - 7;
  if (Object.values(natural).reduce((a, b) => a + b, 0) + detailWanted <= room) {
    return [natural.case, natural.check, natural.auth, natural.result, detailWanted, natural.time];
  }
  // Too wide: caps keep the detail, where the reason is, the widest column.
  const cols = { ...natural, case: Math.min(natural.case, 36), check: Math.min(natural.check, 30), auth: Math.min(natural.auth, 14) };
  const minDetail = Math.min(detailWanted, 22);
  // Give up room in this order, each column down to a floor that still reads.
  const floors: [keyof typeof cols, number][] = [['case', 16], ['check', 18], ['auth', 8], ['time', 6]];
  let fixed = Object.values(cols).reduce((a, b) => a + b, 0);
  for (const [name, floor] of floors) {
    const over = fixed + minDetail - room;
    if (over <= 0) break;
    const take = Math.min(over, Math.max(0, cols[name] - floor));
    cols[name] -= take;
    fixed -= take;
  }
  const detail = Math.max(3, Math.min(detailWanted, room - fixed));
  return [cols.case, cols.check, cols.auth, cols.result, detail, cols.time];
}

function drawTable(rows: Row[], width: number, color: boolean, paint: Painter): string {
  const widths = layout(rows, width);
  const inner = widths.map((w) => Math.max(1, w - 2));
  const table = new Table({
    head: ['case', 'check', 'auth', 'result', 'detail', 'time'].map((h, i) => cut(h, inner[i]!)),
    style: { head: color ? ['cyan'] : [], border: color ? ['gray'] : [] },
    // No rule between rows: a run has many cases and the table should stay scannable.
    chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' },
    colWidths: widths,
    wordWrap: false,
  });
  for (const row of rows) {
    // Names are cut so each row keeps one line; the detail wraps and loses nothing. Each wrapped line
    // is a table row of its own (no rule between rows, so it looks the same): cli-table3 measures a
    // multi-line cell's whole text again for every line it draws, which took minutes for a 9 KB detail.
    const [first = '', ...more] = wrap(row.detail, inner[4]!);
    table.push([cut(row.variant, inner[0]!), cut(row.check, inner[1]!), cut(row.authMode, inner[2]!), paint[row.status](SYMBOL[row.status]), first, cut(row.time, inner[5]!)]);
    for (const line of more) table.push(['', '', '', '', line, '']);
  }
  return table.toString();
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

function caseDetail(c: CaseResult, options: TableOptions, chalk: InstanceType<typeof Chalk>): string {
  // Every value below came from the merchant or a recording, but for the words around it: escaped here.
  const t = escapeControls;
  const lines = [chalk.bold(`${t(c.endpoint)} ${t(caseName(c))} [auth ${t(c.authMode)}]: ${caseStatus(c)}`)];
  // The merchant's own spelling of a property, learnt from the case's lenient findings.
  const spellings = spellingsOf(c.checks.flatMap((k) => k.findings));
  lines.push(`  request: ${t(c.request.method)} ${t(c.request.url)}`);
  if (options.verbose) {
    for (const [k, v] of Object.entries(c.request.headers)) lines.push(`    ${t(k)}: ${t(String(v))}`);
    if (c.requestBody) lines.push(indent(escapeLines(c.requestBody), 4));
  }
  if (c.response) lines.push(`  response: HTTP ${c.response.status} in ${Math.round(c.response.durationMs)} ms`);
  if (options.verbose && c.responseHeaders) for (const [k, v] of Object.entries(c.responseHeaders)) lines.push(`    ${t(k)}: ${t(String(v))}`);
  for (const check of c.checks.filter((k) => k.status !== 'passed' || options.verbose)) {
    // Each finding says what it is (FAIL, warn, info): a failed check's notes are not failures.
    for (const f of check.findings) lines.push(`  ${findingLabel(f, check.status).padEnd(4)} ${t(check.id)}: ${t(describeFinding(f, spellings))}`);
    // Where the check is explained: its page, one command away.
    const see = check.status === 'passed' || check.status === 'skipped' ? '' : seeLine(check.id);
    if (see) lines.push(`  ${see}`);
  }
  if (c.responseBody !== undefined) lines.push('  body:', indent(escapeLines(bodyExcerpt(c.responseBody, options)), 4));
  if (options.verbose && c.decodedValues?.length) {
    lines.push('  decoded values:');
    for (const v of c.decodedValues) lines.push(`    ${t(v.path)}: ${t(JSON.stringify(v.raw))} -> ${t(JSON.stringify(v.decoded))}`);
  }
  // With a run folder the script stands in for the one-line curl (the full command is in it, or -v).
  if (c.reproducePath && !options.verbose) lines.push(`  reproduce: sh ${t(c.reproducePath)}`);
  else if (c.curl && !options.verbose && c.curl.length > CURL_SHOWN) lines.push(`  reproduce: ${escapeLines(c.curl.slice(0, CURL_SHOWN))}… (-v prints the whole command; a saved run has it as reproduce.sh)`);
  else if (c.curl) lines.push(`  reproduce: ${escapeLines(c.curl)}`);
  return `${lines.join('\n')}\n`;
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
