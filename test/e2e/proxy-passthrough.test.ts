/**
 * End to end: `xborder proxy` passes an exchange through as it was sent, and records what the caller
 * saw. Against the built CLI: the reason phrase, repeated response headers and trailers reach the
 * caller; a second Authorization and Content-Type, a GET's body and a large upload with
 * `Expect: 100-continue` reach the merchant; a caller that leaves mid-answer still gets its exchange
 * logged, recorded and counted; the HAR keeps a binary body as base64, an answer broken off mid-body
 * with its status, headers and partial body, and an undecodable gzip body raw; an unwritable --har
 * or --out is refused before the proxy listens.
 */
import http from 'node:http';
import { createHash, randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { proxyProject, recordingServer, startProxyCli } from '../helpers/proxy-cli.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

async function merchant(answer: Parameters<typeof recordingServer>[0]): Promise<Awaited<ReturnType<typeof recordingServer>>> {
  const s = await recordingServer(answer);
  closers.push(() => s.close());
  return s;
}

/** curl with `args`: the status code it got and the body. */
function curl(args: string[]): Promise<{ status: string; body: string }> {
  return new Promise((resolve) => {
    execFile('/usr/bin/curl', ['-s', '-o', '-', '-w', '\n%{http_code}', '--max-time', '30', ...args], { maxBuffer: 1 << 24 }, (_err, stdout) => {
      const at = stdout.lastIndexOf('\n');
      resolve({ body: stdout.slice(0, at), status: stdout.slice(at + 1) });
    });
  });
}

/** A GET with node's client: status line, raw headers, raw trailers and the bytes, or how it ended early. */
function get(url: string): Promise<{ status: number; statusMessage: string; rawHeaders: string[]; rawTrailers: string[]; body: Buffer; broken: boolean }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        const chunks: Buffer[] = [];
        const done = (broken: boolean) => resolve({ status: res.statusCode!, statusMessage: res.statusMessage!, rawHeaders: res.rawHeaders, rawTrailers: res.rawTrailers, body: Buffer.concat(chunks), broken });
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(false));
        res.on('error', () => done(true));
        res.on('aborted', () => done(true));
      })
      .on('error', reject);
  });
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const pairsOf = (raw: string[]) => raw.flatMap((v, i) => (i % 2 === 0 ? [[v.toLowerCase(), raw[i + 1]!] as const] : []));
type HarFile = { log: { entries: { request: { url: string; headers: { name: string; value: string }[] }; response: { status: number; statusText: string; headers: { name: string; value: string }[]; content: { text?: string; encoding?: string; comment?: string; _partial?: boolean }; _error?: string; _trailers?: { name: string; value: string }[] } }[] } };

/** Echoes what came, the platform's credentials included (the HAR must still mask them). */
const echo: Parameters<typeof recordingServer>[0] = (_req, res, got) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ headers: got.rawHeaders, bytes: got.body.length }));
};

describe('xborder proxy passes exchanges through', () => {
  it('gives the caller the reason phrase, repeated headers and trailers as the merchant sent them', async () => {
    const m = await merchant((_req, res) => {
      res.writeHead(203, 'Fine By Me', ['X-Dup', 'one', 'X-Dup', 'two', 'Trailer', 'X-Checksum', 'Content-Type', 'text/plain']);
      res.write('part1-');
      res.addTrailers([['X-Checksum', 'c0ffee']]);
      res.end('part2');
    });
    const dir = proxyProject(m.url);
    const proxy = await startProxyCli(['--target', m.url, '--count', '1', '--no-save', '--har', 'pass.har'], dir);
    const got = await get(`${proxy.url}/trailers`);
    await proxy.done;
    expect(got.status).toBe(203);
    expect(got.statusMessage).toBe('Fine By Me');
    expect(pairsOf(got.rawHeaders).filter(([n]) => n === 'x-dup')).toEqual([['x-dup', 'one'], ['x-dup', 'two']]);
    expect(got.body.toString()).toBe('part1-part2');
    expect(got.rawTrailers).toEqual(['X-Checksum', 'c0ffee']);
    const entry = (JSON.parse(readFileSync(join(dir, 'pass.har'), 'utf8')) as HarFile).log.entries[0]!;
    expect(entry.response.statusText).toBe('Fine By Me');
    expect(entry.response.headers.filter((h) => h.name === 'X-Dup').map((h) => h.value)).toEqual(['one', 'two']);
    expect(entry.response._trailers).toEqual([{ name: 'X-Checksum', value: 'c0ffee' }]);
  }, 60_000);

  it('passes a second Authorization and Content-Type to the merchant, and masks both credentials everywhere', async () => {
    const m = await merchant(echo);
    const dir = proxyProject(m.url);
    const proxy = await startProxyCli(['--target', m.url, '--count', '1', '--no-save', '--har', 'twice.har'], dir);
    const twice = await curl(['-H', 'Authorization: Bearer first-token-aa11', '-H', 'Authorization: Bearer second-token-bb22', '-H', 'Content-Type: application/json', '-H', 'Content-Type: text/plain', '--data-binary', '{"a":1}', `${proxy.url}/twice`]);
    expect(twice.status).toBe('200');
    const result = await proxy.done;
    const sent = pairsOf(m.got[0]!.rawHeaders);
    expect(sent.filter(([n]) => n === 'authorization')).toEqual([['authorization', 'Bearer first-token-aa11'], ['authorization', 'Bearer second-token-bb22']]);
    expect(sent.filter(([n]) => n === 'content-type')).toEqual([['content-type', 'application/json'], ['content-type', 'text/plain']]);
    // The merchant echoed both credentials: each is masked in the HAR and the output.
    const harText = readFileSync(join(dir, 'twice.har'), 'utf8');
    for (const text of [harText, result.stdout, result.stderr]) {
      expect(text).not.toContain('first-token-aa11');
      expect(text).not.toContain('second-token-bb22');
    }
    const entry = (JSON.parse(harText) as HarFile).log.entries[0]!;
    expect(entry.request.headers.filter((h) => h.name.toLowerCase() === 'authorization').map((h) => h.value)).toEqual(['****', '****']);
  }, 60_000);

  it("refuses a GET's body (issue 34: the platform sends none; a merchant ignoring it would read it as a second request)", async () => {
    const m = await merchant(echo);
    const dir = proxyProject(m.url);
    const proxy = await startProxyCli(['--target', m.url, '--count', '1', '--no-save'], dir);
    const got = await curl(['-X', 'GET', '-H', 'content-type: text/plain', '--data-binary', 'a body on a GET', `${proxy.url}/get-with-body`]);
    expect(got.status).toBe('400');
    expect(m.got).toEqual([]);
    proxy.interrupt();
    const result = await proxy.done;
    expect(result.stderr).toContain('400 GET /get-with-body  refused: a GET request with a body');
  }, 60_000);

  it('takes an upload over 1 MiB with Expect: 100-continue (curl adds it) instead of answering 502', async () => {
    const m = await merchant(echo);
    const dir = proxyProject(m.url);
    const upload = randomBytes(1100 * 1024);
    writeFileSync(join(dir, 'upload.bin'), upload);
    const proxy = await startProxyCli(['--target', m.url, '--count', '1', '--no-save'], dir);
    const big = await curl(['-H', 'Expect: 100-continue', '-H', 'content-type: application/octet-stream', '--data-binary', `@${join(dir, 'upload.bin')}`, `${proxy.url}/upload`]);
    await proxy.done;
    expect(big.status).toBe('200');
    expect(JSON.parse(big.body).bytes).toBe(upload.length);
    expect(sha(m.got[0]!.body)).toBe(sha(upload));
  }, 60_000);

  it('logs, records and counts an exchange whose caller left mid-answer', async () => {
    let callerGone: () => void = () => undefined;
    const gone = new Promise<void>((r) => (callerGone = r));
    const m = await merchant((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"part":');
      // The rest comes after the caller has hung up.
      void gone.then(() => setTimeout(() => res.end('"rest"}'), 300));
    });
    const dir = proxyProject(m.url);
    const proxy = await startProxyCli(['--target', m.url, '--count', '1', '--no-save', '--har', 'left.har'], dir);
    await new Promise<void>((resolve, reject) => {
      const req = http.get(`${proxy.url}/slow`, { agent: false }, (res) => res.once('data', () => req.destroy()));
      req.on('close', () => (callerGone(), resolve()));
      req.on('error', () => undefined);
      setTimeout(() => reject(new Error('no answer')), 20_000);
    });
    const result = await Promise.race([proxy.done, new Promise<undefined>((r) => setTimeout(() => r(undefined), 20_000))]);
    proxy.interrupt();
    expect(result, 'the proxy never counted the exchange').toBeDefined();
    expect(result!.stderr).toMatch(/200 GET \/slow .*\(the caller disconnected before the whole answer reached it\)/);
    const entry = (JSON.parse(readFileSync(join(dir, 'left.har'), 'utf8')) as HarFile).log.entries[0]!;
    expect(entry.response.status).toBe(200);
    // The merchant's whole answer is judged and recorded, flagged as not all seen by the caller.
    expect(entry.response.content.text).toBe('{"part":"rest"}');
    expect(entry.response.content.comment).toContain('the caller disconnected');
  }, 60_000);

  /** One exchange through a proxy recording `name`.har; the caller's view and the HAR entry. */
  async function recorded(answer: Parameters<typeof recordingServer>[0], name: string) {
    const m = await merchant(answer);
    const dir = proxyProject(m.url);
    const proxy = await startProxyCli(['--target', m.url, '--count', '1', '--no-save', '--har', `${name}.har`], dir);
    const got = await get(`${proxy.url}/${name}`);
    const result = await proxy.done;
    expect(result.code, result.stderr).not.toBeNull();
    return { got, entry: (JSON.parse(readFileSync(join(dir, `${name}.har`), 'utf8')) as HarFile).log.entries[0]! };
  }

  it('records a binary body as base64', async () => {
    const binary = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));
    const { got, entry } = await recorded((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(binary);
    }, 'binary');
    expect(got.body.equals(binary)).toBe(true);
    expect(entry.response.content.encoding).toBe('base64');
    expect(Buffer.from(entry.response.content.text!, 'base64').equals(binary)).toBe(true);
  }, 60_000);

  it('records an answer broken off mid-body with its status, headers and partial body, flagged', async () => {
    const { got, entry } = await recorded((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"partial":', () => setTimeout(() => res.socket?.destroy(), 50));
    }, 'broken');
    expect(got.status).toBe(200);
    expect(got.broken).toBe(true);
    expect(entry.response.status).toBe(200);
    expect(entry.response.headers).toContainEqual({ name: 'content-length', value: '100' });
    expect(entry.response.content.text).toBe('{"partial":');
    expect(entry.response.content._partial).toBe(true);
    expect(entry.response.content.comment).toContain('broke off');
    expect(entry.response._error).toMatch(/^ECONNRESET/);
  }, 60_000);

  it('records a gzip body that does not decode raw, as the caller got it', async () => {
    const notGzip = Buffer.from('this is not gzip at all \u0000\u0001\u00ff', 'latin1');
    const { got, entry } = await recorded((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(notGzip);
    }, 'bad-gzip');
    expect(got.body.equals(notGzip)).toBe(true);
    expect(entry.response.content.encoding).toBe('base64');
    expect(Buffer.from(entry.response.content.text!, 'base64').equals(notGzip)).toBe(true);
    expect(entry.response.content.comment).toContain('does not decode');
  }, 60_000);

  it('refuses an unwritable --har or --out before it listens (exit 2, one paragraph)', async () => {
    const m = await merchant((_q, r) => r.end('ok'));
    const dir = proxyProject(m.url);
    mkdirSync(join(dir, 'a-dir'));
    mkdirSync(join(dir, 'full'));
    writeFileSync(join(dir, 'full', 'old-report.json'), '{}');
    writeFileSync(join(dir, 'a-file'), 'x');
    const cases: [string[], RegExp][] = [
      [['--har', 'missing-dir/s.har', '--no-save'], /^--har missing-dir\/s\.har: its directory .*missing-dir does not exist/],
      [['--har', 'a-dir', '--no-save'], /^--har a-dir: it is a directory/],
      [['--har', 'a-file/s.har', '--no-save'], /^--har a-file\/s\.har: .*a-file is not a directory/],
      [['--out', 'a-file'], /^--out a-file: it is not a directory/],
      [['--out', 'full'], /^--out full: the directory is not empty/],
    ];
    for (const [flags, message] of cases) {
      const result = await runCli(['proxy', '--target', m.url, '--port', '0', ...flags], { cwd: dir, timeoutMs: 20_000 });
      expect(result.code, `${flags.join(' ')}: ${result.stderr}`).toBe(2);
      expect(result.stderr).not.toContain('listening on');
      // The discovered config is named first; then one line says what is wrong.
      const lines = result.stderr.trim().split('\n').filter((l) => !l.startsWith('config: '));
      expect(lines).toHaveLength(1);
      expect(lines[0]!.replace(/^xborder: /, '')).toMatch(message);
    }
  }, 120_000);
});
