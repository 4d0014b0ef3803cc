/**
 * The one way tables fit the terminal (src/report/grid.ts) and the wrapping under it
 * (src/report/width.ts): words are never broken or cut, a table becomes blocks when its columns
 * cannot hold their words, a time never wraps, and a command is broken only where a shell joins it.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { execFileSync } from 'node:child_process';
import { gridLayout, renderGrid, type GridColumn } from '../../src/report/grid.js';
import { commandLines, fitLines, MAX_TOKEN, wrap } from '../../src/report/width.js';
import { fitHelp } from '../../src/cli/help-width.js';

const widest = (text: string) => Math.max(...text.split('\n').map((l) => [...l].length));

describe('wrap and fitLines keep words whole', () => {
  it('a word that does not fit moves whole to the next line; one longer than the line stands alone', () => {
    expect(wrap('see /ResponseInfo/InternalOrderId now', 20)).toEqual(['see', '/ResponseInfo/InternalOrderId', 'now']);
    expect(wrap('mail anna.mueller@example.de today', 24)).toEqual(['mail', 'anna.mueller@example.de', 'today']);
    expect(wrap('ends with https://shop.example.com/a/very/long/path', 12)).toEqual(['ends with', 'https://shop.example.com/a/very/long/path']);
  });

  it('a body breaks long words to the line, and so does any text past MAX_TOKEN', () => {
    expect(wrap('abcdefghij', 4, { breakWords: true })).toEqual(['abcd', 'efgh', 'ij']);
    const blob = 'x'.repeat(MAX_TOKEN + 10);
    expect(Math.max(...wrap(blob, 80).map((l) => l.length))).toBe(80);
  });

  it('fitLines indents continuations, giving up indent for a token that fits the screen only without it', () => {
    expect(fitLines('  FAIL idempotent-redelivery: the re-delivery was refused', 30)).toBe('  FAIL\n    idempotent-redelivery: the\n    re-delivery was refused');
    const token = 'y'.repeat(28);
    expect(fitLines(`  a ${token}`, 30)).toBe(`  a\n  ${token}`);
  });

  it('every word of any text is whole in the wrapped lines, and every line fits unless it is one word (property)', () => {
    const word = fc.stringMatching(/^[a-zA-Z0-9/@.:_-]{1,40}$/);
    fc.assert(fc.property(fc.array(word, { minLength: 1, maxLength: 30 }), fc.integer({ min: 10, max: 60 }), (words, width) => {
      const lines = fitLines(`  ${words.join(' ')}`, width).split('\n');
      expect(lines.flatMap((l) => l.trim().split(' '))).toEqual(words);
      for (const line of lines) if ([...line].length > width) expect(line.trim()).not.toContain(' ');
    }));
  });
});

describe('renderGrid', () => {
  const columns: GridColumn[] = [{ title: 'case' }, { title: 'check' }, { title: 'result', whole: true }, { title: 'detail', readable: 20, block: 'line' }, { title: 'time', whole: true }];
  const rows = [
    ['order-end-customer-primary', 'idempotent-redelivery', 'FAIL', 'the re-delivery of /ResponseInfo/InternalOrderId was refused by anna.mueller@example.de', '1234 ms'],
    ['GET', '21 checks', 'pass', '', '5 ms'],
  ];

  it('wide enough: a table whose cells wrap between words only, the time on one line', () => {
    const text = renderGrid(columns, rows, { width: 110 });
    expect(text.startsWith('┌')).toBe(true);
    expect(widest(text)).toBeLessThanOrEqual(110);
    for (const token of ['order-end-customer-primary', 'idempotent-redelivery', '/ResponseInfo/InternalOrderId', 'anna.mueller@example.de', '1234 ms']) expect(text).toContain(token);
    expect(text).not.toContain('…');
  });

  it('too narrow for the words: blocks, the short values aligned on a first line, the detail as prose under it', () => {
    expect(gridLayout(columns, rows, 80).kind).toBe('blocks');
    const text = renderGrid(columns, rows, { width: 80 });
    expect(text).not.toContain('│');
    expect(text.split('\n')).toEqual([
      'order-end-customer-primary  idempotent-redelivery  FAIL  1234 ms',
      '  the re-delivery of /ResponseInfo/InternalOrderId was refused by',
      '    anna.mueller@example.de',
      'GET                         21 checks              pass  5 ms',
    ]);
  });

  it('a time is never wrapped, even when a first line must wrap', () => {
    const text = renderGrid(columns, [['XB-GC-VALID-0001', 'gift-card-response-lenient', 'warn', 'x', '214 ms']], { width: 50 });
    expect(text.split('\n').some((l) => l.includes('214 ms'))).toBe(true);
    expect(widest(text)).toBeLessThanOrEqual(50);
  });

  it('labelled columns read `title: value` in blocks, aligned', () => {
    const text = renderGrid([{ title: 'path' }, { title: 'expected', block: 'labelled' }, { title: 'actual', block: 'labelled' }], [['/OrderId', 'a non-empty string', '""']], { width: 20 });
    expect(text.split('\n')).toEqual(['/OrderId', '  expected: a', '    non-empty string', '  actual:   ""']);
  });

  it('a table fits its width at every width it is drawn as a table (property)', () => {
    const cell = fc.array(fc.stringMatching(/^[a-z0-9/-]{1,14}$/), { minLength: 1, maxLength: 8 }).map((w) => w.join(' '));
    fc.assert(fc.property(fc.array(fc.tuple(cell, cell, cell), { minLength: 1, maxLength: 6 }), fc.integer({ min: 40, max: 160 }), (cells, width) => {
      const text = renderGrid([{ title: 'a' }, { title: 'b' }, { title: 'c', readable: 10, block: 'line' }], cells, { width });
      expect(widest(text)).toBeLessThanOrEqual(width);
      for (const word of cells.flat().flatMap((c) => c.split(' '))) expect(text).toContain(word);
    }));
  });
});

describe('commands and help', () => {
  it('a command breaks between its arguments, never inside quotes, and still runs as one when pasted', () => {
    const command = `printf '%s|' one 'two words here' "three 'quoted'" four-is-a-long-argument five`;
    const lines = commandLines(command, 24, 'Try: ', '  ');
    for (const line of lines.slice(0, -1)) expect(line.endsWith(' \\')).toBe(true);
    expect(lines.some((l) => l.includes("'two words here'"))).toBe(true);
    expect(execFileSync('sh', ['-c', lines.join('\n').replace(/^Try: /, '')], { encoding: 'utf8' })).toBe(execFileSync('sh', ['-c', command], { encoding: 'utf8' }));
  });

  it('help: a paragraph with a long line is wrapped again as one; sentences, flags and short paragraphs stay as written', () => {
    const help = [
      'Usage: xborder validate [options]',
      '',
      'Options:',
      '  --as <kind>   the kind of payload',
      '',
      'The kind of each document is told from its shape unless --as is given: ResponseInfo (order-response),',
      'CardFields (gift-card-request).',
      'Exit codes: 0 nothing failed.',
      '',
      'Examples:',
      '  curl -s https://shop.example.com/get-checkout-cart-info-url | xborder validate -',
    ].join('\n');
    expect(fitHelp(help, 60).split('\n')).toEqual([
      'Usage: xborder validate [options]',
      '',
      'Options:',
      '  --as <kind>   the kind of payload',
      '',
      'The kind of each document is told from its shape unless --as',
      'is given: ResponseInfo (order-response), CardFields',
      '(gift-card-request).',
      'Exit codes: 0 nothing failed.',
      '',
      'Examples:',
      '  curl -s \\',
      '    https://shop.example.com/get-checkout-cart-info-url | \\',
      '    xborder validate -',
    ]);
  });
});
