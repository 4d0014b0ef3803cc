/**
 * Persona `crash-front`, a real process: a merchant built like a Go service whose order map is
 * written without a lock. It forwards every request to the store behind it (the reference merchant
 * in store mode, its URL the first argument) and spends `workMs` on each order before writing it;
 * when a second delivery of an OrderId arrives while the first is being written, the process dies
 * at once ("fatal error: concurrent map writes"): every open connection is cut, and from then on
 * nothing listens on its port. Prints its URL on stdout once listening.
 *
 * Plain JavaScript on purpose: it runs as `node crash-front.mjs UPSTREAM [workMs]`, like a service
 * of its own, independent of xborder's code.
 */
import http from 'node:http';

const upstream = new URL(process.argv[2]);
const workMs = Number(process.argv[3] ?? 100);
const writing = new Set();

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    let orderId;
    if (req.method === 'POST' && (req.url ?? '').startsWith('/order-update-create-url')) {
      try {
        orderId = JSON.parse(body.toString('utf8')).OrderId;
      } catch {
        orderId = undefined;
      }
    }
    if (typeof orderId === 'string') {
      if (writing.has(orderId)) {
        process.stderr.write(`fatal error: concurrent map writes (OrderId ${orderId})\n`);
        process.exit(2);
      }
      writing.add(orderId);
    }
    setTimeout(() => {
      const forward = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('end', () => writing.delete(orderId));
      });
      forward.on('error', () => res.destroy());
      forward.end(body);
    }, typeof orderId === 'string' ? workMs : 0);
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`http://127.0.0.1:${server.address().port}\n`);
});
