/**
 * Bounded work and protocol corners of the transport: interim 1xx answers before the real one,
 * stacked content codings (capped, and stopped by the timeout while decoding), the body ceiling,
 * answers over the timeout, 304 Not Modified, plain HTTP on an https:// URL. Real servers on
 * 127.0.0.1, port 0.
 */
import net from 'node:net';
import { Readable } from 'node:stream';
import tls from 'node:tls';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { judgeStatus200, judgeTransport } from '../../src/checks/transport.js';
import { MAX_BODY_CEILING } from '../../src/config/limits.js';
import { DEFAULT_HTTP_SETTINGS } from '../../src/http/defaults.js';
import { MAX_CODINGS, describeCodings, describeContentEncoding, readCapped } from '../../src/http/read-body.js';
import { closeAgents, send } from '../../src/http/send.js';
import type { Exchange, HttpSettings, RequestSpec } from '../../src/model.js';
import { httpServer, listen, selfSignedCert, type Listening } from './servers.js';

const settings = (o: Partial<HttpSettings> = {}): HttpSettings => ({ ...DEFAULT_HTTP_SETTINGS, timeoutMs: 5000, connectTimeoutMs: 2000, firstByteTimeoutMs: 5000, ...o });
const get = (url: string): RequestSpec => ({ method: 'GET', url, headers: {} });
const body = '{"ok":true}';
const final = `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;

afterAll(() => closeAgents());

/** A raw TCP (or TLS) server that answers every request with `answer` pieces, `gapMs` apart. */
async function rawServer(answer: string[], options: { tls?: boolean; gapMs?: number } = {}): Promise<Listening> {
  const onSocket = (socket: net.Socket) => {
    socket.on('data', async (data) => {
      if (!/\r\n\r\n/.test(data.toString('latin1'))) return;
      for (const piece of answer) {
        if (socket.destroyed) return;
        socket.write(piece);
        await new Promise((r) => setTimeout(r, options.gapMs ?? 5));
      }
    });
  };
  if (options.tls) {
    const cert = selfSignedCert();
    return listen(tls.createServer({ cert: cert.cert, key: cert.key }, onSocket), 'https');
  }
  return listen(net.createServer(onSocket));
}

describe('interim 1xx answers before the real one', () => {
  it('100 Continue, then the answer: accepted as curl does (undici alone fails with "bad response")', async () => {
    const server = await rawServer(['HTTP/1.1 100 Continue\r\n\r\n', final]);
    const post = await send({ method: 'POST', url: `${server.url}/order`, headers: { 'content-type': 'application/json' }, body: '{}' }, settings());
    expect(post.error).toBeUndefined();
    expect(post.response?.status).toBe(200);
    expect(post.response?.body.toString()).toBe(body);
    // The connection stays usable: a second request on it is answered the same way.
    const again = await send(get(`${server.url}/cart`), settings());
    expect([again.error, again.response?.status]).toEqual([undefined, 200]);
    await server.close();
  });

  it('several interim answers (100, 102, 103 with headers), in the same packet as the answer or cut byte by byte', async () => {
    const interim = 'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 102 Processing\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\n\r\n';
    const together = await rawServer([interim + final]);
    const a = await send(get(`${together.url}/`), settings());
    expect([a.error, a.response?.status, a.response?.body.toString()]).toEqual([undefined, 200, body]);
    await together.close();
    const bytes = await rawServer([...(interim + final)], { gapMs: 0 });
    const b = await send(get(`${bytes.url}/`), settings());
    expect([b.error, b.response?.status, b.response?.body.toString()]).toEqual([undefined, 200, body]);
    await bytes.close();
  });

  it('over TLS too', async () => {
    const server = await rawServer(['HTTP/1.1 100 Continue\r\n\r\n', final], { tls: true });
    const ex = await send(get(`${server.url}/`), settings({ insecure: true }));
    expect([ex.error, ex.response?.status, ex.response?.body.toString()]).toEqual([undefined, 200, body]);
    await server.close();
  });

  it('a body that happens to contain an interim status line is left alone', async () => {
    const text = 'HTTP/1.1 100 Continue\r\n\r\nnot a header';
    const server = await rawServer([`HTTP/1.1 200 OK\r\nContent-Length: ${text.length}\r\n\r\n`, text]);
    const ex = await send(get(`${server.url}/`), settings());
    expect(ex.response?.body.toString()).toBe(text);
    await server.close();
  });
});

describe('stacked content codings', () => {
  const stacked = (codings: string[], text: string): Buffer => {
    let buf = Buffer.from(text);
    for (const c of codings) buf = c === 'br' ? zlib.brotliCompressSync(buf) : c === 'deflate' ? zlib.deflateSync(buf) : zlib.gzipSync(buf);
    return buf;
  };

  it(`up to ${MAX_CODINGS} codings are undone`, async () => {
    const codings = ['gzip', 'br', 'deflate'];
    const server = await httpServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': codings.join(', ') });
      res.end(stacked(codings, body));
    });
    const ex = await send(get(server.url), settings());
    expect([ex.error, ex.response?.body.toString()]).toEqual([undefined, body]);
    await server.close();
  });

  it('more are refused unread as a DECODING error naming the cap', async () => {
    const codings = Array.from({ length: 200 }, () => 'gzip');
    const server = await httpServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': codings.join(', ') });
      res.end(stacked(codings.slice(0, 4), body));
    });
    const ex = await send(get(server.url), settings());
    expect(ex.error?.code).toBe('DECODING');
    expect(ex.error?.message).toContain('the body stacks 200 content codings (gzip ×200)');
    expect(ex.error?.message).toContain(`xborder undoes at most ${MAX_CODINGS}`);
    await server.close();
  });

  it('a stack is described in a bounded text: listed when short, in runs when long', () => {
    expect(describeCodings(['gzip', 'br'])).toBe('gzip, br');
    expect(describeCodings(Array.from({ length: 6 }, () => 'gzip'))).toBe('gzip, gzip, gzip, gzip, gzip, gzip');
    expect(describeCodings(Array.from({ length: 1000 }, () => 'gzip'))).toBe('gzip ×1000');
    const mixed = [...Array.from({ length: 5 }, () => 'gzip'), 'br', 'br', 'deflate', ...Array.from({ length: 3 }, () => 'gzip'), 'x', 'y', 'z'];
    expect(describeCodings(mixed)).toBe('gzip ×5, br ×2, deflate, gzip ×3, … 3 more');
    // Alternating names and kilobyte-long names stay short too.
    const alternating = Array.from({ length: 2000 }, (_, i) => (i % 2 ? 'gzip' : 'a'.repeat(5000)));
    expect(describeCodings(alternating).length).toBeLessThan(200);
    expect(describeContentEncoding(` gzip,${'gzip, '.repeat(999)}`)).toBe('gzip ×1000');
  });

  it('the abort signal stops decoding even when the body itself is not tied to it', async () => {
    // 64 MiB of zeros in three gzip layers (258 bytes), fed 4 bytes every 5 ms (about 1/3 s): a
    // body that is not aborted itself, as one that has fully arrived is not.
    const packed = stacked(['gzip', 'gzip', 'gzip'], '\0'.repeat(64 * 1024 * 1024));
    let i = 0;
    const source = new Readable({
      read() {
        setTimeout(() => this.push(i < packed.length ? packed.subarray(i, (i += 4)) : null), 5);
      },
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('total timeout')), 50);
    const read = await readCapped(source, 'gzip, gzip, gzip', MAX_BODY_CEILING, controller.signal);
    expect((read.error as Error)?.message).toBe('total timeout');
    // The abort, not the end of the body, stopped it: the drip had not fed the whole body yet.
    expect(i).toBeLessThan(packed.length);
    expect(source.destroyed).toBe(true);
  });
});

describe('the body ceiling', () => {
  it('a larger maxBodyBytes is held to the ceiling: a bomb stops at 64 MiB', async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(MAX_BODY_CEILING + 1024 * 1024));
    const server = await httpServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(bomb);
    });
    const ex = await send(get(server.url), settings({ maxBodyBytes: 4 * 1024 ** 3 }));
    expect(ex.response?.truncated).toBe(true);
    expect(ex.response?.body.length).toBe(MAX_BODY_CEILING);
    await server.close();
  });
});

describe('judging time and status', () => {
  const answered = (durationMs: number, status = 200, headers: Record<string, string> = {}): Exchange => ({
    request: get('http://127.0.0.1/'),
    response: { status, headers, body: Buffer.from(body), truncated: false, timeToFirstByteMs: 1 },
    durationMs,
  });

  it('a complete answer over the timeout fails within-timeout (it was only a warning)', () => {
    const late = judgeTransport(answered(1500), 1000).checks.find((c) => c.id === 'within-timeout')!;
    expect(late.status).toBe('failed');
    expect(late.findings[0]!.message).toContain('answered in 1500 ms, over the 1000 ms timeout');
    expect(judgeTransport(answered(600), 1000).checks.find((c) => c.id === 'within-timeout')!.status).toBe('warning');
    expect(judgeTransport(answered(100), 1000).checks.find((c) => c.id === 'within-timeout')!.status).toBe('passed');
  });

  it('304 is "not modified", not a redirect without a Location', () => {
    const message = judgeStatus200(answered(5, 304)).findings[0]!.message;
    expect(message).toContain('HTTP 304 Not Modified');
    expect(message).not.toContain('no Location');
    expect(message).not.toMatch(/redirect to/);
    expect(judgeStatus200(answered(5, 302)).findings[0]!.message).toBe('HTTP 302 is a redirect status without a Location header: the platform does not follow redirects; the platform needs HTTP 200');
    expect(judgeStatus200(answered(5, 301, { location: 'https://x.example/' })).findings[0]!.message).toContain('redirect (HTTP 301) to https://x.example/');
  });
});

describe('plain HTTP on an https:// URL', () => {
  it('is named in words, not as an OpenSSL string', async () => {
    const server = await httpServer((_req, res) => res.end(body));
    const ex = await send(get(`https://127.0.0.1:${server.port}/`), settings());
    expect(ex.error?.code).toBe('TLS');
    expect(ex.error?.message).toBe(`127.0.0.1:${server.port} answered in plain HTTP, not TLS, on an https:// URL: use http://127.0.0.1:${server.port} (or the server's TLS port)`);
    expect(ex.error?.message).not.toMatch(/ssl3|routines|0A00|WRONG_VERSION/i);
    await server.close();
  });
});

