/**
 * The built CLI against merchants that misbehave at the HTTP level: every one ends in a clear
 * finding and the right exit code, never a crash, never a hang past the timeouts.
 */
import { mkdtempSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../src/mock/running-server.js';
import { runCli } from '../helpers/run-cli.js';

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
    const started = Date.now();
    const r = await cartCheck('drip', '--timeout', '1s');
    expect(Date.now() - started).toBeLessThan(8000);
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
    expect(r.failed.reachable).toMatch(/errored/);
  });

  it('an HTML error page, invalid UTF-8 and an empty body are findings', async () => {
    const html = await cartCheck('html');
    expect(html.code).toBe(1);
    expect(html.failed['json-body']).toMatch(/HTML/i);
    expect(html.failed['status-200']).toMatch(/failed/);
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
