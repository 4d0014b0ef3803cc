import { rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HTTP_SETTINGS } from '../../src/http/defaults.js';
import { closeAgents, send } from '../../src/http/send.js';
import type { HttpSettings } from '../../src/model.js';
import { httpServer, listen, selfSignedCert, type Listening } from './servers.js';

/** A CONNECT handler that opens the tunnel a real proxy would, after telling `seen` about the request. */
function tunnel(seen: (req: http.IncomingMessage, client: net.Socket) => void) {
  return (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    seen(req, client);
    const [host, port] = (req.url ?? '').split(':');
    const upstream = net.connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  };
}

const settings = (o: Partial<HttpSettings> = {}): HttpSettings => ({ ...DEFAULT_HTTP_SETTINGS, timeoutMs: 5000, connectTimeoutMs: 2000, firstByteTimeoutMs: 5000, ...o });

let tls: ReturnType<typeof selfSignedCert>;
let secure: Listening;

beforeAll(async () => {
  tls = selfSignedCert();
  secure = await listen(
    https.createServer({ cert: tls.cert, key: tls.key }, (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"secure":true}');
    }),
    'https',
  );
});

afterAll(async () => {
  await closeAgents();
  await secure.close();
  rmSync(tls.dir, { recursive: true, force: true });
});

describe('TLS', () => {
  it('rejects a self-signed certificate by default, saying why', async () => {
    const ex = await send({ method: 'GET', url: secure.url, headers: {} }, settings());
    expect(ex.error?.code).toBe('TLS');
    expect(ex.error?.message).toMatch(/self[- ]signed/i);
    expect(ex.response).toBeUndefined();
  });

  it('trusts the certificate when it is given as caFile (on top of the public roots)', async () => {
    const ex = await send({ method: 'GET', url: secure.url, headers: {} }, settings({ caFile: tls.certFile }));
    expect(ex.error).toBeUndefined();
    expect(ex.response!.body.toString()).toBe('{"secure":true}');
  });

  it('works with insecure (no verification)', async () => {
    const ex = await send({ method: 'GET', url: secure.url, headers: {} }, settings({ insecure: true }));
    expect(ex.error).toBeUndefined();
    expect(ex.response!.status).toBe(200);
  });

  it('reports an unreadable caFile as CA_FILE', async () => {
    const ex = await send({ method: 'GET', url: secure.url, headers: {} }, settings({ caFile: `${tls.dir}/missing.pem` }));
    expect(ex.error?.code).toBe('CA_FILE');
    expect(ex.error?.message).toContain('missing.pem');
  });
});

describe('proxy', () => {
  it('tunnels through an HTTP CONNECT proxy to the HTTPS server', async () => {
    const connects: string[] = [];
    const froms: string[] = [];
    const proxyServer = http.createServer((_req, res) => {
      res.writeHead(405);
      res.end();
    });
    proxyServer.on('connect', tunnel((req, client) => {
      connects.push(req.url ?? '');
      froms.push((client.remoteAddress ?? '').replace(/^::ffff:/, ''));
    }));
    const proxy = await listen(proxyServer);
    try {
      const ex = await send({ method: 'GET', url: `${secure.url}/via-proxy`, headers: {} }, settings({ proxy: proxy.url, caFile: tls.certFile }));
      expect(ex.error).toBeUndefined();
      expect(ex.response!.body.toString()).toBe('{"secure":true}');
      expect(connects).toEqual([`127.0.0.1:${secure.port}`]);
      // The ip mode binds the socket this machine opens, which with a proxy is the one to the proxy.
      const bound = await send(
        { method: 'GET', url: secure.url, headers: {}, localAddress: '127.0.0.2' },
        settings({ proxy: proxy.url, caFile: tls.certFile }),
      );
      expect(bound.error).toBeUndefined();
      expect(froms).toEqual(['127.0.0.1', '127.0.0.2']);
    } finally {
      await proxy.close();
    }
  });

  it('reports a proxy that refuses the tunnel', async () => {
    const proxyServer = http.createServer();
    proxyServer.on('connect', (_req: http.IncomingMessage, client: net.Socket) => {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
    });
    const proxy = await listen(proxyServer);
    try {
      const ex = await send({ method: 'GET', url: secure.url, headers: {} }, settings({ proxy: proxy.url, caFile: tls.certFile }));
      expect(ex.error?.code).toBe('PROXY');
      expect(ex.error?.message).toContain('403');
    } finally {
      await proxy.close();
    }
  });
});

describe('https:// proxy', () => {
  it('verifies the proxy like the target: trusted with caFile (or insecure), else a TLS failure that names the proxy', async () => {
    const connects: string[] = [];
    const proxyServer = https.createServer({ cert: tls.cert, key: tls.key }, (_req, res) => {
      res.writeHead(405);
      res.end();
    });
    proxyServer.on('connect', tunnel((req) => connects.push(req.url ?? '')));
    const proxy = await listen(proxyServer, 'https');
    try {
      const trusted = await send({ method: 'GET', url: secure.url, headers: {} }, settings({ proxy: proxy.url, caFile: tls.certFile }));
      expect(trusted.error).toBeUndefined();
      expect(trusted.response!.body.toString()).toBe('{"secure":true}');
      const insecure = await send({ method: 'GET', url: secure.url, headers: {} }, settings({ proxy: proxy.url, insecure: true }));
      expect(insecure.response?.status).toBe(200);
      expect(connects).toEqual([`127.0.0.1:${secure.port}`, `127.0.0.1:${secure.port}`]);
      const strict = await send({ method: 'GET', url: secure.url, headers: {} }, settings({ proxy: proxy.url }));
      expect(strict.error?.code).toBe('TLS');
      expect(strict.error?.message).toMatch(new RegExp(`^TLS failure with the proxy 127\\.0\\.0\\.1:${proxy.port}: .*self[- ]signed`, 'i'));
    } finally {
      await proxy.close();
    }
  });
});

describe('proxy failures', () => {
  it('a proxy that closes the connection on CONNECT fails the request at once, without a reconnect storm', async () => {
    let connects = 0;
    const proxyServer = http.createServer();
    proxyServer.on('connect', (_req: http.IncomingMessage, client: net.Socket) => {
      connects++;
      client.destroy();
    });
    const proxy = await listen(proxyServer);
    try {
      const ex = await send({ method: 'GET', url: secure.url, headers: {} }, settings({ proxy: proxy.url, caFile: tls.certFile, timeoutMs: 4000, firstByteTimeoutMs: 4000 }));
      expect(ex.error?.code).toBe('PROXY');
      expect(ex.error?.message).toContain(`the proxy 127.0.0.1:${proxy.port} closed the connection`);
      // Failed by the proxy's close (the code and message, not a timeout's), with no reconnect storm.
      expect(connects).toBeLessThanOrEqual(2);
    } finally {
      await proxy.close();
    }
  });

  it('a refused or unknown proxy is named (without its credentials), not the target', async () => {
    const dead = await listen(net.createServer());
    await dead.close();
    const refused = await send({ method: 'GET', url: 'https://shop.example.com/cart', headers: {} }, settings({ proxy: `http://bob:pr0xy-pw@127.0.0.1:${dead.port}` }));
    expect(refused.error?.code).toBe('ECONNREFUSED');
    expect(refused.error?.message).toBe(`connection refused by the proxy 127.0.0.1:${dead.port} (on the way to shop.example.com)`);
    const unknown = await send({ method: 'GET', url: 'https://shop.example.com/cart', headers: {} }, settings({ proxy: 'http://bob:pr0xy-pw@proxy.invalid:3128' }));
    expect(unknown.error?.code).toBe('ENOTFOUND');
    expect(unknown.error?.message).toMatch(/^DNS lookup failed for the proxy proxy\.invalid:3128 \(on the way to shop\.example\.com\)/);
    expect(JSON.stringify([refused.error, unknown.error])).not.toContain('pr0xy-pw');
  });
});

describe('localAddress', () => {
  it('binds the local address of the request (127.0.0.2 is local on Linux loopback)', async () => {
    const seen: string[] = [];
    const srv = await httpServer((req, res) => {
      seen.push(req.socket.remoteAddress ?? '');
      res.end('{}');
    });
    try {
      const a = await send({ method: 'GET', url: srv.url, headers: {}, localAddress: '127.0.0.2' }, settings());
      const b = await send({ method: 'GET', url: srv.url, headers: {} }, settings());
      expect(a.error).toBeUndefined();
      expect(b.error).toBeUndefined();
      expect(seen.map((s) => s.replace(/^::ffff:/, ''))).toEqual(['127.0.0.2', '127.0.0.1']);
    } finally {
      await srv.close();
    }
  });
});
