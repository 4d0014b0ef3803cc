/**
 * End to end: text from a recording stays text. A HAR file, run folders and a captured payload that
 * anyone could hand over hold ESC sequences, BEL, a C1 CSI, a bidi override, CR, U+2028 and
 * `\n::error title=...::` in every field xborder prints: the method, the url, the case's endpoint,
 * variant and auth mode, check ids, findings, headers, bodies and a saved run's folder name. Every
 * command that prints recorded text (validate FILE.har, replay FILE.har, replay RUN_DIR with and
 * without --compare, diff, runs, check --last-failed, validate FILE.json, an input error quoting an
 * entry) runs under GITHUB_ACTIONS=true with a job summary: none prints a raw control character,
 * no line of stdout or stderr starts a workflow command but xborder's own annotations, and the job
 * summary holds no raw control character either. Each command is asserted to have worked (its exit
 * code, and the hostile text shown as escapes), so a command that fails early covers nothing.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/run-cli.js';
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server.js';
import { expectSafe, expectSafeText, OURS } from '../helpers/terminal-safe.js';

/** Every way a text can act on a terminal or a CI log, in one string. */
const HOSTILE = 'x\u001b[2J\u001b]0;owned\u0007 \u009b1m \u202eexe\r\n::error title=pwned::injected\n  ::add-mask::y\u2028::warning::z ##[error]w';
/** What a folder name can hold of it (no slash). */
const HOSTILE_NAME = 'x\u001b[2J\u0007\n::error title=pwned::folder\r';
const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';
const CART = '/get-checkout-cart-info-url';
const ORDER = '/order-update-create-url';

let merchant: RecordingServer;
let dir: string;

beforeAll(async () => {
  // Answers `{}` to everything: each replayed case fails its checks, so the table, the annotations and the summary all have rows.
  merchant = await startRecordingServer('{}');
  dir = mkdtempSync(join(tmpdir(), 'xb-recorded-text-'));
  writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({ merchantGUID: GUID, merchant: { baseUrl: merchant.url }, auth: [{ mode: 'none' }], timeoutMs: 10_000 }));
  const entry = (method: string, url: string, extra: { headers?: Record<string, string>; body?: string; answer?: string } = {}) => ({
    startedDateTime: '2026-11-20T10:00:00.000Z',
    time: 5,
    request: { method, url, httpVersion: 'HTTP/1.1', headers: Object.entries(extra.headers ?? {}).map(([name, value]) => ({ name, value })), queryString: [], ...(extra.body ? { postData: { mimeType: 'application/json', text: extra.body } } : {}) },
    response: { status: 200, statusText: `OK${HOSTILE}`, httpVersion: 'HTTP/1.1', headers: [{ name: 'content-type', value: 'application/json' }, { name: 'x-note', value: HOSTILE }], content: { size: 2, mimeType: 'application/json', text: extra.answer ?? JSON.stringify({ ResponseInfo: { Success: false, Message: HOSTILE } }) } },
  });
  const har = {
    log: {
      version: '1.2',
      creator: { name: HOSTILE, version: '1' },
      entries: [
        // Judged and sent again: the url's query, a header and the answer hold the text.
        entry('GET', `${merchant.url}${CART}?merchantCartToken=c1&countryCode=DE&currencyCode=EUR&note=${HOSTILE}`, { headers: { 'x-note': 'a\u001b[2Jb' } }),
        entry('POST', `${merchant.url}${ORDER}`, { body: JSON.stringify({ OrderId: `GE1${HOSTILE}`, Note: HOSTILE }) }),
        // Not an endpoint: listed as skipped (validate) or not replayed (replay), method and url as recorded.
        entry(`POST${HOSTILE}`, `${merchant.url}/x${HOSTILE}?q=${HOSTILE}`),
        // Another origin: held back by replay with its reason.
        entry(`DELETE${HOSTILE}`, `http://127.0.0.1:9/admin${HOSTILE}`),
      ],
    },
  };
  writeFileSync(join(dir, 'session.har'), JSON.stringify(har));

  const kase = (over: Record<string, unknown>) => ({
    endpoint: 'GetCheckoutCartInfo',
    variant: `GET ${HOSTILE}`,
    authMode: `none${HOSTILE}`,
    request: { method: 'GET', url: `${merchant.url}${CART}?merchantCartToken=c1`, headers: { 'x-trace': 'trace-1' } },
    status: 200,
    durationMs: 3,
    checks: [{ id: `schema${HOSTILE}`, status: 'failed', findings: [{ message: HOSTILE, path: `/a${HOSTILE}`, expected: HOSTILE, actual: HOSTILE }] }],
    responseBody: JSON.stringify({ [`Key${HOSTILE}`]: HOSTILE }),
    ...over,
  });
  const report = (cases: unknown[]) => JSON.stringify({ summary: { passed: 0, failed: 1, warnings: 0, errored: 0, skipped: 0 }, cases });
  const write = (name: string, cases: unknown[]) => {
    mkdirSync(join(dir, name), { recursive: true });
    writeFileSync(join(dir, name, 'report.json'), report(cases));
  };
  // A run folder handed over: one case sent again, a negative one and a bodiless POST listed as not replayed.
  const negative = kase({ endpoint: `SendOrderToMerchant${HOSTILE}`, variant: `negative ${HOSTILE}` });
  const bodiless = kase({ endpoint: `SendOrderToMerchant${HOSTILE}`, variant: `POST ${HOSTILE}`, request: { method: 'POST', url: `${merchant.url}${ORDER}`, headers: {} } });
  write('handed', [kase({}), negative, bodiless]);
  // Two runs for diff: the same case passed, then failed, its answer changed.
  write('before', [kase({ checks: [{ id: `schema${HOSTILE}`, status: 'passed', findings: [] }], responseBody: JSON.stringify({ [`Key${HOSTILE}`]: 'old' }) })]);
  write('after', [kase({})]);
  // A run folder whose case url is no URL: the input error names the case.
  write('broken', [kase({ request: { method: 'GET', url: `::${HOSTILE}`, headers: {} } })]);
  // A saved run planted under .xborder/runs, newest by name: `runs` lists it, --last-failed names it.
  write(join('.xborder', 'runs', `9999-${HOSTILE_NAME}`), [kase({})]);
  writeFileSync(join(dir, 'order.json'), JSON.stringify({ OrderId: `GE1${HOSTILE}`, MerchantGUID: HOSTILE, [`Extra${HOSTILE}`]: HOSTILE }));
});

afterAll(async () => {
  await merchant.close();
});

/** Runs `args` in the project as a GitHub Actions step would (annotations on, a job summary file). */
async function underActions(args: string[]): Promise<{ result: CliResult; summary: string }> {
  const summaryFile = join(dir, `summary-${Math.random().toString(36).slice(2)}.md`);
  writeFileSync(summaryFile, '');
  const result = await runCli(args, { cwd: dir, env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summaryFile, COLUMNS: '200' } });
  return { result, summary: readFileSync(summaryFile, 'utf8') };
}

/** The hostile text was printed, as escapes: the command got as far as showing it. */
function expectShownEscaped(result: CliResult): void {
  expect(result.stdout + result.stderr).toMatch(/\\x1b\[2J/);
}

describe('recorded text in the terminal and in CI logs', () => {
  it.each([
    { args: ['validate', 'session.har'], codes: [1] },
    { args: ['validate', '-v', 'session.har'], codes: [1] },
    { args: ['replay', 'session.har', '--no-save'], codes: [1] },
    { args: ['replay', 'session.har', '--no-save', '-v', '--compare', '--all'], codes: [1] },
    { args: ['replay', 'handed', '--no-save'], codes: [1] },
    { args: ['replay', 'handed', '--no-save', '-v', '--compare'], codes: [1] },
    { args: ['diff', 'before', 'after'], codes: [1] },
    { args: ['diff', '-v', 'before', 'after'], codes: [1] },
    { args: ['runs'], codes: [0] },
    { args: ['check', '--last-failed', '--no-save'], codes: [0, 1, 3] },
    { args: ['validate', 'order.json'], codes: [0, 1] },
    { args: ['validate', '-v', 'order.json'], codes: [0, 1] },
    { args: ['replay', 'broken', '--no-save'], codes: [2] },
  ])('xborder $args.0 $args.1 $args.2: escaped, no workflow command of its own', async ({ args, codes }) => {
    const { result, summary } = await underActions(args);
    expect(codes, `${args.join(' ')} exited ${result.code}:\n${result.stderr}`).toContain(result.code);
    expect(result.stderr).not.toMatch(/internal error|\n\s+at /);
    expectShownEscaped(result);
    expectSafe(result, args.join(' '));
    expectSafeText(summary, `${args.join(' ')} job summary`);
  }, 60_000);

  it('the lines that name recorded entries name them escaped, each on its own line', async () => {
    const validated = (await underActions(['validate', 'session.har'])).result;
    expect(validated.stderr).toMatch(/^ {2}#3 POSTX\\x1b\[2J.*\\r\\n::ERROR TITLE=PWNED::INJECTED\\n {2}\\x3a:ADD-MASK::Y\\u2028::WARNING::Z \\x23#\[ERROR\]W \/xx.* \(http:\/\/127\.0\.0\.1:\d+\/xx\\x1b\[2J.*\)$/m);
    const replayed = (await underActions(['replay', 'session.har', '--no-save'])).result;
    expect(replayed.stderr).toMatch(/^not replayed \(1\): not a merchant endpoint.*: #3 POSTX\\x1b\[2J.*\/x.*$/m);
    expect(replayed.stderr).toMatch(/^not replayed \(1\): recorded for http:\/\/127\.0\.0\.1:9, .*: #4 DELETEX\\x1b\[2J.*$/m);
    const handed = await underActions(['replay', 'handed', '--no-save']);
    expect(handed.result.stderr).toMatch(/^not replayed \(1\): negative cases .*: SendOrderToMerchantx\\x1b\[2J.*negative x\\x1b.*$/m);
    // The case sent again fails its checks: one annotation per failed check, every one ours.
    const annotations = handed.result.stdout.split('\n').filter((l) => l.startsWith('::'));
    expect(annotations.length).toBeGreaterThan(0);
    for (const line of annotations) expect(line).toMatch(OURS);
    expect(handed.summary).toContain('nonex\\x1b[2J');
    // Only the case that could be replayed reached the merchant.
    expect(merchant.received.some((r) => r.url.startsWith(`${CART}?merchantCartToken=c1`))).toBe(true);
    const lastFailed = (await underActions(['check', '--last-failed', '--no-save'])).result;
    expect(lastFailed.stderr).toMatch(/^--last-failed: 1 case failed or errored in run 9999-x\\x1b\[2J\\x07\\n::error title=pwned::folder\\r; running only those$/m);
    const broken = (await underActions(['replay', 'broken', '--no-save'])).result;
    expect(broken.stderr).toMatch(/^xborder: .*case #1 \(cases\[0\], GetCheckoutCartInfo GET x\\x1b\[2J.*\) has a request url that is not an http\(s\) URL/m);
  }, 120_000);
});
