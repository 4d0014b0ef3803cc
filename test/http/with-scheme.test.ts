/** The URL meant by a value typed without http:// or https://. */
import { describe, expect, it } from 'vitest';
import { withScheme } from '../../src/http/url.js';

describe('withScheme', () => {
  it('adds http:// for this machine and https:// for any other host', () => {
    expect(withScheme('127.0.0.1:8788')).toBe('http://127.0.0.1:8788');
    expect(withScheme('localhost:8788/shop')).toBe('http://localhost:8788/shop');
    expect(withScheme('shop.example.com/api')).toBe('https://shop.example.com/api');
    expect(withScheme('[::1]:8080')).toBe('http://[::1]:8080');
  });

  it('suggests nothing for a URL with a scheme, user info (never echoed), spaces or no host', () => {
    expect(withScheme('https://shop.example.com')).toBeUndefined();
    expect(withScheme('user:secret@shop.example.com')).toBeUndefined();
    expect(withScheme('not a url')).toBeUndefined();
    expect(withScheme('shop')).toBeUndefined();
    expect(withScheme('')).toBeUndefined();
  });
});
