/** Comparing two runs: fixed, newly failing (a regression), still failing, and answers' differences without volatile values. */
import { describe, expect, it } from 'vitest';
import { diffRuns } from '../../src/diff/compare.js';
import { ignoreList, jsonDiff } from '../../src/diff/json-diff.js';
import { renderDiffText } from '../../src/diff/render.js';
import { toRunResult } from '../../src/report/summary.js';
import type { CaseResult, CheckStatus } from '../../src/model.js';

function kase(variant: string, status: CheckStatus, body?: unknown, http = 200): CaseResult {
  return {
    endpoint: 'SendOrderToMerchant',
    variant,
    authMode: 'none',
    request: { method: 'POST', url: 'http://m.test/o', headers: {} },
    response: { status: http, durationMs: 5 },
    checks: [{ id: status === 'passed' ? 'status-200' : 'error-status', status, findings: [] }],
    ...(body === undefined ? {} : { responseBody: JSON.stringify(body) }),
  };
}

describe('jsonDiff', () => {
  it('leaves out ids, timestamps and durations, anywhere', () => {
    const a = { ResponseInfo: { Success: true, InternalOrderId: '1', OrderId: 'GE1', Timestamp: 'x', Message: 'ok' } };
    const b = { ResponseInfo: { Success: true, InternalOrderId: '2', OrderId: 'GE2', Timestamp: 'y', Message: 'ok' } };
    expect(jsonDiff(a, b, ignoreList())).toEqual([]);
  });
  it('still reports a volatile key that appears or disappears', () => {
    const a = { ResponseInfo: { Success: true, InternalOrderId: '1' } };
    const b = { ResponseInfo: { Success: true } };
    expect(jsonDiff(a, b, ignoreList())).toEqual([{ path: '/ResponseInfo/InternalOrderId', before: '1', kind: 'removed' }]);
  });
  it('reports changed, added and removed values at their JSON pointers; --ignore takes pointers and key names', () => {
    const a = { ResponseInfo: { Success: true, Message: 'ok', Extra: [1, 2] } };
    const b = { ResponseInfo: { Success: false, Message: 'no', Code: 'E1', Extra: [1] } };
    const all = jsonDiff(a, b, ignoreList());
    expect(all).toEqual([
      { path: '/ResponseInfo/Success', before: true, after: false, kind: 'changed' },
      { path: '/ResponseInfo/Message', before: 'ok', after: 'no', kind: 'changed' },
      { path: '/ResponseInfo/Extra/1', before: 2, kind: 'removed' },
      { path: '/ResponseInfo/Code', after: 'E1', kind: 'added' },
    ]);
    expect(jsonDiff(a, b, ignoreList(['/ResponseInfo/Message', '/ResponseInfo/Code', '/ResponseInfo/Extra'])).map((c) => c.path)).toEqual(['/ResponseInfo/Success']);
    // A key name leaves its value out, not its appearance.
    expect(jsonDiff({ A: 1, M: 'x' }, { A: 1, M: 'y' }, ignoreList(['m']))).toEqual([]);
  });
});

describe('diffRuns', () => {
  it('names fixed, newly failing and unchanged cases, and a regression', () => {
    const before = toRunResult([kase('a', 'failed', { ResponseInfo: { Success: false } }, 500), kase('b', 'passed'), kase('c', 'passed')]);
    const after = toRunResult([kase('a', 'passed', { ResponseInfo: { Success: true, OrderId: 'GE9' } }), kase('b', 'failed', { ResponseInfo: { Success: false } }, 500), kase('c', 'passed')]);
    const diff = diffRuns(before, after, ignoreList());
    const byVariant = Object.fromEntries(diff.cases.map((c) => [c.key.split('|')[1], c]));
    expect(byVariant.a!.change).toBe('fixed');
    expect(byVariant.a!.status).toEqual({ before: 500, after: 200 });
    expect(byVariant.a!.answer).toEqual([
      { path: '/ResponseInfo/Success', before: false, after: true, kind: 'changed' },
      { path: '/ResponseInfo/OrderId', after: 'GE9', kind: 'added' },
    ]);
    expect(byVariant.b!.change).toBe('newly failing');
    expect(byVariant.b!.newFailures).toEqual(['error-status']);
    expect(byVariant.c!.change).toBe('unchanged');
    expect(diff.regression).toBe(true);
    const text = renderDiffText(diff, { color: false });
    expect(text).toContain('NEWLY FAILING  SendOrderToMerchant | b | none');
    expect(text).toContain('1 fixed, 1 newly failing, 0 still failing, 1 unchanged');
  });
  it('is no regression when nothing got worse', () => {
    const run = toRunResult([kase('a', 'passed'), kase('b', 'failed')]);
    const diff = diffRuns(run, run, ignoreList());
    expect(diff.regression).toBe(false);
    expect(diff.counts).toMatchObject({ unchanged: 1, 'still failing': 1 });
  });
});

describe('deeply nested answers', () => {
  const nested = (depth: number, inner: unknown): unknown => {
    let v: unknown = inner;
    for (let i = 0; i < depth; i++) v = [v];
    return v;
  };
  it('compares 20,000 nested arrays without overflowing the stack, and finds the change at the bottom', () => {
    const changes = jsonDiff(nested(20_000, 1), nested(20_000, 2), ignoreList());
    expect(changes).toHaveLength(1);
    expect(changes[0]!.path).toBe('/0'.repeat(20_000));
    expect(changes[0]).toMatchObject({ before: 1, after: 2, kind: 'changed' });
    expect(jsonDiff(nested(20_000, 1), nested(20_000, 1), ignoreList())).toEqual([]);
  });
  it('follows --ignore pointers segment by segment, at any depth', () => {
    expect(jsonDiff(nested(50_000, 1), nested(50_000, 2), ignoreList(['/0/0']))).toEqual([]);
    expect(jsonDiff(nested(50_000, 1), nested(50_000, 2), ignoreList(['/1', '/0/1', 'x']))).toHaveLength(1);
    expect(jsonDiff({ a: 1, b: { c: 2 } }, { a: 2, b: { c: 3 } }, ignoreList(['/']))).toEqual([]);
    expect(jsonDiff({ 'a/b': { c: 1 }, d: 1 }, { 'a/b': { c: 2 }, d: 2 }, ignoreList(['/a~1b/c']))).toEqual([{ path: '/d', before: 1, after: 2, kind: 'changed' }]);
  });
  it('cuts the values it reports at 32 levels, so rendering them cannot overflow either', () => {
    const changes = jsonDiff(nested(20_000, 1), { a: 1 }, ignoreList());
    expect(changes).toHaveLength(1);
    const shown = JSON.stringify(changes[0]!.before);
    expect(shown.startsWith('['.repeat(32) + '"[nested deeper than 32 levels')).toBe(true);
    // The answers as a merchant sends them: JSON.stringify itself overflows on such a value.
    const deepText = (inner: number) => `${'['.repeat(20_000)}${inner}${']'.repeat(20_000)}`;
    const diff = diffRuns(toRunResult([{ ...kase('d', 'passed'), responseBody: deepText(1) }]), toRunResult([{ ...kase('d', 'passed'), responseBody: deepText(2) }]), ignoreList());
    const text = renderDiffText(diff, { color: false });
    expect(text).toContain('more levels)…');
    expect(text).toContain(': 1 -> 2');
  });
  it('keeps a recorded __proto__ key a key, and reports keys in document order', () => {
    const a = JSON.parse('{"x":{"__proto__":{"p":1}},"y":1}');
    const b = JSON.parse('{"x":{},"y":2,"z":3}');
    expect(jsonDiff(a, b, ignoreList())).toEqual([
      { path: '/x/__proto__', before: { p: 1 }, kind: 'removed' },
      { path: '/y', before: 1, after: 2, kind: 'changed' },
      { path: '/z', after: 3, kind: 'added' },
    ]);
  });
});
