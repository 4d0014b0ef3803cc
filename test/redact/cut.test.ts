/**
 * Mask before cutting: every place that cuts text for output masks the whole text first. Each case
 * puts a registered secret across the cut, where a cut made first would leave its first characters.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { caseResult } from '../../src/engine/case-result.js';
import { htmlTitle, readJsonBody } from '../../src/http/body.js';
import type { CheckResult, Exchange, ReceivedResponse } from '../../src/model.js';
import { maskedExcerpt, maskedHead } from '../../src/redact/cut.js';
import { MASK, Redactor } from '../../src/redact/redactor.js';
import { bindRunRedactor, setShowSecrets } from '../../src/redact/run.js';
import { renderJunit } from '../../src/report/junit.js';
import { toRunResult } from '../../src/report/summary.js';
import { clipped, quoted } from '../../src/validation/shown.js';
import { describeFrameworkError } from '../../src/validation/response-shape.js';
import { echoForms } from './echo-forms.js';

const KEY = 'hdrKEY-q8w7e6r5t4-abcdefghijklmnop';
/** Any 6 characters of the key in a row: what a cut made first leaves. */
const piecesOf = (secret: string) => Array.from({ length: secret.length - 5 }, (_, i) => secret.slice(i, i + 6));
const leaks = (text: string) => piecesOf(KEY).filter((p) => text.includes(p));

const response = (body: string | Buffer, headers: Record<string, string> = {}, truncated = false): ReceivedResponse => ({
  status: 500,
  headers: { 'content-type': 'application/json', ...headers },
  body: Buffer.isBuffer(body) ? body : Buffer.from(body),
  truncated,
  timeToFirstByteMs: 1,
});

afterEach(() => setShowSecrets(false));

describe('mask before cutting', () => {
  bindRunRedactor(new Redactor([KEY]));

  it('the excerpt of a JSON syntax error (20 characters either side)', () => {
    const body = `{"echo": "you sent", "key": @${KEY} }`;
    const finding = readJsonBody(response(body)).findings.find((f) => /not valid JSON/.test(f.message))!;
    expect(finding.actual).toContain(MASK);
    expect(leaks(String(finding.actual))).toEqual([]);
  });

  it('the title of an HTML page (120 characters)', () => {
    const title = htmlTitle(`<html><head><title>${'x'.repeat(110)} ${KEY} end</title></head></html>`)!;
    expect(title.length).toBeLessThanOrEqual(121);
    expect(leaks(title)).toEqual([]);
    const page = readJsonBody(response(`<!doctype html><title>Bad key ${'y'.repeat(100)}${KEY}</title>`, { 'content-type': 'text/html' }));
    expect(leaks(JSON.stringify(page.findings))).toEqual([]);
  });

  it('clipped and quoted values of findings, and a framework error text', () => {
    const long = `${'z'.repeat(190)}${KEY}`;
    expect(leaks(String(clipped(long)))).toEqual([]);
    expect(leaks(quoted(`${'z'.repeat(50)}${KEY}`))).toEqual([]);
    expect(leaks(describeFrameworkError({ status: 401, error: `${'w'.repeat(70)}${KEY}` }))).toEqual([]);
  });

  it('the bodies a case keeps (64 KiB) and a body cut at --max-body', () => {
    const exchange = (body: string, truncated: boolean): Exchange => ({ request: { method: 'GET', url: 'http://x/', headers: {} }, response: response(body, {}, truncated), durationMs: 1 });
    const failed: CheckResult[] = [{ id: 'status-200', status: 'failed', findings: [{ message: 'x' }] }];
    const mask = (s: string) => new Redactor([KEY]).text(s);
    const kept = `${'a'.repeat(64 * 1024 - 10)}${KEY}`;
    const big = caseResult({ endpoint: 'GetCheckoutCartInfo', variant: 'GET', authMode: 'none', exchange: exchange(kept, false), checks: failed, bodyText: kept }, { verbose: false, mask });
    expect(leaks(big.responseBody!)).toEqual([]);
    // The cap cut the key in two: only its first 12 characters were read.
    const capped = `{"echo":"${KEY.slice(0, 12)}`;
    const cut = caseResult({ endpoint: 'GetCheckoutCartInfo', variant: 'GET', authMode: 'none', exchange: exchange(capped, true), checks: failed, bodyText: capped }, { verbose: false, mask });
    expect(cut.responseBody).toBe(`{"echo":"${MASK}…`);
  });

  it('the JUnit report: the body cut at 2000 characters, and numbers (a card written as a JSON number)', () => {
    const body = `${'b'.repeat(1990)}${KEY}`;
    const run = toRunResult([
      {
        endpoint: 'GetCheckoutCartInfo',
        variant: 'GET',
        authMode: 'none',
        request: { method: 'GET', url: 'http://x/', headers: {} },
        response: { status: 500, durationMs: 1 },
        checks: [{ id: 'status-200', status: 'failed', findings: [{ message: 'bad', expected: 200, actual: 4539148803436467 }] }],
        responseBody: body,
      },
    ]);
    const xml = renderJunit(run);
    expect(leaks(xml)).toEqual([]);
    expect(xml).toContain('************6467');
    expect(xml).not.toContain('453914880343');
  });

  it('maskedExcerpt and maskedHead mask the whole text first; --show-secrets only cuts', () => {
    const text = `start ${'m'.repeat(30)}${KEY} end`;
    expect(leaks(maskedExcerpt(text, text.indexOf(KEY) + 3, 10))).toEqual([]);
    expect(leaks(maskedHead(text, 45).text)).toEqual([]);
    setShowSecrets(true);
    expect(maskedHead(text, 45).text).toBe(text.slice(0, 45));
  });
});

describe('UTF-16 bodies are decoded before they are shown', () => {
  it('little and big endian, with or without a byte order mark: the text is readable, so the redactor finds the secret', () => {
    const text = `{"error":"bad key ${KEY}"}`;
    const le = Buffer.from(text, 'utf16le');
    const be = Buffer.from(le).swap16();
    for (const [buf, headers] of [
      [le, {}],
      [Buffer.concat([Buffer.from([0xff, 0xfe]), le]), {}],
      [be, {}],
      [le, { 'content-type': 'application/json; charset=utf-16' }],
    ] as const) {
      const read = readJsonBody(response(buf, headers));
      expect(read.text).toBe(text);
      expect(read.findings[0]!.message).toMatch(/UTF-16/);
      expect(new Redactor([KEY]).text(read.text)).not.toContain(KEY.slice(0, 8));
    }
  });

  it('a NUL-interleaved echo that was not decoded is masked too', () => {
    const utf16 = Buffer.from(`key=${KEY}`, 'utf16le').toString('latin1');
    const out = new Redactor([KEY]).text(utf16);
    for (const f of echoForms(KEY)) expect(out.includes(f.text), f.kind).toBe(false);
  });
});
