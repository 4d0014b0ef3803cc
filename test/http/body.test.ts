import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readJsonBody } from '../../src/http/body.js';
import { findJsonSyntaxError } from '../../src/io/json-position.js';
import type { ReceivedResponse } from '../../src/model.js';
import { runs } from '../helpers/fuzz-runs.js';

const resp = (body: Buffer | string, headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' }, truncated = false): ReceivedResponse => ({
  status: 200,
  headers,
  body: Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8'),
  truncated,
  timeToFirstByteMs: 1,
});

describe('readJsonBody', () => {
  it('parses a JSON body with a JSON content type and finds nothing', () => {
    const r = readJsonBody(resp('{"ResponseInfo":{"Success":true}}'));
    expect(r.json).toEqual({ ResponseInfo: { Success: true } });
    expect(r.findings).toEqual([]);
  });

  it('reports an empty body', () => {
    const r = readJsonBody(resp(''));
    expect(r.json).toBeUndefined();
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]!.message).toMatch(/empty/);
    expect(r.findings[0]!.expected).toBe('a JSON document');
  });

  it('warns about a wrong content type when the body is JSON all the same', () => {
    const r = readJsonBody(resp('{"a":1}', { 'content-type': 'text/plain' }));
    expect(r.json).toEqual({ a: 1 });
    expect(r.findings).toEqual([expect.objectContaining({ severity: 'warning', expected: 'application/json', actual: 'text/plain' })]);
  });

  it('fails a wrong content type with a non-JSON body, and a missing content type too', () => {
    const r = readJsonBody(resp('OK', { 'content-type': 'text/plain' }));
    expect(r.findings.map((f) => f.severity ?? 'error')).toEqual(['error', 'error']);
    expect(r.findings[0]!.message).toMatch(/not valid JSON.*line 1, column 1/);
    const none = readJsonBody(resp('{"a":1}', {}));
    expect(none.findings[0]!.message).toMatch(/no Content-Type/);
    expect(none.findings[0]!.severity).toBe('warning');
  });

  it('recognises an HTML error page and shows its title', () => {
    const html = '<!DOCTYPE html>\n<html><head><title>502 Bad\n Gateway</title></head><body>nginx</body></html>';
    const r = readJsonBody(resp(html, { 'content-type': 'text/html' }));
    expect(r.json).toBeUndefined();
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]!.message).toContain('HTML page');
    expect(r.findings[0]!.message).toContain('"502 Bad Gateway"');
  });

  it('says at which byte the body stops being UTF-8, and names a declared charset', () => {
    const body = Buffer.concat([Buffer.from('{"Name":"M'), Buffer.from([0xfc]), Buffer.from('ller"}')]);
    const r = readJsonBody(resp(body, { 'content-type': 'application/json; charset=iso-8859-1' }));
    const f = r.findings.find((x) => /UTF-8/.test(x.message))!;
    expect(f.message).toContain('byte 10 (0xFC)');
    expect(f.message).toContain('charset=iso-8859-1');
    expect(f.actual).toBe('invalid byte at offset 10');
  });

  it('gives line and column of a syntax error, and calls an early end truncated', () => {
    const r = readJsonBody(resp('{\n  "a": 1,\n  "b": tru\n}'));
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]!.message).toMatch(/line 3, column 11/);
    const cut = readJsonBody(resp('{"productsList":[1,2'));
    expect(cut.findings[0]!.message).toMatch(/ends early at line 1, column 21/);
  });

  it('reports a body cut at the cap, without a parse error on top', () => {
    const r = readJsonBody(resp('{"productsList":[{"a":', undefined, true));
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]!.message).toBe('response larger than 22 bytes; cut (raise --max-body to read it whole)');
  });

  it('warns about a byte order mark and still parses', () => {
    const r = readJsonBody(resp(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":1}')])));
    expect(r.json).toEqual({ a: 1 });
    expect(r.findings).toEqual([expect.objectContaining({ severity: 'warning', actual: 'EF BB BF' })]);
  });

  it('names a content encoding it cannot decode', () => {
    const r = readJsonBody(resp(Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 1, 2]), { 'content-type': 'application/json', 'content-encoding': 'zstd' }));
    expect(r.findings[0]!.message).toContain('"zstd"');
    // A header of a thousand codings is named in a few words, in the message and in actual.
    const long = readJsonBody(resp(Buffer.from('x'), { 'content-type': 'application/json', 'content-encoding': `${'gzip, '.repeat(999)}zstd` }));
    expect(long.findings[0]!.message).toContain('"gzip ×999, zstd"');
    expect(long.findings[0]!.actual).toBe('gzip ×999, zstd');
  });

  it('never throws and round-trips any JSON value', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.boolean(), (bytes, truncated) => {
        const r = readJsonBody(resp(Buffer.from(bytes), { 'content-type': 'text/html' }, truncated));
        expect(Array.isArray(r.findings)).toBe(true);
      }),
      runs(300),
    );
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const r = readJsonBody(resp(JSON.stringify(v, null, 1)));
        expect(r.findings).toEqual([]);
        expect(r.json).toEqual(JSON.parse(JSON.stringify(v)));
      }),
      runs(300),
    );
  });
});

describe('findJsonSyntaxError', () => {
  it('agrees with JSON.parse on what is valid', () => {
    const mutated = fc
      .tuple(fc.json(), fc.nat(), fc.constantFrom('', ',', '"', '}', ']', '{', ':', 'x', '\\', '1', ' ', '\u0001'), fc.boolean())
      .map(([s, at, ch, del]) => {
        const i = s.length ? at % s.length : 0;
        return del ? s.slice(0, i) + s.slice(i + 1) : s.slice(0, i) + ch + s.slice(i);
      });
    fc.assert(
      fc.property(fc.oneof(mutated, fc.string()), (s) => {
        let ok = true;
        try {
          JSON.parse(s);
        } catch {
          ok = false;
        }
        expect(findJsonSyntaxError(s) === undefined).toBe(ok);
      }),
      runs(500),
    );
  });
});
