/**
 * Issue 24, credentials seen on the wire, against the built CLI on 127.0.0.1: the platform's Basic
 * credential (also decoded: `user:password`, the password) and credential-shaped headers and body
 * keys (`x-hmac-sha256`, `x-session`, `ocp-apim-subscription-key`, `apiSecret`, `webhookSecret`, the
 * merchant's `x-api-key`) reach no output of `proxy` (live lines, --json, HAR, run folder with
 * reproduce.sh, report.json, report.html), of `validate FILE.har --json / -v` on a recording made in
 * clear (devtools), nor of `check-cart -v --json`. Cart tokens and the interface's ids stay visible.
 */
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../src/mock/running-server.js';
import { filesUnder } from '../helpers/files-under.js';
import { runCli } from '../helpers/run-cli.js';
import { startProxyCli } from '../helpers/proxy-cli.js';

const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';
const BASIC_PASSWORD = 'BASICPW22';
const BASIC = `Basic ${Buffer.from(`user:${BASIC_PASSWORD}`).toString('base64')}`;
/** What the platform sends (request) and the merchant answers (response), each under a credential-shaped name. */
const REQUEST_HEADERS = { 'x-hmac-sha256': 'REQHMAC-777777', 'x-session': 'REQSESS-888888', 'ocp-apim-subscription-key': 'OCPKEY-999999', 'x-amz-security-token': 'AMZTOK-121212' };
const REQUEST_KEYS = { apiSecret: 'REQAPISEC-111111', webhookSecret: 'REQWHSEC-222222' };
const RESPONSE_HEADERS = { 'x-api-key': 'RESPKEY-998877', 'x-hmac-sha256': 'RESPHMAC-1234567', 'x-session': 'RESPSESS-abcdef' };
const RESPONSE_KEYS = { apiSecret: 'RESPAPISEC-55555', webhookSecret: 'RESPWHSEC-66666', sessionToken: 'RESPSESSTOK-4444' };
/** Not credentials: stay visible. */
const VISIBLE = { merchantCartToken: 'CT-visible-0042', CartId: 'CARTID-visible-7', OrderId: 'GE900000001DE' };

const SECRETS = [BASIC_PASSWORD, `user:${BASIC_PASSWORD}`, BASIC.slice(6), ...Object.values(REQUEST_HEADERS), ...Object.values(REQUEST_KEYS), ...Object.values(RESPONSE_HEADERS), ...Object.values(RESPONSE_KEYS)];

let dir: string;
let merchant: RunningServer;

/** Every secret, raw and base64 (whole), found in `text`. */
function leaks(text: string): string[] {
  return SECRETS.flatMap((s) => [s, Buffer.from(s).toString('base64').replace(/=+$/, '')]).filter((form) => text.includes(form));
}

/** A POST of the order through `url` with the platform's credentials. */
function postOrder(url: string): Promise<number> {
  const body = JSON.stringify({ ...VISIBLE, ...REQUEST_KEYS });
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}/order-update-create-url`, { method: 'POST', agent: false, headers: { authorization: BASIC, 'content-type': 'application/json', ...REQUEST_HEADERS } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    req.end(body);
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'xb-wire-credentials-'));
  merchant = await listen(
    createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        // A refusal answered with 200 (a failed check, so the case gets its reproduce.sh), echoing the decoded Basic credential.
        const basic = /^Basic (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
        const seen = basic ? Buffer.from(basic, 'base64').toString('utf8') : 'nobody';
        res.writeHead(200, { 'content-type': 'application/json', ...RESPONSE_HEADERS });
        res.end(JSON.stringify({ ResponseInfo: { Success: false, ErrorCode: 'AUTH', Message: `refused ${seen}` }, ...RESPONSE_KEYS, ...VISIBLE }));
      });
    }),
  );
  writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({ merchantGUID: GUID, merchant: { baseUrl: merchant.url }, auth: [{ mode: 'none' }], timeoutMs: 10_000 }));
});

afterAll(async () => {
  await merchant?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('credentials seen on the wire are masked in every output', () => {
  it('proxy: live lines, --json, HAR, run folder (reproduce.sh, report.json, report.html)', async () => {
    const { url, done } = await startProxyCli(['--target', merchant.url, '--count', '1', '--har', 'wire.har', '--out', 'wire-run', '--json', '-v', '--html', 'wire.html'], dir);
    expect(await postOrder(url)).toBe(200);
    const proxy = await done;
    expect(proxy.code).toBe(1);
    const outputs = [{ name: 'stdout', text: proxy.stdout }, { name: 'stderr', text: proxy.stderr }, { name: 'wire.har', text: readFileSync(join(dir, 'wire.har'), 'utf8') }, { name: 'wire.html', text: readFileSync(join(dir, 'wire.html'), 'utf8') }, ...filesUnder(join(dir, 'wire-run')).map((f) => ({ name: f, text: readFileSync(join(dir, 'wire-run', f), 'utf8') }))];
    expect(outputs.map((o) => o.name)).toEqual(expect.arrayContaining(['report.json', 'report.html']));
    expect(outputs.flatMap((o) => leaks(o.text).map((l) => `${o.name}: ${l}`))).toEqual([]);
    // The script asks for the recorded credentials instead of writing them.
    const script = outputs.find((o) => o.name.endsWith('reproduce.sh'))!.text;
    expect(script).toContain('-u "user:${XBORDER_FILL_BASIC_PASSWORD:?');
    expect(script).toContain('-H "x-hmac-sha256: ${XBORDER_FILL_X_HMAC_SHA256:?');
    // The ids and cart tokens stay readable in the recording.
    const har = outputs.find((o) => o.name === 'wire.har')!.text;
    for (const id of Object.values(VISIBLE)) expect(har).toContain(id);
  });

  it('validate FILE.har --json and -v on a recording made in clear', async () => {
    const header = (o: Record<string, string>) => Object.entries(o).map(([name, value]) => ({ name, value }));
    const entry = {
      startedDateTime: new Date().toISOString(), time: 5,
      request: { method: 'POST', url: `${merchant.url}/order-update-create-url`, httpVersion: 'HTTP/1.1', cookies: [], headers: header({ authorization: BASIC, 'content-type': 'application/json', ...REQUEST_HEADERS }), queryString: [], postData: { mimeType: 'application/json', text: JSON.stringify({ ...VISIBLE, ...REQUEST_KEYS }) }, headersSize: -1, bodySize: -1 },
      response: { status: 200, statusText: 'OK', httpVersion: 'HTTP/1.1', cookies: [], headers: header({ 'content-type': 'application/json', ...RESPONSE_HEADERS }), content: { size: 10, mimeType: 'application/json', text: JSON.stringify({ ResponseInfo: { Success: false, ErrorCode: 'AUTH', Message: `refused user:${BASIC_PASSWORD}` }, ...RESPONSE_KEYS, ...VISIBLE }) }, redirectURL: '', headersSize: -1, bodySize: -1 },
      cache: {}, timings: { send: 0, wait: 5, receive: 0 },
    };
    writeFileSync(join(dir, 'devtools.har'), JSON.stringify({ log: { version: '1.2', creator: { name: 'devtools', version: '1' }, entries: [entry] } }));
    const [json, verbose] = await Promise.all([runCli(['validate', 'devtools.har', '--json'], { cwd: dir }), runCli(['validate', 'devtools.har', '-v'], { cwd: dir })]);
    expect(json.code).toBe(1);
    expect(verbose.code).toBe(1);
    const report = JSON.parse(json.stdout);
    expect(report.cases).toHaveLength(1);
    expect(leaks(json.stdout + json.stderr + verbose.stdout + verbose.stderr)).toEqual([]);
    expect(json.stdout).toContain(VISIBLE.CartId);
  });

  it('replay --compare of that recording: the recorded answers echo the Basic credential', async () => {
    const [table, json] = await Promise.all([
      runCli(['replay', 'devtools.har', '--compare', '-v', '--no-save'], { cwd: dir }),
      runCli(['replay', 'devtools.har', '--compare', '--json', '--no-save'], { cwd: dir }),
    ]);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout).cases).toHaveLength(1);
    expect(leaks(table.stdout + table.stderr + json.stdout + json.stderr)).toEqual([]);
  });

  it('check-cart -v --json against a merchant answering credential headers and keys', async () => {
    const result = await runCli(['check-cart', '--json', '-v', '--no-save'], { cwd: dir });
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout);
    expect(JSON.stringify(report.cases[0].responseHeaders ?? {})).toContain('x-hmac-sha256');
    expect(leaks(result.stdout + result.stderr)).toEqual([]);
    expect(result.stdout).toContain(VISIBLE.merchantCartToken);
  });
});
