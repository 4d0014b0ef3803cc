/**
 * GitHub Actions output: a Markdown job summary (totals and the failed checks) for
 * GITHUB_STEP_SUMMARY, and one `::error` workflow command per failed check. Pure: RunResult in,
 * text out; the strings are masked by the caller like every report's.
 */
import type { RunResult } from '../model.js';
import { caseName } from './case-name.js';
import { describeFinding } from './finding-text.js';
import { summaryLine } from './table.js';
import { escapeControls } from './terminal-text.js';

/** Failed checks listed in the summary before "and N more". */
const SUMMARY_ROWS = 50;

/** Text in a Markdown table cell: pipes escaped, one line, cut. */
function cell(text: string): string {
  // Escaped first, so a control character that is no white space (ESC, BEL, bidi) never reaches the file either.
  const flat = escapeControls(text.replace(/\s+/g, ' ').trim());
  return (flat.length > 300 ? `${flat.slice(0, 299)}…` : flat).replace(/\|/g, '\\|');
}

/** The job summary: a verdict line, the totals, and a table of the failed (and errored) checks. */
export function renderGithubSummary(run: RunResult, command: string): string {
  const s = run.summary;
  const verdict = s.failed > 0 ? '❌ failed' : s.errored > 0 ? '⚠️ could not judge everything' : '✅ passed';
  const lines = [`## xborder ${command}: ${verdict}`, '', summaryLine(s, run.cases.length), ''];
  const rows = run.cases.flatMap((c) => c.checks.filter((k) => k.status === 'failed' || k.status === 'errored').map((k) => ({ c, k })));
  if (rows.length > 0) {
    lines.push('| endpoint | case | auth | check | result | finding |', '|---|---|---|---|---|---|');
    for (const { c, k } of rows.slice(0, SUMMARY_ROWS)) {
      lines.push(`| ${cell(c.endpoint)} | ${cell(caseName(c))} | ${cell(c.authMode)} | ${cell(k.id)} | ${k.status} | ${cell(k.findings[0] ? describeFinding(k.findings[0]) : '')} |`);
    }
    if (rows.length > SUMMARY_ROWS) lines.push('', `… and ${rows.length - SUMMARY_ROWS} more; the JSON report and the run folder have all of them.`);
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}

/** Workflow-command data: `%`, CR and LF escaped (GitHub's own rules). */
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Workflow-command property values: also `:` and `,`. */
function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** One `::error title=...::message` line per failed check. */
export function githubAnnotations(run: RunResult): string[] {
  return run.cases.flatMap((c) =>
    c.checks
      .filter((k) => k.status === 'failed')
      .map((k) => {
        const finding = k.findings[0] ? describeFinding(k.findings[0]) : 'failed';
        // The merchant's text shows its control characters as escapes; escapeData then keeps it on this one line.
        return `::error title=${escapeProperty(escapeControls(`xborder ${k.id}`))}::${escapeData(escapeControls(`${c.endpoint} ${caseName(c)} [auth ${c.authMode}]: ${finding}`))}`;
      }),
  );
}
