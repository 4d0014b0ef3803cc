/** The fuzz summaries: each check's worst status over the runs of a group, on how many of them. */
import { describe, expect, it } from 'vitest';
import { FuzzTally } from '../../src/fuzz/tally.js';
import type { CaseResult, CheckResult } from '../../src/model.js';

const run = (value: { valid: boolean }, checks: CheckResult[], authMode = 'none') => ({
  value,
  sent: {},
  failing: [],
  skipped: false,
  cases: [{ endpoint: 'SendOrderToMerchant', variant: 'x', authMode, request: { method: 'POST', url: 'http://m/o', headers: { Authorization: 'secret' } }, checks } as CaseResult],
});

describe('FuzzTally', () => {
  it('sums each group up as one case, the worst status first, with its first findings', () => {
    const tally = new FuzzTally<{ valid: boolean }>([
      { variant: 'valid', noun: 'orders', member: (v) => v.valid },
      { variant: 'invalid', noun: 'orders', member: (v) => !v.valid },
    ]);
    tally.add(run({ valid: true }, [{ id: 'status-200', status: 'passed', findings: [] }, { id: 'within-timeout', status: 'passed', findings: [] }]));
    tally.add(run({ valid: true }, [{ id: 'status-200', status: 'passed', findings: [] }, { id: 'within-timeout', status: 'warning', findings: [{ message: 'slow: 3 s' }] }], 'basic'));
    const cases = tally.cases();
    expect(cases).toHaveLength(1);
    expect(cases[0]!.variant).toBe('valid (2)');
    expect(cases[0]!.authMode).toBe('none,basic');
    expect(cases[0]!.request.headers).toEqual({});
    expect(cases[0]!.checks).toEqual([
      { id: 'status-200', status: 'passed', findings: [{ severity: 'info', message: 'passed on 2 of 2 orders' }] },
      { id: 'within-timeout', status: 'warning', findings: [{ severity: 'info', message: 'warning on 1 of 2 orders' }, { message: 'slow: 3 s' }] },
    ]);
  });
});
