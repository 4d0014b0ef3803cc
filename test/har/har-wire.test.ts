/**
 * HAR entries with what went over the wire (the proxy's): the reason phrase, repeated headers each
 * masked, trailers, binary bodies as base64 with secrets written inside them masked, an undecodable
 * body raw unless what decoded of it carries a secret, an answer broken off flagged as partial.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { harEntry } from '../../src/har/write.js';
import type { HarWire } from '../../src/har/types.js';
import { Redactor } from '../../src/redact/redactor.js';
import type { Exchange } from '../../src/model.js';

const SECRET = 'merchant-echoed-secret-5521';

function exchange(body: Buffer, headers: Record<string, string> = {}, error?: Exchange['error']): Exchange {
  return {
    request: { method: 'GET', url: 'http://m.test/x', headers: { authorization: 'Bearer a, Bearer b' } },
    response: { status: 200, headers, body, truncated: false, timeToFirstByteMs: 1 },
    ...(error ? { error } : {}),
    durationMs: 3,
  };
}

function wire(over: Partial<HarWire> = {}): HarWire {
  return { statusText: 'Fine', requestHeaders: [['Authorization', `Bearer ${SECRET}`], ['Authorization', 'Bearer other-token-9']], responseHeaders: [['X-Dup', '1'], ['X-Dup', '2']], trailers: [], rawBody: Buffer.alloc(0), brokenOff: false, undecodable: false, ...over };
}

describe('harEntry with wire facts', () => {
  it('keeps the reason phrase, repeated headers (each masked) and trailers', () => {
    const entry = harEntry(exchange(Buffer.from('ok')), new Date(), new Redactor([SECRET]), wire({ trailers: [['X-Sum', 'abc']] }));
    expect(entry.response.statusText).toBe('Fine');
    expect(entry.response.headers).toEqual([{ name: 'X-Dup', value: '1' }, { name: 'X-Dup', value: '2' }]);
    expect(entry.request.headers).toEqual([{ name: 'Authorization', value: '****' }, { name: 'Authorization', value: '****' }]);
    expect(entry.response._trailers).toEqual([{ name: 'X-Sum', value: 'abc' }]);
    expect(entry.response.content._partial).toBeUndefined();
  });

  it('records a binary body as base64, a secret written inside it masked and every other byte kept', () => {
    const body = Buffer.concat([Buffer.from([0, 1, 0xfe, 0xff]), Buffer.from(`key=${SECRET};`), Buffer.from([0x80, 0x81])]);
    const entry = harEntry(exchange(body), new Date(), new Redactor([SECRET]), wire({ rawBody: body }));
    expect(entry.response.content.encoding).toBe('base64');
    const back = Buffer.from(entry.response.content.text!, 'base64');
    expect(back.toString('latin1')).not.toContain(SECRET);
    expect(back.subarray(0, 4).equals(body.subarray(0, 4))).toBe(true);
    expect(back.subarray(-2).equals(Buffer.from([0x80, 0x81]))).toBe(true);
  });

  it('records an undecodable body raw, unless what decoded of it carries a secret', () => {
    const raw = Buffer.from('not gzip \u00ff\u0000', 'latin1');
    const plain = harEntry(exchange(Buffer.alloc(0), { 'content-encoding': 'gzip' }, { code: 'DECODING', message: 'bad' }), new Date(), new Redactor([SECRET]), wire({ rawBody: raw, undecodable: true }));
    expect(plain.response.content.encoding).toBe('base64');
    expect(Buffer.from(plain.response.content.text!, 'base64').equals(raw)).toBe(true);
    expect(plain.response.content.comment).toContain('does not decode');
    // A gzip body cut short with garbage: its first part decodes, and holds the secret.
    const gz = gzipSync(Buffer.from(`{"echo":"${SECRET}"}`));
    const broken = Buffer.concat([gz.subarray(0, gz.length - 8), Buffer.from('garbage!')]);
    const decodedPart = Buffer.from(`{"echo":"${SECRET}"}`);
    const secretive = harEntry(exchange(decodedPart, { 'content-encoding': 'gzip' }, { code: 'DECODING', message: 'bad' }), new Date(), new Redactor([SECRET]), wire({ rawBody: broken, undecodable: true }));
    expect(secretive.response.content.encoding).toBeUndefined();
    expect(secretive.response.content.text).not.toContain(SECRET);
    expect(secretive.response.content.comment).toContain('carry a secret');
  });

  it('flags an answer broken off mid-body: status, headers and the partial body kept', () => {
    const entry = harEntry(exchange(Buffer.from('{"part'), { 'content-length': '100' }, { code: 'ECONNRESET', message: 'closed early' }), new Date(), new Redactor(), wire({ rawBody: Buffer.from('{"part'), brokenOff: true }));
    expect(entry.response.status).toBe(200);
    expect(entry.response.content.text).toBe('{"part');
    expect(entry.response.content._partial).toBe(true);
    expect(entry.response.content.comment).toContain('broke off after 6 bytes');
    expect(entry.response._error).toBe('ECONNRESET: closed early');
    expect(entry.response.bodySize).toBe(6);
  });
});

describe('a partial answer read back', () => {
  it('keeps its error, so it is judged as it was live (broken off, not a complete body)', async () => {
    const { harEntries } = await import('../../src/har/read.js');
    const entry = harEntry(exchange(Buffer.from('{"part'), {}, { code: 'ECONNRESET', message: 'closed early' }), new Date(), new Redactor(), wire({ rawBody: Buffer.from('{"part'), brokenOff: true }));
    const [back] = harEntries({ log: { version: '1.2', entries: [entry] } }, 'x.har');
    expect(back!.exchange.response!.status).toBe(200);
    expect(back!.exchange.error).toEqual({ code: 'ECONNRESET', message: 'closed early' });
  });
});
