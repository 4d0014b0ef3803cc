/**
 * HAR out and in: entries are masked (Authorization, configured secrets, card data in bodies), read
 * back as the exchanges they record, and a browser's export (HTTP/2 pseudo-headers, base64 content,
 * fields of its own) is read as well.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { harDocument, harEntry } from '../../src/har/write.js';
import { harEntries } from '../../src/har/read.js';
import { Redactor } from '../../src/redact/redactor.js';
import { InputError } from '../../src/errors.js';
import type { Exchange } from '../../src/model.js';

const SECRET = 's3cr3t-header-value-9981';

function exchange(): Exchange {
  const body = JSON.stringify({ OrderId: 'GE1GB', PaymentDetails: { CardNumber: '4111111111111111', CVVNumber: '123' } });
  return {
    request: { method: 'POST', url: 'https://m.test/order-update-create-url?api_key=zzz-top-secret', headers: { authorization: 'Bearer abc.def.ghi', 'x-shop-key': SECRET, 'content-type': 'application/json' }, body },
    response: { status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from(`{"ResponseInfo":{"Success":true,"Message":"key ${SECRET}"}}`), truncated: false, timeToFirstByteMs: 4 },
    durationMs: 9,
  };
}

describe('harEntry', () => {
  it('masks credentials and card data everywhere in the entry', () => {
    const redactor = new Redactor([SECRET]);
    const entry = harEntry(exchange(), new Date('2026-11-24T00:00:00Z'), redactor);
    const text = JSON.stringify(entry);
    expect(text).not.toContain('abc.def.ghi');
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('4111111111111111');
    expect(text).not.toContain('zzz-top-secret');
    expect(entry.request.postData!.text).not.toContain('"123"');
    expect(entry.request.headers.find((h) => h.name === 'authorization')?.value).toBe('****');
    expect(entry.startedDateTime).toBe('2026-11-24T00:00:00.000Z');
    expect(entry.response.status).toBe(200);
  });

  it('keeps a body that needed no masking exactly as sent, and reads back as the exchange it records', () => {
    const e = exchange();
    e.request.body = '{ "OrderId":"GE1GB",  "Spaced": true }';
    const doc = harDocument([harEntry(e, new Date(), new Redactor())], '1.0.0');
    expect(doc.log.version).toBe('1.2');
    const [back] = harEntries(JSON.parse(JSON.stringify(doc)), 'x.har');
    expect(back!.index).toBe(1);
    expect(back!.exchange.request.body).toBe(e.request.body);
    expect(back!.exchange.request.method).toBe('POST');
    expect(back!.exchange.response!.status).toBe(200);
    expect(JSON.parse(back!.exchange.response!.body.toString()).ResponseInfo.Success).toBe(true);
  });

  it('records a transport failure as status 0 with the reason, read back as an exchange without answer', () => {
    const e: Exchange = { request: { method: 'GET', url: 'http://m.test/c', headers: {} }, error: { code: 'ECONNREFUSED', message: 'refused' }, durationMs: 1 };
    const entry = harEntry(e, new Date(), new Redactor());
    expect(entry.response.status).toBe(0);
    const [back] = harEntries({ log: { version: '1.2', entries: [entry] } }, 'x.har');
    expect(back!.exchange.response).toBeUndefined();
    expect(back!.exchange.error?.message).toContain('ECONNREFUSED');
  });
});

describe('harEntries', () => {
  it("reads a browser's export: pseudo-headers dropped, base64 content decoded", () => {
    const doc = JSON.parse(readFileSync(new URL('../fixtures/browser-export.har', import.meta.url), 'utf8'));
    const entries = harEntries(doc, 'browser-export.har');
    expect(entries).toHaveLength(3);
    expect(Object.keys(entries[0]!.exchange.request.headers).some((h) => h.startsWith(':'))).toBe(false);
    expect(JSON.parse(entries[1]!.exchange.response!.body.toString()).ResponseInfo.InternalOrderId).toBe('5001');
    expect(entries[1]!.exchange.request.body).toContain('MerchantGUID');
  });

  it('refuses a document that is not HAR, naming the file', () => {
    expect(() => harEntries({ entries: [] }, 'bad.har')).toThrow(InputError);
    expect(() => harEntries({ log: { entries: [{ request: { url: 1 } }] } }, 'bad.har')).toThrow(/log.entries\[0\]/);
  });
});
