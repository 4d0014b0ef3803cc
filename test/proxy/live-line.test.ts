/** The proxy's line per exchange, and the platform's credentials learnt so no output shows them. */
import { describe, expect, it } from 'vitest';
import { liveLine } from '../../src/proxy/live-line.js';
import { learnHeaderCredentials } from '../../src/proxy/credentials.js';
import { defaultConfig } from '../../src/config/defaults.js';
import { Redactor } from '../../src/redact/redactor.js';
import type { CaseResult } from '../../src/model.js';

function result(status: 'passed' | 'failed' | 'warning'): CaseResult {
  return {
    endpoint: 'SendOrderToMerchant',
    variant: '#1 POST /order-update-create-url',
    authMode: 'recorded',
    request: { method: 'POST', url: 'http://m.test/order-update-create-url', headers: {} },
    response: { status: 200, durationMs: 4 },
    checks: [
      { id: 'status-200', status: 'passed', findings: [] },
      { id: 'error-status', status, findings: status === 'passed' ? [] : [{ message: 'an error answered with HTTP 200', path: '/ResponseInfo/Success' }] },
    ],
  };
}

describe('liveLine', () => {
  it('says pass with the status, method, path and OrderId', () => {
    expect(liveLine({ status: 200, method: 'POST', url: 'http://m.test/order-update-create-url', orderId: 'GE123GB', result: result('passed') }, false)).toBe('200 POST /order-update-create-url GE123GB  order-response: pass');
  });
  it('names the failing check and its finding, in red on a terminal', () => {
    const line = liveLine({ status: 200, method: 'POST', url: 'http://m.test/order-update-create-url', result: result('failed') }, true);
    expect(line).toContain('\u001b[31morder-response: FAIL error-status: /ResponseInfo/Success: an error answered with HTTP 200');
  });
  it('marks requests for no endpoint as skipped, and answers the proxy gave', () => {
    expect(liveLine({ status: 404, method: 'GET', url: 'http://m.test/favicon.ico' }, false)).toBe('404 GET /favicon.ico  skipped: not an endpoint of the configured merchant');
    expect(liveLine({ status: 502, method: 'POST', url: 'http://m.test/x', result: result('failed'), byProxy: true }, false)).toContain('answered by the proxy');
  });
});

describe('learnHeaderCredentials', () => {
  it("learns the platform's Authorization, cookies and credential-named headers, not the others", () => {
    const redactor = new Redactor();
    learnHeaderCredentials(redactor, { authorization: 'Basic cGxhdGZvcm06c2VjcmV0', 'x-shop-api-key': 'k-998877', 'x-trace': 'trace-1234567' }, defaultConfig());
    const text = redactor.text('echo cGxhdGZvcm06c2VjcmV0 and k-998877 and trace-1234567');
    expect(text).not.toContain('cGxhdGZvcm06c2VjcmV0');
    expect(text).not.toContain('k-998877');
    expect(text).toContain('trace-1234567');
  });
});
