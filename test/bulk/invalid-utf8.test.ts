/**
 * Where invalid UTF-8 is placed in a validated document, and what the utf8 check says: a single
 * document by the byte offset in its input (with its line), an NDJSON document by its line and the
 * byte offset within it; line starts from the splitter hold across chunk boundaries and CRLF.
 */
import { describe, expect, it } from 'vitest';
import { invalidInInput, invalidInLine, utf8Check } from '../../src/bulk/invalid-utf8.js';
import { LineSplitter } from '../../src/bulk/line-splitter.js';

describe('placing invalid UTF-8', () => {
  it('in a whole input: the line counted from the newlines before it', () => {
    const bytes = Buffer.concat([Buffer.from('{\r\n  "a": "x",\n  "b": "'), Buffer.from([0xff]), Buffer.from('"\n}\n')]);
    const at = bytes.indexOf(0xff);
    expect(invalidInInput(bytes, at)).toEqual({ line: 3, lineOffset: 8, fileOffset: at, value: 0xff });
    expect(invalidInInput(Buffer.from([0x80, 0x0a]), 0)).toEqual({ line: 1, lineOffset: 0, fileOffset: 0, value: 0x80 });
  });

  it('in a line: offset within the line, and within the input when its start is known', () => {
    const bytes = Buffer.from([0x61, 0x62, 0x63, 0xc0, 0xaf]);
    expect(invalidInLine(bytes, 1, 2, 7)).toEqual({ line: 7, lineOffset: 2, value: 0xc0 });
    expect(invalidInLine(bytes, 1, 2, 7, 100)).toEqual({ line: 7, lineOffset: 2, fileOffset: 102, value: 0xc0 });
  });

  it('the check: NDJSON names the line, a single document the input offset and its line', () => {
    const problem = { line: 3, lineOffset: 17, fileOffset: 345, value: 0xfc };
    const ndjson = utf8Check(problem, true);
    expect(ndjson).toMatchObject({ id: 'utf8', status: 'failed' });
    expect(ndjson.findings[0]).toMatchObject({ expected: 'UTF-8 text', actual: '0xFC at byte offset 17', severity: 'error' });
    expect(ndjson.findings[0]!.message).toContain('byte offset 17 of line 3 is 0xFC');
    const single = utf8Check(problem, false);
    expect(single.findings[0]!.message).toContain('byte offset 345 of the input (byte offset 17 of line 3) is 0xFC');
    expect(single.findings[0]!.actual).toBe('0xFC at byte offset 345');
  });
});

describe('LineSplitter.lineStart', () => {
  it('is the input offset of each line, whatever the chunks and line ends', () => {
    const text = Buffer.from('one\r\n\ntwo lines\nthree\r\nfour');
    const expected = [0, 5, 6, 16, 23];
    for (let size = 1; size <= text.length; size++) {
      const splitter = new LineSplitter('t', () => true);
      const starts: number[] = [];
      const onLine = (bytes: Buffer, start: number, end: number) => {
        starts.push(splitter.lineStart);
        // The line's own bytes sit at that offset of the input.
        expect(bytes.subarray(start, end).equals(text.subarray(splitter.lineStart, splitter.lineStart + end - start))).toBe(true);
      };
      for (let i = 0; i < text.length; i += size) splitter.push(text.subarray(i, i + size), onLine);
      splitter.end(onLine);
      expect(starts, `chunks of ${size}`).toEqual(expected);
    }
  });
});
