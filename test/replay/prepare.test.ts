/** Replay's preparation: recorded credentials never reused, the target's origin, fresh OrderIds shared by an order's calls. */
import { describe, expect, it } from 'vitest';
import { prepareReplay } from '../../src/replay/prepare.js';
import type { AuthConfig, RequestSpec } from '../../src/model.js';

const auth: AuthConfig[] = [{ mode: 'header', name: 'X-Shop-Key', value: 'new' }, { mode: 'query', name: 'sig', value: 'q' }];

function recorded(body?: string): RequestSpec {
  return {
    method: 'POST',
    url: 'https://old.example.com/base/order-update-create-url?sig=****&keep=1',
    headers: { authorization: '****', 'x-shop-key': '****', host: 'old.example.com', 'content-length': '99', 'content-type': 'application/json', 'x-trace': 't1' },
    ...(body ? { body } : {}),
  };
}

describe('prepareReplay', () => {
  it('drops every recorded credential and connection header, and moves to the target origin', () => {
    const spec = prepareReplay(recorded('{}'), { target: new URL('http://127.0.0.1:9000/'), auth });
    expect(spec.url).toBe('http://127.0.0.1:9000/base/order-update-create-url?keep=1');
    expect(spec.headers).toEqual({ 'content-type': 'application/json', 'x-trace': 't1' });
    expect(spec.body).toBe('{}');
  });
  it("sends to the target's port, also its default port, never the recorded one, and drops recorded user info", () => {
    const onPort = { ...recorded(), url: 'http://user:pw@127.0.0.1:4567/base/order-update-create-url?keep=1#frag' };
    expect(prepareReplay(onPort, { target: new URL('http://127.0.0.1'), auth: [] }).url).toBe('http://127.0.0.1/base/order-update-create-url?keep=1');
    expect(prepareReplay(onPort, { target: new URL('https://shop.test:8443/x'), auth: [] }).url).toBe('https://shop.test:8443/base/order-update-create-url?keep=1');
  });
  it('drops every credential-shaped header and query parameter, keeps cart tokens and the rest', () => {
    const spec = prepareReplay(
      {
        method: 'GET',
        url: 'http://old.test/cart?merchantCartToken=c1&countryCode=DE&session=s&access_token=t&api_key=k&hmac=h&key=q',
        headers: { 'x-hmac-sha256': 'h', 'x-session': 's', 'x-request-signature': 'g', 'ocp-apim-subscription-key': 'o', 'x-amz-security-token': 'a', 'x-api-key': 'k', 'x-client-secret': 's', 'x-passwd': 'p', 'x-apikey': 'k', 'x-auth-token': 't', cookie: 'c', 'proxy-authorization': 'p', 'x-cart-token': 'c2', 'x-trace': 't1', accept: 'application/json' },
      },
      { target: new URL('http://127.0.0.1:9000'), auth: [] },
    );
    expect(spec.url).toBe('http://127.0.0.1:9000/cart?merchantCartToken=c1&countryCode=DE');
    expect(spec.headers).toEqual({ 'x-cart-token': 'c2', 'x-trace': 't1', accept: 'application/json' });
  });
  it('gives each recorded OrderId one fresh id, shared by every call about that order', () => {
    let n = 0;
    const fresh = { map: new Map<string, string>(), next: () => `GE00${++n}GB` };
    const order = prepareReplay(recorded(JSON.stringify({ OrderId: 'GE1', A: 1 })), { target: new URL('http://127.0.0.1:9000'), auth, freshIds: fresh });
    const refund = prepareReplay(recorded(JSON.stringify({ OrderId: 'GE1', Amount: 2 })), { target: new URL('http://127.0.0.1:9000'), auth, freshIds: fresh });
    const other = prepareReplay(recorded(JSON.stringify({ OrderId: 'GE2' })), { target: new URL('http://127.0.0.1:9000'), auth, freshIds: fresh });
    expect(JSON.parse(order.body!)).toEqual({ OrderId: 'GE001GB', A: 1 });
    expect(JSON.parse(refund.body!).OrderId).toBe('GE001GB');
    expect(JSON.parse(other.body!).OrderId).toBe('GE002GB');
    expect(prepareReplay(recorded('not json'), { target: new URL('http://127.0.0.1:9000'), auth, freshIds: fresh }).body).toBe('not json');
  });
  it('drops the configured query-auth name and credential names in any spelling a framework reads as them: case, encoding, separators, array suffix', () => {
    const spec = prepareReplay(
      {
        method: 'GET',
        url: 'http://old.test/cart?merchantCartToken=c1&MKEY=a&Mkey=b&m%4Bey=c&mkey=d&mkey%5B%5D=e&m.key=f&m_key=g&%20mkey=h&mkeys=keep&SESSION=s&Api_Key=k&x%2Dapi%2Dkey=k2&%C5%BFession=s2',
        headers: { 'X-MERCHANT-KEY': 'r', 'x-merchant-key': 'r2', 'X-Session-Id': 's', 'x-trace': 't1' },
      },
      { target: new URL('http://127.0.0.1:9000'), auth: [{ mode: 'query', name: 'mkey', value: 'q' }, { mode: 'header', name: 'X-Merchant-Key', value: 'h' }] },
    );
    expect(spec.url).toBe('http://127.0.0.1:9000/cart?merchantCartToken=c1&mkeys=keep');
    expect(spec.headers).toEqual({ 'x-trace': 't1' });
  });
});
