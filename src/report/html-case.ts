/**
 * One case of the HTML report: a head line (status, name, request, answer), the findings of every
 * check that did not pass with what was expected and received, the reproduction, and a <details>
 * that opens on the request and response. Every string from the run is escaped here.
 */
import type { CaseResult, CheckResult, Finding } from '../model.js';
import { caseName } from './case-name.js';
import { caseStatus } from './summary.js';
import { esc, plural, prettyBody, valueText } from './html-text.js';
import { checkHelp } from './check-help.js';

/** Renders one case as an <article>; `id` is the anchor of the case (made by the caller, never from data). */
export function renderCase(c: CaseResult, id: string): string {
  const status = caseStatus(c);
  const unpassed = c.checks.filter((k) => k.status !== 'passed');
  const findings = unpassed.flatMap((k) => (k.findings.length > 0 ? k.findings.map((f) => findingItem(k, f)) : [bareCheckItem(k)]));
  return [
    `<article class="case" data-status="${esc(status)}" id="${esc(id)}">`,
    head(c, status),
    findings.length > 0 ? `<ul class="findings">${findings.join('')}</ul>` : '',
    helpLine(unpassed),
    reproduction(c),
    exchange(c),
    '</article>',
  ].join('\n');
}

/** Where each check that did not pass is explained (the report is offline: the command and the file, no link out). */
function helpLine(unpassed: CheckResult[]): string {
  const seen = new Set<string>();
  const items: string[] = [];
  for (const k of unpassed) {
    const help = k.status === 'skipped' || seen.has(k.id) ? undefined : checkHelp(k.id);
    if (!help) continue;
    seen.add(k.id);
    items.push(`<code>${esc(help.command)}</code> (<code>${esc(help.docs)}</code>)`);
  }
  return items.length > 0 ? `<p class="check-help muted">What these checks mean and the usual fix: ${items.join(', ')}</p>` : '';
}

function head(c: CaseResult, status: string): string {
  const answer = c.response
    ? `HTTP ${esc(c.response.status)} in ${esc(Math.round(c.response.durationMs))} ms`
    : 'no response';
  const counts = checkCounts(c.checks);
  return `<div class="case-head"><span class="badge st-${esc(status)}">${esc(status)}</span>`
    + `<span class="case-name">${esc(caseName(c))}</span>`
    + `<code class="url" title="${esc(c.request.url)}">${esc(c.request.method)} ${esc(c.request.url)}</code>`
    + `<span class="meta">${answer}${counts ? ` · ${esc(counts)}` : ''}</span></div>`;
}

/** "3 checks: 2 passed, 1 failed". */
function checkCounts(checks: CheckResult[]): string {
  if (checks.length === 0) return 'no checks';
  const by = new Map<string, number>();
  for (const k of checks) by.set(k.status, (by.get(k.status) ?? 0) + 1);
  return `${plural(checks.length, 'check')}: ${[...by].map(([s, n]) => `${n} ${s}`).join(', ')}`;
}

function findingItem(check: CheckResult, f: Finding): string {
  const severity = f.severity ?? 'error';
  const path = f.path === undefined ? '' : ` <code class="path">${esc(f.path === '' ? '(root)' : f.path)}</code>`;
  const ev: string[] = [];
  if (f.expected !== undefined) ev.push(`<dt>expected</dt><dd><pre>${esc(valueText(f.expected))}</pre></dd>`);
  if (f.actual !== undefined) ev.push(`<dt>received</dt><dd><pre>${esc(valueText(f.actual))}</pre></dd>`);
  return `<li class="finding sev-${esc(severity)}" data-check="${esc(check.id)}">`
    + `<div><span class="sev">${esc(severity)}</span> <code class="check-id">${esc(check.id)}</code>${titleOf(check)}${path}</div>`
    + `<p class="msg">${esc(f.message)}</p>`
    + (ev.length > 0 ? `<dl class="ev">${ev.join('')}</dl>` : '')
    + '</li>';
}

/** A check that did not pass and gave no finding still says so. */
function bareCheckItem(check: CheckResult): string {
  return `<li class="finding" data-check="${esc(check.id)}"><div><span class="sev">${esc(check.status)}</span> `
    + `<code class="check-id">${esc(check.id)}</code>${titleOf(check)}</div></li>`;
}

function titleOf(check: CheckResult): string {
  return check.title && check.title !== check.id ? ` <span class="muted">${esc(check.title)}</span>` : '';
}

function reproduction(c: CaseResult): string {
  const parts: string[] = [];
  if (c.curl) parts.push(`<pre class="curl">${esc(c.curl)}</pre>`);
  if (c.reproducePath) parts.push(`<div class="muted">or run <code>sh ${esc(c.reproducePath)}</code></div>`);
  return parts.length > 0 ? `<div class="repro"><h4>Reproduce</h4>${parts.join('')}</div>` : '';
}

function exchange(c: CaseResult): string {
  const request = [
    '<section class="request"><h4>Request</h4>',
    `<p><code>${esc(c.request.method)} ${esc(c.request.url)}</code></p>`,
    headerTable(c.request.headers),
    c.requestBody !== undefined ? body('Request body', c.requestBody) : '',
    '</section>',
  ];
  const response = ['<section class="response"><h4>Response</h4>'];
  if (c.response) {
    response.push(`<p>HTTP <strong>${esc(c.response.status)}</strong> in ${esc(Math.round(c.response.durationMs))} ms</p>`);
    if (c.responseHeaders) response.push(headerTable(c.responseHeaders));
    if (c.responseBody !== undefined) response.push(body('Response body', c.responseBody));
  } else {
    response.push('<p class="muted">No response was received (see the findings).</p>');
  }
  response.push('</section>');
  return [
    '<details class="exchange"><summary>Request and response</summary>',
    `<div class="cols">${request.join('')}${response.join('')}</div>`,
    checkList(c.checks),
    decoded(c),
    cart(c),
    c.reproduce ? `<h4>reproduce.sh</h4><pre class="reproduce">${esc(c.reproduce)}</pre>` : '',
    '</details>',
  ].join('\n');
}

function headerTable(headers: Record<string, string>): string {
  const rows = Object.entries(headers);
  if (rows.length === 0) return '<p class="muted">No headers.</p>';
  return `<table class="kv headers"><tbody>${rows.map(([k, v]) => `<tr><th>${esc(k)}</th><td><code>${esc(v)}</code></td></tr>`).join('')}</tbody></table>`;
}

function body(label: string, text: string): string {
  const shown = prettyBody(text);
  return `<div class="muted">${esc(label)}${shown.json ? ' (JSON)' : ''}</div><pre class="body${shown.json ? ' json' : ''}">${esc(shown.text)}</pre>`;
}

function checkList(checks: CheckResult[]): string {
  if (checks.length === 0) return '';
  const items = checks.map((k) => {
    // Passed checks may carry info findings: they are shown only here.
    const notes = k.status === 'passed' ? k.findings.map((f) => `<div class="muted">${esc(f.message)}</div>`).join('') : '';
    return `<li><span class="badge st-${esc(k.status)}">${esc(k.status)}</span> <code>${esc(k.id)}</code>${titleOf(k)}${notes}</li>`;
  });
  return `<h4>Checks</h4><ul class="checks">${items.join('')}</ul>`;
}

function decoded(c: CaseResult): string {
  if (!c.decodedValues?.length) return '';
  const rows = c.decodedValues.map((v) => `<tr><th><code>${esc(v.path)}</code></th><td><code>${esc(v.raw)}</code></td><td><code>${esc(v.decoded)}</code></td></tr>`);
  return `<h4>Decoded values</h4><table class="kv decoded"><thead><tr><th>path</th><th>raw</th><th>decoded</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function cart(c: CaseResult): string {
  if (!c.cart) return '';
  return `<h4>Cart</h4><p>origin: <code>${esc(c.cart.origin)}</code>${c.cart.label ? ` (${esc(c.cart.label)})` : ''}</p>`;
}
