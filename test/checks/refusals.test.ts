/** Refusals that mean refusal, and answers read for what they are (flat, wrapped, error bodies). */
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/model.js';
import { judgeRefused } from '../../src/checks/refusal.js';
import { readResponseInfo } from '../../src/checks/response-info.js';
import { readErrorAnswer } from '../../src/checks/error-answer.js';
import { judgeStatus200 } from '../../src/checks/transport.js';
import { judgeJsonBody } from '../../src/checks/body.js';

function answered(status: number, body = '', contentType = 'application/json', requestBody?: string): Exchange {
  return {
    request: { method: 'POST', url: 'http://127.0.0.1/x', headers: {}, body: requestBody },
    response: { status, headers: { 'content-type': contentType }, body: Buffer.from(body), truncated: false, timeToFirstByteMs: 1 },
    durationMs: 5,
  };
}

const json = (text: string) => (text ? JSON.parse(text) : undefined) as unknown;
const refusal = { id: 'guid-enforced' as const, what: 'a wrong MerchantGUID' };

describe('judgeRefused', () => {
  it.each([
    ['401 with nothing', 401, ''],
    ['403 with a ResponseInfo', 403, '{"ResponseInfo":{"Success":false,"Message":"Forbidden"}}'],
    ['a bare 400', 400, ''],
    ['400 with { OrderId, Success: false, Message }', 400, '{"OrderId":"GE1","Success":false,"Message":"OrderId already exists"}'],
    ['500 with a full flat ResponseInfo (a deliberate error answer)', 500, '{"Success":false,"ErrorCode":null,"Message":"insufficient inventory for SKU: SKU2"}'],
    ['404 with Success false (the app refused: no such cart)', 404, '{"Success":false,"Message":"Cart not found"}'],
    ['200 with Success false (error-status judges the status)', 200, '{"ResponseInfo":{"Success":false}}'],
  ])('passes %s', (_name, status, body) => {
    expect(judgeRefused(refusal, answered(status, body), json(body))).toMatchObject({ status: 'passed', findings: [] });
  });

  it.each([
    [404, '<html><head><title>404 Not Found</title></head></html>', 'text/html', /HTTP 404 with an HTML page "404 Not Found": no endpoint at this URL/],
    [405, '', 'text/plain', /HTTP 405 with no body: the endpoint does not take this method/],
    [404, '{"status":404,"error":"Not Found","path":"/x"}', 'application/json', /framework error body/],
  ])('errors on %s without a ResponseInfo: the endpoint is not there, so nothing was refused', (status, body, type, message) => {
    const parsed = type === 'application/json' ? json(body) : undefined;
    const check = judgeRefused(refusal, answered(status, body, type), parsed);
    expect(check.status).toBe('errored');
    expect(check.findings[0]!.message).toMatch(message);
  });

  it('warns on a crash: a refusal, but not a clean one, and the HTML page is named', () => {
    const page = '<!DOCTYPE html><html><head><title>Oops! An Error Occurred</title></head><body>500</body></html>';
    const check = judgeRefused(refusal, answered(500, page, 'text/html'), undefined);
    expect(check.status).toBe('warning');
    expect(check.findings[0]!.message).toContain('an HTML page "Oops! An Error Occurred"');
    const framework = '{"timestamp":"2024-01-30T10:55:21","status":500,"error":"Internal Server Error","path":"/order"}';
    expect(judgeRefused(refusal, answered(500, framework), json(framework)).status).toBe('warning');
  });

  it('fails an accepted request and names the order it created; an optional rule only warns', () => {
    const body = '{"Success":true,"InternalOrderId":"M-9"}';
    const failed = judgeRefused(refusal, answered(200, body, 'application/json', '{"OrderId":"GE5"}'), json(body));
    expect(failed.status).toBe('failed');
    expect(failed.findings[0]!.message).toContain('created order M-9 for OrderId GE5');
    expect(judgeRefused({ id: 'cart-hash-enforced', what: 'a wrong CartHash', acceptedSeverity: 'warning' }, answered(200, body), json(body)).status).toBe('warning');
  });

  it('errors on a redirect: no answer the platform would read', () => {
    const exchange = answered(302);
    exchange.response!.headers.location = 'https://shop.example.com/login';
    expect(judgeRefused(refusal, exchange, undefined)).toMatchObject({ status: 'errored' });
  });
});

describe('readResponseInfo: flat or wrapped', () => {
  it('reads the documented wrapper and the flat form alike', () => {
    expect(readResponseInfo({ ResponseInfo: { Success: true, InternalOrderId: '7' } })).toMatchObject({ shape: 'wrapped', success: true, internalOrderId: '7' });
    expect(readResponseInfo({ success: 'True', internalOrderId: 7, OrderId: 'X-7' })).toMatchObject({ shape: 'flat', success: true, internalOrderId: '7' });
    expect(readResponseInfo({ OrderId: 'GE1', Success: false, Message: 'No filled cart found for token' })).toMatchObject({ shape: 'flat', success: false, message: 'No filled cart found for token' });
    expect(readResponseInfo({ Success: false, ErrorCode: 100 })).toMatchObject({ errorCode: '100' });
  });

  it('is no ResponseInfo without Success or the wrapper (a framework error body)', () => {
    expect(readResponseInfo({ status: 500, error: 'Internal Server Error' })).toBeUndefined();
    expect(readResponseInfo([])).toBeUndefined();
  });
});

describe('error answers', () => {
  it('names what an error body is', () => {
    const text = (status: number, body: string) => readErrorAnswer(answered(status, body).response!, json(body.startsWith('<') ? '' : body)).text;
    expect(text(400, '')).toBe('no body');
    expect(text(500, '{"Success":false,"Message":"at dw.order.Basket\\n  at dw.system"}')).toBe('Success false: at dw.order.Basket …');
    expect(text(500, '{"status":500,"error":"Internal Server Error"}')).toBe('a framework error body (status 500: "Internal Server Error")');
  });

  it('status-200 says in "none" mode that no credentials were sent, and what the error body was', () => {
    const check = judgeStatus200(answered(401), { authMode: 'none', json: undefined });
    expect(check.findings[0]!.message).toBe('expected HTTP 200 for a valid request, got 401 with no body; auth mode "none" sends no credentials, and the merchant asks for some: list its auth mode in the configuration');
  });

  it('an error status makes the body findings information: the status is the verdict', () => {
    const checks = judgeJsonBody(answered(400, '', 'text/html'), { describeErrorBodies: true });
    expect(checks.checks.map((c) => c.status)).toEqual(['passed', 'passed']);
    expect(checks.checks.flatMap((c) => c.findings.map((f) => f.severity))).toEqual(['info', 'info']);
    expect(judgeJsonBody(answered(200, '', 'text/html'), { describeErrorBodies: true }).checks.map((c) => c.status)).toEqual(['failed', 'failed']);
    // The platform documents its errors as ErrorInfo JSON: there a broken error body still fails.
    expect(judgeJsonBody(answered(400, '', 'text/html')).checks.map((c) => c.status)).toEqual(['failed', 'failed']);
  });
});
