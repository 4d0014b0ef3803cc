/**
 * End to end: a recorded answer of 20,000 nested arrays (a few dozen kilobytes any merchant, or a
 * hostile one, can send) is compared by `diff` and by `replay --compare` without "Maximum call
 * stack size exceeded": the built CLI, report files on disk, and a real server on 127.0.0.1.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server.js';

const DEPTH = 20_000;
const deep = (inner: number) => `${'['.repeat(DEPTH)}${inner}${']'.repeat(DEPTH)}`;
/** An answer whose deep part sits below an object, as a merchant's answer would carry it. */
const answer = (inner: number) => `{"ResponseInfo":{"Success":true,"Extra":${deep(inner)}}}`;

const servers: RecordingServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

function report(body: string): string {
  const kase = { endpoint: 'SendOrderToMerchant', variant: 'order', authMode: 'none', request: { method: 'POST', url: 'http://127.0.0.1:1/order-update-create-url', headers: {} }, response: { status: 200, durationMs: 3 }, checks: [{ id: 'status-200', status: 'passed', findings: [] }], responseBody: body };
  return JSON.stringify({ tool: { name: 'xborder', version: '1.0.0' }, summary: { passed: 1, failed: 0, warnings: 0, errored: 0, skipped: 0 }, cases: [kase] });
}

describe('deeply nested answers', () => {
  it('diff compares two reports whose answers nest 20,000 arrays deep, in text and JSON', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xb-deep-'));
    writeFileSync(join(dir, 'a.json'), report(answer(1)));
    writeFileSync(join(dir, 'b.json'), report(answer(2)));
    writeFileSync(join(dir, 'c.json'), report('{"ResponseInfo":{"Success":true,"Extra":[]}}'));
    const text = await runCli(['diff', 'a.json', 'b.json'], { cwd: dir });
    expect(text.stderr).toBe('');
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/~ \/ResponseInfo\/Extra\/0\/0\/.*…\(19,9\d\d more levels\)….*\/0: 1 -> 2\n/);
    const json = await runCli(['diff', 'a.json', 'c.json', '--json'], { cwd: dir });
    expect(json.code, json.stderr).toBe(0);
    const change = JSON.parse(json.stdout).cases[0].answer[0];
    expect(change).toMatchObject({ path: '/ResponseInfo/Extra/0', kind: 'removed' });
    expect(JSON.stringify(change.before)).toContain('nested deeper than 32 levels');
    const same = await runCli(['diff', 'a.json', 'a.json'], { cwd: dir });
    expect(same.code, same.stderr).toBe(0);
    expect(same.stdout).toContain('1 unchanged');
  }, 60_000);

  it('replay --compare compares a recorded deep answer with the new one', async () => {
    const merchant = await startRecordingServer(answer(2));
    servers.push(merchant);
    const dir = mkdtempSync(join(tmpdir(), 'xb-deep-replay-'));
    mkdirSync(join(dir, '.git'));
    writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({ merchant: { baseUrl: merchant.url }, auth: [{ mode: 'none' }] }));
    const entry = { request: { method: 'GET', url: `${merchant.url}/get-checkout-cart-info-url?merchantCartToken=c1`, headers: [] }, response: { status: 200, headers: [], content: { text: answer(1) } }, time: 2 };
    writeFileSync(join(dir, 's.har'), JSON.stringify({ log: { version: '1.2', entries: [entry] } }));
    for (const extra of [[], ['--json']]) {
      const result = await runCli(['replay', 's.har', '--compare', '--no-save', ...extra], { cwd: dir });
      expect(result.stderr).not.toMatch(/internal error|call stack/);
      expect([0, 1]).toContain(result.code);
      expect(result.stdout + result.stderr).toMatch(/"?\/ResponseInfo\/Extra\/0\/0/);
    }
    expect(merchant.received).toHaveLength(2);
  }, 60_000);
});

describe('a recorded answer nested 300,000 deep, shown in full', () => {
  it('validate FILE.har -v shows it as received (indenting it would take billions of characters) and judges it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xb-deep-har-'));
    const deep = `${'['.repeat(300_000)}${']'.repeat(300_000)}`;
    const entry = {
      startedDateTime: new Date().toISOString(),
      time: 1,
      request: { method: 'POST', url: 'http://127.0.0.1:1/order-update-create-url', httpVersion: 'HTTP/1.1', headers: [{ name: 'Content-Type', value: 'application/json' }], queryString: [], cookies: [], headersSize: -1, bodySize: -1, postData: { mimeType: 'application/json', text: '{}' } },
      response: { status: 200, statusText: 'OK', httpVersion: 'HTTP/1.1', headers: [{ name: 'Content-Type', value: 'application/json' }], cookies: [], content: { size: deep.length, mimeType: 'application/json', text: deep }, redirectURL: '', headersSize: -1, bodySize: -1 },
      cache: {},
      timings: { send: 0, wait: 1, receive: 0 },
    };
    const har = join(dir, 'deep.har');
    writeFileSync(har, JSON.stringify({ log: { version: '1.2', creator: { name: 'test', version: '1' }, entries: [entry] } }));
    const r = await runCli(['validate', har, '-v'], { timeoutMs: 120_000 });
    expect(r.stderr).not.toMatch(/internal error|Maximum call stack/);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/in 1 case/);
    // As received: no line of the shown body is indented deeper than the report's own indentation.
    expect(r.stdout).toContain('[[[[[[[[[[');
    expect(Math.max(...r.stdout.split('\n').map((l) => /^ */.exec(l)![0].length))).toBeLessThan(20);
  }, 150_000);
});
