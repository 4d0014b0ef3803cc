import http from 'node:http';
import net from 'node:net';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_HTTP_SETTINGS } from '../../src/http/defaults.js';
import { closeAgents, send } from '../../src/http/send.js';
import type { HttpSettings, RequestSpec } from '../../src/model.js';
import { bufferedBytes, closedPort, httpServer, listen } from './servers.js';

const MiB = 1024 * 1024;
const settings = (o: Partial<HttpSettings> = {}): HttpSettings => ({
  ...DEFAULT_HTTP_SETTINGS,
  timeoutMs: 5000,
  connectTimeoutMs: 2000,
  firstByteTimeoutMs: 5000,
  ...o,
});
const get = (url: string, headers: Record<string, string> = {}): RequestSpec => ({ method: 'GET', url, headers });

afterAll(() => closeAgents());

describe('send: answers', () => {
  it('returns a normal JSON answer with lower-cased headers, timings and Accept-Encoding sent', async () => {
    let seen: { method?: string; ae?: string; key?: string; body?: string } = {};
    const srv = await httpServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen = { method: req.method, ae: req.headers['accept-encoding'], key: req.headers['x-merchant-key'] as string, body };
        res.writeHead(200, { 'Content-Type': 'application/json', 'X-Trace': 'abc' });
        res.end(JSON.stringify({ ResponseInfo: { Success: true, InternalOrderId: '42' } }));
      });
    });
    try {
      const ex = await send(
        { method: 'POST', url: `${srv.url}/order`, headers: { 'Content-Type': 'application/json', 'X-Merchant-Key': 'k1' }, body: '{"a":1}' },
        settings(),
      );
      expect(ex.error).toBeUndefined();
      expect(ex.response!.status).toBe(200);
      expect(ex.response!.headers['x-trace']).toBe('abc');
      expect(ex.response!.headers['content-type']).toBe('application/json');
      expect(JSON.parse(ex.response!.body.toString())).toEqual({ ResponseInfo: { Success: true, InternalOrderId: '42' } });
      expect(ex.response!.truncated).toBe(false);
      expect(ex.response!.timeToFirstByteMs).toBeLessThanOrEqual(ex.durationMs);
      expect(seen).toEqual({ method: 'POST', ae: 'gzip, deflate, br', key: 'k1', body: '{"a":1}' });
      expect(ex.request.url).toBe(`${srv.url}/order`);
    } finally {
      await srv.close();
    }
  });

  it('keeps an Accept-Encoding the spec sets', async () => {
    let ae: string | undefined;
    const srv = await httpServer((req, res) => {
      ae = req.headers['accept-encoding'];
      res.end('{}');
    });
    try {
      await send(get(srv.url, { 'accept-encoding': 'identity' }), settings());
      expect(ae).toBe('identity');
    } finally {
      await srv.close();
    }
  });

  it('returns a redirect as is and never follows it', async () => {
    let followed = 0;
    const srv = await httpServer((req, res) => {
      if (req.url === '/elsewhere') {
        followed++;
        res.end('{}');
        return;
      }
      res.writeHead(302, { Location: '/elsewhere' });
      res.end();
    });
    try {
      const ex = await send(get(`${srv.url}/start`), settings());
      expect(ex.error).toBeUndefined();
      expect(ex.response!.status).toBe(302);
      expect(ex.response!.headers.location).toBe('/elsewhere');
      expect(followed).toBe(0);
    } finally {
      await srv.close();
    }
  });

  it('reuses the connection for consecutive requests with the same settings', async () => {
    const ports: number[] = [];
    const srv = await httpServer((req, res) => {
      ports.push(req.socket.remotePort!);
      res.end('{}');
    });
    try {
      await send(get(srv.url), settings());
      await send(get(srv.url), settings());
      expect(ports).toHaveLength(2);
      expect(ports[1]).toBe(ports[0]);
      await closeAgents();
      const ex = await send(get(srv.url), settings());
      expect(ex.response!.status).toBe(200);
      expect(ports[2]).not.toBe(ports[0]);
    } finally {
      await srv.close();
    }
  });

  it('reports a bad URL or scheme without throwing', async () => {
    expect((await send(get('not a url'), settings())).error!.code).toBe('INVALID_URL');
    expect((await send(get('ftp://127.0.0.1/x'), settings())).error!.code).toBe('INVALID_URL');
  });
});

describe('send: body cap and content decoding', () => {
  it('cuts a 20 MiB body at the cap without buffering it whole', async () => {
    let written = 0;
    let clientGone = false;
    const total = 20 * MiB;
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const srv = await httpServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(total) });
      res.on('close', () => (clientGone = true));
      const pump = () => {
        while (written < total && !clientGone) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        if (written >= total) res.end();
      };
      pump();
    });
    try {
      const before = bufferedBytes();
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, bufferedBytes())), 2);
      const ex = await send(get(srv.url), settings({ maxBodyBytes: 256 * 1024 }));
      clearInterval(sampler);
      peak = Math.max(peak, bufferedBytes());
      expect(ex.error).toBeUndefined();
      expect(ex.response!.truncated).toBe(true);
      expect(ex.response!.body.length).toBe(256 * 1024);
      // Buffering 20 MiB would show as >= 20 MiB growth; the cut keeps it to socket-sized buffers.
      expect(peak - before).toBeLessThan(12 * MiB);
      await new Promise((r) => setTimeout(r, 100));
      expect(clientGone).toBe(true);
      expect(written).toBeLessThan(total);
    } finally {
      await srv.close();
    }
  });

  it.each([
    ['gzip', (b: Buffer) => zlib.gzipSync(b)],
    ['br', (b: Buffer) => zlib.brotliCompressSync(b)],
    ['deflate', (b: Buffer) => zlib.deflateSync(b)],
    ['deflate', (b: Buffer) => zlib.deflateRawSync(b)], // raw deflate, as some servers send it
  ] as const)('decodes a %s body', async (encoding, compress) => {
    const doc = { productsList: Array.from({ length: 50 }, (_, i) => ({ ProductCode: `SKU-${i}`, Name: 'Wollsocken grün' })) };
    const srv = await httpServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': encoding });
      res.end(compress(Buffer.from(JSON.stringify(doc))));
    });
    try {
      const ex = await send(get(srv.url), settings());
      expect(ex.error).toBeUndefined();
      expect(JSON.parse(ex.response!.body.toString('utf8'))).toEqual(doc);
    } finally {
      await srv.close();
    }
  });

  it('stops a gzip bomb (200 MiB of zeros) at the cap, counting decoded bytes', async () => {
    const srv = await httpServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
      const zeros = Buffer.alloc(MiB);
      let n = 0;
      const source = new Readable({
        read() {
          this.push(n++ < 200 ? zeros : null);
        },
      });
      source.pipe(zlib.createGzip()).pipe(res);
      res.on('close', () => source.destroy());
    });
    try {
      const before = bufferedBytes();
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, bufferedBytes())), 2);
      const ex = await send(get(srv.url), settings({ maxBodyBytes: MiB, timeoutMs: 20_000 }));
      clearInterval(sampler);
      expect(ex.error).toBeUndefined();
      expect(ex.response!.truncated).toBe(true);
      expect(ex.response!.body.length).toBe(MiB);
      expect(ex.response!.body.every((b) => b === 0)).toBe(true);
      expect(peak - before).toBeLessThan(64 * MiB);
    } finally {
      await srv.close();
    }
  });

  it('reports a corrupt gzip body as DECODING', async () => {
    const srv = await httpServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
      res.end('this is not gzip at all');
    });
    try {
      const ex = await send(get(srv.url), settings());
      expect(ex.error?.code).toBe('DECODING');
      expect(ex.response!.status).toBe(200);
    } finally {
      await srv.close();
    }
  });
});

describe('send: transport failures', () => {
  it('cuts a server that drips one byte every 200 ms at the total timeout', async () => {
    const timers: NodeJS.Timeout[] = [];
    const srv = await httpServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      timers.push(setInterval(() => res.write('x'), 200));
    });
    try {
      const ex = await send(get(srv.url), settings({ timeoutMs: 1000 }));
      expect(ex.error?.code).toBe('TIMEOUT_TOTAL');
      expect(ex.durationMs).toBeGreaterThanOrEqual(950);
      expect(ex.response!.status).toBe(200);
      expect(ex.response!.body.length).toBeGreaterThanOrEqual(2);
    } finally {
      timers.forEach(clearInterval);
      await srv.close();
    }
  });

  it('gives up on a server that never sends headers at the first-byte timeout, and does not retry', async () => {
    let hits = 0;
    const srv = await httpServer(() => {
      hits++; // never answers
    });
    try {
      const ex = await send(get(srv.url), settings({ firstByteTimeoutMs: 300, retries: 2, retryIntervalMs: 50 }));
      expect(ex.error?.code).toBe('TIMEOUT_FIRST_BYTE');
      expect(ex.response).toBeUndefined();
      expect(hits).toBe(1);
    } finally {
      await srv.close();
    }
  });

  it('calls a total timeout before any header TIMEOUT_FIRST_BYTE (the defaults make both limits equal)', async () => {
    const srv = await httpServer(() => undefined);
    try {
      const ex = await send(get(srv.url), settings({ timeoutMs: 400, firstByteTimeoutMs: 400 }));
      expect(ex.error?.code).toBe('TIMEOUT_FIRST_BYTE');
      expect(ex.error?.message).toContain('400 ms');
    } finally {
      await srv.close();
    }
  });

  it('reports a connection reset mid-body as ECONNRESET, keeping what arrived', async () => {
    const srv = await httpServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' });
      res.write('{"productsList":[', () => setTimeout(() => req.socket.destroy(), 50));
    });
    try {
      const ex = await send(get(srv.url), settings());
      expect(ex.error?.code).toBe('ECONNRESET');
      expect(ex.response!.status).toBe(200);
      expect(ex.response!.body.toString()).toBe('{"productsList":[');
    } finally {
      await srv.close();
    }
  });

  it('reports a closed port as ECONNREFUSED', async () => {
    const port = await closedPort();
    const ex = await send(get(`http://127.0.0.1:${port}/`), settings());
    expect(ex.error?.code).toBe('ECONNREFUSED');
    expect(ex.error?.message).toContain(`127.0.0.1:${port}`);
    expect(ex.response).toBeUndefined();
  });

  it('reports a name that cannot resolve (.invalid) as ENOTFOUND', async () => {
    const ex = await send(get('http://xborder-no-such-host.invalid/'), settings({ connectTimeoutMs: 3000, timeoutMs: 4000 }));
    expect(ex.error?.code).toBe('ENOTFOUND');
  });

  it('reports a TLS handshake that never completes as TIMEOUT_CONNECT and retries it', async () => {
    let connections = 0;
    const srv = await listen(net.createServer(() => connections++)); // accepts TCP, never speaks TLS
    try {
      const ex = await send(get(`https://127.0.0.1:${srv.port}/`), settings({ connectTimeoutMs: 300, retries: 1, retryIntervalMs: 50 }));
      expect(ex.error?.code).toBe('TIMEOUT_CONNECT');
      expect(connections).toBe(2);
    } finally {
      await srv.close();
    }
  });
});

describe('send: answers that are not HTTP', () => {
  it('reports a non-HTTP answer and oversized headers as PROTOCOL, saying which', async () => {
    const raw = (reply: string) => listen(net.createServer((sock) => sock.once('data', () => sock.end(reply))));
    const garbage = await raw('SSH-2.0-OpenSSH_9.6\r\n\r\n');
    const huge = await raw(`HTTP/1.1 200 OK\r\nX-Big: ${'a'.repeat(100_000)}\r\n\r\n{}`);
    try {
      const a = await send(get(garbage.url), settings());
      expect(a.error).toEqual({ code: 'PROTOCOL', message: `127.0.0.1:${garbage.port} did not answer in HTTP/1.1: (Expected HTTP/, RTSP/ or ICE/)` });
      const b = await send(get(huge.url), settings());
      expect(b.error).toEqual({ code: 'PROTOCOL', message: `127.0.0.1:${huge.port} sent response headers larger than 16 KiB` });
    } finally {
      await Promise.all([garbage.close(), huge.close()]);
    }
  });
});

describe('send: retries', () => {
  it('retries a refused connection and succeeds once the server listens', async () => {
    const port = await closedPort();
    const server = http.createServer((_req, res) => res.end('{"ok":true}'));
    setTimeout(() => server.listen(port, '127.0.0.1'), 150);
    try {
      const ex = await send(get(`http://127.0.0.1:${port}/`), settings({ retries: 1, retryIntervalMs: 500 }));
      expect(ex.error).toBeUndefined();
      expect(ex.response!.status).toBe(200);
      expect(ex.durationMs).toBeGreaterThanOrEqual(480);
    } finally {
      await closeAgents();
      await new Promise((r) => server.close(r));
    }
  });

  it('says how many attempts a request that never started took', async () => {
    const port = await closedPort();
    const ex = await send(get(`http://127.0.0.1:${port}/`), settings({ retries: 2, retryIntervalMs: 50 }));
    expect(ex.error?.code).toBe('ECONNREFUSED');
    expect(ex.error?.message).toBe(`connection refused by 127.0.0.1:${port} (3 attempts, 50 ms apart)`);
    const once = await send(get(`http://127.0.0.1:${port}/`), settings({ retries: 0 }));
    expect(once.error?.message).toBe(`connection refused by 127.0.0.1:${port}`);
  });

  it('does not retry after a response, even a 500', async () => {
    let hits = 0;
    const srv = await httpServer((_req, res) => {
      hits++;
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end('{"ResponseInfo":{"Success":false}}');
    });
    try {
      const ex = await send(get(srv.url), settings({ retries: 3, retryIntervalMs: 50 }));
      expect(ex.response!.status).toBe(500);
      expect(ex.error).toBeUndefined();
      expect(hits).toBe(1);
    } finally {
      await srv.close();
    }
  });
});
