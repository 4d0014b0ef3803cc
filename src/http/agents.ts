import { readFile } from 'node:fs/promises';
import { rootCertificates } from 'node:tls';
import { Agent, buildConnector, Pool, ProxyAgent, type Dispatcher } from 'undici';
import { withInterimResponses, type Connector } from './interim.js';
import { TLS_CODE } from './transport-error.js';

/** Everything that decides how a connection is made; requests sharing these share a pool. */
export interface ConnectionOptions {
  caFile?: string;
  insecure?: boolean;
  proxy?: string;
  localAddress?: string;
  connectTimeoutMs: number;
}

const cache = new Map<string, Promise<Dispatcher>>();

/** Reads the private CA and appends it to Node's bundled roots: `caFile` adds trust, it must not replace it. */
async function loadCa(caFile: string): Promise<string[]> {
  let pem: string;
  try {
    pem = await readFile(caFile, 'utf8');
  } catch (err) {
    throw Object.assign(new Error(`cannot read caFile ${caFile}: ${(err as Error).message}`), { code: 'CA_FILE' });
  }
  if (!pem.includes('-----BEGIN CERTIFICATE-----')) {
    throw Object.assign(new Error(`caFile ${caFile} holds no PEM certificate`), { code: 'CA_FILE' });
  }
  return [...rootCertificates, pem];
}

async function build(o: ConnectionOptions): Promise<Dispatcher> {
  const ca = o.caFile ? await loadCa(o.caFile) : undefined;
  const tls = {
    ...(ca ? { ca } : {}),
    rejectUnauthorized: !o.insecure,
    timeout: o.connectTimeoutMs,
  };
  // localAddress is a client option in undici (a connect option of that name is overridden).
  const bind = o.localAddress ? { localAddress: o.localAddress } : {};
  // bodyTimeout 0: a slow body is judged by the total timeout (the abort signal), not per chunk.
  if (o.proxy) {
    return new ProxyAgent({
      uri: o.proxy,
      requestTls: tls,
      // An https:// proxy is verified like the target: a private CA (--ca) or --insecure applies to it too.
      proxyTls: tls,
      // With a proxy the only socket this machine opens goes to the proxy: bind that one.
      clientFactory: (origin, opts) => tunnelErrorsFinal(new Pool(origin, { ...opts, ...bind })),
      // The connections to the target (tunnels) accept interim 1xx answers like direct ones.
      factory: (origin, opts) => {
        const options = opts as Pool.Options;
        const connect = typeof options.connect === 'function' ? withInterimResponses(options.connect as Connector) : undefined;
        return new Pool(origin, connect ? { ...options, connect: connect as Pool.Options['connect'] } : options);
      },
      bodyTimeout: 0,
    });
  }
  // The connector is built here (as undici would from `connect: tls`) to accept interim 1xx answers.
  const connect = withInterimResponses(buildConnector(tls) as Connector) as Agent.Options['connect'];
  return new Agent({ connect, ...bind, bodyTimeout: 0 });
}

/**
 * A proxy that closes the connection while answering CONNECT fails the tunnel with undici's socket
 * error, which undici treats as recoverable: it reconnects at once, for ever (thousands of CONNECTs a
 * second until the total timeout). Renaming that error makes the request fail with it instead.
 */
function tunnelErrorsFinal(pool: Pool): Pool {
  const connect = pool.connect.bind(pool) as (o: Dispatcher.ConnectOptions) => Promise<Dispatcher.ConnectData>;
  const tunnel = async (options: Dispatcher.ConnectOptions): Promise<Dispatcher.ConnectData> => {
    try {
      return await connect(options);
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      if (code === 'UND_ERR_SOCKET') {
        throw Object.assign(new Error(`the proxy closed the connection instead of answering CONNECT (${(err as Error).message})`), { code: 'PROXY_CLOSED', cause: err });
      }
      // The TLS handshake with an https:// proxy failed: say so, or the message blames the target.
      if (TLS_CODE.test(code)) throw Object.assign(new Error((err as Error).message), { code: 'PROXY_TLS', cause: err });
      throw err;
    }
  };
  // ProxyAgent opens each tunnel through connect(options) and awaits the promise.
  return Object.assign(pool, { connect: tunnel }) as Pool;
}

/**
 * The dispatcher for these connection options, created once and reused so a run of many requests
 * keeps its connections alive. Rejects (code CA_FILE) when the CA file cannot be read.
 */
export function getDispatcher(o: ConnectionOptions): Promise<Dispatcher> {
  const key = JSON.stringify([o.caFile ?? '', !!o.insecure, o.proxy ?? '', o.localAddress ?? '', o.connectTimeoutMs]);
  let d = cache.get(key);
  if (!d) {
    d = build(o);
    cache.set(key, d);
    // A failed build (unreadable CA) must not poison the cache for a later, fixed attempt.
    d.catch(() => cache.delete(key));
  }
  return d;
}

/** Closes every cached dispatcher (idle keep-alive sockets would otherwise hold a CLI run open). */
export async function closeAgents(): Promise<void> {
  const all = [...cache.values()];
  cache.clear();
  await Promise.all(
    all.map(async (p) => {
      try {
        const d = await p;
        await d.destroy();
      } catch {
        // already failed or closed: nothing to release
      }
    }),
  );
}
