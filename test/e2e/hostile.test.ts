/**
 * The built CLI against merchants that misbehave at the HTTP level: every one ends in a clear
 * finding and the right exit code, never a crash, never a hang past the timeouts.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../src/mock/running-server.js';
import { runCli } from '../helpers/run-cli.js';
import { closedPort } from '../http/servers.js';

let server: RunningServer;
let dir: string;

const cart = JSON.stringify({ productsList: [{ ProductCode: 'SKU-1', Name: 'Thing', OrderedQuantity: 1, SalePrice: 10, OriginalSalePrice: 10 }], currencyCode: 'EUR', CountryCode: 'DE' });

function json(res: ServerResponse, body: string | Buffer, headers: Record<string, string> = {}): void {
  res.writeHead(200, { 'content-type': 'application/json', ...headers });
  res.end(body);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'xb-hostile-'));
  server = await listen(createServer((req, res) => {
    const behaviour = (req.url ?? '').split('/')[1];
    switch (behaviour) {
      case 'ok': return json(res, cart);
      case 'huge': {
        // 8 MiB of JSON-looking bytes; the CLI runs with --max-body 64k.
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"productsList":[');
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        for (let i = 0; i < 128; i++) res.write(chunk);
        return res.end(']}');
      }
      case 'drip': {
        res.writeHead(200, { 'content-type': 'application/json' });
        const timer = setInterval(() => res.write(' '), 100);
        res.on('close', () => clearInterval(timer));
        return;
      }
      case 'redirect':
        res.writeHead(302, { location: 'https://elsewhere.invalid/cart' });
        return res.end();
      case 'reset':
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
        res.write('{"productsList":[');
        return void setTimeout(() => res.socket?.destroy(), 20);
      case 'html':
        res.writeHead(500, { 'content-type': 'text/html' });
        return res.end('<html><head><title>Internal Server Error</title></head><body>oops</body></html>');
      case 'latin1':
        return json(res, Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xe9, 0x22, 0x7d]));
      case 'gzip':
        return json(res, gzipSync(cart), { 'content-encoding': 'gzip' });
      case 'bomb':
        return json(res, gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20)), { 'content-encoding': 'gzip' });
      case 'empty':
        return json(res, '');
      case 'notgzip':
        return json(res, cart, { 'content-encoding': 'gzip' });
      default:
        res.writeHead(404);
        return res.end();
    }
  }));
});
afterAll(async () => server.close());

async function cartCheck(behaviour: string, ...flags: string[]) {
  const result = await runCli(['check-cart', '--no-negative', '--json', '--merchant-url', `${server.url}/${behaviour}/`, '--timeout', '2s', ...flags], { cwd: dir });
  expect(result.stderr).not.toMatch(/\n\s+at /);
  const report = JSON.parse(result.stdout) as { cases: { checks: { id: string; status: string; findings: { message: string }[] }[] }[] };
  const checks = report.cases[0]!.checks;
  const failed = Object.fromEntries(checks.filter((c) => c.status !== 'passed').map((c) => [c.id, `${c.status}: ${c.findings.map((f) => f.message).join(' | ')}`]));
  return { code: result.code, failed, stderr: result.stderr };
}

describe('hostile merchants', () => {
  it('a normal answer, gzip-compressed, passes', async () => {
    expect((await cartCheck('ok')).code).toBe(0);
    const gz = await cartCheck('gzip');
    expect(gz.failed).toEqual({});
    expect(gz.code).toBe(0);
  });

  it('an oversized body is cut at --max-body and reported', async () => {
    const r = await cartCheck('huge', '--max-body', '64k');
    expect(r.code).toBe(1);
    expect(r.failed['json-body']).toMatch(/65536 bytes|64 KiB|cut/);
  });

  it('a gzip bomb stops at the cap', async () => {
    const r = await cartCheck('bomb', '--max-body', '1MiB');
    expect(r.code).toBe(1);
    expect(r.failed['json-body']).toMatch(/cut|larger/);
  });

  it('a server that drips bytes forever is cut at the total timeout', async () => {
    // The drip never ends: the verdict below names the timeout that cut it (a hang is runCli's kill).
    const r = await cartCheck('drip', '--timeout', '1s');
    expect(r.code).toBe(1);
    expect(r.failed['within-timeout']).toMatch(/failed/);
  });

  it('a redirect is reported, not followed', async () => {
    const r = await cartCheck('redirect');
    expect(r.code).toBe(1);
    expect(r.failed['status-200']).toMatch(/does not follow redirects/);
  });

  it('a reset mid-body is errored with the cause: exit 3', async () => {
    const r = await cartCheck('reset');
    expect(r.code).toBe(3);
    expect(r.failed.reachable).toMatch(/errored: the answer broke off after HTTP 200/);
  });

  it('a body labelled gzip that is not gzip fails json-body (the merchant sent it broken): exit 1', async () => {
    const r = await cartCheck('notgzip');
    expect(r.code).toBe(1);
    expect(r.failed['json-body']).toMatch(/failed: the body cannot be decoded/);
  });

  it('an HTML error page, invalid UTF-8 and an empty body are findings', async () => {
    const html = await cartCheck('html');
    expect(html.code).toBe(1);
    // An error status is the verdict; the merchant's error body is named in it, not failed again.
    expect(html.failed['status-200']).toMatch(/failed: expected HTTP 200 for a valid request, got 500 with an HTML page "Internal Server Error"/);
    expect(html.failed['json-body']).toBeUndefined();
    const latin1 = await cartCheck('latin1');
    expect(latin1.failed['json-body']).toMatch(/UTF-8/);
    const empty = await cartCheck('empty');
    expect(empty.failed['json-body']).toMatch(/empty/i);
  });

  it('warns on every run with --insecure, and for plain http to a remote host', async () => {
    const r = await cartCheck('ok', '--insecure');
    expect(r.stderr).toMatch(/warning: .*insecure|TLS/i);
    const remote = await runCli(['check-cart', '--no-negative', '--merchant-url', 'http://merchant.invalid/', '--timeout', '2s', '--json'], { cwd: dir });
    expect(remote.stderr).toMatch(/warning: .*http/i);
    expect(remote.code).toBe(3);
  });
});

/**
 * The platform side through the CLI: `gift-card validate` and `platform call` against endpoints
 * that misbehave at the HTTP level, over TLS and through proxies.
 */
describe('hostile platform endpoints (gift-card validate, platform call)', () => {
  const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';
  const answer = JSON.stringify({ IsValid: false, Balance: null, CurrencyCode: null, IsGlobalEGiftCard: false, ErrorCode: 'CARD_NOT_FOUND', ErrorText: 'unknown' });
  let platform: RunningServer;
  let redirectTargetHits = 0;
  let tlsDir: string;
  let secure: RunningServer;
  let closingProxy: RunningServer;
  let proxyConnects = 0;

  beforeAll(async () => {
    platform = await listen(createServer((req, res) => {
      req.resume();
      const behaviour = (req.url ?? '').split(/[/?]/)[1];
      switch (behaviour) {
        case 'ok': return json(res, answer);
        case 'gzip': return json(res, gzipSync(answer), { 'content-encoding': 'gzip' });
        case 'br': return json(res, brotliCompressSync(answer), { 'content-encoding': 'br' });
        case 'huge': {
          res.writeHead(200, { 'content-type': 'application/json' });
          for (let i = 0; i < 64; i++) res.write(Buffer.alloc(64 * 1024, 0x20));
          return res.end('{}');
        }
        case 'bomb': return json(res, gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20)), { 'content-encoding': 'gzip' });
        case 'silent': return; // accepts, never answers
        case 'drip': {
          res.writeHead(200, { 'content-type': 'application/json' });
          const timer = setInterval(() => res.write(' '), 100);
          return res.on('close', () => clearInterval(timer));
        }
        case 'redirect':
          res.writeHead(307, { location: `http://127.0.0.1:${(req.socket.localPort ?? 0)}/target` });
          return res.end();
        case 'target':
          redirectTargetHits++;
          return json(res, answer);
        case 'html':
          res.writeHead(502, { 'content-type': 'text/html' });
          return res.end('<!doctype html><html><head><title>Bad Gateway</title></head><body>nginx</body></html>');
        case 'latin1': return json(res, Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xe9, 0x22, 0x7d]));
        case 'empty': return json(res, '');
        case 'truncated': return json(res, '{"IsValid": true, "Bal');
        case 'text': res.writeHead(200, { 'content-type': 'text/plain' }); return res.end(answer);
        case 'reset': return req.socket.destroy();
        default: res.writeHead(404); return res.end();
      }
    }));
    tlsDir = mkdtempSync(join(tmpdir(), 'xb-hostile-tls-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', join(tlsDir, 'key.pem'),
      '-out', join(tlsDir, 'cert.pem'), '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'], { stdio: 'pipe' });
    secure = await listen(createHttpsServer({ cert: readFileSync(join(tlsDir, 'cert.pem')), key: readFileSync(join(tlsDir, 'key.pem')) }, (req, res) => {
      req.resume();
      json(res, answer);
    }) as unknown as Server);
    const proxyServer = createServer();
    proxyServer.on('connect', (_req, socket: Socket) => {
      proxyConnects++;
      socket.destroy();
    });
    closingProxy = await listen(proxyServer);
  });
  afterAll(async () => {
    await Promise.all([platform.close(), secure.close(), closingProxy.close()]);
    rmSync(tlsDir, { recursive: true, force: true });
  });

  async function giftCard(url: string, ...flags: string[]) {
    const started = Date.now();
    const r = await runCli(['gift-card', 'validate', '--json', '--url', url, '--merchant-guid', GUID, '--card-id', 'XB-GC-1', '--country', 'DE', '--timeout', '3s', ...flags], { cwd: dir });
    expect(r.stderr).not.toMatch(/\n\s+at |internal error/);
    const report = JSON.parse(r.stdout) as { cases: { checks: { id: string; status: string; findings: { message: string }[] }[] }[] };
    const failed = Object.fromEntries(report.cases[0]!.checks.filter((c) => c.status !== 'passed').map((c) => [c.id, `${c.status}: ${c.findings.map((f) => f.message).join(' | ')}`]));
    return { code: r.code, failed, stderr: r.stderr, ms: Date.now() - started };
  }

  it('gzip and br answers within the cap conform; oversized bodies and bombs are cut at --max-body', async () => {
    for (const b of ['ok', 'gzip', 'br']) expect(await giftCard(`${platform.url}/${b}`), b).toMatchObject({ code: 0, failed: {} });
    for (const b of ['huge', 'bomb']) {
      const r = await giftCard(`${platform.url}/${b}`, '--max-body', '64k');
      expect(r.code, b).toBe(1);
      expect(r.failed['json-body'], b).toMatch(/larger than 65536 bytes; cut/);
    }
  });

  it('separate first-byte and total timeouts: a silent server is cut at --first-byte-timeout, a dripping one at --timeout', async () => {
    const silent = await giftCard(`${platform.url}/silent`, '--first-byte-timeout', '300ms', '--timeout', '20s');
    expect(silent.code).toBe(1);
    expect(silent.failed['within-timeout']).toMatch(/sent no response headers within 300 ms/);
    // Cut by the first-byte timeout, not the 20 s total one: the message says which.
    const drip = await giftCard(`${platform.url}/drip`, '--first-byte-timeout', '300ms', '--timeout', '1s');
    expect(drip.code).toBe(1);
    expect(drip.failed['within-timeout']).toMatch(/did not finish within 1000 ms/);
  });

  it('a redirect is reported and never followed', async () => {
    const r = await giftCard(`${platform.url}/redirect`);
    expect(r.code).toBe(1);
    expect(r.failed['status-200']).toMatch(/redirect/);
    expect(redirectTargetHits).toBe(0);
  });

  it('HTML, invalid UTF-8, empty, truncated and wrongly labelled bodies are named', async () => {
    expect((await giftCard(`${platform.url}/html`)).failed['json-body']).toMatch(/HTML page.*Bad Gateway/);
    expect((await giftCard(`${platform.url}/latin1`)).failed['json-body']).toMatch(/not valid UTF-8: byte 6/);
    expect((await giftCard(`${platform.url}/empty`)).failed['json-body']).toMatch(/empty/);
    expect((await giftCard(`${platform.url}/truncated`)).failed['json-body']).toMatch(/ends early/);
    const text = await giftCard(`${platform.url}/text`);
    expect(text.code).toBe(1);
    expect(text.failed['content-type-json']).toMatch(/not labelled as JSON/);
  });

  it('refused, unknown host and reset are errored with the cause (exit 3); --retries retries only those that never started', async () => {
    const port = await closedPort();
    const refused = await giftCard(`http://127.0.0.1:${port}/v`, '--retries', '2', '--retry-interval', '200ms');
    expect(refused.code).toBe(3);
    expect(refused.failed.reachable).toMatch(/errored: .*connection refused by 127\.0\.0\.1:\d+ \(3 attempts, 200 ms apart\)/);
    expect(refused.ms).toBeGreaterThanOrEqual(400);
    const dns = await giftCard('http://platform.invalid/v');
    expect(dns.code).toBe(3);
    expect(dns.failed.reachable).toMatch(/DNS lookup failed for platform\.invalid/);
    // A retried reset would say how many attempts it made (as the refused one above does).
    const reset = await giftCard(`${platform.url}/reset`, '--retries', '3', '--retry-interval', '10s');
    expect(reset.code).toBe(3);
    expect(reset.failed.reachable).toMatch(/closed the connection/);
    expect(reset.failed.reachable).not.toMatch(/attempt/); // a reset is never retried
  }, 60_000);

  it('TLS is verified by default; --ca trusts a private CA; --insecure works and warns on every run', async () => {
    const strict = await giftCard(`${secure.url.replace('http:', 'https:')}/v`);
    expect(strict.code).toBe(3);
    expect(strict.failed.reachable).toMatch(/TLS failure/);
    expect((await giftCard(`${secure.url.replace('http:', 'https:')}/v`, '--ca', join(tlsDir, 'cert.pem'))).code).toBe(0);
    for (let i = 0; i < 2; i++) {
      const insecure = await giftCard(`${secure.url.replace('http:', 'https:')}/v`, '--insecure');
      expect(insecure.code).toBe(0);
      expect(insecure.stderr).toMatch(/warning: TLS certificate verification is disabled/);
    }
    const remote = await runCli(['platform', 'call', 'Countries', '--platform-url', 'http://platform.invalid', '--merchant-guid', GUID], { cwd: dir });
    expect(remote.stderr).toMatch(/warning: http:\/\/platform\.invalid is plain http:\/\//);
    expect(remote.code).toBe(3);
  }, 60_000); // six runs of the CLI: a loaded machine takes seconds for each

  it('a proxy that hangs up on CONNECT ends the call at once (exit 3), naming the proxy and not its password', async () => {
    const proxy = closingProxy.url.replace('http://', 'http://bob:Pr0xyPass-731@');
    const r = await runCli(['platform', 'call', 'Countries', '--platform-url', `${secure.url.replace('http:', 'https:')}`, '--merchant-guid', GUID, '--proxy', proxy, '--timeout', '20s'], { cwd: dir });
    expect(r.code).toBe(3);
    // Whitespace normalised: the finding's line (with its ERROR label) may wrap anywhere in the detail.
    expect(r.stdout.replace(/\s+/g, ' ')).toContain(`the proxy ${closingProxy.url.replace('http://', '')} closed the connection instead of opening a tunnel`);
    expect(r.stdout + r.stderr).not.toContain('Pr0xyPass-731');
    expect(proxyConnects).toBeLessThanOrEqual(2);
  });
});
