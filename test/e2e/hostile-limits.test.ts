/**
 * The built CLI against hostile input and hostile targets: every case ends with one clear message
 * and the contract's exit code (2 for input, configuration and output targets), never a stack trace,
 * a RangeError, "Maximum call stack size exceeded" or exit 70. Huge inputs are sparse files.
 */
import { spawn } from 'node:child_process';
import { closeSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { createServer } from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../src/mock/running-server.js';
import { BIN, runCli, type CliResult } from '../helpers/run-cli.js';

const cart = JSON.stringify({ productsList: [{ ProductCode: 'SKU-1', Name: 'Thing', OrderedQuantity: 1, SalePrice: 10, OriginalSalePrice: 10 }], currencyCode: 'EUR', CountryCode: 'DE' });
let dir: string;
let server: RunningServer;
let interim: net.Server;
let interimUrl: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'xb-limits-e2e-'));
  server = await listen(createServer((req, res) => {
    const behaviour = (req.url ?? '').split('/')[1];
    if (behaviour === 'not-modified') {
      res.writeHead(304, { etag: '"v1"' });
      return res.end();
    }
    if (behaviour === 'stacked') {
      // gzip applied five times, and said so.
      let body = Buffer.from(cart);
      for (let i = 0; i < 5; i++) body = gzipSync(body);
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip, gzip, gzip, gzip, gzip' });
      return res.end(body);
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(cart);
  }));
  // A raw server: "100 Continue" before every answer, as some frameworks and proxies send it unasked.
  interim = net.createServer((socket) => {
    socket.on('data', (data) => {
      if (!data.includes('\r\n\r\n')) return;
      socket.write('HTTP/1.1 100 Continue\r\n\r\n');
      setTimeout(() => socket.write(`HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(cart)}\r\n\r\n${cart}`), 10);
    });
  });
  await new Promise<void>((resolve) => interim.listen(0, '127.0.0.1', resolve));
  interimUrl = `http://127.0.0.1:${(interim.address() as net.AddressInfo).port}`;
});

afterAll(async () => {
  await server.close();
  await new Promise((resolve) => interim.close(resolve));
});

/** One message on stderr, no stack trace, no JavaScript error names. */
function expectOneCleanMessage(r: CliResult): void {
  expect(r.stderr).not.toMatch(/\n\s+at |RangeError|Maximum call stack|internal error|TypeError|Node\.js v/);
}

function file(name: string, content: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

/** `head` then NUL bytes up to `size`: a sparse file, no disk or memory spent. */
function sparse(name: string, head: string, size: number): string {
  const path = join(dir, name);
  const fd = openSync(path, 'w');
  writeSync(fd, head);
  ftruncateSync(fd, size);
  closeSync(fd);
  return path;
}

const offline = ['--merchant-url', 'http://127.0.0.1:9/', '--no-save'];
const nest = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('settings out of range and flags the schema refuses: exit 2 with the accepted range', () => {
  it('every bad flag is named at once, with its range or documented form', async () => {
    const r = await runCli(['check-cart', ...offline, '--timeout', '9999999999', '--connect-timeout', '0', '--first-byte-timeout', '-5', '--retries', '100', '--retry-interval', '1h', '--max-body', '1GiB', '--country', 'ZZZZ', '--currency', '€€'], { cwd: dir });
    expect(r.code).toBe(2);
    expectOneCleanMessage(r);
    expect(r.stderr).toContain('The configuration has 8 problems');
    expect(r.stderr).toContain('--timeout: expected a duration (300000, 30s, 5m) from 1 ms to 2147483647 ms (about 24.8 days), got "9999999999"');
    expect(r.stderr).toContain('--connect-timeout: expected a duration (10000, 10s) from 1 ms to 2147483647 ms');
    expect(r.stderr).toContain('--first-byte-timeout: expected a duration (60s) from 1 ms to 2147483647 ms');
    expect(r.stderr).toContain('--retries: expected a whole number from 0 to 10, got "100"');
    expect(r.stderr).toContain('--retry-interval: expected a duration (60s) from 0 ms to 600000 ms (10 minutes), got "1h"');
    expect(r.stderr).toContain('--max-body: expected a size (10485760, 512k, 10MiB) from 1 byte to 64 MiB, got "1GiB"');
    expect(r.stderr).toContain('--country (config merchant.countryCode): expected a 2-letter ISO 3166 country code such as DE, got "ZZZZ"');
    expect(r.stderr).toContain('--currency (config merchant.currencyCode): expected a 3-letter ISO 4217 currency code such as EUR, got "€€"');
    expect(r.stdout).toBe('');
  });

  it('a config file over the timer limit is refused the same way; so is an XBORDER_ variable', async () => {
    const config = file('big-timeout.json', JSON.stringify({ timeoutMs: 9_999_999_999 }));
    const r = await runCli(['--config', config, 'check-cart', ...offline], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('/timeoutMs: must be <= 2147483647: the accepted range is from 1 ms to 2147483647 ms');
    expect(r.stderr).not.toContain('TimeoutOverflowWarning');
    const env = await runCli(['check-cart', ...offline], { cwd: dir, env: { XBORDER_TIMEOUT: '0' } });
    expect(env.code).toBe(2);
    expect(env.stderr).toContain('XBORDER_TIMEOUT: expected a duration');
  });

  it('a header value with a newline in the config: exit 2 naming the key', async () => {
    const config = file('newline.json', JSON.stringify({ auth: [{ mode: 'header', name: 'X-Merchant-Key', value: '${XB_KEY}' }] }));
    const r = await runCli(['--config', config, 'check-cart', ...offline], { cwd: dir, env: { XB_KEY: 'k-123456\n' } });
    expect(r.code).toBe(2);
    expectOneCleanMessage(r);
    expect(r.stderr).toContain('auth[0].value (header X-Merchant-Key): the value holds a line break (LF) at its end');
    expect(r.stderr).not.toContain('k-123456');
  });

  it('"ca" naming a directory: a config error (exit 2), not an internal error', async () => {
    mkdirSync(join(dir, 'certs'), { recursive: true });
    const config = file('ca-dir.json', JSON.stringify({ ca: 'certs' }));
    const r = await runCli(['--config', config, 'check-cart', ...offline], { cwd: dir });
    expect(r.code).toBe(2);
    expectOneCleanMessage(r);
    expect(r.stderr).toContain('ca: certs is a directory; give the PEM file of the CA certificate');
  });
});

describe('deep nesting anywhere a user gives JSON: exit 2 naming the depth limit', () => {
  it('config, --set value, --file and --body', async () => {
    const config = file('deep-config.json', `{"merchant":{"cartParams":${nest(100_000)}}}`);
    const order = file('deep-order.json', `{"MerchantGUID":"f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77","OrderId":"X1","Extra":${nest(50_000)}}`);
    const runs = await Promise.all([
      runCli(['--config', config, 'check-cart', ...offline], { cwd: dir }),
      runCli(['samples', 'show', 'order-minimal', '--set', `OrderId=${nest(30_000)}`], { cwd: dir }),
      runCli(['post-order', ...offline, '--file', order], { cwd: dir }),
      runCli(['platform', 'call', '/Any', '--platform-url', 'http://127.0.0.1:9', '--body', order], { cwd: dir }),
    ]);
    for (const r of runs) {
      expect(r.code).toBe(2);
      expectOneCleanMessage(r);
      expect(r.stderr).toMatch(/(payload|configuration|value) nests deeper than 64 levels \(at \/[^)]*\); xborder reads at most 64 levels of nesting/);
      expect(r.stderr.length).toBeLessThan(400);
    }
    expect(runs[1]!.stderr).toContain('xborder: --set OrderId: the value nests deeper than 64 levels');
  });
});

describe('inputs larger than the limit: exit 2, one message naming file, line and limit', () => {
  it('a 1 GiB single-line payload', async () => {
    const huge = sparse('huge.json', '{"OrderId":"', 1024 ** 3);
    for (const args of [['validate', huge], ['decode', huge], ['post-order', ...offline, '--file', huge]]) {
      const r = await runCli(args, { cwd: dir });
      expect(r.code).toBe(2);
      expectOneCleanMessage(r);
      expect(r.stderr).toBe(`xborder: ${huge}:1: the JSON input is larger than 64 MiB (passed on line 1); xborder reads JSON documents of at most 64 MiB (67108864 bytes).\n`);
    }
  });

  it('an NDJSON line over the limit, after documents that were judged', async () => {
    const ndjson = sparse('huge.ndjson', '{"MerchantGUID":"f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77","OrderId":"X1"}\n{"a":"', 1024 ** 3);
    const r = await runCli(['validate', ndjson], { cwd: dir });
    expect(r.code).toBe(2);
    expectOneCleanMessage(r);
    // The document before the long line was judged and reported, then the run stopped.
    expect(r.stdout).toContain('1 document: 0 failed');
    expect(r.stdout).toContain('(stopped early: input error)');
    expect(r.stderr).toBe(`xborder: ${ndjson}:2: NDJSON line 2 is longer than 64 MiB; xborder reads JSON documents of at most 64 MiB (67108864 bytes).\n`);
  });
});

describe('writing to a full, closed or read-only target: one clear message, exit 2, no stack trace', () => {
  /** Runs the CLI with stdout on the file descriptor `fd`. */
  function runWithStdout(args: string[], fd: number): Promise<CliResult> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [BIN, ...args], { cwd: dir, stdio: ['ignore', fd, 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
      let stderr = '';
      child.stderr!.setEncoding('utf8').on('data', (d) => (stderr += d));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout: '', stderr }));
    });
  }

  it('stdout on /dev/full', async () => {
    const fd = openSync('/dev/full', 'w');
    const ok = file('ok.json', '{"MerchantGUID":"f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77","OrderId":"X1"}');
    try {
      for (const args of [['samples', 'show', 'order-minimal'], ['validate', '--json', ok]]) {
        const r = await runWithStdout(args, fd);
        expect(r.code).toBe(2);
        expect(r.stderr).toBe('xborder: cannot write the output to stdout: no space left on the device (ENOSPC).\n');
      }
    } finally {
      closeSync(fd);
    }
  });

  it('stdout on a descriptor open only for reading', async () => {
    const fd = openSync(file('read-only.txt', ''), 'r');
    try {
      const r = await runWithStdout(['samples', 'show', 'order-minimal'], fd);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe('xborder: cannot write the output to stdout: the target is closed or not open for writing (EBADF).\n');
    } finally {
      closeSync(fd);
    }
  });

  it('--junit on a full device', async () => {
    const r = await runCli(['check-cart', '--no-negative', '--no-save', '--merchant-url', `${server.url}/ok/`, '--junit', '/dev/full'], { cwd: dir });
    expect(r.code).toBe(2);
    expectOneCleanMessage(r);
    expect(r.stderr).toContain('xborder: Cannot write the JUnit report to /dev/full: no space left on the device (ENOSPC).');
  });

  it('--junit on a file system that fills up midway leaves the previous report whole, and no temporary file', async () => {
    const out = mkdtempSync(join(dir, 'junit-'));
    const junit = join(out, 'report.xml');
    const previous = `<?xml version="1.0"?>\n<testsuites tests="1"/>\n`;
    writeFileSync(junit, previous);
    // `ulimit -f 1` (512-byte blocks): any write past 512 bytes fails with EFBIG, like a full disk.
    const r = await new Promise<CliResult>((resolve, reject) => {
      const args = ['check-cart', '--no-negative', '--no-save', '--merchant-url', `${server.url}/ok/`, '--junit', junit].map((a) => `'${a}'`).join(' ');
      const child = spawn('sh', ['-c', `ulimit -f 1; exec '${process.execPath}' '${BIN}' ${args}`], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (d) => (stdout += d));
      child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
    expect(r.code).toBe(2);
    expectOneCleanMessage(r);
    expect(r.stderr).toContain(`xborder: Cannot write the JUnit report to ${junit}: the file is larger than this file system or the file size limit (ulimit -f) allows (EFBIG).`);
    expect(readFileSync(junit, 'utf8')).toBe(previous);
    expect(readdirSync(out)).toEqual(['report.xml']);
  });
});

describe('clearer messages', () => {
  it('304 is "not modified", not "redirect to (no Location)"', async () => {
    const r = await runCli(['check-cart', '--no-negative', '--no-save', '--json', '--merchant-url', `${server.url}/not-modified/`], { cwd: dir });
    expect(r.code).toBe(1);
    const status = (JSON.parse(r.stdout).cases[0].checks as { id: string; findings: { message: string }[] }[]).find((c) => c.id === 'status-200')!;
    expect(status.findings[0]!.message).toMatch(/^HTTP 304 Not Modified: an answer to a conditional request/);
    expect(r.stdout).not.toContain('no Location');
  });

  it('a number too large for a double (1e400) says so', async () => {
    const payload = JSON.parse(readFileSync(new URL('../../samples/cart-full.json', import.meta.url), 'utf8'));
    const text = JSON.stringify(payload).replace(/"OrderedQuantity":\s*\d+/, '"OrderedQuantity":1e400');
    const r = await runCli(['validate', '--json', file('cart-1e400.json', text)], { cwd: dir });
    expect(r.code).toBe(1);
    const findings = (JSON.parse(r.stdout).cases[0].checks as { findings: { path: string; message: string }[] }[]).flatMap((c) => c.findings);
    const finding = findings.find((f) => f.path.endsWith('/OrderedQuantity'))!;
    expect(finding.message).toContain('is a number too large for a double (over ±1.8e308, read as Infinity)');
    expect(r.stdout).not.toContain('not number');
  });

  it('a UTF-16 file is named as such, with "save it as UTF-8"', async () => {
    const utf16 = file('order-utf16.json', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('{"OrderId":"X1"}', 'utf16le')]));
    const utf32 = file('order-utf32.json', Buffer.from([0x7b, 0, 0, 0, 0x7d, 0, 0, 0]));
    for (const [args, words] of [[['validate', utf16], 'UTF-16LE'], [['post-order', ...offline, '--file', utf16], 'UTF-16LE'], [['validate', utf32], 'UTF-32LE']] as const) {
      const r = await runCli([...args], { cwd: dir });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`the file is ${words} text`);
      expect(r.stderr).toContain('save it as UTF-8');
    }
  });

  it('plain HTTP on an https:// URL is named in words', async () => {
    const host = new URL(server.url).host;
    const r = await runCli(['check-cart', '--no-negative', '--no-save', '--json', '--merchant-url', `https://${host}/ok/`], { cwd: dir });
    expect(r.code).toBe(3);
    const reachable = (JSON.parse(r.stdout).cases[0].checks as { id: string; findings: { message: string }[] }[]).find((c) => c.id === 'reachable')!;
    expect(reachable.findings[0]!.message).toBe(`could not reach the endpoint: ${host} answered in plain HTTP, not TLS, on an https:// URL: use http://${host} (or the server's TLS port)`);
    expect(r.stdout).not.toMatch(/ssl3_get_record|0A00010B|wrong version number/);
  });

  it('--set errors quote long paths cut, never 100 KB lines', async () => {
    const long = `${'A.'.repeat(50_000)}B`;
    const r = await runCli(['samples', 'show', 'order-minimal', '--set', `${long}=1`], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr.length).toBeLessThan(600);
    expect(r.stderr).toContain(`(${long.length} characters)`);
    const malformed = await runCli(['samples', 'show', 'order-minimal', '--set', `${'x'.repeat(100_000)}..y=1`], { cwd: dir });
    expect(malformed.code).toBe(2);
    expect(malformed.stderr.length).toBeLessThan(600);
    expect(malformed.stderr).toContain('Malformed --set path');
  });
});

describe('protocol', () => {
  it('an interim 100 Continue before the answer is accepted, as curl does', async () => {
    const r = await runCli(['check-cart', '--no-negative', '--no-save', '--json', '--merchant-url', `${interimUrl}/`], { cwd: dir });
    expectOneCleanMessage(r);
    const checks = JSON.parse(r.stdout).cases[0].checks as { id: string; status: string }[];
    expect(checks.find((c) => c.id === 'reachable')!.status).toBe('passed');
    expect(checks.find((c) => c.id === 'status-200')!.status).toBe('passed');
    expect(r.code).toBe(0);
  });

  it('stacked content codings past the cap fail json-body (exit 1) naming the cap', async () => {
    const r = await runCli(['check-cart', '--no-negative', '--no-save', '--json', '--merchant-url', `${server.url}/stacked/`], { cwd: dir });
    expect(r.code).toBe(1);
    const body = (JSON.parse(r.stdout).cases[0].checks as { id: string; status: string; findings: { message: string }[] }[]).find((c) => c.id === 'json-body')!;
    expect(body.status).toBe('failed');
    expect(body.findings[0]!.message).toContain('the body stacks 5 content codings (gzip, gzip, gzip, gzip, gzip); xborder undoes at most 3');
  });
});
