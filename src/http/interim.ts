/**
 * Interim (1xx) responses before the real answer, accepted as curl accepts them. A server may send
 * `HTTP/1.1 100 Continue` (or 102 Processing, 103 Early Hints) before its final response; RFC 9110
 * section 15.2 says a client must be able to parse and ignore them, even unasked. undici 7 destroys
 * the connection on an unexpected 100 ("bad response"), so the interim heads are taken out of the
 * socket's incoming bytes before its HTTP parser sees them.
 *
 * Only bytes arriving first after a request was written are looked at (where a status line is due),
 * so nothing inside a response body is ever touched. 101 Switching Protocols is left alone: xborder
 * never asks for an upgrade, and undici reports one as the protocol error it is.
 */
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/** A status line of an interim response other than 101, up to its reason phrase. */
const INTERIM = /^HTTP\/1\.[01] 1(?!01)\d\d(?: |\r?\n)/;
/** What the first bytes of an interim status line can be while more are still to come. */
const INTERIM_PREFIX = 'HTTP/1.x 1';
/** The largest interim head held back while it is incomplete (undici's own header limit is 16 KiB). */
const MAX_HELD = 16 * 1024;
/** A request line as undici writes it: the start of a new request on this connection. */
const REQUEST_LINE = /^[A-Z]+ \S+ HTTP\/1\.1\r\n/;

/** True when `head` may still grow into an interim status line. */
function mayBeInterim(head: string): boolean {
  for (let i = 0; i < head.length && i < INTERIM_PREFIX.length; i++) {
    const want = INTERIM_PREFIX[i];
    const got = head[i];
    if (want === 'x' ? got !== '0' && got !== '1' : got !== want) return false;
  }
  return head.length < INTERIM_PREFIX.length + 3 || INTERIM.test(head);
}

/** The end offset of the head starting at 0 (after its blank line), or -1 when it is not complete. */
function headEnd(buf: Buffer): number {
  const crlf = buf.indexOf('\r\n\r\n');
  const lf = buf.indexOf('\n\n');
  if (crlf >= 0 && (lf < 0 || crlf < lf)) return crlf + 4;
  return lf >= 0 ? lf + 2 : -1;
}

/**
 * Makes `socket` drop interim responses that come before a final response. Installed once per
 * connection; costs a string test on the first bytes after each request and nothing after.
 */
export function acceptInterimResponses(socket: Duplex): void {
  let expecting = false;
  let held: Buffer | undefined;
  const write = socket.write;
  socket.write = function (this: Duplex, chunk: unknown, ...rest: unknown[]): boolean {
    const start = typeof chunk === 'string' ? chunk.slice(0, 256) : Buffer.isBuffer(chunk) ? chunk.subarray(0, 256).toString('latin1') : '';
    if (REQUEST_LINE.test(start)) expecting = true;
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as Duplex['write'];
  const push = socket.push;
  socket.push = function (this: Duplex, chunk: unknown, encoding?: BufferEncoding): boolean {
    if (!expecting || !Buffer.isBuffer(chunk)) {
      // End of stream while an interim head was held: hand it on, undici reports the cut answer.
      if (chunk === null && held) {
        push.call(this, held);
        held = undefined;
      }
      return push.call(this, chunk, encoding);
    }
    let buf = held ? Buffer.concat([held, chunk]) : chunk;
    held = undefined;
    for (;;) {
      const head = buf.subarray(0, 16).toString('latin1');
      if (!mayBeInterim(head)) break;
      const end = INTERIM.test(head) ? headEnd(buf) : -1;
      if (end < 0) {
        if (buf.length > MAX_HELD) break;
        held = buf;
        return true;
      }
      buf = buf.subarray(end);
      if (buf.length === 0) return true;
    }
    expecting = false;
    return push.call(this, buf);
  } as Duplex['push'];
}

/** A connector in undici's callback form. */
export type Connector = (options: object, callback: (error: Error | null, socket: Socket | null) => void) => unknown;

/** `connect` with acceptInterimResponses installed on every socket it makes. */
export function withInterimResponses(connect: Connector): Connector {
  return (options, callback) =>
    connect(options, (error, socket) => {
      if (socket) acceptInterimResponses(socket);
      callback(error, socket);
    });
}
