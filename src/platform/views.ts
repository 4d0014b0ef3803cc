/**
 * The answer tables of the platform commands (pure: outcome in, text out). The checks under them
 * are the common report (src/report/table.ts).
 */
import { Chalk } from 'chalk';
import type { GiftCardOutcome } from './gift-card.js';
import { describeErrorInfo, type ErrorInfoBody } from './error-info.js';
import type { FlatRow } from './flatten.js';
import type { PlatformOperation } from './operations.js';
import { maskedHead } from '../redact/cut.js';
import { escapeControls, escapeLines } from '../report/terminal-text.js';
import { renderGrid, type GridColumn } from '../report/grid.js';
import { DEFAULT_WIDTH, fitLines } from '../report/width.js';

/** How a table is drawn. */
export interface ViewOptions {
  color: boolean;
  /** The terminal's width: every table fits it (default 120). */
  width?: number;
}

/**
 * A table of `rows` (label-value pairs or columns under `head`) fitted to the width: cells wrap
 * between words, and when a value cannot fit whole the rows become lines (`label  value`).
 */
function table(options: ViewOptions, rows: string[][], head?: string[]): string {
  const count = head?.length ?? Math.max(0, ...rows.map((r) => r.length));
  // The last column holds the values and the descriptions: prose that keeps a readable width.
  const columns: GridColumn[] = Array.from({ length: count }, (_, i) => ({ ...(head ? { title: head[i] } : {}), ...(i === count - 1 ? { readable: 20 } : {}) }));
  return renderGrid(columns, rows, { width: options.width ?? DEFAULT_WIDTH, color: options.color, rules: true });
}

const yesNo = (v: boolean | null | undefined) => (v === true ? 'yes' : v === false ? 'no' : v === null ? '(null)' : '(absent)');
/** At least two decimals, and every decimal sent (balances may have up to six). */
const amount = (n: number) => n.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 6, useGrouping: false });
/** A value the platform sent, as a cell: escaped, so it cannot drive the terminal or a CI log. */
const plain = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? '' : escapeControls(v));

/** The ValidateGiftCard answer: valid, balance, bought from the platform, error, HTTP status, time. */
export function renderGiftCardAnswer(outcome: GiftCardOutcome, options: ViewOptions): string {
  const chalk = new Chalk({ level: options.color ? 1 : 0 });
  const rows: string[][] = [];
  const a = outcome.answer;
  const response = outcome.exchange.response;
  if (a) {
    const balance = typeof a.balance === 'number' ? `${amount(a.balance)}${a.currencyCode ? ` ${plain(a.currencyCode)}` : ''}` : a.balance === null ? '(null)' : '';
    rows.push(
      ['card valid', a.isValid === true ? chalk.green('yes') : a.isValid === false ? chalk.yellow('no') : yesNo(a.isValid)],
      ['balance', balance],
      ['bought from the platform', yesNo(a.boughtFromPlatform)],
      ['error code', plain(a.errorCode)],
      ['error text', plain(a.errorText)],
    );
  } else if (outcome.errorInfo) {
    rows.push(['platform error', escapeControls(describeErrorInfo(outcome.errorInfo))]);
  } else {
    rows.push(['answer', response ? '(no readable answer)' : '(no answer)']);
  }
  rows.push(['HTTP status', response ? String(response.status) : outcome.exchange.error?.code ?? ''], ['time', `${Math.round(outcome.exchange.durationMs)} ms`]);
  return `${chalk.bold(`ValidateGiftCard ${outcome.caseResult.variant}`)}\n${table(options, rows)}\n`;
}

/** A platform call's answer: one line with status and time, then the ErrorInfo or the body flattened to paths. */
export function renderCallAnswer(
  answer: { title: string; status?: number; durationMs: number; errorCode?: string; rows?: FlatRow[]; errorInfo?: ErrorInfoBody; text?: string },
  options: ViewOptions,
): string {
  const chalk = new Chalk({ level: options.color ? 1 : 0 });
  const outcome = answer.status !== undefined ? `HTTP ${answer.status}` : `no answer (${answer.errorCode ?? 'unknown'})`;
  const parts = [chalk.bold(`POST ${answer.title}: ${outcome} in ${Math.round(answer.durationMs)} ms`)];
  if (answer.errorInfo) {
    parts.push(table(options, [['ErrorInfo Code', plain(answer.errorInfo.code)], ['ErrorInfo Error', plain(answer.errorInfo.error)], ['ErrorInfo Description', plain(answer.errorInfo.description)]]));
  } else if (answer.rows) {
    parts.push(table(options, answer.rows.map((row) => [escapeControls(row.path), escapeControls(row.value)]), ['path', 'value']));
  } else if (answer.text) {
    // Masked on the whole body, then cut: a cut first would leave a piece of an echoed secret.
    const head = maskedHead(answer.text, 2000);
    parts.push(`body (not JSON):\n${escapeLines(head.text)}${head.cut ? '…' : ''}`);
  }
  return `${parts.join('\n')}\n`;
}

/** The operations index as a table. */
export function renderOperations(operations: readonly PlatformOperation[], options: ViewOptions): string {
  const rows = operations.map((op) => [op.group, op.name, op.path]);
  const note = `${operations.length} operations, all POST to {platform.baseUrl}{path}. Call one: xborder platform call "Validate gift card" --body card.json`;
  return `${table(options, rows, ['group', 'operation', 'path'])}\n${fitLines(note, options.width ?? DEFAULT_WIDTH)}\n`;
}
