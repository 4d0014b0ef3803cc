/** The check registry and --checks / --exclude-checks. */
import { describe, expect, it } from 'vitest';
import { allChecks, isCheckId } from '../../src/checks/registry.js';
import { applySelection, isSelected, parseSelection } from '../../src/checks/selection.js';
import { UsageError } from '../../src/errors.js';
import type { CaseResult } from '../../src/model.js';

describe('check registry', () => {
  it('lists every id once, each with what it proves and where', () => {
    const ids = allChecks().map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const check of allChecks()) {
      expect(check.proves.length, check.id).toBeGreaterThan(10);
      expect(check.scope.length, check.id).toBeGreaterThan(0);
    }
    for (const id of ['auth-enforced', 'cart-schema', 'order-response-lenient', 'cart-bundles', 'end-customer-encoding', 'schema', 'cart-single-use']) expect(isCheckId(id), id).toBe(true);
  });
});

describe('check selection', () => {
  it('keeps --checks minus --exclude-checks', () => {
    const selection = parseSelection('auth-enforced,guid-enforced,status-200', 'status-200');
    expect(isSelected(selection, 'auth-enforced')).toBe(true);
    expect(isSelected(selection, 'status-200')).toBe(false);
    expect(isSelected(selection, 'cart-schema')).toBe(false);
    expect(isSelected(parseSelection(undefined, 'cart-schema'), 'reachable')).toBe(true);
  });

  it('refuses an unknown id, naming the closest one', () => {
    expect(() => parseSelection('auth-enforsed', undefined)).toThrow(UsageError);
    expect(() => parseSelection('auth-enforsed', undefined)).toThrow(/no check is called "auth-enforsed". Did you mean auth-enforced\?/);
    expect(() => parseSelection(undefined, ' , ')).toThrow(/name at least one check id/);
  });

  it('drops unselected checks, and cases left with none', () => {
    const c = (checks: string[]): CaseResult => ({ endpoint: 'SendOrderToMerchant', variant: 'v', authMode: 'none', request: { method: 'POST', url: 'u', headers: {} }, checks: checks.map((id) => ({ id, status: 'passed', findings: [] })) });
    const kept = applySelection([c(['reachable', 'auth-enforced']), c(['reachable'])], parseSelection('auth-enforced', undefined));
    expect(kept.map((k) => k.checks.map((x) => x.id))).toEqual([['auth-enforced']]);
  });

  it('keeps why a case could not be judged when none of its selected checks was: a merchant that is down never passes by selection', () => {
    const c = (checks: [string, CaseResult['checks'][number]['status']][]): CaseResult => ({ endpoint: 'SendOrderToMerchant', variant: 'v', authMode: 'none', request: { method: 'POST', url: 'u', headers: {} }, checks: checks.map(([id, status]) => ({ id, status, findings: [] })) });
    const selection = parseSelection('guid-enforced,redelivery-concurrent', undefined);
    const kept = applySelection([c([['reachable', 'errored']]), c([['reachable', 'errored'], ['redelivery-concurrent', 'skipped']]), c([['reachable', 'passed'], ['guid-enforced', 'passed']]), c([['reachable', 'errored'], ['guid-enforced', 'failed']])], selection);
    expect(kept.map((k) => k.checks.map((x) => `${x.id} ${x.status}`))).toEqual([['reachable errored'], ['redelivery-concurrent skipped', 'reachable errored'], ['guid-enforced passed'], ['guid-enforced failed']]);
  });
});
