/**
 * The `--html FILE` report (and `report.html` in the run folder): one self-contained page a merchant
 * developer can open or attach to a ticket. Style and script are inline, and a Content-Security-Policy
 * forbids every network fetch. It holds the summary, one section per endpoint and auth mode, filters by
 * case status, and each case with its findings, reproduction and (expandable) request and response.
 *
 * Pure: RunResult in, text out. The strings are masked by the caller; this module only escapes them.
 * All run data goes into the markup escaped; none goes into the script, which is a constant.
 */
import type { CaseResult, CheckStatus, RunResult } from '../model.js';
import { caseStatus, exitCodeOf, partialLine } from './summary.js';
import { summaryLine } from './table.js';
import { renderCase } from './html-case.js';
import { SCRIPT, STATUSES, STYLE } from './html-assets.js';
import { esc, plural } from './html-text.js';

/** How the page is labelled. */
export interface HtmlOptions {
  /** Page title and heading; default `xborder report`. */
  title?: string;
  /** When the run happened, shown as given (the function stays pure: no clock is read). */
  generatedAt?: string;
}

/** No network of any kind: only inline style and script, and images only as data: URLs. */
export const HTML_CSP = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

/**
 * The opening of a self-contained page, to its <body>: `title`, the inline `style` (a constant: no
 * run data), the generator's `version`, and the policy that forbids every network fetch.
 */
export function htmlHead(title: string, style: string, version: string): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${HTML_CSP}">`,
    '<meta name="referrer" content="no-referrer">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="generator" content="xborder ${esc(version)}">`,
    `<title>${esc(title)}</title>`,
    `<style>${style}</style>`,
    '</head>',
  ].join('\n');
}

interface Group {
  id: string;
  endpoint: string;
  authMode: string;
  cases: { c: CaseResult; id: string }[];
}

/** Renders the whole run as one HTML document. */
export function renderHtml(run: RunResult, options: HtmlOptions = {}): string {
  const title = options.title ?? 'xborder report';
  const groups = groupCases(run.cases);
  const statusCounts = countCases(run.cases);
  return [
    htmlHead(title, STYLE, run.tool.version),
    '<body>',
    summarySection(run, title, options.generatedAt),
    ...(run.notices ?? []).map((n) => `<p class="partial" role="alert"><strong>${esc(n)}</strong></p>`),
    filterBar(statusCounts, run.cases.length),
    toc(groups),
    '<main>',
    run.cases.length === 0 ? '<p class="empty-note">This run has no cases.</p>' : '',
    '<p class="empty-note" id="none-shown" hidden>No case matches the filter.</p>',
    ...groups.map(groupSection),
    '</main>',
    `<footer>Written by xborder ${esc(run.tool.version)}. This file is self-contained and loads nothing from the network.</footer>`,
    `<script>${SCRIPT}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** A failed or errored case: the report opens on these. */
function isBad(c: CaseResult): boolean {
  const status = caseStatus(c);
  return status === 'failed' || status === 'errored';
}

/**
 * Sections by endpoint and auth mode, in the order the run first met the endpoints; within an
 * endpoint the sections holding a failed or errored case come first, and within a section those
 * cases come first (each order otherwise kept), so the page opens on what failed.
 */
function groupCases(cases: CaseResult[]): Group[] {
  const groups = groupInRunOrder(cases);
  const endpoints = [...new Set(groups.map((g) => g.endpoint))];
  for (const g of groups) g.cases = [...g.cases.filter((x) => isBad(x.c)), ...g.cases.filter((x) => !isBad(x.c))];
  return endpoints.flatMap((e) => {
    const mine = groups.filter((g) => g.endpoint === e);
    return [...mine.filter((g) => g.cases.some((x) => isBad(x.c))), ...mine.filter((g) => !g.cases.some((x) => isBad(x.c)))];
  });
}

/** Sections by endpoint and auth mode, in the order the run first met them. */
function groupInRunOrder(cases: CaseResult[]): Group[] {
  const groups = new Map<string, Group>();
  cases.forEach((c, i) => {
    const key = JSON.stringify([c.endpoint, c.authMode]);
    let group = groups.get(key);
    if (!group) {
      group = { id: `group-${groups.size + 1}`, endpoint: c.endpoint, authMode: c.authMode, cases: [] };
      groups.set(key, group);
    }
    group.cases.push({ c, id: `case-${i + 1}` });
  });
  return [...groups.values()];
}

function countCases(cases: CaseResult[]): Record<CheckStatus, number> {
  const counts: Record<CheckStatus, number> = { failed: 0, errored: 0, warning: 0, passed: 0, skipped: 0 };
  for (const c of cases) counts[caseStatus(c)]++;
  return counts;
}

function summarySection(run: RunResult, title: string, generatedAt: string | undefined): string {
  const s = run.summary;
  const code = exitCodeOf(s);
  const verdict = run.cases.length === 0
    ? ['empty', 'Nothing was judged']
    : code === 1 ? ['failed', `Failed: ${plural(s.failed, 'check')} failed`]
      : code === 3 ? ['errored', `Not judged: ${plural(s.errored, 'check')} could not judge`]
        : ['passed', s.warnings > 0 ? `Passed with ${plural(s.warnings, 'warning')}` : 'Passed'];
  const tiles: [string, string, number][] = [
    ['cases', 'cases', run.cases.length],
    ['passed', 'passed', s.passed],
    ['failed', 'failed', s.failed],
    ['warning', s.warnings === 1 ? 'warning' : 'warnings', s.warnings],
    ['errored', 'errored', s.errored],
    ['skipped', 'skipped', s.skipped],
  ];
  const meta = [`${esc(run.tool.name)} ${esc(run.tool.version)}`, generatedAt ? `generated ${esc(generatedAt)}` : '', plural(run.cases.length, 'case')];
  return [
    '<header class="summary" id="summary">',
    `<h1>${esc(title)}</h1>`,
    `<p class="meta">${meta.filter(Boolean).join(' · ')}</p>`,
    `<div class="verdict v-${verdict[0]}">${esc(verdict[1])}</div>`,
    `<div class="tiles">${tiles.map(([cls, label, n]) => `<div class="tile ${cls === 'cases' ? 'cases' : `st-${cls}`}" data-count="${cls}"><span class="n">${n}</span>${label}</div>`).join('')}</div>`,
    `<p class="summary-line">Checks: ${esc(summaryLine(s, run.cases.length))}.</p>`,
    ...(partialLine(run) ? [`<p class="partial" role="alert"><strong>${esc(partialLine(run)!)}</strong></p>`] : []),
    '</header>',
  ].join('\n');
}

/**
 * Hidden until the script runs: without script every case shows and no dead control is offered.
 * When a case failed or errored, the page opens on those (the others one click away, `All`).
 */
function filterBar(counts: Record<CheckStatus, number>, total: number): string {
  const bad = counts.failed + counts.errored > 0;
  const boxes = STATUSES.map((s) => `<label><input type="checkbox" data-status="${s}"${!bad || s === 'failed' || s === 'errored' ? ' checked' : ''}> ${s} <span class="muted">(${counts[s]})</span></label>`);
  return [
    '<nav class="filters" id="filters" aria-label="Filter cases" hidden>',
    '<strong>Show cases:</strong>',
    ...(bad ? ['<span class="muted" id="opened-on">Opened on the failed and errored cases.</span>'] : []),
    ...boxes,
    '<span class="sep"></span>',
    '<button type="button" data-show="failed">Failed only</button>',
    '<button type="button" data-show="failed errored warning">Hide passed</button>',
    '<button type="button" data-show="all">All</button>',
    '<span class="sep"></span>',
    '<button type="button" data-expand="open">Expand all</button>',
    '<button type="button" data-expand="close">Collapse all</button>',
    `<span class="muted" id="shown-count">${plural(total, 'case')}</span>`,
    '</nav>',
  ].join('\n');
}

function toc(groups: Group[]): string {
  if (groups.length < 2) return '';
  const items = groups.map((g) => `<li data-group="${g.id}"><a href="#${g.id}">${esc(g.endpoint)} · auth ${esc(g.authMode)}</a> <span class="muted">${groupCounts(g)}</span></li>`);
  return `<nav class="toc" aria-label="Sections"><ul>${items.join('')}</ul></nav>`;
}

/** "4 cases: 1 failed, 3 passed". */
function groupCounts(g: Group): string {
  const counts = countCases(g.cases.map((x) => x.c));
  const parts = STATUSES.filter((s) => counts[s] > 0).map((s) => `${counts[s]} ${s}`);
  return esc(`${plural(g.cases.length, 'case')}: ${parts.join(', ')}`);
}

function groupSection(g: Group): string {
  return [
    `<section class="group" id="${g.id}" data-endpoint="${esc(g.endpoint)}" data-auth="${esc(g.authMode)}">`,
    `<header><h2>${esc(g.endpoint)} <span class="muted">· auth ${esc(g.authMode)}</span></h2><span class="muted">${groupCounts(g)}</span></header>`,
    ...g.cases.map(({ c, id }) => renderCase(c, id)),
    '</section>',
  ].join('\n');
}
