/**
 * The answer tables of the platform commands (pure: outcome in, text out). The checks under them
 * are the common report (src/report/table.ts).
 */
import Table from 'cli-table3';
import { Chalk } from 'chalk';
import type { GiftCardOutcome } from './gift-card.js';
import { describeErrorInfo, type ErrorInfoBody } from './error-info.js';
import type { FlatRow } from './flatten.js';
import type { PlatformOperation } from './operations.js';
import { maskedHead } from '../redact/cut.js';

/** How a table is drawn. */
export interface ViewOptions {
  color: boolean;
}

function table(options: ViewOptions, head?: string[]): Table.Table {
  return new Table({
    ...(head ? { head } : {}),
    style: { head: options.color ? ['cyan'] : [], border: options.color ? ['gray'] : [] },
    wordWrap: true,
  });
}

const yesNo = (v: boolean | null | undefined) => (v === true ? 'yes' : v === false ? 'no' : v === null ? '(null)' : '(absent)');
/** At least two decimals, and every decimal sent (balances may have up to six). */
const amount = (n: number) => n.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 6, useGrouping: false });
const plain = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? '' : v);

/** The ValidateGiftCard answer: valid, balance, bought from the platform, error, HTTP status, time. */
export function renderGiftCardAnswer(outcome: GiftCardOutcome, options: ViewOptions): string {
  const chalk = new Chalk({ level: options.color ? 1 : 0 });
  const t = table(options);
  const a = outcome.answer;
  const response = outcome.exchange.response;
  if (a) {
    const balance = typeof a.balance === 'number' ? `${amount(a.balance)}${a.currencyCode ? ` ${a.currencyCode}` : ''}` : a.balance === null ? '(null)' : '';
    t.push(
      { 'card valid': a.isValid === true ? chalk.green('yes') : a.isValid === false ? chalk.yellow('no') : yesNo(a.isValid) },
      { balance },
      { 'bought from the platform': yesNo(a.boughtFromPlatform) },
      { 'error code': plain(a.errorCode) },
      { 'error text': plain(a.errorText) },
    );
  } else if (outcome.errorInfo) {
    t.push({ 'platform error': describeErrorInfo(outcome.errorInfo) });
  } else {
    t.push({ answer: response ? '(no readable answer)' : '(no answer)' });
  }
  t.push({ 'HTTP status': response ? String(response.status) : outcome.exchange.error?.code ?? '' }, { time: `${Math.round(outcome.exchange.durationMs)} ms` });
  return `${chalk.bold(`ValidateGiftCard ${outcome.caseResult.variant}`)}\n${t.toString()}\n`;
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
    const t = table(options);
    t.push({ 'ErrorInfo Code': plain(answer.errorInfo.code) }, { 'ErrorInfo Error': plain(answer.errorInfo.error) }, { 'ErrorInfo Description': plain(answer.errorInfo.description) });
    parts.push(t.toString());
  } else if (answer.rows) {
    const t = table(options, ['path', 'value']);
    for (const row of answer.rows) t.push([row.path, row.value]);
    parts.push(t.toString());
  } else if (answer.text) {
    // Masked on the whole body, then cut: a cut first would leave a piece of an echoed secret.
    const head = maskedHead(answer.text, 2000);
    parts.push(`body (not JSON):\n${head.text}${head.cut ? '…' : ''}`);
  }
  return `${parts.join('\n')}\n`;
}

/** The operations index as a table. */
export function renderOperations(operations: readonly PlatformOperation[], options: ViewOptions): string {
  const t = table(options, ['group', 'operation', 'path']);
  for (const op of operations) t.push([op.group, op.name, op.path]);
  return `${t.toString()}\n${operations.length} operations, all POST to {platform.baseUrl}{path}. Call one: xborder platform call "Validate gift card" --body card.json\n`;
}
