/**
 * The default terminal report: a table per endpoint (case, check, auth mode, result, detail, time),
 * then the details of every failed case (response body and a curl reproduction), then one summary
 * line. Pure: RunResult in, text out; colour is a parameter.
 */
import Table from 'cli-table3';
import { Chalk } from 'chalk';
import type { CaseResult, CheckResult, CheckStatus, RunResult } from '../model.js';
import { caseStatus } from './summary.js';
import { describeFinding } from './finding-text.js';
import { caseName } from './case-name.js';

/** How the table is drawn. */
export interface TableOptions {
  color: boolean;
  /** Show every passed check on its own row, and full exchanges. */
  verbose?: boolean;
  /** Longest response body excerpt shown for failed cases. */
  bodyExcerptChars?: number;
}

/** Lines of a failed case's body shown without -v. */
const BODY_LINES = 30;

/** Widest the detail column grows before it wraps. */
const DETAIL_WIDTH = 70;

const SYMBOL: Record<CheckStatus, string> = { passed: 'pass', failed: 'FAIL', warning: 'warn', errored: 'ERROR', skipped: 'skip' };

/** Renders the whole report. */
export function renderTable(run: RunResult, options: TableOptions): string {
  const chalk = new Chalk({ level: options.color ? 1 : 0 });
  const paint: Record<CheckStatus, (s: string) => string> = {
    passed: chalk.green, failed: chalk.red.bold, warning: chalk.yellow, errored: chalk.magenta.bold, skipped: chalk.gray,
  };
  const out: string[] = [];
  const endpoints = [...new Set(run.cases.map((c) => c.endpoint))];
  for (const endpoint of endpoints) {
    const rows = run.cases.filter((k) => k.endpoint === endpoint).flatMap((c) => rowsOf(c, options.verbose ?? false).map((row) => ({ ...row, authMode: c.authMode })));
    const longest = Math.max(6, ...rows.map((r) => r.detail.length));
    const table = new Table({
      head: ['case', 'check', 'auth', 'result', 'detail', 'time'],
      style: { head: options.color ? ['cyan'] : [], border: options.color ? ['gray'] : [] },
      // No rule between rows: a run has many cases and the table should stay scannable.
      chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' },
      colWidths: [null, null, null, null, Math.min(DETAIL_WIDTH, longest + 2), null] as unknown as number[],
      wordWrap: true,
    });
    for (const row of rows) table.push([row.variant, row.check, row.authMode, paint[row.status](SYMBOL[row.status]), row.detail, row.time]);
    out.push(chalk.bold(endpoint), table.toString(), '');
  }
  const failedCases = run.cases.filter((c) => ['failed', 'errored'].includes(caseStatus(c)));
  for (const c of options.verbose ? run.cases : failedCases) out.push(caseDetail(c, options, chalk));
  const s = run.summary;
  const line = [
    paint.passed(`${s.passed} passed`),
    s.failed ? paint.failed(`${s.failed} failed`) : `${s.failed} failed`,
    s.warnings ? paint.warning(`${s.warnings} warnings`) : `${s.warnings} warnings`,
    s.errored ? paint.errored(`${s.errored} errored`) : `${s.errored} errored`,
    `${s.skipped} skipped`,
  ].join(', ');
  out.push(`${line} in ${run.cases.length} case${run.cases.length === 1 ? '' : 's'}`);
  const unjudged = run.cases.filter((c) => c.cart?.origin === 'synthetic' && c.checks.some((k) => k.status === 'skipped')).length;
  if (unjudged > 0) {
    out.push(`${unjudged} order case${unjudged === 1 ? '' : 's'} could not be judged: the merchant refused orders on synthetic carts (carts it never issued). Give xborder real carts with merchant.carts or merchant.newCart.`);
  }
  return `${out.join('\n')}\n`;
}

interface Row { variant: string; check: string; status: CheckStatus; detail: string; time: string }

function rowsOf(c: CaseResult, verbose: boolean): Row[] {
  const time = c.response ? `${Math.round(c.response.durationMs)} ms` : '';
  const rows: Row[] = [];
  const passed = c.checks.filter((k) => k.status === 'passed');
  const shown = verbose ? c.checks : c.checks.filter((k) => k.status !== 'passed');
  for (const check of shown) rows.push({ variant: caseName(c), check: check.id, status: check.status, detail: detailOf(check), time });
  if (!verbose && passed.length > 0) {
    // Passed checks fold into one row; -v lists each of them.
    rows.unshift({ variant: caseName(c), check: passed.length === 1 ? passed[0]!.id : `${passed.length} checks`, status: 'passed', detail: '', time });
  }
  return rows;
}

function detailOf(check: CheckResult): string {
  // Info findings stay quiet beside a failure or warning, but they are the only reason a skipped check gives.
  const visible = check.findings.filter((f) => f.severity !== 'info' || check.status === 'passed' || check.status === 'skipped');
  if (visible.length === 0) return '';
  const first = describeFinding(visible[0]!);
  return visible.length > 1 ? `${first} (+${visible.length - 1} more)` : first;
}

function caseDetail(c: CaseResult, options: TableOptions, chalk: InstanceType<typeof Chalk>): string {
  const lines = [chalk.bold(`${c.endpoint} ${caseName(c)} [auth ${c.authMode}]: ${caseStatus(c)}`)];
  lines.push(`  request: ${c.request.method} ${c.request.url}`);
  if (options.verbose) {
    for (const [k, v] of Object.entries(c.request.headers)) lines.push(`    ${k}: ${v}`);
    if (c.requestBody) lines.push(indent(c.requestBody, 4));
  }
  if (c.response) lines.push(`  response: HTTP ${c.response.status} in ${Math.round(c.response.durationMs)} ms`);
  if (options.verbose && c.responseHeaders) for (const [k, v] of Object.entries(c.responseHeaders)) lines.push(`    ${k}: ${v}`);
  for (const check of c.checks.filter((k) => k.status !== 'passed' || options.verbose)) {
    for (const f of check.findings) lines.push(`  ${check.id}: ${describeFinding(f)}`);
  }
  if (c.responseBody !== undefined) lines.push('  body:', indent(bodyExcerpt(c.responseBody, options), 4));
  if (options.verbose && c.decodedValues?.length) {
    lines.push('  decoded values:');
    for (const v of c.decodedValues) lines.push(`    ${v.path}: ${JSON.stringify(v.raw)} -> ${JSON.stringify(v.decoded)}`);
  }
  if (c.curl) lines.push(`  reproduce: ${c.curl}`);
  return `${lines.join('\n')}\n`;
}

/** The body as a person reads it: JSON pretty-printed, cut to a screenful unless -v. */
function bodyExcerpt(body: string, options: TableOptions): string {
  if (body === '') return '(empty)';
  let text = body;
  try {
    text = JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    // Not JSON: show it as received.
  }
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
