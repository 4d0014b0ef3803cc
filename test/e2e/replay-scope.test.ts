/**
 * End to end: `replay` sends only where it is told. Real recording servers on 127.0.0.1 stand for
 * the configured merchant and for a foreign host a HAR names; the built CLI replays HAR files and
 * the tests assert on what each server received. Without a target: exit 2, nothing sent. Foreign
 * hosts and non-endpoints are held back (with a line saying so), the configured origin's port is
 * the one used, recorded credentials are never re-sent, and an entry whose url is not a URL is an
 * input error naming it.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server.js';

const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';
const HEADER_KEY = 'hdr-key-5b8e1d0c77';
const RECORDED = { hmac: 'recorded-hmac-91a7f3', session: 'recorded-session-2c4e8b', bearer: 'recorded-bearer-7d1f09', query: 'recorded-query-44e0a1' };
const CART = '/get-checkout-cart-info-url';
const ORDER = '/order-update-create-url';

const servers: RecordingServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function server(): Promise<RecordingServer> {
  const s = await startRecordingServer('{"ResponseInfo":{"Success":true}}');
  servers.push(s);
  return s;
}

interface Entry {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** The recorded answer's body (`{}` by default). */
  answer?: string;
}

/** Header auth from ${XB_HEADER_KEY}: the auth of most tests here. */
const HEADER_AUTH = [{ mode: 'header', name: 'X-Merchant-Key', value: '${XB_HEADER_KEY}' }];

/** A project folder (a repository: `.git`) with a config (`auth`, header auth by default) and a HAR of `entries`. */
function project(entries: Entry[], baseUrl?: string, auth: unknown[] = HEADER_AUTH): string {
  const dir = mkdtempSync(join(tmpdir(), 'xb-replay-scope-'));
  mkdirSync(join(dir, '.git'));
  const merchant = baseUrl ? { baseUrl } : {};
  writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({ merchantGUID: GUID, merchant, auth, timeoutMs: 10_000 }));
  const har = {
    log: {
      version: '1.2',
      creator: { name: 'test', version: '1' },
      entries: entries.map((e) => ({
        startedDateTime: '2026-11-20T10:00:00.000Z',
        time: 5,
        request: { method: e.method, url: e.url, httpVersion: 'HTTP/1.1', headers: Object.entries(e.headers ?? {}).map(([name, value]) => ({ name, value })), queryString: [], ...(e.body ? { postData: { mimeType: 'application/json', text: e.body } } : {}) },
        response: { status: 200, statusText: 'OK', httpVersion: 'HTTP/1.1', headers: [{ name: 'content-type', value: 'application/json' }], content: { size: (e.answer ?? '{}').length, mimeType: 'application/json', text: e.answer ?? '{}' } },
      })),
    },
  };
  writeFileSync(join(dir, 'session.har'), JSON.stringify(har));
  return dir;
}

const replay = (dir: string, args: string[] = []) => runCli(['replay', 'session.har', '--no-save', ...args], { cwd: dir, env: { XB_HEADER_KEY: HEADER_KEY } });

/** Recorded credentials a platform (or a planted file) put on the request. */
const recordedCredentials = { 'x-hmac-sha256': RECORDED.hmac, 'x-session': RECORDED.session, authorization: `Bearer ${RECORDED.bearer}`, cookie: `sid=${RECORDED.session}`, 'content-type': 'application/json', 'x-trace': 'trace-1' };

describe('xborder replay: where it sends', () => {
  it('with neither merchant.baseUrl nor --target: exit 2 explaining how to name the target, nothing sent', async () => {
    const foreign = await server();
    const dir = project([
      { method: 'GET', url: `${foreign.url}${CART}?merchantCartToken=c1&countryCode=DE&currencyCode=EUR` },
      { method: 'DELETE', url: `${foreign.url}/admin/delete-everything` },
    ]);
    const result = await replay(dir);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('--target');
    expect(result.stderr).toContain('merchant.baseUrl');
    expect(result.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(foreign.received).toEqual([]);
  });

  it('sends only merchant endpoints to the configured merchant, holds back foreign hosts and other paths with a line, and never re-sends recorded credentials', async () => {
    const merchant = await server();
    const foreign = await server();
    const dir = project(
      [
        { method: 'GET', url: `${merchant.url}${CART}?merchantCartToken=c1&countryCode=DE&currencyCode=EUR&session=${RECORDED.query}`, headers: recordedCredentials },
        { method: 'POST', url: `${merchant.url}${ORDER}`, headers: recordedCredentials, body: '{"OrderId":"GE1"}' },
        { method: 'DELETE', url: `${foreign.url}/admin/delete-everything`, headers: recordedCredentials },
        { method: 'POST', url: `${foreign.url}${ORDER}`, body: '{"OrderId":"GE2"}' },
        { method: 'GET', url: `${merchant.url}/healthz` },
      ],
      merchant.url,
    );
    const result = await replay(dir, ['--quiet']);
    expect([0, 1]).toContain(result.code);
    expect(foreign.received).toEqual([]);
    expect(merchant.received.map((r) => `${r.method} ${r.url}`)).toEqual([`GET ${CART}?merchantCartToken=c1&countryCode=DE&currencyCode=EUR`, `POST ${ORDER}`]);
    for (const r of merchant.received) {
      expect(r.headers['x-merchant-key']).toBe(HEADER_KEY);
      for (const name of ['x-hmac-sha256', 'x-session', 'authorization', 'cookie']) expect(r.headers[name], name).toBeUndefined();
      expect(r.headers['x-trace']).toBe('trace-1');
    }
    expect(merchant.received[1]!.body).toBe('{"OrderId":"GE1"}');
    // Each held entry is named with its reason, --quiet included.
    expect(result.stderr).toMatch(new RegExp(`not replayed \\(1\\): recorded for ${foreign.url}, which is not the target ${merchant.url}.*: #3 DELETE /admin/delete-everything\n`));
    expect(result.stderr).toMatch(new RegExp(`not replayed \\(1\\): recorded for ${foreign.url}, which is not the target ${merchant.url}.*--target URL.*: #4 POST ${ORDER}\n`));
    expect(result.stderr).toMatch(/not replayed \(1\): not a merchant endpoint.*--all.*#5 GET \/healthz/);
    const printed = result.stdout + result.stderr;
    for (const secret of [HEADER_KEY, ...Object.values(RECORDED)]) expect(printed).not.toContain(secret);
  });

  it('--all also sends the other paths recorded for the target, never those of a foreign host', async () => {
    const merchant = await server();
    const foreign = await server();
    const dir = project([{ method: 'GET', url: `${merchant.url}/healthz` }, { method: 'DELETE', url: `${foreign.url}/admin/delete-everything` }], merchant.url);
    const result = await replay(dir, ['--all']);
    expect(result.stderr).not.toContain('internal error');
    expect(foreign.received).toEqual([]);
    expect(merchant.received.map((r) => `${r.method} ${r.url} ${r.headers['x-merchant-key']}`)).toEqual([`GET /healthz ${HEADER_KEY}`]);
    expect(result.stderr).toContain('#2 DELETE /admin/delete-everything');
  });

  it('the origin is the configured one, port included: a HAR naming another port of the same host is not sent there', async () => {
    const other = await server();
    const dir = project([{ method: 'POST', url: `${other.url}${ORDER}`, body: '{"OrderId":"GE1"}' }], 'http://127.0.0.1');
    const result = await replay(dir);
    expect(other.received).toEqual([]);
    expect(result.stderr).toContain(`recorded for ${other.url}, which is not the target http://127.0.0.1`);
    expect(result.stdout + result.stderr).not.toContain(HEADER_KEY);
  });

  it("--target sends the recording's merchant calls to the target's origin, and nothing to the recorded host", async () => {
    const recordedAt = await server();
    const target = await server();
    const dir = project([{ method: 'GET', url: `${recordedAt.url}${CART}?merchantCartToken=c1` }, { method: 'GET', url: `${recordedAt.url}/favicon.ico` }]);
    const result = await replay(dir, ['--target', target.url]);
    expect(result.stderr).not.toContain('internal error');
    expect(recordedAt.received).toEqual([]);
    expect(target.received.map((r) => r.url)).toEqual([`${CART}?merchantCartToken=c1`]);
    expect(result.stderr).toContain(`recorded for ${recordedAt.url}, which is not the target ${target.url}`);
  });

  it('an entry whose url is not a URL: exit 2 naming the entry, and nothing is sent', async () => {
    const merchant = await server();
    const dir = project([{ method: 'GET', url: `${merchant.url}${CART}?merchantCartToken=c1` }, { method: 'POST', url: 'order-update-create-url without a host', body: '{}' }], merchant.url);
    const result = await replay(dir);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('entry #2 (log.entries[1])');
    expect(result.stderr).toContain('"order-update-create-url without a host"');
    expect(result.stderr).not.toContain('internal error');
    expect(merchant.received).toEqual([]);
  });

  it('a run folder case whose url is not a URL: exit 2 naming the case', async () => {
    const merchant = await server();
    const dir = project([], merchant.url);
    mkdirSync(join(dir, 'run'));
    const kase = (url: string) => ({ endpoint: 'GetCheckoutCartInfo', variant: 'GET', authMode: 'none', request: { method: 'GET', url, headers: {} }, checks: [] });
    writeFileSync(join(dir, 'run', 'report.json'), JSON.stringify({ summary: {}, cases: [kase(`${merchant.url}${CART}?merchantCartToken=c1`), kase('::not a url::')] }));
    const result = await runCli(['replay', 'run', '--no-save'], { cwd: dir, env: { XB_HEADER_KEY: HEADER_KEY } });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('case #2 (cases[1], GetCheckoutCartInfo GET)');
    expect(result.stderr).not.toContain('internal error');
    expect(merchant.received).toEqual([]);
  });
});

describe('xborder replay: recorded query credentials in another spelling', () => {
  const QUERY_KEY = 'configured-mkey-3f9a21';
  const STOLEN = { upper: 'stolen-upper-8c1d', mixed: 'stolen-mixed-5e7b', encoded: 'stolen-encoded-2a4f', lower: 'stolen-lower-9b3e' };
  const env = { XB_QUERY_KEY: QUERY_KEY };

  it('with query auth `mkey`, a recorded MKEY= or Mkey= (or m%4Bey=) is never sent, only the configured value, and none is printed', async () => {
    const merchant = await server();
    const stolen = `MKEY=${STOLEN.upper}&Mkey=${STOLEN.mixed}&m%4Bey=${STOLEN.encoded}&mkey=${STOLEN.lower}`;
    const dir = project(
      [
        // The recorded answer echoes the request's query, as a debugging merchant does: shown by -v and --compare.
        { method: 'GET', url: `${merchant.url}${CART}?merchantCartToken=c1&countryCode=DE&currencyCode=EUR&${stolen}`, answer: JSON.stringify({ ResponseInfo: { Success: false, Message: `bad request ${Object.values(STOLEN).join(' ')}` } }) },
        { method: 'POST', url: `${merchant.url}${ORDER}?${stolen}`, body: '{"OrderId":"GE1"}', answer: JSON.stringify({ ResponseInfo: { Success: false, Message: `query was ${stolen}` } }) },
      ],
      merchant.url,
      [{ mode: 'query', name: 'mkey', value: '${XB_QUERY_KEY}' }],
    );
    const outputs: string[] = [];
    for (const args of [['-v', '--compare'], ['--json']]) {
      const before = merchant.received.length;
      const result = await runCli(['replay', 'session.har', '--no-save', ...args], { cwd: dir, env });
      // It worked: both entries were sent and judged (the answers fail the schema checks: exit 1).
      expect(result.code, result.stderr).toBe(1);
      expect(merchant.received.length - before).toBe(2);
      outputs.push(result.stdout + result.stderr);
    }
    for (const r of merchant.received) {
      const params = [...new URL(r.url, merchant.url).searchParams];
      expect(params.filter(([name]) => name.toLowerCase() === 'mkey'), r.url).toEqual([['mkey', QUERY_KEY]]);
      for (const value of Object.values(STOLEN)) expect(r.url).not.toContain(value);
    }
    expect(merchant.received.map((r) => r.url.split('?')[0])).toEqual([CART, ORDER, CART, ORDER]);
    // validate reads the same recording: its -v shows the recorded requests, masked.
    const validated = await runCli(['validate', '-v', 'session.har'], { cwd: dir, env });
    expect(validated.code, validated.stderr).toBe(1);
    expect(validated.stdout).toContain('MKEY=****');
    outputs.push(validated.stdout + validated.stderr);
    for (const printed of outputs) {
      for (const secret of [QUERY_KEY, ...Object.values(STOLEN)]) expect(printed).not.toContain(secret);
    }
  });
});

