/** Which recorded entries replay sends: the target's origin (port included) only, merchant endpoints unless --all, other origins' endpoints only with --target. */
import { describe, expect, it } from 'vitest';
import { scopeReplay } from '../../src/replay/scope.js';
import { defaultConfig } from '../../src/config/defaults.js';
import type { ReplayItem } from '../../src/replay/source.js';

const item = (variant: string, method: string, url: string): ReplayItem => ({ variant, authMode: 'recorded', request: { method: method as 'GET', url, headers: {} } });
const items = [
  item('#1', 'GET', 'http://shop.test:8080/get-checkout-cart-info-url?merchantCartToken=c'),
  item('#2', 'POST', 'http://shop.test:8080/order-update-create-url'),
  item('#3', 'GET', 'http://shop.test:8080/healthz'),
  item('#4', 'POST', 'http://shop.test/order-update-create-url'),
  item('#5', 'DELETE', 'http://evil.test/admin/delete-everything'),
];
const sent = (options: { target: string; explicitTarget?: boolean; all?: boolean }) =>
  scopeReplay(items, { target: new URL(options.target), explicitTarget: options.explicitTarget ?? false, all: options.all ?? false, config: defaultConfig() });

describe('scopeReplay', () => {
  it('merchant.baseUrl as the target: its origin only, port included, merchant endpoints only', () => {
    const scoped = sent({ target: 'http://shop.test:8080' });
    expect(scoped.send.map((i) => i.variant)).toEqual(['#1', '#2']);
    expect(scoped.held.map((h) => h.variant)).toEqual(['#3', '#4', '#5']);
    expect(scoped.held[0]!.why).toMatch(/not a merchant endpoint.*--all/);
    expect(scoped.held[1]!.why).toBe('recorded for http://shop.test, which is not the target http://shop.test:8080 (replay sends only to --target or merchant.baseUrl; `--target URL` sends the merchant calls of a recording made elsewhere to URL)');
    expect(scoped.held[2]!.why).toMatch(/^recorded for http:\/\/evil\.test, /);
  });
  it('the default port is a port: http://shop.test does not take entries recorded for :8080', () => {
    expect(sent({ target: 'http://shop.test' }).send.map((i) => i.variant)).toEqual(['#4']);
  });
  it('--all adds the other paths of the target origin, never another host', () => {
    expect(sent({ target: 'http://shop.test:8080', all: true }).send.map((i) => i.variant)).toEqual(['#1', '#2', '#3']);
  });
  it("--target takes the merchant endpoints of any recorded origin, not other hosts' other paths", () => {
    expect(sent({ target: 'http://127.0.0.1:9000', explicitTarget: true, all: true }).send.map((i) => i.variant)).toEqual(['#1', '#2', '#4']);
  });
});
