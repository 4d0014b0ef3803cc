/**
 * A recorded request made ready to send again: sent to the target's origin (scheme, host and port),
 * stripped of every credential it carried (credential-shaped headers and query parameters, URL user
 * info: recorded ones are never reused), and optionally given fresh OrderIds. The current config's
 * credentials are applied afterwards (src/auth applyAuth). Which entries are sent at all is scope.ts.
 */
import type { AuthConfig, RequestSpec } from '../model.js';
import { headerAuthKeys, isRecordedCredential, nameKey, queryAuthKeys } from './credentials.js';

/** Headers never carried over: what belongs to the recorded connection (credentials: credentials.ts). */
const CONNECTION_HEADERS = new Set(['host', 'content-length', 'connection', 'keep-alive', 'transfer-encoding', 'accept-encoding']);

/** How to prepare: where to send, which header names the config's auth uses, fresh ids or not. */
export interface PrepareOptions {
  /** Base URL to send to: its origin, port included, replaces the recorded one. */
  target: URL;
  auth: AuthConfig[];
  /** Old OrderId -> new one; shared across a replay so a lifecycle call follows its order. */
  freshIds?: { map: Map<string, string>; next: () => string };
}

/** Replaces each OrderId at the top of the body (orders and lifecycle calls carry it there). */
function withFreshIds(body: string, fresh: NonNullable<PrepareOptions['freshIds']>): string {
  let doc: unknown;
  try {
    doc = JSON.parse(body);
  } catch {
    return body;
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return body;
  const record = doc as Record<string, unknown>;
  const old = record.OrderId;
  if (typeof old !== 'string' || old === '') return body;
  if (!fresh.map.has(old)) fresh.map.set(old, fresh.next());
  return JSON.stringify({ ...record, OrderId: fresh.map.get(old) });
}

/** The request to send (before auth is applied). */
export function prepareReplay(recorded: RequestSpec, options: PrepareOptions): RequestSpec {
  const url = new URL(recorded.url);
  // Each part set on its own: assigning `host` without a port keeps the recorded port, so a target
  // on the default port would have sent to the recorded one.
  url.protocol = options.target.protocol;
  url.hostname = options.target.hostname;
  url.port = options.target.port;
  url.username = '';
  url.password = '';
  url.hash = '';
  // Names compared as the merchant's framework reads them (decoded, any case): `MKEY=` is `mkey=` to ASP.NET.
  const queryAuth = queryAuthKeys(options.auth);
  for (const name of new Set(url.searchParams.keys())) if (queryAuth.has(nameKey(name)) || isRecordedCredential(name)) url.searchParams.delete(name);
  const dropped = headerAuthKeys(options.auth);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(recorded.headers)) {
    if (CONNECTION_HEADERS.has(name.toLowerCase()) || dropped.has(nameKey(name)) || isRecordedCredential(name)) continue;
    headers[name] = value;
  }
  const body = recorded.body !== undefined && options.freshIds ? withFreshIds(recorded.body, options.freshIds) : recorded.body;
  return { method: recorded.method, url: url.toString(), headers, ...(body !== undefined ? { body } : {}) };
}
