/**
 * The answer's forms: flat or wrapped ResponseInfo and framework error bodies, read by the helpers
 * checks share and validated with findings located in the document as given.
 */
import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../src/model.js';
import { validatePayload } from '../../src/validation/index.js';
import { FLAT_RESPONSE_INFO_MESSAGE, FRAMEWORK_ERROR_MESSAGE } from '../../src/validation/response-form.js';
import { describeFrameworkError, isFrameworkErrorBody, responseShape, unwrapResponseInfo, wrappedToFlat } from '../../src/validation/response-shape.js';

const check = (checks: CheckResult[], id: string): CheckResult => checks.find((c) => c.id === id)!;

describe('responseShape and unwrapResponseInfo', () => {
  it.each([
    [{ ResponseInfo: { Success: true } }, 'wrapped'],
    [{ responseInfo: { Success: true } }, 'wrapped'],
    [{ Success: true, InternalOrderId: '1' }, 'flat'],
    [{ success: false }, 'flat'],
    [{ status: 500, error: 'Internal Server Error' }, 'framework-error'],
    [{ status: '502', message: 'Bad Gateway' }, 'framework-error'],
    [{ status: 'error', message: 'Cart not found' }, 'framework-error'],
    [{ statusCode: 404, title: 'Not Found' }, 'framework-error'],
    [{ status: 200, error: 'none' }, 'other'],
    [{ status: 500 }, 'other'],
    [{ error: 'x' }, 'other'],
    [{}, 'other'],
    [[], 'other'],
    [null, 'other'],
  ])('%j is %s', (doc, shape) => {
    expect(responseShape(doc)).toBe(shape);
    expect(isFrameworkErrorBody(doc)).toBe(shape === 'framework-error');
  });

  it('unwraps both forms with the pointer of the fields in the body as sent', () => {
    const info = { Success: true, InternalOrderId: '1' };
    expect(unwrapResponseInfo({ ResponseInfo: info })).toEqual({ shape: 'wrapped', info, base: '/ResponseInfo' });
    expect(unwrapResponseInfo({ responseInfo: info })).toEqual({ shape: 'wrapped', info, base: '/responseInfo' });
    expect(unwrapResponseInfo(info)).toEqual({ shape: 'flat', info, base: '' });
    expect(unwrapResponseInfo({ ResponseInfo: 'x' })).toBeUndefined();
    expect(unwrapResponseInfo({ status: 500, error: 'x' })).toBeUndefined();
    expect(wrappedToFlat('/ResponseInfo/ErrorCode')).toBe('/ErrorCode');
    expect(wrappedToFlat('/ResponseInfo')).toBe('');
    expect(wrappedToFlat('/Other')).toBe('/Other');
  });

  it('describes a framework body by its status and first line', () => {
    expect(describeFrameworkError({ status: 500, error: 'Internal Server Error' })).toBe('status 500: "Internal Server Error"');
    expect(describeFrameworkError({ statusCode: 400, message: 'bad\n  at x' })).toBe('status 400: "bad"');
  });
});

describe('validatePayload of a flat ResponseInfo', () => {
  it('validates it as if wrapped, with one lenient finding: info, error with strict', () => {
    const flat = { Success: true, InternalOrderId: '100023871', OrderId: 'NW-100023871' };
    const loose = validatePayload('order-response', flat);
    expect(check(loose, 'lenient')).toEqual({
      id: 'lenient',
      title: expect.any(String),
      status: 'passed',
      findings: [{ path: '', message: FLAT_RESPONSE_INFO_MESSAGE, expected: '{ "ResponseInfo": {...} }', actual: 'the ResponseInfo fields at the top level', severity: 'info' }],
    });
    expect(loose.every((c) => c.status === 'passed')).toBe(true);
    const strict = validatePayload('order-response', flat, { strict: true });
    expect(check(strict, 'lenient')).toMatchObject({ status: 'failed', findings: [{ path: '', severity: 'error', message: FLAT_RESPONSE_INFO_MESSAGE }] });
    expect(strict.filter((c) => c.status !== 'passed').map((c) => c.id)).toEqual(['lenient']);
  });

  it('points every finding (schema, lenient, unknown, rules) into the flat document', () => {
    const flat = { success: true, PaymentCurrencyCode: 'eux', PaymentAmount: 97.35, Trace: 'x' };
    const checks = validatePayload('order-response', flat);
    expect(check(checks, 'schema').findings.map((f) => f.path)).toEqual(['/PaymentCurrencyCode']);
    expect(check(checks, 'lenient').findings.map((f) => f.path)).toEqual(['', '/success', '/PaymentAmount']);
    expect(check(checks, 'unknown-properties').findings.map((f) => f.path)).toEqual(['/Trace']);
    expect(check(checks, 'response-outcome').findings).toEqual([expect.objectContaining({ path: '/InternalOrderId', severity: 'error' })]);
    expect(check(checks, 'response-payment').findings.map((f) => f.path)).toEqual(['/PaymentCurrencyCode']);
    const all = checks.flatMap((c) => c.findings.map((f) => f.path ?? ''));
    expect(all.filter((p) => p.startsWith('/ResponseInfo'))).toEqual([]);
  });

  it('judges a flat failure as the wrapped one: a silent failure warns at the top level', () => {
    const checks = validatePayload('order-response', { Success: false });
    expect(check(checks, 'response-outcome')).toMatchObject({ status: 'warning', findings: [{ path: '', severity: 'warning' }] });
    const wrapped = validatePayload('order-response', { ResponseInfo: { Success: false } });
    expect(check(wrapped, 'response-outcome')).toMatchObject({ status: 'warning', findings: [{ path: '/ResponseInfo', severity: 'warning' }] });
  });

  it('takes ErrorCode as a number as a lenient form naming the documented string', () => {
    for (const doc of [{ Success: false, ErrorCode: 100, Message: 'x' }, { ResponseInfo: { Success: false, ErrorCode: 100, Message: 'x' } }]) {
      const path = 'ResponseInfo' in doc ? '/ResponseInfo/ErrorCode' : '/ErrorCode';
      const finding = check(validatePayload('order-response', doc), 'lenient').findings.find((f) => f.path === path);
      expect(finding).toEqual({ path, message: '100 is a number; documented as a string ("100")', expected: 'string', actual: 100, severity: 'warning' });
      expect(check(validatePayload('order-response', doc, { strict: true }), 'lenient').status).toBe('failed');
      expect(check(validatePayload('order-response', doc), 'schema').status).toBe('passed');
    }
  });

  it('keeps the wrapped form finding-free, and a document with neither form fails naming the wrapper', () => {
    expect(validatePayload('order-response', { ResponseInfo: { Success: true, InternalOrderId: '1' } }, { strict: true }).every((c) => c.status === 'passed' && c.findings.length === 0)).toBe(true);
    const none = validatePayload('order-response', { OrderId: 'x' });
    expect(check(none, 'schema').findings).toEqual([expect.objectContaining({ path: '/ResponseInfo', message: 'missing required property ResponseInfo' })]);
  });
});

describe('validatePayload of a framework error body', () => {
  it('gives one schema finding (warning; error with strict) and nothing else', () => {
    const body = { timestamp: '2024-01-30T10:55:21.123+00:00', status: 500, error: 'Internal Server Error', message: 'boom', path: '/order' };
    const checks = validatePayload('order-response', body);
    expect(checks.flatMap((c) => c.findings)).toEqual([
      { path: '', message: FRAMEWORK_ERROR_MESSAGE, expected: 'a ResponseInfo with Success false and a Message', actual: 'status 500: "Internal Server Error"', severity: 'warning' },
    ]);
    expect(check(checks, 'schema').status).toBe('warning');
    expect(checks.filter((c) => c.id !== 'schema').every((c) => c.status === 'passed')).toBe(true);
    const strict = validatePayload('order-response', body, { strict: true });
    expect(check(strict, 'schema')).toMatchObject({ status: 'failed', findings: [{ severity: 'error' }] });
  });

  it('is judged as what it is only as an order-response', () => {
    // Forced to another kind, it is that kind's problem (no special case).
    expect(validatePayload('gift-card-response', { status: 500, error: 'x' }).find((c) => c.id === 'schema')?.status).toBe('failed');
  });
});
