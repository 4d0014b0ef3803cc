/**
 * Header lists as the proxy passes them on: in order, names as spelt, repeated headers kept (a second
 * Authorization or Content-Type reaches the other side as it was sent), without the headers that
 * belong to one connection. Node and undici give these as flat name/value lists.
 */

/** Headers that belong to one connection, not to the message (RFC 9110 §7.6.1): never passed on. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'upgrade', 'proxy-authorization', 'proxy-authenticate']);

/** A header as a name/value pair. */
export type HeaderPair = [name: string, value: string];

/** Pairs of a flat `[name, value, name, value...]` list (Buffers read as latin1, byte for byte). */
export function headerPairs(flat: readonly (string | Buffer)[] | null | undefined): HeaderPair[] {
  const out: HeaderPair[] = [];
  if (!flat) return out;
  for (let i = 0; i + 1 < flat.length; i += 2) {
    const name = flat[i]!;
    const value = flat[i + 1]!;
    out.push([typeof name === 'string' ? name : name.toString('latin1'), typeof value === 'string' ? value : value.toString('latin1')]);
  }
  return out;
}

/** The names `Connection` lists: headers the sender meant for this hop only. */
function connectionListed(pairs: HeaderPair[]): Set<string> {
  const listed = new Set<string>();
  for (const [name, value] of pairs) if (name.toLowerCase() === 'connection') for (const token of value.split(',')) listed.add(token.trim().toLowerCase());
  return listed;
}

/**
 * The pairs a hop passes on: without hop-by-hop headers and those `Connection` names, and without
 * the names in `drop` (lower-case) that the proxy answers for itself.
 */
export function endToEnd(pairs: HeaderPair[], drop: readonly string[] = []): HeaderPair[] {
  const listed = connectionListed(pairs);
  return pairs.filter(([name]) => {
    const key = name.toLowerCase();
    return !HOP_BY_HOP.has(key) && !listed.has(key) && !drop.includes(key);
  });
}

/** Flat `[name, value, ...]` again, as node's writeHead and undici's dispatch take it. */
export function flatList(pairs: HeaderPair[]): string[] {
  return pairs.flatMap(([name, value]) => [name, value]);
}

/** Lower-cased names, repeated headers joined with ", " (the shape judged: ReceivedResponse.headers). */
export function joined(pairs: HeaderPair[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of pairs) {
    const key = name.toLowerCase();
    out[key] = out[key] === undefined ? value : `${out[key]}, ${value}`;
  }
  return out;
}
