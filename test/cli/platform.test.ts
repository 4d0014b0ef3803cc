/** `xborder platform list` and `platform call`, the built CLI against the reference platform on port 0. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../src/mock/running-server.js';
import { startMockPlatform } from '../../src/mock/platform/server.js';
import type { RunResult } from '../../src/model.js';
import { runCli } from '../helpers/run-cli.js';
import { linesTooWide } from '../helpers/line-width.js';

const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';
const PIN = '4321';
let platform: RunningServer;
let recorder: RunningServer;
let echo: RunningServer;
let seen: Array<{ url?: string; guidHeader?: string; body: string }> = [];
let dir: string;
let cardFile: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'xborder-platform-'));
  platform = await startMockPlatform({ merchantGUID: GUID });
  recorder = await listen(createServer(async (req: IncomingMessage, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    seen.push({ url: req.url, guidHeader: req.headers['merchantguid'] as string | undefined, body });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ IsSuccess: true, Errors: [], Parcel: { Code: 'P1', Items: [{ Sku: 'A', Qty: 2 }] } }));
  }));
  // An endpoint that echoes the request back: as JSON, inside an ErrorInfo text, and as plain text.
  echo = await listen(createServer(async (req: IncomingMessage, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const path = (req.url ?? '').split('?')[0]!;
    if (path === '/Big/Array') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`[${new Array(200_000).fill('0').join(',')}]`);
    } else if (path === '/Deep') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    } else if (path.endsWith('/Echo/Json')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ Request: JSON.parse(body), Url: req.url }));
    } else if (path.endsWith('/Echo/ErrorInfo')) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ Code: '400', Error: 'Bad Request', Description: `you sent ${body} to ${req.url}` }));
    } else {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`failed: ${body} ${req.url}`);
    }
  }));
  cardFile = join(dir, 'card.json');
  writeFileSync(cardFile, JSON.stringify({ MerchantGUID: GUID, ShippingCountryCode: 'DE', CardFields: { CardId: 'XB-GC-VALID-0001', CardPin: PIN } }));
});
afterAll(async () => {
  await Promise.all([platform.close(), recorder.close(), echo.close()]);
});

const call = (args: string[], options: { input?: string } = {}) =>
  runCli(['platform', 'call', ...args, '--platform-url', platform.url], { cwd: dir, ...options });

describe('xborder platform list', () => {
  it('prints the 32 indexed operations as a table and as JSON', async () => {
    const table = await runCli(['platform', 'list'], { cwd: dir });
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/Gift cards\s+│ Validate gift card\s+│ \/ValidateGiftCard/);
    expect(table.stdout).toMatch(/Browsing\s+│ VAT Category Countries\s+│ \/Browsing\/VATCategoryCountryS/);
    expect(table.stdout).toContain('32 operations');
    const json = await runCli(['--json', 'platform', 'list'], { cwd: dir });
    const ops = JSON.parse(json.stdout) as Array<{ group: string; name: string; path: string }>;
    expect(ops).toHaveLength(32);
    expect(ops[0]).toEqual({ group: 'Shipping', name: 'Get shipping documents', path: '/Order/GetShippingDocuments', id: 'GetShippingDocuments' });
  });
});

describe('xborder platform call', () => {
  it('calls ValidateGiftCard by name with a body file, validates the answer, and never prints the PIN', async () => {
    const r = await call(['Validate gift card', '--body', cardFile]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/POST Validate gift card \(\/ValidateGiftCard\): HTTP 200 in \d+ ms/);
    expect(r.stdout).toMatch(/IsValid\s+│ true/);
    expect(r.stdout).toMatch(/Balance\s+│ 75\.5/);
    expect(r.stdout + r.stderr).not.toContain(PIN);
    const verbose = await runCli(['-v', 'platform', 'call', 'validategiftcard', '--body', cardFile, '--platform-url', platform.url], { cwd: dir });
    expect(verbose.code).toBe(0);
    expect(verbose.stdout).toMatch(/gift-card-response-schema.*pass/);
    expect(verbose.stdout).toMatch(/gift-card-validity.*pass/);
    expect(verbose.stdout + verbose.stderr).not.toContain(PIN);
  });

  it('applies --set, reads the body from stdin, and puts the GUID in a header with --header-guid', async () => {
    const body = JSON.stringify({ ShippingCountryCode: 'DE', CardFields: { CardId: 'XB-GC-VALID-0001' } });
    const r = await call(['/ValidateGiftCard', '--body', '-', '--set', 'CardFields.CardId=XB-GC-PLATFORM-0003', '--header-guid', '--json'], { input: body });
    expect(r.code).toBe(0);
    const run = JSON.parse(r.stdout) as RunResult;
    expect(run.cases[0]).toMatchObject({ endpoint: 'PlatformCall', variant: 'ValidateGiftCard', authMode: 'merchant-guid (header)' });
    expect(run.cases[0]!.request.headers).toMatchObject({ MerchantGUID: GUID });
    expect(run.cases[0]!.request.url).not.toContain('merchantGUID=');
    expect(JSON.parse(run.cases[0]!.responseBody!)).toMatchObject({ IsValid: true, CurrencyCode: 'USD' });
  });

  it('shows the ErrorInfo of an operation the mock does not simulate (501, exit 1)', async () => {
    const r = await call(['Countries']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/POST Countries \(\/Browsing\/Countries\): HTTP 501 in \d+ ms/);
    expect(r.stdout).toMatch(/ErrorInfo Code\s+│ 501/);
    expect(r.stdout).toMatch(/ErrorInfo Error\s+│ Not Implemented/);
    const json = await call(['Countries', '--json']);
    const run = JSON.parse(json.stdout) as RunResult;
    expect(run.cases[0]!.checks.find((c) => c.id === 'error-info-schema')?.status).toBe('passed');
    expect(run.cases[0]!.checks.find((c) => c.id === 'status-200')?.status).toBe('failed');
  });

  it('fails (exit 1) with 401 ErrorInfo for a wrong GUID', async () => {
    const r = await call(['ValidateGiftCard', '--body', cardFile, '--merchant-guid', 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/ErrorInfo Code\s+│ 401/);
  });

  it('flattens any answer to paths and validates it against --schema', async () => {
    seen = [];
    const schema = join(dir, 'void.schema.json');
    writeFileSync(schema, JSON.stringify({ type: 'object', required: ['IsSuccess', 'ParcelId'], properties: { IsSuccess: { type: 'boolean' } } }));
    const r = await runCli(['platform', 'call', 'Void parcel', '--schema', schema, '--platform-url', recorder.url], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/Parcel\.Items\[0\]\.Qty\s+│ 2/);
    expect(r.stdout).toMatch(/Errors\s+│ \[\]/);
    expect(r.stdout).toMatch(/user-schema.*FAIL/);
    expect(r.stdout).toContain('ParcelId');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ url: `/Parcel/VoidParcel?merchantGUID=${GUID}`, body: '{}' });
  });

  it('never prints the secrets of the body when the platform echoes the request (flattened, in ErrorInfo, as text; short ones too)', async () => {
    const secrets = ['Zq9', 'LONGPIN-77aa', '9173', 'Pw5', 'PASSWORD-long-99', 'APIKEY-4455', '4111111111111111'];
    const body = join(dir, 'echo-body.json');
    writeFileSync(body, JSON.stringify({
      MerchantGUID: GUID,
      CardFields: { CardId: 'XB-CARD-1', CardPin: 'Zq9' },
      Cards: [{ CardId: 'XB-CARD-2', CardFields: { CardId: 'XB-CARD-2', CardPin: 'LONGPIN-77aa' } }],
      PaymentDetails: { CardNumber: '4111111111111111', CVVNumber: '9173' },
      Password: 'Pw5',
      Login: { password: 'PASSWORD-long-99' },
    }));
    for (const op of ['/Echo/Json', '/Echo/ErrorInfo', '/Echo/Text']) {
      for (const flags of [[], ['-v'], ['--json']]) {
        const r = await runCli([...flags, 'platform', 'call', op, '--body', body, '--platform-url', `${echo.url}/base/?apikey=APIKEY-4455`], { cwd: dir });
        const all = r.stdout + r.stderr;
        expect(r.code, `${op} ${flags}`).toBe(op === '/Echo/Json' ? 0 : 1);
        for (const secret of secrets) expect(all, `${op} ${flags} shows ${secret}`).not.toContain(secret);
        expect(all).toContain('XB-CARD-2');
        expect(all).toMatch(/\/base\/Echo\/\w+\?apikey=\*\*\*\*&merchantGUID=/);
      }
    }
    const table = await runCli(['platform', 'call', '/Echo/Json', '--body', body, '--platform-url', echo.url], { cwd: dir });
    expect(table.stdout).toMatch(/Request\.CardFields\.CardPin\s+│ \*\*\*\*/);
    expect(table.stdout).toMatch(/Request\.CardFields\.CardId\s+│ XB-CARD-1/);
  });

  it('shows a huge or absurdly deep answer as a bounded table instead of crashing', async () => {
    const big = await runCli(['platform', 'call', '/Big/Array', '--platform-url', echo.url], { cwd: dir });
    expect(big.stderr).not.toContain('internal error');
    expect(big.code).toBe(0);
    expect(big.stdout).toMatch(/\[499\]\s+│ 0/);
    expect(big.stdout).toMatch(/…\s+│ 199500 more values \(--json shows the whole answer\)/);
    // Wide enough for the 32-level path beside its value on one line.
    const deep = await runCli(['platform', 'call', '/Deep', '--platform-url', echo.url], { cwd: dir, env: { COLUMNS: '400' } });
    expect(deep.stderr).not.toContain('internal error');
    expect(deep.code).toBe(0);
    expect(deep.stdout).toContain('(nested deeper than 32 levels: --json shows it)');
    // At 80 columns the same answer is lines instead of growing past the terminal; the 32-level
    // path, longer than the line, stands whole on a line of its own.
    const narrow = await runCli(['platform', 'call', '/Deep', '--platform-url', echo.url], { cwd: dir, env: { COLUMNS: '80' } });
    expect(linesTooWide(narrow.stdout, 80)).toEqual([]);
    expect(narrow.stdout).toContain('(nested deeper than 32 levels: --json shows it)');
  });

  it('refuses a --schema that does not compile (exit 2) before sending anything', async () => {
    seen = [];
    const schema = join(dir, 'broken.schema.json');
    writeFileSync(schema, JSON.stringify({ type: 5 }));
    const r = await runCli(['platform', 'call', 'Void parcel', '--schema', schema, '--platform-url', recorder.url], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${schema} is not a valid JSON Schema`);
    expect(seen).toEqual([]);
  });

  it('answers an unreachable platform with exit 3', async () => {
    const r = await runCli(['platform', 'call', 'Countries', '--platform-url', 'http://127.0.0.1:1'], { cwd: dir });
    expect(r.code).toBe(3);
  });

  it('refuses bad input with exit 2: unknown operation, malformed body file, no platform URL', async () => {
    const unknown = await call(['NoSuchThing']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/Unknown platform operation "NoSuchThing"/);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{\n  "CardFields": {\n    "CardId": "x",,\n  }\n}');
    const malformed = await call(['ValidateGiftCard', '--body', bad]);
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain(`${bad}:3:`);
    const noUrl = await runCli(['platform', 'call', 'Countries'], { cwd: dir });
    expect(noUrl.code).toBe(2);
    expect(noUrl.stderr).toMatch(/platform\.baseUrl is not set/);
  });
});
