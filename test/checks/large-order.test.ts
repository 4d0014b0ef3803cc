/** accepts-large-order: every answer a merchant gives the large order, judged. */
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/model.js';
import { judgeLargeOrder, sizeText } from '../../src/checks/large-order.js';

const request = { method: 'POST' as const, url: 'http://127.0.0.1:1/order-update-create-url', headers: {} };

function answered(status: number, body: string, contentType = 'application/json'): { exchange: Exchange; json: unknown } {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }
  return { exchange: { request, response: { status, headers: { 'content-type': contentType }, body: Buffer.from(body), truncated: false, timeToFirstByteMs: 3 }, durationMs: 40 }, json };
}

function failedWith(code: string): Exchange {
  return { request, error: { code, message: `127.0.0.1:1 closed the connection early (${code})` }, durationMs: 40 };
}

const BYTES = 1_100_002;
const SYNTHETIC = 'refused on a synthetic cart';

describe('accepts-large-order', () => {
  it('passes an order accepted with Success true, saying its size', () => {
    const { exchange, json } = answered(200, '{"Success":true,"InternalOrderId":"100045"}');
    expect(judgeLargeOrder(exchange, json, { bytes: BYTES })).toEqual({ id: 'accepts-large-order', status: 'passed', findings: [{ severity: 'info', message: 'the 1,100,002-byte (1.05 MiB) order was accepted', actual: BYTES }] });
  });

  it('fails a 413, on any cart, naming the size and the usual limits', () => {
    const { exchange, json } = answered(413, '<html><head><title>413 Request Entity Too Large</title></head></html>', 'text/html');
    for (const intent of [{ bytes: BYTES }, { bytes: BYTES, syntheticCart: SYNTHETIC }]) {
      const check = judgeLargeOrder(exchange, json, intent)!;
      expect(check.status).toBe('failed');
      expect(check.findings[0]).toMatchObject({ expected: `HTTP 200 with Success true for an order of ${BYTES} bytes`, actual: 413 });
      expect(check.findings[0]!.message).toMatch(/^the 1,100,002-byte \(1\.05 MiB\) order was refused with HTTP 413 Payload Too Large \(an HTML page "413 Request Entity Too Large"\); .*express\.json\(\) limit \(default 100kb\), nginx client_max_body_size \(default 1m\), Next\.js API bodyParser\.sizeLimit \(default 1mb\), IIS\/ASP\.NET maxRequestLength \(default 4096 KB\), PHP post_max_size \(default 8M\)/);
    }
  });

  it('fails a connection cut mid-upload while the merchant still answers; no verdict when it went down, or was never reached', () => {
    const cut = judgeLargeOrder(failedWith('ECONNRESET'), undefined, { bytes: BYTES, answeredAfterCut: true })!;
    expect(cut.status).toBe('failed');
    expect(cut.findings[0]).toMatchObject({ actual: 'ECONNRESET', message: expect.stringMatching(/^the connection was closed while the 1,100,002-byte \(1\.05 MiB\) order was being sent/) });
    // A synthetic cart cannot be why an upload is cut.
    expect(judgeLargeOrder(failedWith('ECONNRESET'), undefined, { bytes: BYTES, syntheticCart: SYNTHETIC })!.status).toBe('failed');
    expect(judgeLargeOrder(failedWith('ECONNRESET'), undefined, { bytes: BYTES, answeredAfterCut: false })).toBeUndefined();
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'TIMEOUT_FIRST_BYTE', 'TIMEOUT_TOTAL']) expect(judgeLargeOrder(failedWith(code), undefined, { bytes: BYTES }), code).toBeUndefined();
  });

  it('fails any other refusal on a cart the merchant issued; skips it on a synthetic cart, which may be the reason', () => {
    const refusals = [answered(400, '{"ResponseInfo":{"Success":false,"Message":"Invalid JSON"}}'), answered(404, '<html><head><title>404.13 Not Found</title></head></html>', 'text/html'), answered(200, '{"Success":false,"Message":"Cart not found"}')];
    for (const { exchange, json } of refusals) {
      expect(judgeLargeOrder(exchange, json, { bytes: BYTES })!.status).toBe('failed');
      const skipped = judgeLargeOrder(exchange, json, { bytes: BYTES, syntheticCart: SYNTHETIC })!;
      expect(skipped.status).toBe('skipped');
      expect(skipped.findings[0]!.message).toMatch(/^the 1,100,002-byte \(1\.05 MiB\) order was (refused with HTTP \d+|answered Success false).*, refused on a synthetic cart$/);
    }
    expect(judgeLargeOrder(refusals[1]!.exchange, refusals[1]!.json, { bytes: BYTES })!.findings[0]!.message).toMatch(/refused with HTTP 404 \(an HTML page "404\.13 Not Found"\)/);
  });

  it('does not judge a 200 that carries no ResponseInfo (json-body and the schema do)', () => {
    const { exchange, json } = answered(200, 'OK', 'text/plain');
    expect(judgeLargeOrder(exchange, json, { bytes: BYTES })!.status).toBe('skipped');
  });

  it('sizes read in the unit limits are set in', () => {
    expect(sizeText(90_000)).toBe('90,000-byte (87.9 KiB)');
    expect(sizeText(1024 * 1024)).toBe('1,048,576-byte (1.00 MiB)');
  });
});
