/** A real HTTP server on 127.0.0.1 port 0 that keeps every request it receives (method, URL, headers, body) and answers one fixed JSON body. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the server received it. */
export interface ReceivedRequest {
  method: string;
  /** Path and query, as on the request line. */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A listening recording server. */
export interface RecordingServer {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  port: number;
  received: ReceivedRequest[];
  close: () => Promise<void>;
}

/** Starts a server that records each request and answers `answer` (default `{}`) with status 200. */
export async function startRecordingServer(answer = '{}'): Promise<RecordingServer> {
  const received: ReceivedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' }).end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
