import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { CaseResult } from '../../src/model.js';
import { exitCodeOf, summarize, toRunResult } from '../../src/report/summary.js';
import { renderJson } from '../../src/report/json.js';
import { renderJunit } from '../../src/report/junit.js';
import { renderTable } from '../../src/report/table.js';

const cases: CaseResult[] = [
  {
    endpoint: 'GetCheckoutCartInfo', variant: 'GET', authMode: 'basic',
    request: { method: 'GET', url: 'http://127.0.0.1:1/cart?x=1', headers: {} },
    response: { status: 200, durationMs: 12 },
    checks: [
      { id: 'status-200', status: 'passed', findings: [] },
      { id: 'cart-schema', status: 'failed', findings: [{ message: 'must be array', path: '/productsList', expected: 'array', actual: 'object' }] },
      { id: 'cart-currency-country', status: 'warning', findings: [{ severity: 'warning', message: 'the cart is in USD, but EUR was requested', expected: 'EUR', actual: 'USD' }] },
    ],
    curl: "curl -X GET 'http://127.0.0.1:1/cart?x=1'",
    responseBody: '{"productsList":{}}',
  },
  {
    endpoint: 'SendOrderToMerchant', variant: 'order-full', authMode: 'none',
    request: { method: 'POST', url: 'http://127.0.0.1:1/order', headers: {} },
    checks: [
      { id: 'reachable', status: 'errored', findings: [{ message: 'could not reach the endpoint: connection refused', actual: 'ECONNREFUSED' }] },
      { id: 'auth-enforced', status: 'skipped', findings: [{ severity: 'info', message: 'none configured' }] },
    ],
  },
];

describe('summary and exit codes', () => {
  it('counts every check by status', () => {
    expect(summarize(cases)).toEqual({ passed: 1, failed: 1, warnings: 1, errored: 1, skipped: 1 });
  });
  it('maps to exit codes: failed 1, errored-only 3, else 0', () => {
    expect(exitCodeOf({ passed: 1, failed: 1, warnings: 0, errored: 1, skipped: 0 })).toBe(1);
    expect(exitCodeOf({ passed: 1, failed: 0, warnings: 0, errored: 1, skipped: 0 })).toBe(3);
    expect(exitCodeOf({ passed: 1, failed: 0, warnings: 4, errored: 0, skipped: 2 })).toBe(0);
  });
});

describe('renderJson', () => {
  it('prints the contract shape', () => {
    const doc = JSON.parse(renderJson(toRunResult(cases)));
    expect(doc.tool.name).toBe('xborder');
    expect(Object.keys(doc.summary)).toEqual(['passed', 'failed', 'warnings', 'errored', 'skipped']);
    expect(doc.cases[0]).toMatchObject({ endpoint: 'GetCheckoutCartInfo', variant: 'GET', authMode: 'basic', request: { method: 'GET' }, response: { status: 200, durationMs: 12 } });
    expect(doc.cases[0].checks[1].findings[0]).toEqual({ message: 'must be array', path: '/productsList', expected: 'array', actual: 'object' });
  });
});

describe('renderJunit', () => {
  it('is well-formed XML with failure, error and skipped elements', () => {
    const xml = renderJunit(toRunResult(cases));
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml);
    const suites = [doc.testsuites.testsuite].flat();
    expect(suites.map((s: { name: string }) => s.name)).toEqual(['GetCheckoutCartInfo', 'SendOrderToMerchant']);
    expect(doc.testsuites.failures).toBe('1');
    expect(doc.testsuites.errors).toBe('1');
    const cartCases = [suites[0].testcase].flat();
    const failed = cartCases.find((c: { name: string }) => c.name.startsWith('cart-schema'));
    expect(failed.failure.message).toBe('must be array');
    expect(failed.failure['#text']).toContain('/productsList');
    const orderCases = [suites[1].testcase].flat();
    expect(orderCases.find((c: { name: string }) => c.name.startsWith('reachable')).error).toBeDefined();
    expect(orderCases.find((c: { name: string }) => c.name.startsWith('auth-enforced')).skipped).toBeDefined();
  });
  it('carries the merchant answer of a failed case, body cut, and no character XML forbids', () => {
    const body = `{"ResponseInfo":{"Success":false,"Message":"bad\u0001 byte"}}${' '.repeat(3000)}`;
    const failing: CaseResult[] = [{ ...cases[0]!, responseBody: body }];
    const xml = renderJunit(toRunResult(failing));
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml);
    const failed = [doc.testsuites.testsuite.testcase].flat().find((c: { name: string }) => c.name.startsWith('cart-schema'));
    expect(failed.failure['#text']).toContain('response: HTTP 200 in 12 ms');
    expect(failed.failure['#text']).toContain('"Message":"bad\uFFFD byte"');
    expect(failed.failure['#text']).toMatch(/… \(\d+ more characters\)/);
  });
  it('escapes markup in findings', () => {
    const nasty: CaseResult[] = [{ ...cases[0]!, checks: [{ id: 'json-body', status: 'failed', findings: [{ message: '<html> & "quotes"' }] }] }];
    expect(XMLValidator.validate(renderJunit(toRunResult(nasty)))).toBe(true);
  });
});

describe('renderTable', () => {
  it('shows each endpoint, the failing detail, the curl and the summary, without colour', () => {
    const text = renderTable(toRunResult(cases), { color: false });
    expect(text).toContain('GetCheckoutCartInfo');
    expect(text).toContain('SendOrderToMerchant');
    expect(text).toContain('/productsList: must be array (expected array, received object)');
    expect(text).toContain("reproduce: curl -X GET 'http://127.0.0.1:1/cart?x=1'");
    expect(text).toContain('1 passed, 1 failed, 1 warning, 1 errored, 1 skipped in 2 cases');
    expect(text).not.toMatch(/\x1b\[/);
  });
  it('gives a skipped check its reason, and names the root of a body as (root)', () => {
    const text = renderTable(toRunResult(cases), { color: false });
    expect(text).toMatch(/auth-enforced +│ none +│ skip +│ none configured/);
    const root: CaseResult[] = [{ ...cases[0]!, checks: [{ id: 'cart-schema', status: 'failed', findings: [{ message: 'must be object, not array', path: '', expected: 'object', actual: 'array' }] }] }];
    expect(renderTable(toRunResult(root), { color: false })).toContain('(root): must be object, not array (expected object, received array)');
  });
  it('colours only when asked', () => {
    expect(renderTable(toRunResult(cases), { color: true })).toMatch(/\x1b\[/);
  });
});
