/**
 * The line the proxy prints as each exchange completes: status, method, path, the OrderId it is
 * about, and the verdict (`200 POST /order-update-create-url GE123GB  order-response: pass`). A
 * failure names its first failing check and finding, in red on a terminal.
 */
import type { CaseResult } from '../model.js';
import { caseStatus } from '../report/summary.js';
import { describeFinding } from '../report/finding-text.js';
import { escapeControls } from '../report/terminal-text.js';

const RED = '\u001b[31m';
const YELLOW = '\u001b[33m';
const GREEN = '\u001b[32m';
const RESET = '\u001b[0m';

/** What the line is about. */
export interface LiveLineInput {
  status: number;
  method: string;
  url: string;
  orderId?: string;
  /** The judged case; undefined when the request was for no endpoint of the interface. */
  result?: CaseResult;
  /** The proxy answered (502/504) because the merchant could not. */
  byProxy?: boolean;
  /** The caller disconnected before the whole answer reached it. */
  callerLeft?: boolean;
}

/** A request the proxy refused to forward. */
export interface RefusedLineInput {
  method: string;
  /** The request target as it came (already masked by the caller of refusedLine when it prints). */
  target: string;
  reason: string;
}

/** The answer's kind as the interface names it. */
function answerKind(result: CaseResult): string {
  return result.endpoint === 'GetCheckoutCartInfo' ? 'cart' : 'order-response';
}

function pathOf(url: string): string {
  try {
    const u = new URL(url, 'http://recorded.invalid');
    return u.pathname + u.search;
  } catch {
    return url;
  }
}

/** One line (no newline). */
export function liveLine(input: LiveLineInput, color: boolean): string {
  const line = verdictLine(input, color);
  return input.callerLeft ? `${line} (the caller disconnected before the whole answer reached it)` : line;
}

/** The line of a refused request: `400 GET //other:8080/x  refused: <why>`, in red on a terminal. */
export function refusedLine(input: RefusedLineInput, color: boolean): string {
  const text = `refused: ${input.reason}`;
  // Control characters (never valid on a request line) are shown escaped, never sent to the terminal.
  return `400 ${escapeControls(input.method)} ${escapeControls(input.target)}  ${color ? `${RED}${escapeControls(text)}${RESET}` : escapeControls(text)}`;
}

function verdictLine(input: LiveLineInput, color: boolean): string {
  const paint = (code: string, text: string) => (color ? `${code}${text}${RESET}` : text);
  // The caller's request line and the merchant's answer are text, escaped before xborder's colours.
  const head = escapeControls([String(input.status || '---'), input.method, pathOf(input.url), ...(input.orderId ? [input.orderId] : [])].join(' '));
  const r = input.result;
  if (!r) return `${head}  ${paint(YELLOW, 'skipped: not an endpoint of the configured merchant')}`;
  const status = caseStatus(r);
  const proxyNote = input.byProxy ? ' (answered by the proxy: the merchant did not answer)' : '';
  if (status === 'passed') return `${head}  ${answerKind(r)}: ${paint(GREEN, 'pass')}`;
  const bad = r.checks.find((c) => c.status === 'failed' || c.status === 'errored') ?? r.checks.find((c) => c.status === 'warning');
  const finding = bad?.findings.find((f) => (f.severity ?? 'error') !== 'info') ?? bad?.findings[0];
  const word = status === 'warning' ? 'warning' : status === 'errored' ? 'error' : 'FAIL';
  const text = escapeControls(`${answerKind(r)}: ${word} ${bad?.id ?? ''}${finding ? `: ${describeFinding(finding)}` : ''}${proxyNote}`);
  return `${head}  ${paint(status === 'warning' ? YELLOW : RED, text)}`;
}
