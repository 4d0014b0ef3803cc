/**
 * An NDJSON line that is no JSON is a document failing the `json` check, on every path that reads
 * lines: the check's finding (column, reason, escaped), the line reader, a lines item (stdin, small
 * files) and a range item (a large file), whose local line number the main thread maps to the file's.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BLANK, ndjsonDocument } from '../../src/bulk/assembler.js';
import { jsonCheck, MalformedLine } from '../../src/bulk/malformed-line.js';
import { runRange } from '../../src/bulk/range-item.js';
import { rangeDocuments } from '../../src/bulk/range-merge.js';
import { runItem, type LinesItem } from '../../src/bulk/work-item.js';

const dir = mkdtempSync(join(tmpdir(), 'xb-malformed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const options = { forced: undefined, strict: false };
const answer = (id: number): string => JSON.stringify({ ResponseInfo: { Success: true, InternalOrderId: `A-${id}` } });

/** The ids of a judged document's checks that did not pass. */
const failedIds = (doc: { checks: { id: string; status: string }[] }): string[] => doc.checks.filter((c) => c.status !== 'passed').map((c) => c.id);

describe('jsonCheck', () => {
  it('names the column and the reason; a line that ends early is called truncated', () => {
    expect(jsonCheck(new MalformedLine(7, 'unexpected character "x", expected a value', false))).toEqual({
      id: 'json',
      title: 'JSON document',
      status: 'failed',
      findings: [{ message: 'malformed JSON at column 7: unexpected character "x", expected a value', expected: 'one JSON document per line', severity: 'error' }],
    });
    expect(jsonCheck(new MalformedLine(40, 'the text ends before the JSON value is complete', true)).findings[0].message).toBe(
      'malformed JSON at column 40: the text ends before the JSON value is complete (a truncated line)',
    );
  });

  it('escapes the line\'s own characters the reason quotes (a bidi override, a C1 CSI)', () => {
    for (const [bad, shown] of [['\u202e', '\\u202e'], ['\u009b', '\\x9b']]) {
      const text = `{"a": ${bad}}`;
      let error: Error | undefined;
      try {
        JSON.parse(text);
      } catch (e) {
        error = e as Error;
      }
      const message = jsonCheck(MalformedLine.of(text, error!)).findings[0].message;
      expect(message).not.toContain(bad);
      expect(message).toContain(`unexpected character "${shown}"`);
    }
  });
});

describe('ndjsonDocument', () => {
  it('gives the document, BLANK, or a MalformedLine with the column where the JSON breaks', () => {
    const read = (text: string): unknown => ndjsonDocument(2, Buffer.from(text), 0, Buffer.byteLength(text));
    expect(read('{"a":1}')).toEqual({ a: 1 });
    expect(read('  \t')).toBe(BLANK);
    expect(read('{"a":tru}')).toEqual(new MalformedLine(9, 'unexpected character "}"', false));
    expect(read('{"a":"Müll')).toEqual(new MalformedLine(11, 'the text ends before the JSON value is complete', true));
  });
});

describe('a malformed line among others', () => {
  const lines = [answer(1), '{"ResponseInfo": {"Success": tru}}', '', answer(2), answer(3).slice(0, 30)];

  it('in a lines item: a document failing json alone, in its place, the lines after it judged', () => {
    const bytes = Buffer.from(lines.join(''));
    const offsets = [0];
    for (const line of lines) offsets.push(offsets.at(-1)! + Buffer.byteLength(line));
    const item: LinesItem = { type: 'lines', source: 'a.ndjson', lineNos: Int32Array.of(2, 3, 4, 5, 6), offsets: Int32Array.from(offsets), bytes };
    const result = runItem(item, options);
    expect(result.failure).toBeUndefined();
    expect(result.docs.map((d) => [d.line, d.kind, failedIds(d)])).toEqual([
      [2, 'order-response', []],
      [3, undefined, ['json']],
      [5, 'order-response', []],
      [6, undefined, ['json']],
    ]);
    expect(result.docs[1].checks[0].findings[0].message).toBe('malformed JSON at column 33: unexpected character "}"');
  });

  it('in a range: the same documents, numbered from the range, then the file\'s line numbers on delivery (encoded or not)', () => {
    const file = join(dir, 'range.ndjson');
    const text = `${lines.join('\n')}`;
    writeFileSync(file, text);
    for (const encode of [false, true]) {
      const range = runRange({ type: 'range', source: file, start: 0, end: Buffer.byteLength(text), lineStart: true }, options, encode);
      expect(range.stop).toBeUndefined();
      expect(range.lines).toBe(5);
      // 10 lines of the file come before the range.
      const docs = [...rangeDocuments(range, 10)];
      expect(docs.map((d) => [d.line, d.kind, failedIds(d)])).toEqual([
        [11, 'order-response', []],
        [12, undefined, ['json']],
        [14, 'order-response', []],
        [15, undefined, ['json']],
      ]);
      expect(docs[3].checks[0].findings[0].message).toBe('malformed JSON at column 31: the text ends before the JSON value is complete (a truncated line)');
    }
  });
});
