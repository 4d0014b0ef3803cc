/**
 * The certificate a person reads: an attestation's verdict and coverage matrix as one self-contained
 * page (the HTML report's style and Content-Security-Policy, no script, nothing fetched). Pure; every
 * value is escaped.
 */
import type { CellStatus } from '../certify/coverage.js';
import type { Statement } from '../certify/statement.js';
import { htmlHead } from './html.js';
import { STYLE } from './html-assets.js';
import { esc, plural } from './html-text.js';

/** The report style's badge class of each cell status (`not covered` keeps the grey default). */
const BADGE: Record<CellStatus, string> = { passed: 'st-passed', warned: 'st-warning', failed: 'st-failed', errored: 'st-errored', 'not covered': '' };

const MATRIX_STYLE = `
table.matrix { border-collapse: collapse; margin: .75rem 0; }
table.matrix th, table.matrix td { text-align: left; padding: .25rem .6rem; border-bottom: 1px solid var(--line); }
table.matrix .badge { min-width: 6.5rem; }
ul.missing { margin: .25rem 0 1rem; }
`;

/** The certificate page of a statement. */
export function renderCertificateHtml(statement: Statement): string {
  const p = statement.predicate;
  const met = p.verdict.result === 'met';
  const title = `xborder certificate: ${p.profile.name} ${met ? 'met' : 'not met'}`;
  const modes = [...new Set(p.coverage.cells.map((c) => c.authMode))];
  const rows = new Map<string, Map<string, CellStatus>>();
  for (const c of p.coverage.cells) {
    const key = `${c.check}\0${c.endpoint}`;
    rows.set(key, (rows.get(key) ?? new Map()).set(c.authMode, c.status));
  }
  const subject = (name: string) => statement.subject.find((s) => s.name === name)?.digest.sha256 ?? '';
  return [
    htmlHead(title, STYLE + MATRIX_STYLE, p.xborder.version),
    '<body>',
    '<header class="summary">',
    `<h1>${esc(title)}</h1>`,
    `<div class="verdict ${met ? 'v-passed' : 'v-failed'}">${met ? `Profile ${esc(p.profile.name)} met` : `Profile ${esc(p.profile.name)} not met`}</div>`,
    `<p class="meta">Run from ${esc(p.startedAt)} to ${esc(p.finishedAt)} by xborder ${esc(p.xborder.version)}; ${plural(p.coverage.cells.length, 'cell')} of coverage.</p>`,
    '<table class="kv">',
    `<tr><th>merchant</th><td class="mono">${esc(String(p.configuration.merchantGUID ?? ''))} at ${esc(String(p.configuration.baseUrl ?? ''))}</td></tr>`,
    `<tr><th>configuration sha256</th><td class="mono">${esc(subject('merchant-configuration'))}</td></tr>`,
    `<tr><th>report.json sha256</th><td class="mono">${esc(subject('report.json'))}</td></tr>`,
    `<tr><th>profile sha256</th><td class="mono">${esc(p.profile.digest.sha256)}</td></tr>`,
    '</table>',
    '</header>',
    met ? '' : `<h2>What is missing</h2>\n<ul class="missing">${p.verdict.missing.map((m) => `<li>${esc(m)}</li>`).join('')}</ul>`,
    '<h2>Coverage</h2>',
    '<table class="matrix">',
    `<thead><tr><th>check</th><th>endpoint</th>${modes.map((m) => `<th>${esc(m)}</th>`).join('')}</tr></thead>`,
    '<tbody>',
    ...[...rows].map(([key, cells]) => {
      const [check, endpoint] = key.split('\0');
      const tds = modes.map((m) => {
        const status = cells.get(m);
        return status ? `<td><span class="badge ${BADGE[status]}">${esc(status)}</span></td>` : '<td></td>';
      });
      return `<tr><td class="mono">${esc(check)}</td><td>${esc(endpoint)}</td>${tds.join('')}</tr>`;
    }),
    '</tbody>',
    '</table>',
    `<footer>Written by xborder ${esc(p.xborder.version)}. The signed attestation.json is the evidence; this page is its reading. It is self-contained and loads nothing from the network.</footer>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
