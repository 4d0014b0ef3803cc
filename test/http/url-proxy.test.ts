import { describe, expect, it } from 'vitest';
import { isLoopbackHost, matchesNoProxy, proxyProblem, resolveProxy } from '../../src/http/proxy.js';
import { insecureWarning, plainHttpWarning } from '../../src/http/url.js';

describe('warnings', () => {
  it('warns for plain http to another machine only', () => {
    expect(plainHttpWarning('http://shop.example.com/cart')).toMatch(/plain http:\/\/.*unencrypted/);
    expect(plainHttpWarning('https://shop.example.com/cart')).toBeUndefined();
    expect(plainHttpWarning('http://127.0.0.1:8080/')).toBeUndefined();
    expect(plainHttpWarning('http://localhost:8080/')).toBeUndefined();
    expect(plainHttpWarning('http://[::1]:8080/')).toBeUndefined();
    expect(plainHttpWarning('not a url')).toBeUndefined();
  });

  it('flags insecure', () => {
    expect(insecureWarning({ insecure: true })).toMatch(/verification is disabled/);
    expect(insecureWarning({ insecure: false })).toBeUndefined();
    expect(insecureWarning({})).toBeUndefined();
  });
});

describe('proxy selection', () => {
  const env = { HTTPS_PROXY: 'http://corp-proxy:3128', HTTP_PROXY: 'http://plain-proxy:3128', NO_PROXY: 'internal.example.com,.corp.local,10.0.0.5,api.example.org:8443' };
  const pick = (u: string, explicit?: string, e: Record<string, string | undefined> = env) => resolveProxy(new URL(u), explicit, e);

  it('uses HTTPS_PROXY for https and HTTP_PROXY for http', () => {
    expect(pick('https://shop.example.com/')).toBe('http://corp-proxy:3128');
    expect(pick('http://shop.example.com/')).toBe('http://plain-proxy:3128');
    expect(pick('https://shop.example.com/', undefined, { https_proxy: 'http://lower:1' })).toBe('http://lower:1');
    expect(pick('https://shop.example.com/', undefined, {})).toBeUndefined();
  });

  it('respects NO_PROXY (exact, suffix, leading dot, IP, port) and never proxies loopback from the environment', () => {
    expect(pick('https://internal.example.com/')).toBeUndefined();
    expect(pick('https://a.internal.example.com/')).toBeUndefined();
    expect(pick('https://x.corp.local/')).toBeUndefined();
    expect(pick('https://10.0.0.5/')).toBeUndefined();
    expect(pick('https://api.example.org:8443/')).toBeUndefined();
    expect(pick('https://api.example.org/')).toBe('http://corp-proxy:3128');
    expect(pick('https://notinternal.example.com/')).toBe('http://corp-proxy:3128');
    expect(pick('https://127.0.0.1:9999/')).toBeUndefined();
    expect(pick('https://x/', undefined, { ...env, NO_PROXY: '*' })).toBeUndefined();
    expect(matchesNoProxy(new URL('http://h/'), undefined)).toBe(false);
  });

  it('reads a proxy variable without a scheme as http://, as curl does', () => {
    expect(pick('https://shop.example.com/', undefined, { HTTPS_PROXY: 'corp-proxy:3128' })).toBe('http://corp-proxy:3128');
    expect(pick('https://shop.example.com/', undefined, { HTTPS_PROXY: 'bob:pw@corp-proxy:3128' })).toBe('http://bob:pw@corp-proxy:3128');
  });

  it('names an unusable proxy without repeating its value (it may carry a password)', () => {
    expect(proxyProblem('http://bob:pw@corp:3128')).toBeUndefined();
    expect(proxyProblem('https://corp:3128')).toBeUndefined();
    expect(proxyProblem('socks5://bob:pw@corp:1080')).toBe('the proxy corp:1080 is a socks5 proxy; xborder supports http:// and https:// proxies');
    expect(proxyProblem('http://bob:pw@[bad')).toMatch(/is not a URL/);
    expect(proxyProblem('http://bob:pw@[bad')).not.toContain('pw');
  });

  it('an explicit proxy always wins', () => {
    expect(pick('https://internal.example.com/', 'http://mine:8080')).toBe('http://mine:8080');
    expect(pick('http://127.0.0.1/', 'http://mine:8080')).toBe('http://mine:8080');
  });

  it('knows loopback hosts', () => {
    expect(['localhost', 'api.localhost', '127.0.0.1', '127.3.2.1', '[::1]'].every(isLoopbackHost)).toBe(true);
    expect(['10.0.0.1', 'example.com', '128.0.0.1'].some(isLoopbackHost)).toBe(false);
  });
});
