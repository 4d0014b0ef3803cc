/**
 * The run's memory of answering URLs: a 404 refusal judged before its URL answered anything else is
 * judged again in place once it does, so the verdict does not depend on which case ran first.
 */
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/model.js';
import { EndpointAnswers } from '../../src/merchant/endpoint-answers.js';
import { judgeRefused } from '../../src/checks/refusal.js';

function exchange(url: string, status: number, body: unknown): Exchange {
  const text = JSON.stringify(body);
  return {
    request: { method: 'POST', url, headers: {}, body: '{"OrderId":"GE1"}' },
    response: { status, headers: { 'content-type': 'application/problem+json' }, body: Buffer.from(text), truncated: false },
    durationMs: 1,
  } as unknown as Exchange;
}

const PROBLEM = { type: 'https://tools.ietf.org/html/rfc9110#section-15.5.5', title: 'Not Found', status: 404, detail: 'No cart with this id.' };
const REFUSAL = { id: 'unknown-cart-refused' as const, what: 'a CartId the merchant never issued' };

describe('EndpointAnswers', () => {
  it('a 404 refusal waits as "no endpoint" and passes once the same URL (any query) answers another request', () => {
    const answers = new EndpointAnswers();
    const refused = exchange('http://127.0.0.1:1/order?key=a', 404, PROBLEM);
    answers.note(refused);
    const check = judgeRefused(REFUSAL, refused, PROBLEM, { endpointAnswers: answers.answers(refused.request.url) });
    expect(check.status).toBe('errored');
    answers.wait(refused.request.url, check, () => judgeRefused(REFUSAL, refused, PROBLEM, { endpointAnswers: true }));
    // Another URL answering settles nothing; a 404 of the same URL neither.
    answers.note(exchange('http://127.0.0.1:1/cart', 200, {}));
    answers.note(exchange('http://127.0.0.1:1/order', 404, PROBLEM));
    expect(check.status).toBe('errored');
    answers.note(exchange('http://127.0.0.1:1/order?key=b', 200, { ResponseInfo: { Success: true } }));
    expect(check.status).toBe('passed');
    expect(check.findings[0]!.message).toContain('the endpoint answered other requests of this run');
    expect(answers.answers('http://127.0.0.1:1/order')).toBe(true);
  });

  it('a 405 stays a missing method whatever the URL answered', () => {
    const wrong = exchange('http://127.0.0.1:1/order', 405, {});
    expect(judgeRefused(REFUSAL, wrong, {}, { endpointAnswers: true }).status).toBe('errored');
  });
});
