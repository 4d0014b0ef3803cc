import { exec } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { shellQuote, toCurl } from '../../src/http/curl.js';
import type { RequestSpec } from '../../src/model.js';
import { Redactor } from '../../src/redact/redactor.js';
import { httpServer } from './servers.js';

const run = promisify(exec);
const identity = (s: string) => s;

interface Seen {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  from?: string;
}

/** Runs the curl command in /bin/sh against a real server and returns what the server received. */
async function replay(build: (baseUrl: string) => RequestSpec): Promise<{ seen: Seen; cmd: string }> {
  const seen: Seen = { headers: {}, body: '' };
  const srv = await httpServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      Object.assign(seen, { method: req.method, url: req.url, headers: req.headers, body, from: req.socket.remoteAddress });
      res.end('{}');
    });
  });
  try {
    const cmd = toCurl(build(srv.url), identity);
    await run(cmd, { shell: '/bin/sh', timeout: 10_000 });
    return { seen, cmd };
  } finally {
    await srv.close();
  }
}

describe('toCurl', () => {
  it('writes a single line and quotes with single quotes', () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    expect(shellQuote('plain-word')).toBe('plain-word');
    const cmd = toCurl({ method: 'GET', url: 'https://shop.example.com/cart?token=a&b=c', headers: { Accept: 'application/json' } }, identity);
    expect(cmd).toBe(`curl -sS -i -H 'Accept: application/json' 'https://shop.example.com/cart?token=a&b=c'`);
  });

  it('reproduces a POST with a body full of shell metacharacters exactly (run through /bin/sh and curl)', async () => {
    const body = JSON.stringify({ Name: "O'Brien $(rm -rf /) `id` \\ \"q\" & ; | > ~ *", City: 'München' });
    const { seen, cmd } = await replay((base) => ({
      method: 'POST',
      url: `${base}/order?x=1&y=$HOME`,
      headers: { 'Content-Type': 'application/json', 'X-Quote': "a'b" },
      body,
    }));
    expect(cmd.includes('\n')).toBe(false);
    expect(seen.method).toBe('POST');
    expect(seen.url).toBe('/order?x=1&y=$HOME');
    expect(seen.headers['x-quote']).toBe("a'b");
    expect(seen.body).toBe(body);
  });

  it('pipes a body with line breaks through printf, still on one line', async () => {
    const body = '{\r\n  "a": "back\\\\slash \\n escaped",\n  "b": "%s %b \\c"\n}\n';
    const { seen, cmd } = await replay((base) => ({ method: 'POST', url: base, headers: { 'Content-Type': 'application/json' }, body }));
    expect(cmd.includes('\n')).toBe(false);
    expect(cmd.startsWith("printf '%b' ")).toBe(true);
    expect(seen.body).toBe(body);
  });

  it('binds the local address with --interface (the ip auth mode)', async () => {
    const { seen, cmd } = await replay((base) => ({ method: 'GET', url: base, headers: {}, localAddress: '127.0.0.2' }));
    expect(cmd).toContain('--interface 127.0.0.2');
    expect(seen.from?.replace(/^::ffff:/, '')).toBe('127.0.0.2');
  });

  it('a POST without body says -X POST', () => {
    expect(toCurl({ method: 'POST', url: 'http://h/', headers: {} }, identity)).toBe('curl -sS -i -X POST http://h/');
  });

  it('passes every piece through mask before quoting, so no secret survives', () => {
    const secret = "s3cr'et-key";
    const r = new Redactor([secret, 'query-key-123', 'platform:pa55word']);
    const spec: RequestSpec = {
      method: 'POST',
      url: 'https://shop.example.com/order?key=query-key-123',
      headers: {
        'X-Merchant-Key': secret,
        Authorization: `Basic ${Buffer.from('platform:pa55word').toString('base64')}`,
      },
      body: `{"CardNumber":"4111 1111 1111 1111","CVVNumber":"123","note":"${secret}"}`,
    };
    const cmd = toCurl(spec, (s) => r.text(s));
    for (const leak of ["s3cr'et-key", `s3cr'\\''et-key`, 'query-key-123', Buffer.from('platform:pa55word').toString('base64'), '4111 1111', '"123"']) {
      expect(cmd).not.toContain(leak);
    }
    expect(cmd).toContain("'Authorization: Basic ****'");
    expect(cmd).toContain('1111');
  });
});
