/**
 * The handle every mock server returns, and the one way mock servers start listening. Keeping the
 * listen/close logic here means both mocks close the same way: including idle keep-alive sockets,
 * so a test that used fetch (which keeps connections open) does not wait for them to time out.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** A mock server that is listening. */
export interface RunningServer {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:43817`. */
  url: string;
  /** Stops accepting, ends every open connection (keep-alive too) and resolves once closed. */
  close(): Promise<void>;
}

/**
 * Starts `server` on host:port (port 0 picks a free one) and returns its handle. Rejects with the
 * listen error (EADDRINUSE, EACCES ...) so the caller can turn it into a user-facing message.
 */
export async function listen(server: Server, port = 0, host = '127.0.0.1'): Promise<RunningServer> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });

  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  // An IPv6 literal needs brackets inside a URL.
  const urlHost = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;

  return {
    url: `http://${urlHost}:${actualPort}`,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections?.();
        // Connections still busy (a slow fault sleeping) are cut: a closed mock answers nobody.
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
  };
}
