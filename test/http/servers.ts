/** Real local servers for the http/auth tests: everything on 127.0.0.1, port 0, no mocks. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A listening server and how to stop it. */
export interface Listening {
  port: number;
  url: string;
  close(): Promise<void>;
}

/** Starts `server` on 127.0.0.1:0; close() also drops open connections. */
export async function listen(server: net.Server, scheme = 'http'): Promise<Listening> {
  const sockets = new Set<net.Socket>();
  server.on('connection', (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  // TLS servers report their TCP sockets via 'connection' too.
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    url: `${scheme}://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** An http server answering with `handler`. */
export function httpServer(handler: http.RequestListener): Promise<Listening> {
  return listen(http.createServer(handler));
}

/**
 * A port that was just in use and is now closed: connecting to it is refused. It is taken below
 * Linux's ephemeral range (32768 and up), where no server of another test listening on port 0 can
 * be given it between the close and the connection (such a race once made a refusal an answer).
 */
export async function closedPort(): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const server = net.createServer();
    const bound = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (bound) {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      return port;
    }
    if (attempt > 50) throw new Error('no free port below the ephemeral range');
  }
}

/** A self-signed certificate for 127.0.0.1/localhost made with openssl in a temp dir. */
export function selfSignedCert(): { dir: string; certFile: string; keyFile: string; cert: string; key: string } {
  const dir = mkdtempSync(join(tmpdir(), 'xborder-tls-'));
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', keyFile,
        '-out', certFile, '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'],
      { stdio: 'pipe' },
    );
  } catch (err) {
    throw new Error(`openssl is needed to generate the test certificate and failed or is missing: ${(err as Error).message}`);
  }
  return { dir, certFile, keyFile, cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };
}

/** Memory that grows when bodies are buffered: JS heap plus Buffers outside it. */
export function bufferedBytes(): number {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}
