/** Header lists as the proxy passes them on: order, spelling and repeats kept, connection headers dropped. */
import { describe, expect, it } from 'vitest';
import { endToEnd, flatList, headerPairs, joined } from '../../src/http/forward-headers.js';

describe('forward headers', () => {
  it('keeps repeated headers in order and drops hop-by-hop ones and those Connection names', () => {
    const pairs = headerPairs(['Host', 'p', 'Authorization', 'a', 'Connection', 'keep-alive, X-Hop', 'X-Hop', 'h', 'Authorization', 'b', 'Transfer-Encoding', 'chunked', 'Trailer', 'X-Sum', 'Expect', '100-continue']);
    expect(endToEnd(pairs, ['host', 'expect'])).toEqual([['Authorization', 'a'], ['Authorization', 'b'], ['Trailer', 'X-Sum']]);
    expect(flatList(endToEnd(pairs, ['host', 'expect']))).toEqual(['Authorization', 'a', 'Authorization', 'b', 'Trailer', 'X-Sum']);
  });

  it('reads Buffers byte for byte and joins repeats for judging', () => {
    const pairs = headerPairs([Buffer.from('X-Name'), Buffer.from([0x63, 0x61, 0x66, 0xe9]), Buffer.from('x-name'), Buffer.from('2')]);
    expect(pairs).toEqual([['X-Name', 'caf\u00e9'], ['x-name', '2']]);
    expect(joined(pairs)).toEqual({ 'x-name': 'caf\u00e9, 2' });
    expect(headerPairs(null)).toEqual([]);
  });
});
