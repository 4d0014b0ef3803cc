/**
 * Issue 24, what still leaked after issue 9, against the built CLI on 127.0.0.1: a card number and
 * CVV inside a base64 echo of the order, an Amex number grouped with dots (`3782.8224.6310.005`),
 * and a registered secret whose base64 is split across MIME lines (76 characters, CRLF), in plain
 * text and inside a JSON string (where the CRLF is written `\r\n`). Every output (table with -v,
 * --json, the run folder) is searched, base64 runs decoded too.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../src/mock/running-server.js';
import { filesUnder } from '../helpers/files-under.js';
import { runCli } from '../helpers/run-cli.js';
import { cardLeaksIn, leakScanner } from '../redact/echo-forms.js';

const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';
const AMEX = '378282246310005';
const CVV = '7391';
const KEY = 'hdrKEY-q8w7e6r5t4-0123456789abcdefXYZ';

let dir: string;
let echo: RunningServer;

/** A base64 dump wrapped as MIME does: 76 characters a line, CRLF. */
const mime = (b64: string) => b64.replace(/.{76}/g, '$&\r\n');

/** The echo of each mode (first path segment). */
function answer(mode: string, req: IncomingMessage, body: string): { type: string; text: string } {
  // 45 bytes before the key put its base64 across the first line break.
  const dump = Buffer.from(`${'x'.repeat(45)}${req.headers['x-merchant-key'] ?? ''} end of dump`).toString('base64');
  if (mode === 'split') return { type: 'text/plain', text: `request dump:\r\n${mime(dump)}\r\n` };
  if (mode === 'splitjson') return { type: 'application/json', text: JSON.stringify({ error: 'bad request', dump: mime(dump) }) };
  let card = '';
  try {
    card = JSON.parse(body).PaymentDetails?.CardNumber ?? '';
  } catch {
    // a cart request: no card to echo
  }
  const dotted = `${card.slice(0, 4)}.${card.slice(4, 8)}.${card.slice(8, 12)}.${card.slice(12)}`;
  return { type: 'application/json', text: JSON.stringify({ ResponseInfo: { Success: false, ErrorCode: 'CARD', Message: `card ${dotted} refused` }, echo: Buffer.from(body).toString('base64'), mime: mime(Buffer.from(body).toString('base64')) }) };
}

/** Card data in `text` and in every base64 run it holds, decoded (line breaks and `\r\n` escapes removed first). */
function cardDataIn(text: string): string[] {
  const joined = text.replace(/\\r\\n|\r\n/g, '');
  const decoded = [...joined.matchAll(/[A-Za-z0-9+/]{20,}/g)].map((m) => Buffer.from(m[0], 'base64').toString('latin1')).join('\n');
  return [...cardLeaksIn(text, AMEX, CVV), ...cardLeaksIn(decoded, AMEX, CVV).map((l) => `${l} (in base64)`)];
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'xb-secrets-base64-'));
  echo = await listen(
    createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const { type, text } = answer((req.url ?? '').split('/')[1] ?? '', req, body);
        res.writeHead(400, { 'content-type': type });
        res.end(text);
      });
    }),
  );
  for (const mode of ['order', 'split', 'splitjson']) {
    writeFileSync(join(dir, `${mode}.json`), JSON.stringify({
      merchantGUID: GUID,
      merchant: { baseUrl: `${echo.url}/${mode}`, cartMethods: ['GET'] },
      auth: [{ mode: 'header', name: 'X-Merchant-Key', value: '${XB_HEADER_KEY}' }],
      timeoutMs: 5000,
    }));
  }
  const order = JSON.parse(readFileSync(new URL('../../samples/order-payment.json', import.meta.url), 'utf8'));
  order.PaymentDetails.CardNumber = AMEX;
  order.PaymentDetails.CVVNumber = CVV;
  writeFileSync(join(dir, 'amex-order.json'), JSON.stringify(order, null, 2));
});

afterAll(async () => {
  await echo?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('secrets behind base64 and dotted card numbers', () => {
  const env = { XB_HEADER_KEY: KEY };

  it('post-order: the card and CVV in a base64 echo of the order and an Amex number with dots are masked', async () => {
    const [table, json] = await Promise.all([
      runCli(['post-order', '--config', 'order.json', '--file', 'amex-order.json', '-v', '--out', 'order-run'], { cwd: dir, env }),
      runCli(['post-order', '--config', 'order.json', '--file', 'amex-order.json', '--json', '--no-save'], { cwd: dir, env }),
    ]);
    expect(table.code).toBe(1);
    expect(json.code).toBe(1);
    const files = filesUnder(join(dir, 'order-run'));
    const outputs = [table.stdout, table.stderr, json.stdout, json.stderr, ...files.map((f) => readFileSync(join(dir, 'order-run', f), 'utf8'))];
    expect(outputs.flatMap(cardDataIn)).toEqual([]);
    // The echo is there (masked), and the card's last 4 digits stay readable.
    expect(json.stdout).toContain('"echo"');
    expect(table.stdout).toMatch(/\*{4}\.?\*{4}\.?\*{4}\.?\*?0005|\*{11}0005/);
  });

  it.each(['split', 'splitjson'])('check-cart: a secret split across MIME base64 lines (%s) is masked', async (mode) => {
    const [table, json] = await Promise.all([
      runCli(['check-cart', '--config', `${mode}.json`, '-v', '--no-save'], { cwd: dir, env }),
      runCli(['check-cart', '--config', `${mode}.json`, '--json', '-v', '--no-save'], { cwd: dir, env }),
    ]);
    // Both runs judged the echo (exit 1) before their output counts for the search.
    expect(table.code, table.stderr).toBe(1);
    expect(table.stdout).toMatch(/reproduce:\s+curl/);
    expect(json.code).toBe(1);
    expect(json.stdout).toContain('dump');
    const scan = leakScanner({ key: KEY });
    // Read as a decoder would: the wrapped lines joined.
    const found = [table.stdout, table.stderr, json.stdout, json.stderr].flatMap((t) => scan(t.replace(/\\r\\n|\r\n|\n {0,8}/g, '')));
    expect(found).toEqual([]);
  });
});
