/**
 * Byte ranges of a file, each read on its own (readRange), hand over every line of the file exactly
 * once, in order, with the bytes and file offsets LineSplitter gives when it reads the whole file:
 * whatever the cut points (at a line start, inside a CRLF, inside a long line, several inside one
 * line), blank lines, CRLF, a missing last LF and a trailing lone CR included. Real files, read with
 * real positional reads.
 */
import { closeSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineSplitter } from '../../src/bulk/line-splitter.js';
import { openRegularFile, readRange } from '../../src/bulk/range-reader.js';
import { runs } from '../helpers/fuzz-runs.js';

const dir = mkdtempSync(join(tmpdir(), 'xb-ranges-'));
let fileNo = 0;

interface Line {
  offset: number;
  text: string;
}

/** The lines of `bytes` as LineSplitter hands them over, reading it whole. */
function splitterLines(bytes: Buffer): Line[] {
  const lines: Line[] = [];
  const splitter = new LineSplitter('t', () => true);
  const onLine = (b: Buffer, start: number, end: number): void => void lines.push({ offset: splitter.lineStart, text: b.toString('latin1', start, end) });
  splitter.push(bytes, onLine);
  splitter.end(onLine);
  return lines;
}

/** The lines of `file` read range by range, cut at `cuts` (sorted offsets); the first range starts at `from`, a line start. */
function rangeLines(file: string, size: number, from: number, cuts: number[]): { lines: Line[]; perRange: number[] } {
  const bounds = [from, ...cuts.filter((c) => c > from && c < size), size];
  const lines: Line[] = [];
  const perRange: number[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    let seen = 0;
    const read = readRange(file, bounds[i], bounds[i + 1], i === 0, (index, b, start, end, offset) => {
      expect(index).toBe(seen++);
      lines.push({ offset, text: b.toString('latin1', start, end) });
      return true;
    });
    expect(read.lines).toBe(seen);
    expect(read.tooLong).toBeUndefined();
    perRange.push(read.lines);
  }
  return { lines, perRange };
}

function write(bytes: Buffer): string {
  const file = join(dir, `r${fileNo++}.ndjson`);
  writeFileSync(file, bytes);
  return file;
}

const lineArb = fc.oneof(
  fc.string({ maxLength: 12 }).map((s) => s.replace(/[\r\n]/g, '')),
  fc.constant(''),
  fc.constant('\r'),
  fc.nat({ max: 5000 }).map((n) => 'x'.repeat(n)),
);
const endArb = fc.constantFrom('\n', '\r\n');

describe('readRange', () => {
  it('consecutive ranges give every line once, as LineSplitter reads the whole file', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(lineArb, endArb), { minLength: 1, maxLength: 40 }),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.nat(),
        (lines, lastLf, rawCuts, rawFrom) => {
          let text = lines.map(([l, e]) => l + e).join('');
          if (!lastLf) text = text.replace(/\r?\n$/, '');
          const bytes = Buffer.from(text, 'latin1');
          if (bytes.length === 0) return;
          const whole = splitterLines(bytes);
          // Ranges start after some line, as they do after an input's first document.
          const first = whole[rawFrom % whole.length];
          const from = first.offset;
          const cuts = [...new Set(rawCuts.map((c) => c % bytes.length))].sort((a, b) => a - b);
          const file = write(bytes);
          const { lines: read } = rangeLines(file, bytes.length, from, cuts);
          expect(read).toEqual(whole.filter((l) => l.offset >= from));
        },
      ),
      runs(60),
    );
  });

  it('cuts at every offset of a small file: each line is owned by the range its first byte is in', () => {
    const bytes = Buffer.from('{"a":1}\r\n\n  \n{"b":2}\n{"c":"long line"}\r\n{"d":4}', 'latin1');
    const file = write(bytes);
    const whole = splitterLines(bytes);
    for (let cut = 1; cut < bytes.length; cut++) {
      const { lines, perRange } = rangeLines(file, bytes.length, 0, [cut]);
      expect(lines, `cut at ${cut}`).toEqual(whole);
      expect(perRange[0], `cut at ${cut}`).toBe(whole.filter((l) => l.offset < cut).length);
    }
  });

  it('a range inside one long line owns nothing; the line goes to the range it starts in, read past that range', () => {
    const long = 'y'.repeat(3 * 1024 * 1024);
    const bytes = Buffer.from(`{"a":1}\n"${long}"\n{"b":2}\n`, 'latin1');
    const file = write(bytes);
    const mib = 1024 * 1024;
    const { lines, perRange } = rangeLines(file, bytes.length, 0, [mib, 2 * mib, 3 * mib]);
    expect(perRange).toEqual([2, 0, 0, 1]);
    expect(lines.map((l) => l.text.length)).toEqual([7, long.length + 2, 7]);
  });
});

describe('openRegularFile (each range opens its file again by name)', () => {
  it('opens the regular file, and refuses at once what replaced it with a FIFO (it would block until written)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xb-range-open-'));
    try {
      const file = join(dir, 'orders.ndjson');
      writeFileSync(file, '{}\n');
      closeSync(openRegularFile(file));
      rmSync(file);
      execFileSync('mkfifo', [file]);
      expect(() => openRegularFile(file)).toThrow(/no longer a regular file/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
