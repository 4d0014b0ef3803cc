/**
 * One line per judged exchange, as the proxy shows them while they happen:
 * `200 POST /order-update-create-url GE92799319GB  order-response: pass`, a failure in red with its
 * first finding. Pure: the caller prints it.
 */
import { Chalk } from 'chalk';
import type { CaseResult } from '../model.js';
import { describeFinding } from './finding-text.js';

/** What the line says about the answer: the payload kind judged, or the endpoint. */
const ANSWER_KIND: Record<string, string> = { GetCheckoutCartInfo: 'cart' };

/** The live line of one judged case. */
export function liveLine(result: CaseResult, options: { color: boolean; orderId?: string; width?: number }): string {
  const chalk = new Chalk({ level: options.color ? 1 : 0 });
  const url = new URL(result.request.url);
  const status = result.response ? String(result.response.status) : '---';
  const bad = result.checks.filter((c) => c.status === 'failed' || c.status === 'errored');
  const warned = result.checks.filter((c) => c.status === 'warning');
  const kind = ANSWER_KIND[result.endpoint] ?? 'order-response';
  let verdict: string;
  if (bad.length > 0) {
    const first = bad[0]!;
    const finding = first.findings[0];
    verdict = chalk.red(`${first.id}: ${first.status === 'errored' ? 'error' : 'FAIL'}${finding ? ` (${describeFinding(finding)})` : ''}${bad.length > 1 ? ` +${bad.length - 1} more` : ''}`);
  } else if (warned.length > 0) {
    verdict = chalk.yellow(`${kind}: pass, ${warned.map((c) => c.id).join(', ')} warned`);
  } else {
    verdict = chalk.green(`${kind}: pass`);
  }
  const line = `${status} ${result.request.method} ${url.pathname}${options.orderId ? ` ${options.orderId}` : ''}  ${verdict}`;
  return options.width && line.length > options.width && !options.color ? `${line.slice(0, options.width - 1)}…` : line;
}
