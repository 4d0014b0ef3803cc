/**
 * End to end: `xborder proxy --target URL` forwards only below the target's base path, on its origin,
 * and is never a forward proxy. The attacks are sent with curl to the built CLI: a `//host` path
 * (`--path-as-is`), an absolute-form request (`-x`), CONNECT, dot segments plain and encoded,
 * encoded slashes and backslashes, Unicode look-alikes of dots and backslashes that NFKC turns into
 * plain ones, and IIS-style `%u` escapes. Each is refused with 400 and a live line that says why; neither
 * the merchant nor the other host receives anything, and the caller's credential is printed nowhere.
 * Binding to anything but loopback is warned about.
 */
import { execFile } from 'node:child_process';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { proxyProject, recordingServer, startProxyCli } from '../helpers/proxy-cli.js';

const SECRET = 'platform-bearer-c0ffee-4711';
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

async function server(): Promise<Awaited<ReturnType<typeof recordingServer>>> {
  const s = await recordingServer();
  closers.push(() => s.close());
  return s;
}

/** curl with `args`: the status code it got (000 when none) and the body. */
function curl(args: string[]): Promise<{ status: string; body: string }> {
  return new Promise((resolve) => {
    execFile('/usr/bin/curl', ['-s', '-o', '-', '-w', '\n%{http_code}', '--max-time', '20', ...args], (_err, stdout) => {
      const at = stdout.lastIndexOf('\n');
      resolve({ body: stdout.slice(0, at), status: stdout.slice(at + 1) });
    });
  });
}

/** A CONNECT sent on a raw socket, as a client of a forward proxy sends it: the bytes answered. */
function connect(proxyUrl: string, authority: string): Promise<string> {
  const { hostname, port } = new URL(proxyUrl);
  return new Promise((resolve) => {
    let got = '';
    const socket = net.connect(Number(port), hostname, () => socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\nProxy-Authorization: Basic ${Buffer.from(`u:${SECRET}`).toString('base64')}\r\n\r\n`));
    socket.setEncoding('utf8').on('data', (d) => (got += d));
    socket.on('close', () => resolve(got));
    socket.on('error', () => resolve(got));
  });
}

const refusedLines = (stderr: string) => stderr.split('\n').filter((l) => /^400 \S+ \S+ {2}refused: /.test(l));

describe('xborder proxy stays on its target', () => {
  it('refuses //host paths, absolute-form requests and CONNECT: the other host gets nothing, the credential goes nowhere', async () => {
    const merchant = await server();
    const other = await server();
    const dir = proxyProject(merchant.url);
    // No base path: the case where a resolved `//host` or absolute URL leaves the origin.
    const proxy = await startProxyCli(['--target', merchant.url, '--count', '1', '--no-save'], dir);
    const auth = ['-H', `Authorization: Bearer ${SECRET}`];
    const slashes = await curl(['--path-as-is', ...auth, `${proxy.url}//127.0.0.1:${other.port}/steal`]);
    const absolute = await curl(['-x', proxy.url, ...auth, `http://127.0.0.1:${other.port}/steal`]);
    const tunnel = await connect(proxy.url, `127.0.0.1:${other.port}`);
    expect(slashes.status).toBe('400');
    expect(absolute.status).toBe('400');
    expect(tunnel).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(slashes.body).error).toContain('never a forward proxy');
    // Still serving: a request below the target goes through, and is the one exchange counted.
    const fine = await curl([...auth, `${proxy.url}/hello?a=1`]);
    expect(fine.status).toBe('200');
    const result = await proxy.done;
    expect(other.got).toEqual([]);
    expect(merchant.got.map((g) => g.url)).toEqual(['/hello?a=1']);
    const lines = refusedLines(result.stderr);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain(`400 GET //127.0.0.1:${other.port}/steal  refused: the path starts with //`);
    expect(lines[1]).toContain(`400 GET http://127.0.0.1:${other.port}/steal  refused: an absolute URL`);
    expect(lines[2]).toContain(`400 CONNECT 127.0.0.1:${other.port}  refused: CONNECT`);
    expect(result.stdout + result.stderr).not.toContain(SECRET);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('refuses dot segments, encoded ones, encoded slashes and backslashes that would leave the base path', async () => {
    const merchant = await server();
    const dir = proxyProject(merchant.url);
    const proxy = await startProxyCli(['--target', `${merchant.url}/shop/api`, '--count', '1', '--no-save'], dir);
    const attacks = ['/../../admin', '/%2e%2e/%2e%2e/admin', '/a/%2E%2e/%2e./admin', '/x%2f..%2f..%2fadmin', '/x%2F..%2F..%2Fadmin', '/\\..\\..\\admin', '/x%5c..%5c..%5cadmin', '/..;/admin', '/%252e%252e/%252e%252e/admin'];
    for (const path of attacks) {
      const got = await curl(['--path-as-is', '-H', `Authorization: Bearer ${SECRET}`, `${proxy.url}${path}`]);
      expect(got.status, path).toBe('400');
    }
    const fine = await curl([`${proxy.url}/hello/world?a=1&b=%2e%2e`]);
    expect(fine.status).toBe('200');
    const result = await proxy.done;
    // The merchant saw only the request below its base path, joined there, never resolved.
    expect(merchant.got.map((g) => g.url)).toEqual(['/shop/api/hello/world?a=1&b=%2e%2e']);
    const lines = refusedLines(result.stderr);
    expect(lines).toHaveLength(attacks.length);
    expect(lines.map((l) => l.split('  ')[0])).toEqual(attacks.map((p) => `400 GET ${p}`));
    expect(lines[1]).toContain('a dot segment');
    expect(lines[3]).toContain('an encoded slash or backslash');
    expect(lines[5]).toContain('a backslash');
    expect(result.stdout + result.stderr).not.toContain(SECRET);
  }, 60_000);

  it('refuses Unicode look-alikes of dots and backslashes (NFKC) and IIS %u escapes: the merchant receives none of them', async () => {
    const merchant = await server();
    const dir = proxyProject(merchant.url);
    const proxy = await startProxyCli(['--target', `${merchant.url}/shop/api`, '--count', '1', '--no-save'], dir);
    const attacks = [
      '/%E2%80%A5/admin', // two-dot leader, NFKC `..`
      '/%EF%B9%92%EF%B9%92/admin', // small full stops
      '/%E2%80%A4%E2%80%A4/admin', // one-dot leaders
      '/x%EF%B9%A8..%EF%B9%A8admin', // small reverse solidus
      '/%u002e%u002e/admin', // IIS-style
      '/%EF%BC%85%EF%BC%92%EF%BD%85%EF%BC%85%EF%BC%92%EF%BD%85/admin', // fullwidth `%2e%2e`
      '/%25E2%2580%25A5/admin', // the two-dot leader encoded twice
    ];
    for (const path of attacks) {
      const got = await curl(['--path-as-is', '-H', `Authorization: Bearer ${SECRET}`, `${proxy.url}${path}`]);
      expect(got.status, path).toBe('400');
    }
    // A name in another script still goes through, as sent.
    const fine = await curl([`${proxy.url}/caf%C3%A9/%E6%97%A5%E6%9C%AC`]);
    expect(fine.status).toBe('200');
    const result = await proxy.done;
    expect(merchant.got.map((g) => g.url)).toEqual(['/shop/api/caf%C3%A9/%E6%97%A5%E6%9C%AC']);
    const lines = refusedLines(result.stderr);
    expect(lines.map((l) => l.split('  ')[0])).toEqual(attacks.map((p) => `400 GET ${p}`));
    for (const line of lines.filter((l) => !l.includes('%u00'))) expect(line).toContain('Unicode normalisation (NFKC)');
    expect(lines.find((l) => l.includes('%u002e'))).toContain('an IIS-style %u escape');
    expect(result.stdout + result.stderr).not.toContain(SECRET);
  }, 60_000);

  it('warns when it listens on anything but loopback, and not on loopback', async () => {
    const merchant = await server();
    const dir = proxyProject(merchant.url);
    const open = await startProxyCli(['--target', merchant.url, '--host', '0.0.0.0', '--count', '1', '--no-save'], dir);
    expect(open.stderr().replace(/\n +/g, ' ')).toMatch(/warning: the proxy listens on 0\.0\.0\.0, not on loopback: anyone who can reach port \d+ can send requests through it/);
    expect((await curl([`${open.url}/x`])).status).toBe('200');
    expect((await open.done).code).not.toBeNull();
    const local = await startProxyCli(['--target', merchant.url, '--count', '1', '--no-save'], dir);
    expect((await curl([`${local.url}/x`])).status).toBe('200');
    expect((await local.done).stderr).not.toContain('not on loopback');
  }, 60_000);
});

describe('xborder proxy --target', () => {
  it('refuses a target with a query, a fragment or credentials (exit 2) instead of dropping them, and never repeats a password', async () => {
    const { runCli } = await import('../helpers/run-cli.js');
    for (const target of ['http://127.0.0.1:9/shop?key=abc', 'http://127.0.0.1:9/shop#x', 'http://user:TargetPw-91@127.0.0.1:9/shop']) {
      const r = await runCli(['proxy', '--target', target, '--no-save', '--port', '0']);
      expect(r.code, target).toBe(2);
      expect(r.stderr).toMatch(/^xborder: --target: /);
      expect(r.stderr + r.stdout).not.toContain('TargetPw-91');
      expect(r.stderr).not.toContain('listening');
    }
  });
});
