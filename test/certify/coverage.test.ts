import { describe, expect, it } from 'vitest';
import type { CaseResult, CheckStatus, RunResult } from '../../src/model.js';
import { cellStatus, computeCoverage } from '../../src/certify/coverage.js';
import type { CertifyProfile } from '../../src/certify/profiles.js';

function kase(endpoint: string, authMode: string, checks: [string, CheckStatus][]): CaseResult {
  return { endpoint: endpoint as CaseResult['endpoint'], variant: 'v', authMode, request: { method: 'POST', url: 'http://127.0.0.1/x', headers: {} }, checks: checks.map(([id, status]) => ({ id, status, findings: [] })) };
}

function runOf(cases: CaseResult[], authModes = ['header', 'basic']): RunResult {
  return { tool: { name: 'xborder', version: 't' }, summary: { passed: 0, failed: 0, warnings: 0, errored: 0, skipped: 0 }, cases, authModes } as RunResult;
}

const profile: CertifyProfile = {
  name: 'p',
  description: 'd',
  run: { orders: 'one', sequences: true, negatives: true, events: true, largeOrder: false },
  requirements: [
    { check: 'reachable', endpoints: 'all', authModes: 'each' },
    { check: 'auth-enforced', endpoints: 'custom', authModes: 'each', exceptModes: ['basic'] },
    { check: 'redelivery-concurrent', endpoints: ['SendOrderToMerchant', 'NotifyOrderRefund'], authModes: 'any' },
  ],
};

const passing = [
  kase('GetCheckoutCartInfo', 'header', [['reachable', 'passed'], ['auth-enforced', 'passed']]),
  kase('GetCheckoutCartInfo', 'basic', [['reachable', 'warning']]),
  kase('SendOrderToMerchant', 'header', [['reachable', 'passed'], ['auth-enforced', 'passed'], ['redelivery-concurrent', 'passed']]),
  kase('SendOrderToMerchant', 'basic', [['reachable', 'passed']]),
  kase('PerformOrderPayment', 'header', [['reachable', 'passed']]),
  kase('PerformOrderPayment', 'basic', [['reachable', 'passed'], ['cart-bundles', 'skipped']]),
];

describe('computeCoverage', () => {
  it('takes the worst judged status of a cell, and none judged as not covered', () => {
    expect(cellStatus(['passed', 'warning'])).toBe('warned');
    expect(cellStatus(['passed', 'errored', 'warning'])).toBe('errored');
    expect(cellStatus(['errored', 'failed'])).toBe('failed');
    expect(cellStatus(['skipped'])).toBe('not covered');
    expect(cellStatus([])).toBe('not covered');
  });

  it('meets the profile when every cell passed or warned, over the configured endpoints and modes', () => {
    const coverage = computeCoverage(profile, runOf(passing), ['payment']);
    expect(coverage.verdict).toEqual({ result: 'met', missing: [] });
    expect(coverage.endpoints).toEqual(['GetCheckoutCartInfo', 'SendOrderToMerchant', 'PerformOrderPayment']);
    // reachable: 3 endpoints x 2 modes; auth-enforced: 2 x header only; redelivery-concurrent: the order (no refund configured), any mode.
    expect(coverage.cells).toHaveLength(6 + 2 + 1);
    expect(coverage.cells).toContainEqual({ endpoint: 'GetCheckoutCartInfo', authMode: 'basic', check: 'reachable', status: 'warned' });
    expect(coverage.cells).toContainEqual({ endpoint: 'SendOrderToMerchant', authMode: 'any', check: 'redelivery-concurrent', status: 'passed' });
  });

  it('names what is missing: a cell not covered, a failed cell, a failure outside the matrix', () => {
    const cases = [...passing.slice(0, 4), kase('PerformOrderPayment', 'header', [['reachable', 'failed'], ['payment-amount', 'failed']])];
    const coverage = computeCoverage(profile, runOf(cases), ['payment']);
    expect(coverage.verdict.result).toBe('not met');
    expect(coverage.verdict.missing).toEqual([
      'reachable at PerformOrderPayment (header): failed',
      'reachable at PerformOrderPayment (basic): not covered',
      'payment-amount at PerformOrderPayment (header): failed',
    ]);
    expect(coverage.failedElsewhere).toEqual(['payment-amount at PerformOrderPayment (header)']);
    expect(computeCoverage({ ...profile, allChecksPass: false }, runOf(cases), ['payment']).failedElsewhere).toEqual([]);
  });

  it('says could not judge when only errored cells stand in the way', () => {
    const cases = passing.map((c) => (c.endpoint === 'PerformOrderPayment' && c.authMode === 'basic' ? kase('PerformOrderPayment', 'basic', [['reachable', 'errored']]) : c));
    const { verdict } = computeCoverage(profile, runOf(cases), ['payment']);
    expect(verdict).toEqual({ result: 'not met', missing: ['reachable at PerformOrderPayment (basic): could not be judged'], couldNotJudge: true });
  });

  it('is not met when the run was interrupted', () => {
    const run = { ...runOf(passing), partial: { signal: 'SIGINT', casesDone: 6, casesPlanned: 9 } } as RunResult;
    expect(computeCoverage(profile, run, ['payment']).verdict.missing[0]).toBe('the run was interrupted (6 of 9 cases)');
  });
});
