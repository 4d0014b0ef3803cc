/**
 * error-leaks-internals: which error answers give the merchant's internals away (stack traces of
 * the languages merchants are written in, server paths, SQL errors, debug pages), and which do not
 * (clean refusals, URLs, success answers); strict fails what otherwise warns; quotes are masked.
 */
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/model.js';
import { findLeaks, judgeErrorLeaks } from '../../src/checks/error-leaks.js';
import { caseResult } from '../../src/engine/case-result.js';

function exchange(status: number, body: string, contentType = 'application/json'): Exchange {
  return {
    request: { method: 'POST', url: 'http://127.0.0.1:1/order-update-create-url', headers: {} },
    response: { status, headers: { 'content-type': contentType }, body: Buffer.from(body), truncated: false, timeToFirstByteMs: 1 },
    durationMs: 3,
  } as Exchange;
}

const kinds = (text: string) => findLeaks([text]).map((l) => l.kind);

describe('findLeaks', () => {
  it.each([
    ['Node', 'Error: boom\n    at OrderController.handle (/srv/shop/app/order.js:118:15)', 'stack trace'],
    ['Node internals', '    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)', 'stack trace'],
    ['SFCC cartridge', '\tat int_globale/cartridge/controllers/GlobaleOrder.js:142 (SendOrderToMerchant)', 'stack trace'],
    ['Java', '\tat dw.order.OrderMgr.createOrder(OrderMgr.java:212)', 'stack trace'],
    ['.NET', '   at Shop.Orders.Create(Order o) in C:\\build\\Shop\\Orders.cs:line 42', 'stack trace'],
    ['Python', 'Traceback (most recent call last):\n  File "/app/shop/views.py", line 12, in create', 'stack trace'],
    ['PHP frame', '#0 /var/www/html/app/code/Order.php(12): Order->create()', 'stack trace'],
    ['PHP fatal', 'PHP Fatal error:  Uncaught Exception in /var/www/html/index.php on line 7', 'stack trace'],
    ['Ruby', "app/models/order.rb:12:in `create'", 'stack trace'],
    ['MySQL', 'SQLSTATE[23000]: Integrity constraint violation: 1062 Duplicate entry', 'SQL error'],
    ['Postgres', 'ERROR: duplicate key value violates unique constraint "orders_pkey"', 'SQL error'],
    ['Oracle', 'ORA-00001: unique constraint violated', 'SQL error'],
    ['Django', "You're seeing this error because you have DEBUG = True in your Django settings file.", 'framework debug page'],
    ['ASP.NET', "<h1>Server Error in '/' Application.</h1>", 'framework debug page'],
  ])('%s', (_name, text, kind) => {
    expect(kinds(text)).toContain(kind);
  });

  it('names a server path on a line of its own besides the stack trace', () => {
    expect(kinds('Error: boom\n    at f (/srv/shop/app/order.js:1:2)\nlog written to /var/log/shop/error.log').sort()).toEqual(['server path', 'stack trace']);
  });

  it('names an absolute server path in an error message', () => {
    expect(kinds('Could not open /var/www/shop/var/log/orders.log')).toEqual(['server path']);
    expect(kinds('Cannot write C:\\inetpub\\wwwroot\\shop\\orders.xml')).toEqual(['server path']);
  });

  it('leaves clean messages, URLs and the interface paths alone', () => {
    for (const text of [
      'Cart not found', 'OrderId is required.', 'No endpoint at /order-update-create-url.', 'MerchantGUID does not identify this merchant.',
      'See https://shop.example/app/orders/help for details', 'No filled cart found for token 2c5c7b3d: it was converted into an order already.',
      'at least one product is required', 'Refund exceeds what was ordered: CartItemId 1: 1 more after 2 refunded would exceed the 2 ordered.',
    ]) expect(kinds(text), text).toEqual([]);
  });

  it('quotes one line, cut around the match when it is long', () => {
    const [leak] = findLeaks([`${'x'.repeat(400)} SQLSTATE[HY000]: General error ${'y'.repeat(400)}`]);
    expect(leak!.line.length).toBeLessThanOrEqual(162);
    expect(leak!.line).toContain('SQLSTATE[HY000]');
  });
});

describe('judgeErrorLeaks', () => {
  const leaky = JSON.stringify({ ResponseInfo: { Success: false, Message: 'Error: Cart not found\n    at OrderController.handle (/srv/shop/app/order.js:118:15)' } });

  it('warns on an error answer with a stack trace, quoting the matched line', () => {
    const check = judgeErrorLeaks(exchange(400, leaky))!;
    expect(check.status).toBe('warning');
    // The frame names a server path too: one line, one finding.
    expect(check.findings.map((f) => f.actual)).toEqual(['stack trace']);
    expect(check.findings[0]!.message).toContain('at OrderController.handle (/srv/shop/app/order.js:118:15)');
  });

  it('fails with --strict', () => {
    expect(judgeErrorLeaks(exchange(400, leaky), { strict: true })!.status).toBe('failed');
  });

  it('judges Success false answered with 200 and HTML crash pages, passes clean errors, skips successes', () => {
    expect(judgeErrorLeaks(exchange(200, leaky))!.status).toBe('warning');
    const page = '<html><body><h1>Whoops</h1><pre>SQLSTATE[HY000]: General error: 1366 Incorrect string value</pre></body></html>';
    expect(judgeErrorLeaks(exchange(500, page, 'text/html'))!.findings.map((f) => f.actual)).toEqual(['SQL error']);
    expect(judgeErrorLeaks(exchange(400, JSON.stringify({ Success: false, Message: 'Cart not found' })))!.status).toBe('passed');
    expect(judgeErrorLeaks(exchange(200, JSON.stringify({ Success: true, InternalOrderId: '1', Message: '/var/www/shop/x/y' })))).toBeUndefined();
  });

  it('masks the quote like every other output', () => {
    const body = JSON.stringify({ Success: false, Message: 'SQLSTATE[42000]: syntax error near password=hunter2-secret' });
    const check = judgeErrorLeaks(exchange(500, body), { mask: (s) => s.replace('hunter2-secret', '***') })!;
    expect(JSON.stringify(check)).not.toContain('hunter2-secret');
  });

  it('is added to every merchant case built from an error answer, never to a storefront page or a case not judged', () => {
    const options = { verbose: false, mask: (s: string) => s };
    const reachable = { id: 'reachable', status: 'passed' as const, findings: [] };
    const order = caseResult({ endpoint: 'SendOrderToMerchant', variant: 'x', authMode: 'none', exchange: exchange(500, leaky), checks: [reachable] }, options);
    expect(order.checks.map((c) => `${c.id}:${c.status}`)).toEqual(['reachable:passed', 'error-leaks-internals:warning']);
    const page = caseResult({ endpoint: 'Storefront', variant: '/', authMode: 'none', exchange: exchange(500, leaky), checks: [reachable] }, options);
    expect(page.checks.map((c) => c.id)).toEqual(['reachable']);
    const skipped = { id: 'update-same-order', status: 'skipped' as const, findings: [] };
    const notJudged = caseResult({ endpoint: 'SendOrderToMerchant', variant: 'update', authMode: 'none', exchange: exchange(500, leaky), checks: [skipped] }, options);
    expect(notJudged.checks.map((c) => c.id)).toEqual(['update-same-order']);
  });
});
