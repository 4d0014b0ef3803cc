/** Merchant text stays text: control characters escaped, no line of it can start a workflow command. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CaseResult } from '../../src/model.js';
import { escapeControls, escapeLines, startsCommand } from '../../src/report/terminal-text.js';
import { renderTable } from '../../src/report/table.js';
import { githubAnnotations } from '../../src/report/github.js';
import { renderDiffText } from '../../src/diff/render.js';
import { fitLines, wrap } from '../../src/report/width.js';
import { toRunResult } from '../../src/report/summary.js';
import { runs } from '../helpers/fuzz-runs.js';

// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const HOSTILE = 'Out of stock\u001b[2J\u001b]0;owned\u0007\r\n::error::pwned\n  ::add-mask::x \u009b31m \u202egnp.exe ##[error]legacy';

describe('escapeControls', () => {
  it('shows every control character as an escape and defuses workflow commands', () => {
    const text = escapeControls(HOSTILE);
    expect(text).not.toMatch(RAW_CONTROL);
    expect(text).not.toContain('\n');
    expect(text).toContain('\\x1b[2J');
    expect(text).toContain('\\x07');
    expect(text).toContain('\\r\\n::error::pwned');
    expect(text).toContain('\\n  \\x3a:add-mask::x');
    expect(text).toContain('\\x9b31m');
    expect(text).toContain('\\u202egnp.exe');
    expect(text).toContain('\\x23#[error]');
    expect(escapeControls('tab\there')).toBe('tab\\there');
  });

  it('leaves ordinary text alone: accents, CJK, emoji, IPv4, a single colon, Foo::bar', () => {
    for (const s of ['Größe: 42', '商品 ✅', 'http://127.0.0.1:8080/x', 'Foo::bar() failed', 'http://[fe80::1]/']) expect(escapeControls(s)).toBe(s);
    expect(escapeControls('a::::b')).toBe('a\\x3a\\x3a::b');
  });

  it('no line of any text can start a command once escaped and wrapped (property)', () => {
    const piece = fc.constantFrom('::', ':', '\n', '\r', ' ', '\u00a0', 'error', '\u001b[', 'a', '##[', '\t');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }).map((p) => p.join('')), fc.integer({ min: 3, max: 30 }), (raw, width) => {
        const shown = fitLines(`  detail: ${escapeControls(raw)}`, width);
        for (const line of shown.split('\n')) expect(startsCommand(line), JSON.stringify({ raw, width, line })).toBe(false);
        expect(shown).not.toMatch(RAW_CONTROL);
      }),
      runs(200),
    );
  });
});

describe('escapeLines', () => {
  it('keeps line breaks of a body, escapes the rest, and defuses a line that would start a command', () => {
    const text = escapeLines('<html>\r\n<b>\u001b[31mred</b>\n::error::pwned\n   ::warning::x');
    expect(text.split('\n')).toEqual(['<html>', '<b>\\x1b[31mred</b>', '\\x3a:error::pwned', '   \\x3a:warning::x']);
  });
});

describe('wrap', () => {
  it('never breaks a long word right before ::', () => {
    const lines = wrap('abcdefgh::error::pwned', 8);
    expect(lines.join('')).toBe('abcdefgh::error::pwned');
    for (const line of lines) expect(startsCommand(line)).toBe(false);
  });
});

const hostileCase: CaseResult = {
  endpoint: 'SendOrderToMerchant', variant: 'order-full', authMode: 'none',
  request: { method: 'POST', url: 'http://127.0.0.1:1/order', headers: { 'content-type': 'application/json' } },
  response: { status: 400, durationMs: 3 },
  responseHeaders: { 'x-note': 'a\u009b2Jb' },
  checks: [{ id: 'order-refusal-shape', status: 'failed', findings: [{ message: 'the Message is not what was expected', path: '/ResponseInfo/Message', actual: HOSTILE }] }],
  responseBody: `plain text\n${HOSTILE}`,
  curl: "curl -X POST 'http://127.0.0.1:1/order'",
};

describe('reports show merchant text escaped', () => {
  for (const verbose of [false, true]) {
    it(`the table${verbose ? ' with -v' : ''}: no raw control character, no line starts a command`, () => {
      const text = renderTable(toRunResult([hostileCase]), { color: false, verbose, width: 80 });
      expect(text).not.toMatch(RAW_CONTROL);
      for (const line of text.split('\n')) expect(startsCommand(line), line).toBe(false);
      expect(text).toContain('\\x1b[2J');
    });
  }

  it('GitHub annotations: one line per failed check, ours, the merchant text escaped inside it', () => {
    const lines = githubAnnotations(toRunResult([hostileCase]));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^::error title=xborder order-refusal-shape::/);
    expect(lines[0]).not.toMatch(RAW_CONTROL);
    expect(lines[0]).not.toContain('\n');
  });

  it('diff: changed values and paths from the answers are escaped', () => {
    const text = renderDiffText(
      {
        regression: true,
        counts: { fixed: 0, 'newly failing': 1, 'still failing': 0, unchanged: 0, 'only in A': 0, 'only in B': 0 },
        cases: [{ key: 'SendOrderToMerchant|order-full\u001b[8m|none', change: 'newly failing', before: 'passed', after: 'failed', answer: [{ kind: 'changed', path: '/Message\n::error::p', before: 'ok', after: HOSTILE }] }],
      } as unknown as Parameters<typeof renderDiffText>[0],
      { color: false },
    );
    expect(text).not.toMatch(RAW_CONTROL);
    for (const line of text.split('\n')) expect(startsCommand(line), line).toBe(false);
    expect(text).toContain('order-full\\x1b[8m');
  });
});
