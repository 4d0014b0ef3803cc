/**
 * Issue 9, secrets: merchants that echo the request back in every form an echo takes (a redirect
 * Location, a form body, a base64 dump, an HTML page with entities, PHP-escaped JSON, UTF-16, a JSON
 * syntax error right at a key, an HTML title, a body cut at --max-body, card data in other text),
 * against the built CLI. Every output (table, -v, --json, --junit file, error messages) is grepped for
 * every secret in every form (echo-forms.ts), including the JWTs and Basic credentials xborder made
 * during the run, which the echo servers record as they receive them.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../src/mock/running-server.js';
import { filesUnder } from '../helpers/files-under.js';
import { runCli, type CliResult } from '../helpers/run-cli.js';
import { cardLeaksIn, htmlEscaped, leakScanner, leaksIn, phpJson } from '../redact/echo-forms.js';

const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';
const CART_TOKEN = '2c5c7b3db2ed101426cba38d9c534086';
/** Secrets given to xborder: in the environment (${ENV} references) or inline in cartParams. */
const SECRET = {
  header: 'hdrKEY/q8w7+e6r5=t4&x"y<z>-0123456789abc',
  password: 'P@ss w/rd+&é-2468',
  jwt: 'jwtSECRET-m9n8b7v6c5x4z3',
  query: 'qk/y=1&é+x-55aa66bb',
  apiToken: 'apiTOK-aa11bb22/+=',
  accessKey: 'accKEY-cc33dd44',
  sessionSecret: 'sessSEC-ee55ff66',
  xApiKey: 'xapiKEY-gg77hh88',
};
const ENV = { XB_HEADER_KEY: SECRET.header, XB_BASIC_PASSWORD: SECRET.password, XB_JWT_SECRET: SECRET.jwt, XB_QUERY_KEY: SECRET.query, XB_API_TOKEN: SECRET.apiToken };
const CARD = '4539148803436467';
const CVV = '739';
const CAP = 4096;

/** Credentials xborder made, as the echo servers received them: JWTs, their signatures, Basic credentials. */
const made = new Map<string, string>();
const outputs: { label: string; text: string }[] = [];
let dir: string;
let echo: RunningServer;

/** The request as a dump: request line, header lines, body. */
function dumpOf(req: IncomingMessage, body: string): string {
  const headers = Object.entries(req.headers).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : v}`);
  return `${req.method} ${req.url} HTTP/1.1\n${headers.join('\n')}\n\n${body}`;
}

function noteMade(req: IncomingMessage): void {
  const auth = req.headers.authorization ?? '';
  const bearer = /^Bearer (\S+)$/.exec(auth)?.[1];
  if (bearer) {
    made.set(`jwt ${made.size}`, bearer);
    const signature = bearer.split('.')[2];
    if (signature && signature.length >= 8) made.set(`jwt signature ${made.size}`, signature);
  }
  const basic = /^Basic (\S+)$/.exec(auth)?.[1];
  if (basic) made.set(`basic credential ${made.size}`, basic);
}

/** Each form of echo, by the first path segment of the merchant URL. */
const ECHOES: Record<string, (req: IncomingMessage, res: ServerResponse, dump: string, body: string) => void> = {
  redirect: (_req, res, dump) => {
    // The request line and its credentials, URL-encoded once and twice (a whole dump would only make the table slow).
    const credentials = dump.split('\n').filter((l) => /^(?:GET|POST|x-merchant-key|authorization)\b/i.test(l)).join('\n');
    res.writeHead(302, { location: `http://127.0.0.1:1/back?echo=${encodeURIComponent(credentials)}&twice=${encodeURIComponent(encodeURIComponent(credentials))}` });
    res.end();
  },
  form: (_req, res, dump, body) => {
    res.writeHead(400, { 'content-type': 'application/x-www-form-urlencoded' });
    res.end(new URLSearchParams({ error: 'bad request', request: dump, body }).toString());
  },
  base64: (_req, res, dump) => {
    res.writeHead(400, { 'content-type': 'text/plain' });
    res.end(`request dump:\n${Buffer.from(dump).toString('base64').replace(/.{76}/g, '$&\n')}\n`);
  },
  html: (_req, res, dump) => {
    res.writeHead(500, { 'content-type': 'text/html' });
    const numeric = [...dump].map((c) => `&#x${c.codePointAt(0)!.toString(16)};`).join('');
    res.end(`<!doctype html><html><head><title>Unauthorized</title></head><body><pre>${htmlEscaped(dump)}</pre><p>${numeric}</p><div data-request="${htmlEscaped(JSON.stringify(dump))}"></div></body></html>`);
  },
  php: (req, res, dump) => {
    res.writeHead(400, { 'content-type': 'application/json' });
    const headers = Object.entries(req.headers).map(([k, v]) => `"${phpJson(k)}":"${phpJson(String(v))}"`).join(',');
    res.end(`{"error":"bad request","request":"${phpJson(dump)}","headers":{${headers}}}`);
  },
  utf16: (_req, res, dump) => {
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-16le' });
    res.end(Buffer.from(`request: ${dump}`, 'utf16le'));
  },
  utf16raw: (_req, res, dump) => {
    // No byte order mark, no charset: read as UTF-8 it would be NUL-interleaved.
    res.writeHead(400, { 'content-type': 'application/json' });
    res.end(Buffer.from(JSON.stringify({ error: 'bad', request: dump }), 'utf16le'));
  },
  syntax: (req, res) => {
    // The JSON breaks right before the key: the excerpt of the error shows the 20 characters after it.
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(`{"ResponseInfo": {"Success": false}, "you sent": @${req.headers['x-merchant-key'] ?? 'nothing-here'} }`);
  },
  title: (req, res) => {
    res.writeHead(401, { 'content-type': 'text/html' });
    res.end(`<html><head><title>${'x'.repeat(100)} ${req.headers['x-merchant-key'] ?? ''} is not a valid key</title></head></html>`);
  },
  capped: (req, res) => {
    // The header key straddles the --max-body cap: only its first 12 characters are read.
    const key = String(req.headers['x-merchant-key'] ?? '');
    const head = '{"ResponseInfo":{"Success":true},"pad":"';
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(`${head}${'p'.repeat(CAP - head.length - 12)}${key}${'q'.repeat(500)}"}`);
  },
  cards: (_req, res, _dump, body) => {
    let order: { PaymentDetails?: { CardNumber?: string; CVVNumber?: string } } = {};
    try {
      order = JSON.parse(body);
    } catch {
      // not an order: echo nothing
    }
    const card = order.PaymentDetails?.CardNumber ?? '';
    const cvv = order.PaymentDetails?.CVVNumber ?? '';
    const g = card.match(/.{1,4}/g) ?? [];
    const message = [`ref_${card}`, g.join('.'), `card+${g.join('+')}`, g.join('%20'), `CVV: ${cvv}`, `security code ${cvv} rejected`].join(' / ');
    res.writeHead(400, { 'content-type': 'application/json' });
    res.end(JSON.stringify({
      ResponseInfo: { Success: false, ErrorCode: 'CARD', Message: message },
      echo: encodeURIComponent(JSON.stringify(order.PaymentDetails)),
      html: htmlEscaped(JSON.stringify(order.PaymentDetails)),
    }));
  },
};

/**
 * Runs xborder and keeps its output for the final search, once it is checked to have done what it
 * is for (its exit code and a piece of its output): a run that failed early would cover nothing.
 */
async function run(label: string, args: string[], code: number, shows: RegExp): Promise<CliResult> {
  const result = await runCli(args, { cwd: dir, env: ENV });
  expect(result.code, `${label}: ${result.stdout.slice(-500)}${result.stderr}`).toBe(code);
  expect(result.stdout + result.stderr, label).toMatch(shows);
  outputs.push({ label: `${label} (stdout)`, text: result.stdout }, { label: `${label} (stderr)`, text: result.stderr });
  return result;
}

function writeConfig(name: string, baseUrl: string): string {
  writeFileSync(join(dir, name), JSON.stringify({
    merchantGUID: GUID,
    merchant: {
      baseUrl,
      cartMethods: ['GET'],
      cartToken: CART_TOKEN,
      cartParams: { locale: 'de-DE', apiToken: '${XB_API_TOKEN}', accessKey: SECRET.accessKey, sessionSecret: SECRET.sessionSecret, 'X-Api-Key': SECRET.xApiKey },
    },
    auth: [
      { mode: 'header', name: 'X-Merchant-Key', value: '${XB_HEADER_KEY}' },
      { mode: 'basic', username: 'platform', password: '${XB_BASIC_PASSWORD}' },
      { mode: 'jwt', algorithm: 'HS256', secret: '${XB_JWT_SECRET}', issuer: 'platform' },
      { mode: 'query', name: 'key', value: '${XB_QUERY_KEY}' },
    ],
    timeoutMs: 5000,
  }));
  return name;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'xb-secrets-echo-'));
  echo = await listen(
    createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        noteMade(req);
        const form = (req.url ?? '').split('/')[1] ?? '';
        (ECHOES[form] ?? ECHOES.php!)(req, res, dumpOf(req, body), body);
      });
    }),
  );
  for (const form of Object.keys(ECHOES)) writeConfig(`${form}.json`, `${echo.url}/${form}`);
  const order = JSON.parse(readFileSync(new URL('../../samples/order-payment.json', import.meta.url), 'utf8'));
  order.PaymentDetails.CardNumber = CARD;
  order.PaymentDetails.CVVNumber = CVV;
  writeFileSync(join(dir, 'order.json'), JSON.stringify(order, null, 2));
});

afterAll(async () => {
  await echo?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('echoing merchants: no secret in any form in any output', () => {
  const forms = ['redirect', 'form', 'base64', 'html', 'php', 'utf16', 'utf16raw', 'syntax', 'title'];
  it.each(forms)('check-cart against the %s echo: table with -v and --junit, and --json', async (form) => {
    const [, json] = await Promise.all([
      run(`${form} -v`, ['check-cart', '--config', `${form}.json`, '-v', '--junit', `${form}.xml`], 1, /reproduce:\s+curl/),
      run(`${form} --json`, ['check-cart', '--config', `${form}.json`, '--json'], 1, /"curl": "curl /),
    ]);
    expect(() => JSON.parse(json.stdout)).not.toThrow();
  });

  it('a body cut at --max-body across the header key', async () => {
    await Promise.all([
      run('capped -v', ['check-cart', '--config', 'capped.json', '-v', '--max-body', String(CAP), '--junit', 'capped.xml'], 1, /pppp/),
      run('capped --json', ['check-cart', '--config', 'capped.json', '--json', '-v', '--max-body', String(CAP)], 1, /pppp/),
    ]);
  });

  it('post-order with card data against a merchant that echoes it inside other text', async () => {
    await Promise.all([
      run('cards -v', ['post-order', '--config', 'cards.json', '--file', 'order.json', '-v', '--junit', 'cards.xml'], 1, /6467/),
      run('cards --json', ['post-order', '--config', 'cards.json', '--file', 'order.json', '--json'], 1, /"requestBody"/),
    ]);
  });

  it('configuration errors quoting ${ENV} values, URL passwords and keys, proxy passwords', async () => {
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({
      merchantGUID: GUID,
      merchant: { baseUrl: `${echo.url}/php` },
      ca: '/nonexistent/${XB_HEADER_KEY}.pem',
      auth: [{ mode: 'header', name: 'X-Merchant-Key', value: '${XB_HEADER_KEY}' }],
    }));
    await run('ca error', ['check', '--config', 'bad.json'], 2, /ca: file \/nonexistent\/.*\.pem does not exist/);
    await run('url error', ['check', '--config', 'php.json', '--merchant-url', `http://u:${SECRET.password}@[z/?apiToken=${SECRET.apiToken}`], 2, /merchant\.baseUrl: not a valid URL/);
    await run('proxy error', ['check-cart', '--config', 'php.json', '--proxy', `http://bob:${SECRET.password}@[bad`], 2, /proxy: not a valid URL/);
  });

  it('the detector sees every echo form that --show-secrets lets through (so the final check can fail)', async () => {
    const [cards, ...shown] = await Promise.all([
      runCli(['post-order', '--config', 'cards.json', '--file', 'order.json', '--json', '--show-secrets'], { cwd: dir, env: ENV }),
      // --json: the same bodies and headers as -v, without the cost of drawing long table cells.
      ...['redirect', 'base64', 'html', 'php'].map((form) => runCli(['check-cart', '--config', `${form}.json`, '--json', '-v', '--show-secrets'], { cwd: dir, env: ENV })),
    ]);
    const text = shown.map((r) => r.stdout + r.stderr).join('\n');
    const found = leaksIn(text, { ...SECRET, ...Object.fromEntries(made) }).map((f) => f.replace(/ \d+:/, ':'));
    for (const kind of ['header: url-encoded twice', 'header: base64 inside a base64 run (alignment 0)', 'header: HTML entities', 'header: JSON-escaped', 'query: url-encoded', 'jwt signature: raw', 'basic credential: raw']) {
      expect(found, kind).toContain(kind);
    }
    expect(cardLeaksIn(cards.stdout, CARD, CVV)).toEqual(['card (more than the last 4 digits)', 'security code after its label']);
  });

  it('no output and no JUnit file holds a secret, a credential xborder made, or card data, in any form', () => {
    const junit = readdirSync(dir).filter((f) => f.endsWith('.xml'));
    expect(junit.length).toBe(forms.length + 2);
    // Every file the runs wrote: JUnit reports and whatever a run saves (a run folder, if any).
    const files = filesUnder(dir)
      .filter((f) => !f.endsWith('.json') || f.includes('.xborder'))
      .map((f) => ({ label: f, text: readFileSync(join(dir, f), 'latin1') + readFileSync(join(dir, f), 'utf8') }));
    // The servers saw the credentials xborder made: 4 auth modes, negative variants included.
    expect([...made.keys()].filter((k) => k.startsWith('jwt signature')).length).toBeGreaterThanOrEqual(forms.length * 3);
    expect([...made.keys()].some((k) => k.startsWith('basic credential'))).toBe(true);
    const secrets = { ...SECRET, ...Object.fromEntries(made) };
    const scan = leakScanner(secrets);
    const found = [...outputs, ...files].flatMap(({ label, text }) => [...scan(text), ...cardLeaksIn(text, CARD, CVV)].map((what) => `${label}: ${what}`));
    expect(found).toEqual([]);
    // What is not secret stays readable: the cart token (an opaque id), a cart parameter, the card's last 4.
    const all = outputs.map((o) => o.text).join('\n');
    expect(all).toContain(CART_TOKEN);
    expect(all).toContain('locale=de-DE');
    expect(all).toContain('apiToken=****');
  });
});
