/** The summary of many merchants: results, worst-first order and exit code, and its table, JSON, JUnit and HTML. */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { CaseResult, CheckStatus, RunResult } from '../../src/model.js';
import { changesSince, changesText } from '../../src/diff/since.js';
import { toRunResult } from '../../src/report/summary.js';
import { merchantResult, merchantsSummary, notRunResult, renderMerchantsJson, worstExitCode } from '../../src/report/merchants-summary.js';
import { renderMerchantsTable } from '../../src/report/merchants-table.js';
import { merchantSuite, renderMerchantsJunit } from '../../src/report/merchants-junit.js';
import { renderMerchantsHtml } from '../../src/report/merchants-html.js';

/** A case of `variant` whose checks have these statuses (by id). */
function kase(variant: string, checks: Record<string, CheckStatus>): CaseResult {
  return {
    endpoint: 'SendOrderToMerchant',
    variant,
    authMode: 'none',
    request: { method: 'POST', url: 'http://127.0.0.1:1/order', headers: {} },
    response: { status: 200, durationMs: 5 },
    checks: Object.entries(checks).map(([id, status]) => ({ id, status, findings: status === 'passed' ? [] : [{ message: `${id} ${status}` }] })),
  };
}

const passing = toRunResult([kase('order-full', { 'status-200': 'passed', 'guid-enforced': 'passed' }), kase('order-min', { 'status-200': 'passed' })]);
const failing = toRunResult([kase('order-full', { 'status-200': 'passed', 'guid-enforced': 'failed' }), kase('order-min', { 'status-200': 'errored' })]);
const erroring = toRunResult([kase('order-full', { 'status-200': 'errored' })]);

describe('changesSince', () => {
  it('says no earlier run, no change, newly failing with the checks, fixed, and a new check failing in a failing case', () => {
    expect(changesText(changesSince(passing))).toBe('no earlier run');
    expect(changesText(changesSince(passing, { name: 'before', report: passing }))).toBe('no change');
    const worse = changesSince(failing, { name: '2026-01-01T00-00-00Z', report: passing });
    expect(worse).toEqual({ since: '2026-01-01T00-00-00Z', newlyFailing: 2, fixed: 0, stillFailing: 0, newFailures: ['guid-enforced', 'status-200'] });
    expect(changesText(worse)).toBe('2 newly failing (guid-enforced, status-200)');
    expect(changesText(changesSince(passing, { name: 'b', report: failing }))).toBe('2 fixed');
    expect(changesText(changesSince(failing, { name: 'b', report: failing }))).toBe('no change (2 still failing)');
    const another = toRunResult([kase('order-full', { 'status-200': 'failed', 'guid-enforced': 'failed' }), kase('order-min', { 'status-200': 'errored' })]);
    expect(changesText(changesSince(another, { name: 'b', report: failing }))).toBe('1 newly failing (status-200)');
    const added: RunResult = toRunResult([...passing.cases, kase('order-new', { 'status-200': 'failed' })]);
    expect(changesText(changesSince(added, { name: 'b', report: passing }))).toBe('1 newly failing (status-200)');
    expect(changesText(undefined)).toBe('unknown');
  });
});

describe('merchantsSummary', () => {
  const results = [
    merchantResult('zeta', passing, { run: 'runs/zeta/1', changes: changesSince(passing) }),
    merchantResult('alpha', passing, { run: 'runs/alpha/1' }),
    merchantResult('mid', erroring),
    merchantResult('shop-f', failing, { changes: changesSince(failing, { name: 'x', report: passing }) }),
    notRunResult('broken', 'Configuration x.json has 1 problem: /merchants/4/auth/0/value: environment variable K is not set', 2),
  ];

  it('tallies each merchant: its checks that fail first-class, those that only errored, its own exit code', () => {
    const f = results[3]!;
    expect(f).toMatchObject({ name: 'shop-f', exitCode: 1, failedChecks: ['guid-enforced'], erroredChecks: ['status-200'], cases: 2 });
    expect(results[2]).toMatchObject({ exitCode: 3, failedChecks: [], erroredChecks: ['status-200'] });
    expect(merchantResult('p', { ...passing, partial: { signal: 'SIGINT', casesDone: 1, casesPlanned: 9 } })).toMatchObject({ exitCode: 130, partial: true });
  });

  it('orders worst first (not run, failed, could not judge, passed), then by name, and takes the worst exit code', () => {
    const summary = merchantsSummary(results);
    expect(summary.merchants.map((r) => r.name)).toEqual(['broken', 'shop-f', 'mid', 'alpha', 'zeta']);
    expect(summary.totals).toEqual({ merchants: 5, passed: 2, failed: 1, errored: 1, notRun: 1, interrupted: 0 });
    expect(summary.exitCode).toBe(2);
    expect(merchantsSummary(results.slice(0, 4)).exitCode).toBe(1);
    expect(merchantsSummary(results.slice(0, 3)).exitCode).toBe(3);
    expect(merchantsSummary(results.slice(0, 2)).exitCode).toBe(0);
    expect(merchantsSummary([]).exitCode).toBe(0);
    expect(worstExitCode([0, 3, 1, 2, 130, 1])).toBe(130);
    expect(worstExitCode([0, 3])).toBe(3);
    // The same results in another order: the same summary.
    expect(renderMerchantsJson(merchantsSummary([...results].reverse()))).toBe(renderMerchantsJson(merchantsSummary(results)));
  });

  it('draws a table: a row per merchant, the changes, the failing checks, the reasons and the totals', () => {
    const text = renderMerchantsTable(merchantsSummary(results), { width: 200 });
    expect(text).toMatch(/│ merchant +│ passed +│ failed +│ errored +│ since previous run +│ failing checks/);
    expect(text).toMatch(/│ shop-f +│ 1 +│ 1 +│ 1 +│ 2 newly failing \(guid-enforced, status-200\) +│ guid-enforced, status-200 \(errored\)/);
    expect(text).toMatch(/│ zeta +│ 3 +│ 0 +│ 0 +│ no earlier run/);
    expect(text).toMatch(/│ broken +│ - +│ - +│ - +│ not run/);
    expect(text).toContain('broken not run: Configuration x.json has 1 problem');
    expect(text.trimEnd().split('\n').at(-1)).toBe('5 merchants: 2 passed, 1 failed, 1 could not be judged, 1 not run.');
    for (const line of renderMerchantsTable(merchantsSummary(results), { width: 80 }).split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    // --quiet: the merchants that did not pass, and the totals.
    const quiet = renderMerchantsTable(merchantsSummary(results), { width: 200, quiet: true });
    expect(quiet).toMatch(/│ shop-f /);
    expect(quiet).not.toMatch(/│ zeta /);
    expect(renderMerchantsTable(merchantsSummary(results.slice(0, 2)), { width: 200, quiet: true })).toBe('2 merchants: 2 passed, 0 failed, 0 could not be judged.\n');
  });

  it('escapes a name from a report file on the terminal', () => {
    const text = renderMerchantsTable(merchantsSummary([merchantResult('evil\u001b[2J\n::error::x', passing)]), { width: 200 });
    expect(text).not.toContain('\u001b');
    expect(text).not.toMatch(/^::error::/m);
  });

  it('writes JUnit with a suite per merchant, and one error for a merchant not run', () => {
    const summary = merchantsSummary(results);
    const runs = new Map<string, RunResult>([['zeta', passing], ['alpha', passing], ['mid', erroring], ['shop-f', failing]]);
    const xml = renderMerchantsJunit(summary, (r) => merchantSuite(r, runs.get(r.name), (s) => s));
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml);
    const suites = [doc.testsuites.testsuite].flat() as { name: string; tests: string; failures: string; errors: string; testcase: unknown }[];
    expect(suites.map((s) => s.name)).toEqual(['broken', 'shop-f', 'mid', 'alpha', 'zeta']);
    expect(suites[0]).toMatchObject({ tests: '1', errors: '1', failures: '0', testcase: { name: 'run', error: { type: 'not-run' } } });
    expect(suites[1]).toMatchObject({ tests: '3', failures: '1', errors: '1' });
    expect(doc.testsuites).toMatchObject({ tests: '11', failures: '1', errors: '3' });
  });

  it('renders HTML: a row per merchant worst first, failing checks before the rest, links encoded so no name becomes a scheme', () => {
    const hostile = merchantResult('<script>alert(1)</script>', failing, { run: 'javascript:alert(1)' });
    const html = renderMerchantsHtml(merchantsSummary([...results, hostile]), { reportOf: (r) => (r.run ? `${r.run}/report.html` : undefined), generatedAt: 'now' });
    expect(html).toContain('Content-Security-Policy');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('href="./javascript%3Aalert(1)/report.html"');
    expect(html).toContain('href="./runs/zeta/1/report.html"');
    const rows = html.split('\n').filter((l) => l.startsWith('<tr class='));
    expect(rows.map((r) => /class="r-(\w+)"/.exec(r)![1])).toEqual(['other', 'failed', 'failed', 'errored', 'passed', 'passed']);
    const shop = rows.find((r) => r.includes('shop-f'))!;
    expect(shop.indexOf('check failed">guid-enforced')).toBeLessThan(shop.indexOf('check errored">status-200'));
    expect(shop.indexOf('check errored">status-200')).toBeLessThan(shop.indexOf('1 check passed'));
    expect(rows[0]).toContain('environment variable K is not set');
  });
});
