/**
 * End to end: every line xborder prints fits the terminal, in a real 80-column pty and in a pipe
 * with COLUMNS=80, 100 and 140, for every command that draws a table, against a merchant (and a
 * platform) with faults. No line is wider than the width (a `reproduce:` command, printed whole,
 * and a token longer than the whole line excepted: test/helpers/line-width.ts); every check id, JSON
 * path, URL, e-mail address and file path the report names (collected from its --json or its run
 * folder's report.json) appears whole on one line, never cut or broken; a `reproduce:` command runs
 * when pasted as printed. Many cases failing for one cause collapse into one row.
 *
 * One merchant per fault, one platform, and every command run at every width at once, a few at a time.
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { execFile, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, runCli } from '../helpers/run-cli.js';
import { pool } from '../helpers/pool.js';
import { linesTooWide } from '../helpers/line-width.js';
import { runInPty } from '../wizard/pty.js';
import { merchantConfig } from '../helpers/merchant-config.js';
import { startMockMerchant, type MockMerchantServer } from '../../src/mock/merchant/server.js';
import { startMockPlatform } from '../../src/mock/platform/server.js';
import { listen, type RunningServer } from '../../src/mock/running-server.js';
import { SAMPLE_MERCHANT_GUID } from '../../src/config/defaults.js';
import { decodePayload } from '../../src/decode/payload-decode.js';

const SECRETS = { XB_HEADER_KEY: 'width-Secret-1', XB_QUERY_KEY: 'width-Secret-3' };
const MERCHANT_AUTH = [
  { mode: 'header' as const, name: 'X-Merchant-Key', value: SECRETS.XB_HEADER_KEY },
  { mode: 'query' as const, name: 'key', value: SECRETS.XB_QUERY_KEY },
];
const CONFIG_AUTH = [
  { mode: 'header', name: 'X-Merchant-Key', value: '${XB_HEADER_KEY}' },
  { mode: 'query', name: 'key', value: '${XB_QUERY_KEY}' },
];
const WIDTHS = [80, 100, 140];
const SAMPLE_ORDER = join(process.cwd(), 'samples/order-full.json');

let carts: MockMerchantServer;
let orders: MockMerchantServer;
let platform: RunningServer;
let errorInfo: RunningServer;
let cartProject: string;
let orderProject: string;
let closed: string;
let badOrder: string;
/** A folder with an `xborder` launcher on it, so a pasted `xborder ...` command runs the built CLI. */
let launcher: string;

/** A folder holding an xborder.config.json for the merchant at `baseUrl`. */
function project(baseUrl: string, extra: Record<string, unknown> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'xb-width-'));
  writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({ merchant: { baseUrl, cartMethods: ['GET', 'POST'], ...extra }, platform: { baseUrl: platform.url }, auth: CONFIG_AUTH, timeoutMs: 5000 }));
  return dir;
}

beforeAll(async () => {
  // A cart whose bundle carries prices (paths /productsList/N), an order answer without
  // InternalOrderId (/ResponseInfo/InternalOrderId), a platform whose Balance is a string.
  carts = await startMockMerchant({ config: merchantConfig({ auth: MERCHANT_AUTH }), fault: 'cart-bundle-prices' });
  const withEvents = merchantConfig({ auth: MERCHANT_AUTH });
  withEvents.merchant.events = ['payment'];
  orders = await startMockMerchant({ config: withEvents, fault: 'order-no-internal-id' });
  platform = await startMockPlatform({ merchantGUID: SAMPLE_MERCHANT_GUID, fault: 'gift-card-balance-string' });
  errorInfo = await listen(createServer((_req, res) => {
    res.writeHead(400, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ Code: '1001', Error: 'Validation failed for the request body', Description: `The merchant could not be identified: ${'a long explanation '.repeat(8)}` }));
  }));
  cartProject = project(carts.url);
  orderProject = project(orders.url, { events: ['payment'] });
  closed = project('http://127.0.0.1:1');
  writeFileSync(join(cartProject, 'body.json'), '{}');
  launcher = join(mkdtempSync(join(tmpdir(), 'xb-width-bin-')), 'bin');
  mkdirSync(launcher);
  writeFileSync(join(launcher, 'xborder'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`);
  chmodSync(join(launcher, 'xborder'), 0o755);
  badOrder = join(cartProject, 'bad-order.json');
  writeFileSync(badOrder, JSON.stringify({ MerchantGUID: 'not-a-guid', OrderId: '', CurrencyCode: 'EUX', Customer: { EmailAddress: 'anna.mueller@example.de' }, Products: [{ Quantity: 'abc', Name: 'x'.repeat(200) }] }));
}, 30_000);

afterAll(async () => {
  await Promise.all([carts.close(), orders.close(), platform.close(), errorInfo.close()]);
});

/** One command to look at: how to run it, and the tokens its report names (given where it ran). */
interface Case {
  name: string;
  args: (out: string) => string[];
  cwd: () => string;
  /** Every token the text must show whole; `optional` ones must not be broken when shown. */
  tokens: (out: string) => Promise<{ required: string[]; optional: string[] }>;
}

/** A command's --json, parsed. */
async function json(args: string[], cwd: string): Promise<any> {
  const r = await runCli([...args, '--json'], { cwd, env: SECRETS });
  return JSON.parse(r.stdout);
}

/** The tokens of a merchant run, from its run folder's report.json (the same run the text shows). */
function runTokens(cwd: string, out: string): { required: string[]; optional: string[] } {
  const report = JSON.parse(readFileSync(join(cwd, out, 'report.json'), 'utf8')) as { cases: any[] };
  const notPassed = report.cases.flatMap((c) => c.checks.filter((k: any) => k.status !== 'passed'));
  const failedCases = report.cases.filter((c) => c.reproducePath);
  return {
    // Each check that did not pass has a row; the first failed case's details are shown.
    required: [...notPassed.map((k: any) => k.id), ...failedCases.slice(0, 1).flatMap((c) => [c.request.url, `${out}/${c.reproducePath}`])],
    optional: [
      ...notPassed.flatMap((k: any) => k.findings.map((f: any) => f.path).filter(Boolean)),
      ...failedCases.flatMap((c) => [c.request.url, `${out}/${c.reproducePath}`]),
    ],
  };
}

const CASES: Case[] = [
  { name: 'check', args: (out) => ['check', '--out', out], cwd: () => cartProject, tokens: async (out) => runTokens(cartProject, out) },
  { name: 'check-cart', args: (out) => ['check-cart', '--out', out], cwd: () => cartProject, tokens: async (out) => runTokens(cartProject, out) },
  { name: 'post-order', args: (out) => ['post-order', '--sample', 'order-full', '--out', out], cwd: () => orderProject, tokens: async (out) => runTokens(orderProject, out) },
  { name: 'send', args: (out) => ['send', 'payment', '--order-id', 'GE123456789DE', '--out', out], cwd: () => orderProject, tokens: async (out) => runTokens(orderProject, out) },
  { name: 'demo', args: (out) => ['demo', '--fault', 'cart-bundle-prices', '--auth', 'header', '--out', out], cwd: () => cartProject, tokens: async (out) => runTokens(cartProject, out) },
  {
    name: 'decode', args: () => ['decode', SAMPLE_ORDER], cwd: () => cartProject,
    tokens: async () => {
      // Each decoded value's path, and the values without spaces: an e-mail address, an encoded value.
      const { values } = decodePayload(JSON.parse(readFileSync(SAMPLE_ORDER, 'utf8')));
      const words = values.flatMap((v) => [v.raw, v.decoded]).filter((v) => !/\s/.test(v));
      return { required: ['anna.mueller@example.de', ...values.map((v) => v.path), ...words], optional: [] };
    },
  },
  {
    name: 'validate', args: () => ['validate', badOrder], cwd: () => cartProject,
    tokens: async () => {
      const report = await json(['validate', badOrder], cartProject);
      const checks = (report.cases as any[]).flatMap((c) => c.checks.filter((k: any) => k.status !== 'passed'));
      return { required: [badOrder, ...checks.map((k: any) => k.id), ...checks.flatMap((k: any) => k.findings.map((f: any) => f.path).filter(Boolean))], optional: [] };
    },
  },
  {
    name: 'gift-card validate', args: () => ['gift-card', 'validate', '--card-id', 'XB-GC-VALID-0001', '--pin', '4321', '--country', 'DE'], cwd: () => cartProject,
    tokens: async () => {
      const run = await json(['gift-card', 'validate', '--card-id', 'XB-GC-VALID-0001', '--pin', '4321', '--country', 'DE'], cartProject);
      const checks = (run.cases as any[]).flatMap((c) => c.checks.filter((k: any) => k.status !== 'passed'));
      return { required: ['XB-GC-VALID-0001', ...checks.map((k: any) => k.id), ...checks.flatMap((k: any) => k.findings.map((f: any) => f.path).filter(Boolean))], optional: [] };
    },
  },
  {
    name: 'platform list', args: () => ['platform', 'list'], cwd: () => cartProject,
    tokens: async () => ({ required: (await json(['platform', 'list'], cartProject) as any[]).map((op) => op.path), optional: [] }),
  },
  {
    name: 'platform call', args: () => ['platform', 'call', '/Some/Operation', '--body', 'body.json', '--platform-url', errorInfo.url], cwd: () => cartProject,
    tokens: async () => {
      const run = await json(['platform', 'call', '/Some/Operation', '--body', 'body.json', '--platform-url', errorInfo.url], cartProject);
      return { required: ['ErrorInfo Description', ...(run.cases as any[]).flatMap((c) => c.checks.filter((k: any) => k.status !== 'passed').map((k: any) => k.id))], optional: (run.cases as any[]).map((c) => c.request.url) };
    },
  },
  { name: 'checks', args: () => ['checks'], cwd: () => cartProject, tokens: async () => ({ required: (await json(['checks'], cartProject) as any[]).map((c) => c.id), optional: [] }) },
  {
    name: 'runs', args: () => ['runs'], cwd: () => cartProject,
    tokens: async () => ({ required: (await json(['runs'], cartProject) as any[]).map((r) => r.name), optional: [] }),
  },
  { name: 'samples list', args: () => ['samples', 'list'], cwd: () => cartProject, tokens: async () => ({ required: (await json(['samples', 'list'], cartProject) as any[]).map((s) => s.name), optional: [] }) },
  {
    name: 'mock merchant --list-faults', args: () => ['mock', 'merchant', '--list-faults'], cwd: () => cartProject,
    tokens: async () => {
      const faults = await json(['mock', 'merchant', '--list-faults'], cartProject) as any[];
      return { required: faults.flatMap((f) => [f.name, f.catches, ...(f.alsoFails ?? []), ...(f.alsoWarns ?? [])]), optional: [] };
    },
  },
  {
    name: 'mock platform --list-faults', args: () => ['mock', 'platform', '--list-faults'], cwd: () => cartProject,
    tokens: async () => ({ required: (await json(['mock', 'platform', '--list-faults'], cartProject) as any[]).flatMap((f) => [f.name, f.catches]), optional: [] }),
  },
];

/**
 * `token` shown cut (`redelivery-conc…`) or broken over lines (`/ResponseInfo/Int` ending a line,
 * its rest starting the next line or the next line's cell).
 */
function broken(text: string, token: string): boolean {
  const lines = text.split('\n');
  if (lines.some((line) => line.includes(token))) return false;
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (let k = token.length - 1; k >= Math.max(3, Math.ceil(token.length / 2)); k--) {
    const head = token.slice(0, k);
    if (text.includes(`${head}…`)) return true;
    const rest = new RegExp(`(^|│)\\s*${escape(token.slice(k, k + 4))}`);
    const ending = new RegExp(`${escape(head)}\\s*│?\\s*$`);
    if (lines.some((line, i) => ending.test(line) && rest.test(lines[i + 1] ?? ''))) return true;
  }
  return false;
}

/** What is wrong with one output of a case: lines too wide, tokens missing or broken. */
function problems(text: string, width: number, tokens: { required: string[]; optional: string[] }): string[] {
  const found: string[] = linesTooWide(text, width).map((l) => `wider than ${width}: ${l}`);
  const lines = text.split('\n');
  for (const token of new Set(tokens.required)) if (!lines.some((l) => l.includes(token))) found.push(`not whole on a line: ${token}`);
  for (const token of new Set(tokens.optional)) if (broken(text, token)) found.push(`broken: ${token}`);
  return found;
}

/** The first `reproduce:` command of a report, as printed. */
function reproduceCommand(text: string): string | undefined {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => /^\s*reproduce:/.test(l));
  if (at < 0) return undefined;
  const same = lines[at]!.replace(/^\s*reproduce:\s*/, '');
  return same !== '' ? same : lines[at + 1];
}

describe('reports fit the terminal, tokens whole', () => {
  it.each(WIDTHS)('every command in a pipe with COLUMNS=%i', async (columns) => {
    const outcomes = await pool(CASES, 3, async (c) => {
      const out = `out-${c.name.replace(/\W+/g, '-')}-${columns}`;
      const r = await runCli(c.args(out), { cwd: c.cwd(), env: { ...SECRETS, COLUMNS: String(columns) }, timeoutMs: 120_000 });
      const tokens = await c.tokens(out);
      return [...problems(r.stdout, columns, tokens), ...problems(r.stderr, columns, { required: [], optional: [] })].map((p) => `${c.name}: ${p}`).concat(r.stdout.trim() === '' ? [`${c.name}: printed nothing (exit ${r.code}): ${r.stderr}`] : []);
    });
    expect(outcomes.flat()).toEqual([]);
  }, 300_000);

  it('every command in a real 80-column terminal', async () => {
    const outcomes = await pool(CASES, 3, async (c) => {
      const out = `out-${c.name.replace(/\W+/g, '-')}-pty`;
      const r = await runInPty(c.args(out), [], { cwd: c.cwd(), env: SECRETS, columns: 80, timeoutSec: 120 });
      const tokens = await c.tokens(out);
      return problems(r.screen, 80, tokens).map((p) => `${c.name}: ${p}`).concat(r.error ? [`${c.name}: ${r.error}`] : []);
    });
    expect(outcomes.flat()).toEqual([]);
  }, 300_000);

  it("mock platform's banner fits 80 columns, its Try command pasted as printed runs", async () => {
    const pty = await runInPty(['mock', 'platform', '--port', '0'], [{ expect: '--country DE' }, { signal: 'SIGTERM' }], { cwd: cartProject, env: SECRETS, columns: 80 });
    expect(pty.error).toBeNull();
    expect(linesTooWide(pty.screen, 80)).toEqual([]);
    expect(pty.screen).toContain('XB-GC-VALID-0001');
    // The same banner in a pipe with COLUMNS=80, kept serving while its Try command runs.
    const child = spawn(process.execPath, [BIN, 'mock', 'platform', '--port', '0'], { cwd: cartProject, env: { ...process.env, ...SECRETS, COLUMNS: '80', NO_COLOR: '1' } });
    try {
      let banner = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (banner += d));
      for (let i = 0; i < 200 && !banner.includes('--country DE'); i++) await new Promise((r) => setTimeout(r, 50));
      expect(linesTooWide(banner, 80)).toEqual([]);
      const lines = banner.split('\n');
      const at = lines.findIndex((l) => l.startsWith('Try: '));
      const end = lines.findIndex((l, i) => i >= at && !l.endsWith('\\'));
      const pasted = lines.slice(at, end + 1).join('\n').replace(/^Try: /, '');
      expect(pasted).toContain('\\\n');
      // What a paste gives the shell: the lines as printed, joined by the shell at each \.
      const ran = await new Promise<{ code: number; stdout: string }>((resolve) => {
        execFile('sh', ['-c', pasted], { cwd: cartProject, env: { ...process.env, ...SECRETS, NO_COLOR: '1', PATH: `${launcher}:${process.env.PATH ?? ''}` } }, (error, stdout) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout }));
      });
      expect(ran.code).toBe(0);
      expect(ran.stdout).toMatch(/75\.50 EUR/);
    } finally {
      child.kill('SIGTERM');
    }
  }, 60_000);

  it('a reproduce: command printed at 80 columns runs when pasted: sh PATH against the live merchant', async () => {
    const r = await runCli(['check-cart', '--out', 'out-reproduce'], { cwd: cartProject, env: { ...SECRETS, COLUMNS: '80' } });
    expect(r.code).toBe(1);
    const command = reproduceCommand(r.stdout)!;
    expect(command).toMatch(/^sh out-reproduce\/cases\/.*\/reproduce\.sh$/);
    const ran = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile('sh', ['-c', command], { cwd: cartProject, env: { ...process.env, ...SECRETS } }, (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }));
    });
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(/^HTTP\/1\.1 200/);
    expect(ran.stdout).toContain('productsList');
  }, 60_000);

  it('help is wrapped to 80 columns in a pipe without COLUMNS, and to COLUMNS when set, flags and examples whole', async () => {
    const commands = [[], ['init'], ['validate'], ['decode'], ['check'], ['demo'], ['mock', 'merchant'], ['gift-card', 'validate'], ['wizard'], ['proxy']];
    const helps = await pool(commands, 3, async (args) => [args, await runCli([...args, '--help']), await runCli([...args, '--help'], { env: { COLUMNS: '100' } })] as const);
    for (const [args, narrow, wide] of helps) {
      expect(narrow.code, args.join(' ')).toBe(0);
      expect(linesTooWide(narrow.stdout, 80), args.join(' ')).toEqual([]);
      expect(linesTooWide(wide.stdout, 100), args.join(' ')).toEqual([]);
    }
    const validate = helps.find(([args]) => args[0] === 'validate')![1].stdout;
    // An example too long for the line breaks between its arguments, with a \ that keeps it one command.
    expect(validate).toMatch(/curl -s https:\/\/shop\.example\.com\/get-checkout-cart-info-url \| xborder \\\n\s+validate -/);
    expect(validate).toContain('--jobs');
  }, 60_000);

  it('not on a terminal and without COLUMNS: tables fit 120', async () => {
    const check = await runCli(['check', '--no-save'], { cwd: cartProject, env: SECRETS });
    expect(check.code).toBe(1);
    expect(linesTooWide(check.stdout, 120)).toEqual([]);
  });
});

describe('identical outcomes collapse', () => {
  it('a closed port: the URL, the error once and "Is it running?" in under 10 lines, exit 3', async () => {
    const result = await runCli(['check'], { cwd: closed, env: SECRETS });
    expect(result.code).toBe(3);
    const lines = result.stdout.trimEnd().split('\n');
    // Nothing was judged: no table of errored rows, the headline and the summary.
    expect(lines.length).toBeLessThan(10);
    expect(result.stdout).toMatch(/^Nothing answers at http:\/\/127\.0\.0\.1:\d+: connection refused/);
    expect(result.stdout.match(/ECONNREFUSED/g)).toHaveLength(1);
    expect(result.stdout).not.toContain('┌');
    expect(result.stdout).toMatch(/0 passed, 0 failed, 0 warnings, \d+ errored, \d+ skipped in \d+ cases/);
  });
});
