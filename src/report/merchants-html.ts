/**
 * The HTML summary of many merchants: a row per merchant, worst first, each with its counts, what
 * changed since its previous run and its failing checks first (then those that could not judge),
 * linking to its run's own report.html. Self-contained like the run report: inline style, no
 * script, the same Content-Security-Policy. Pure; every value is escaped, every link encoded.
 */
import { changesText } from '../diff/since.js';
import { htmlHead } from './html.js';
import { esc, plural } from './html-text.js';
import { merchantsLine, type MerchantResult, type MerchantsSummary } from './merchants-summary.js';

/** Options of renderMerchantsHtml. */
export interface MerchantsHtmlOptions {
  title?: string;
  /** When it was written, shown as given (no clock is read). */
  generatedAt?: string;
  /** The path of a merchant's run report page relative to the page written, when it has one. */
  reportOf?: (result: MerchantResult) => string | undefined;
}

const STYLE = `
:root { color-scheme: light dark; --fg: #1d2228; --bg: #fff; --muted: #5c6670; --line: #d7dce1;
  --passed: #1f7a3a; --failed: #c0262d; --errored: #8e2a9e; --other: #6b7280; }
@media (prefers-color-scheme: dark) { :root { --fg: #e4e7eb; --bg: #15181c; --muted: #9aa4ae; --line: #323840;
  --passed: #4fc06f; --failed: #ff6b6b; --errored: #d87ce6; --other: #9ca3af; } }
body { margin: 0; padding: 0 1.25rem 3rem; background: var(--bg); color: var(--fg);
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; }
h1 { font-size: 1.5rem; margin: 1.25rem 0 .25rem; }
.muted { color: var(--muted); }
table { border-collapse: collapse; width: 100%; margin-top: 1rem; }
th, td { text-align: left; vertical-align: top; padding: .4rem .6rem; border-bottom: 1px solid var(--line); }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
tr { border-left: 4px solid var(--other); }
tr.r-passed { border-left-color: var(--passed); } tr.r-failed { border-left-color: var(--failed); }
tr.r-errored { border-left-color: var(--errored); }
.check { display: inline-block; margin: 0 .3rem .2rem 0; padding: 0 .35rem; border-radius: 3px; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12.5px; }
.check.failed { color: #fff; background: var(--failed); } .check.errored { color: #fff; background: var(--errored); }
`;

/** A path relative to the page as a link that can only be that file: each segment encoded, never a scheme. */
function hrefOf(path: string): string {
  const encoded = path.split(/[\\/]/).map((s) => encodeURIComponent(s)).join('/');
  return encoded.startsWith('/') || encoded.startsWith('.') ? encoded : `./${encoded}`;
}

/** The row's class and the word for its outcome. */
function outcome(r: MerchantResult): [string, string] {
  if (r.notRun !== undefined) return ['other', 'not run'];
  if (r.partial) return ['other', 'interrupted'];
  if (r.exitCode === 1) return ['failed', 'failed'];
  if (r.exitCode === 3) return ['errored', 'could not judge'];
  return ['passed', 'passed'];
}

function row(r: MerchantResult, report: string | undefined): string {
  const [cls, word] = outcome(r);
  const name = report ? `<a href="${esc(hrefOf(report))}">${esc(r.name)}</a>` : esc(r.name);
  const count = (n: number | undefined) => (n === undefined ? '' : String(n));
  const checks = [
    ...r.failedChecks.map((id) => `<span class="check failed">${esc(id)}</span>`),
    ...r.erroredChecks.map((id) => `<span class="check errored">${esc(id)}</span>`),
  ];
  const passedChecks = r.summary ? `<span class="muted">${plural(r.summary.passed, 'check')} passed</span>` : '';
  const detail = r.notRun !== undefined ? esc(r.notRun) : [...checks, passedChecks].filter(Boolean).join(' ');
  const notices = (r.notices ?? []).map((n) => `<div class="muted">${esc(n)}</div>`).join('');
  return [
    `<tr class="r-${cls}">`,
    `<td>${name}</td>`,
    `<td>${esc(word)}</td>`,
    `<td class="n">${count(r.summary?.passed)}</td><td class="n">${count(r.summary?.failed)}</td><td class="n">${count(r.summary?.errored)}</td>`,
    `<td>${r.notRun !== undefined ? '' : esc(changesText(r.changes))}</td>`,
    `<td>${detail}${notices}</td>`,
    '</tr>',
  ].join('');
}

/** The summary as one HTML page. */
export function renderMerchantsHtml(summary: MerchantsSummary, options: MerchantsHtmlOptions = {}): string {
  const title = options.title ?? 'xborder: merchants';
  const meta = [`xborder ${esc(summary.tool.version)}`, options.generatedAt ? `generated ${esc(options.generatedAt)}` : ''].filter(Boolean).join(' · ');
  return [
    htmlHead(title, STYLE, summary.tool.version),
    '<body>',
    `<h1>${esc(title)}</h1>`,
    `<p class="muted">${meta}</p>`,
    `<p><strong>${esc(merchantsLine(summary))}</strong> (exit code ${summary.exitCode}).</p>`,
    '<table>',
    '<thead><tr><th>merchant</th><th>result</th><th>passed</th><th>failed</th><th>errored</th><th>since previous run</th><th>checks (failing first)</th></tr></thead>',
    '<tbody>',
    ...summary.merchants.map((r) => row(r, options.reportOf?.(r))),
    '</tbody>',
    '</table>',
    '<footer class="muted"><p>Each name links to that run\'s own report. This file loads nothing from the network.</p></footer>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
