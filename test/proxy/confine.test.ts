/**
 * Confinement: a request target is joined under the target's base path as text, and every form that
 * a URL parser or the merchant's server could resolve out of it (or onto another host) is refused.
 * The property: whatever is let through, resolving it as a WHATWG URL parser does, also after undoing
 * its escapes once or twice, stays on the target's origin below its base path.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { basePathOf, confine } from '../../src/proxy/confine.js';
import { runs } from '../helpers/fuzz-runs.js';

const target = new URL('http://shop.test:8080/shop/api');

describe('confine', () => {
  it('joins a path and its query under the base path, as sent', () => {
    expect(confine('GET', '/get-checkout-cart-info-url?a=1&b=%2e%2e', target)).toEqual({ ok: true, path: '/shop/api/get-checkout-cart-info-url?a=1&b=%2e%2e' });
    expect(confine('POST', '/a//b/c.d/..e/%41/.well-known/caf%C3%A9', target)).toEqual({ ok: true, path: '/shop/api/a//b/c.d/..e/%41/.well-known/caf%C3%A9' });
    expect(confine('GET', '/x', new URL('http://shop.test/'))).toEqual({ ok: true, path: '/x' });
    expect(confine('GET', '/x', new URL('http://shop.test/base/'))).toEqual({ ok: true, path: '/base/x' });
  });

  it.each([
    ['CONNECT', 'other.test:443', 'CONNECT'],
    ['GET', 'http://other.test/x', 'absolute URL'],
    ['GET', 'HTTPS://other.test/x', 'absolute URL'],
    ['OPTIONS', '*', 'asterisk-form'],
    ['GET', '//other.test:9/x', 'starts with //'],
    ['GET', '/../../admin', 'dot segment'],
    ['GET', '/a/./b', 'dot segment'],
    ['GET', '/a/..', 'dot segment'],
    ['GET', '/%2e%2e/%2e%2e/admin', 'dot segment'],
    ['GET', '/%2E./admin', 'dot segment'],
    ['GET', '/..;/admin', 'dot segment'],
    ['GET', '/%252e%252e/admin', 'dot segment'],
    ['GET', '/x%2f..%2fadmin', 'encoded slash'],
    ['GET', '/x%5C..%5Cadmin', 'encoded slash'],
    ['GET', '/x%252f..', 'encoded slash'],
    ['GET', '/\\..\\admin', 'backslash'],
    ['GET', '/..#x', 'fragment'],
    ['GET', '/.../admin', 'dot segment'],
    ['GET', '/..%20/admin', 'dot segment'],
    ['GET', '/..%00x/admin', 'NUL'],
    ['GET', '/%ef%bc%8e%ef%bc%8e/admin', 'fullwidth'],
    ['GET', '/x%EF%BC%8F..', 'fullwidth'],
    ['GET', '/..%23x/admin', 'dot segment'],
    ['GET', '/%c0%ae%c0%ae/admin', 'overlong'],
    ['GET', 'x', 'not a path'],
  ])('refuses %s %s (%s)', (method, requestTarget, why) => {
    const got = confine(method, requestTarget, target);
    expect(got.ok).toBe(false);
    if (!got.ok) {
      expect(got.reason).toContain(why);
      expect(got.reason).toContain('http://shop.test:8080/shop/api/');
    }
  });

  it('lets through only what stays below the base path on the origin, however it is resolved', () => {
    const piece = fc.constantFrom('/', '.', '..', '%2e', '%2E', '%2f', '%5c', '%25', '\\', ';', 'a', '?', '#', ':', '@', '//', 'x.y', '%41', '%23', '%3F', '%3b', '%252e', '%C0%AE', '%2e%2e');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const requestTarget = `/${pieces.join('')}`;
        const got = confine('GET', requestTarget, target);
        if (!got.ok) return;
        const base = basePathOf(target);
        expect(got.path.startsWith(`${base}/`)).toBe(true);
        const resolved = new URL(got.path, target.origin);
        expect(resolved.origin).toBe(target.origin);
        expect(resolved.pathname === base || resolved.pathname.startsWith(`${base}/`)).toBe(true);
        // A server that decodes the path (once or twice) before resolving it stays below too.
        for (const rounds of [1, 2]) {
          let path = resolved.pathname;
          for (let i = 0; i < rounds; i++) path = path.replace(/%([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
          const again = new URL(path.replace(/\\/g, '/').replace(/^\/+/, '/'), target.origin);
          expect(again.pathname.startsWith(`${base}/`) || again.pathname === base).toBe(true);
        }
      }),
      runs(300),
    );
  });
});
