/**
 * The comparison of two runs as text (one line per case that moved, answer differences below) or JSON.
 * Pure. The case names, paths and values come from the two reports (the merchant's answers): each is
 * escaped as it enters a line, so none can recolour the terminal or start a line of its own.
 */
import { showValue } from '../report/finding-text.js';
import { escapeControls as t } from '../report/terminal-text.js';
import type { RunDiff } from './compare.js';

const RED = '\u001b[31m';
const GREEN = '\u001b[32m';
const RESET = '\u001b[0m';

/** Longest JSON pointer shown whole; a deeper one keeps its ends (the JSON rendering keeps it all). */
const MAX_PATH_CHARS = 160;

/** `/0/0/…(19,970 more levels)…/0/0`: a pointer thousands of levels deep stays one readable line. */
function shownPath(path: string): string {
  if (path.length <= MAX_PATH_CHARS) return path;
  const head = path.slice(0, MAX_PATH_CHARS / 2).replace(/\/[^/]*$/, '');
  const tail = path.slice(-MAX_PATH_CHARS / 2).replace(/^[^/]*/, '');
  const levels = (path.match(/\//g)?.length ?? 0) - (head.match(/\//g)?.length ?? 0) - (tail.match(/\//g)?.length ?? 0);
  return `${head}/…(${levels.toLocaleString('en-US')} more levels)…${tail}`;
}

/** Text for people: changed cases first, then the counts; unchanged passing cases only with `verbose`. */
export function renderDiffText(diff: RunDiff, options: { color: boolean; verbose?: boolean; labels?: [string, string] }): string {
  const paint = (code: string, s: string) => (options.color ? `${code}${s}${RESET}` : s);
  const [labelA, labelB] = options.labels ?? ['A', 'B'];
  const lines: string[] = [];
  for (const c of diff.cases) {
    const quiet = c.change === 'unchanged' && c.before === c.after && !c.answer && !c.status;
    if (quiet && !options.verbose) continue;
    const word = c.change === 'newly failing' ? paint(RED, 'NEWLY FAILING') : c.change === 'fixed' ? paint(GREEN, 'fixed') : c.change;
    const statuses = `${c.before ?? '-'} -> ${c.after ?? '-'}`;
    lines.push(`${word}  ${t(c.key.replace(/\|/g, ' | '))}  (${t(statuses)})`);
    if (c.newFailures?.length) lines.push(`    now failing: ${t(c.newFailures.join(', '))}`);
    if (c.status) lines.push(`    HTTP status: ${t(String(c.status.before ?? 'none'))} -> ${t(String(c.status.after ?? 'none'))}`);
    for (const ch of c.answer ?? []) {
      if (ch.kind === 'added') lines.push(`    + ${t(shownPath(ch.path))}: ${t(showValue(ch.after))}`);
      else if (ch.kind === 'removed') lines.push(`    - ${t(shownPath(ch.path))}: ${t(showValue(ch.before))}`);
      else lines.push(`    ~ ${t(shownPath(ch.path))}: ${t(showValue(ch.before))} -> ${t(showValue(ch.after))}`);
    }
    if (c.answerNote) lines.push(`    (answers not compared: ${t(c.answerNote)})`);
  }
  const n = diff.counts;
  lines.push('');
  const [a, b] = [t(labelA), t(labelB)];
  lines.push(`${a} -> ${b}: ${n.fixed} fixed, ${n['newly failing']} newly failing, ${n['still failing']} still failing, ${n.unchanged} unchanged${n['only in A'] ? `, ${n['only in A']} only in ${a}` : ''}${n['only in B'] ? `, ${n['only in B']} only in ${b}` : ''}`);
  lines.push(diff.regression ? paint(RED, 'Regression: something that passed before fails now.') : 'No regression.');
  return `${lines.join('\n')}\n`;
}

/** One JSON document. */
export function renderDiffJson(diff: RunDiff, labels: [string, string]): string {
  return `${JSON.stringify({ a: labels[0], b: labels[1], regression: diff.regression, counts: diff.counts, cases: diff.cases }, null, 2)}\n`;
}
