/**
 * End to end: text from a merchant stays text. A merchant on 127.0.0.1 answers with ESC sequences,
 * a C1 CSI, a bidi override and "\n::error::pwned" (in a JSON Message and in a plain-text body). The
 * table, -v, --github, diff and runs print none of those characters raw, and no line of their output
 * starts a GitHub workflow command, but for xborder's own `::error title=xborder ...` annotations.
 */
import http from 'node:http';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { proxyProject, startProxyCli } from '../helpers/proxy-cli.js';
import { httpServer, type Listening } from '../http/servers.js';
import { expectSafe, OURS } from '../helpers/terminal-safe.js';

const HOSTILE = 'Out of stock\u001b[2J\u001b[31m\u001b]0;owned\u0007 \u009b1m \u202eexe.txt\r\n::error::pwned\n  ::add-mask::x';

let server: Listening;
let url: string;
/** What the next answers say: a benign run first, a hostile one after (so diff has changes to show). */
let hostile = true;

beforeAll(async () => {
  server = await httpServer((req, res) => {
    req.resume().on('end', () => {
      const message = hostile ? HOSTILE : 'Out of stock';
      if (req.method === 'GET') {
        // A framework's plain-text error page: line breaks of its own.
        // A header carries latin-1 at most: a C1 CSI (0x9B) is the control that gets through.
        res.writeHead(500, { 'content-type': 'text/plain', 'x-trace': hostile ? 'a\u009b8mb' : 'ab' });
        res.end(`Fatal error: ${message}\n::error::pwned-from-body\n`);
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ResponseInfo: { Success: false, ErrorCode: 'E1', Message: message, Description: message } }));
    });
  });
  url = server.url;
});
afterAll(() => server.close());

/** A project (auth none) whose merchant is the hostile server. */
const project = (): string => proxyProject(url);

describe('merchant text in the terminal and in CI logs', () => {
  it('the table and -v show the merchant text escaped, never raw', async () => {
    hostile = true;
    const dir = project();
    for (const args of [['check'], ['check', '-v']]) {
      const result = await runCli([...args, '--no-save'], { cwd: dir });
      expect(result.code, result.stderr).toBe(1);
      expectSafe(result);
      // Shown, as escapes: the reader still sees what the merchant sent.
      expect(result.stdout).toContain('\\x1b[2J');
      expect(result.stdout).toContain('\\x3a:error::pwned-from-body');
      if (args.includes('-v')) expect(result.stdout).toMatch(/x-trace: a.*8mb/);
    }
  }, 120_000);

  it('--github: the annotations stay (one per failed check), the merchant text inside them escaped', async () => {
    hostile = true;
    const dir = project();
    const summary = join(dir, 'summary.md');
    const result = await runCli(['check', '--no-save'], { cwd: dir, env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary } });
    expect(result.code).toBe(1);
    expectSafe(result);
    const annotations = result.stdout.split('\n').filter((l) => l.startsWith('::'));
    expect(annotations.length).toBeGreaterThan(0);
    for (const line of annotations) expect(line).toMatch(OURS);
  }, 120_000);

  it('diff of a benign and a hostile run, and runs listing a planted folder, print the text escaped', async () => {
    const dir = project();
    hostile = false;
    const before = await runCli(['check', '--out', 'a'], { cwd: dir });
    hostile = true;
    const after = await runCli(['check', '--out', 'b'], { cwd: dir });
    expect([before.code, after.code]).toEqual([1, 1]);
    const diff = await runCli(['diff', 'a', 'b'], { cwd: dir });
    expectSafe(diff);
    expect(diff.stdout).toContain('\\x1b[2J');

    // A folder someone made under .xborder/runs, and a report.json that is not JSON, with escapes in both.
    const runs = join(dir, '.xborder', 'runs');
    mkdirSync(join(runs, '2026-01-01T00-00-00Z\u001b[2J\n::error::folder'), { recursive: true });
    writeFileSync(join(runs, '2026-01-01T00-00-00Z\u001b[2J\n::error::folder', 'report.json'), '\u001b[31m\n::error::report');
    expect(readdirSync(runs)).toHaveLength(1);
    const listed = await runCli(['runs'], { cwd: dir, env: { COLUMNS: '200' } });
    expect(listed.code).toBe(0);
    expectSafe(listed);
    expect(listed.stdout).toContain('\\x1b[31m');
  }, 120_000);
});

describe('proxy -v', () => {
  it('shows the hostile merchant answer and headers escaped, and no line starts a workflow command', async () => {
    hostile = true;
    const dir = project();
    const proxy = await startProxyCli(['--target', url, '--count', '2', '--no-save', '-v'], dir);
    for (const method of ['GET', 'POST']) {
      await new Promise<void>((resolve, reject) => {
        const req = http.request(`${proxy.url}/order-update-create-url`, { method, agent: false, headers: { 'content-type': 'application/json' } }, (res) => {
          res.resume();
          res.on('end', () => resolve());
        });
        req.on('error', reject);
        req.end(method === 'POST' ? JSON.stringify({ OrderId: 'GE1', Note: HOSTILE }) : undefined);
      });
    }
    const result = await proxy.done;
    expect(result.stderr).toContain('\\x1b[2J');
    expect(result.stderr).toContain('pwned-from-body');
    expectSafe(result);
  }, 60_000);
});

describe('platform call and gift-card validate', () => {
  it('show a hostile platform answer (a text body, flattened JSON values, an ErrorInfo, a currency code) escaped', async () => {
    const platform = await httpServer((req, res) => {
      req.resume().on('end', () => {
        const path = req.url ?? '';
        if (path.includes('Json')) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ Note: HOSTILE, Nested: { Text: HOSTILE } }));
        } else if (path.includes('gift-ok')) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ IsValid: true, Balance: 12.5, CurrencyCode: `EUR${HOSTILE}`, BoughtFromPlatform: false }));
        } else if (path.includes('gift-error')) {
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ Code: `E1${HOSTILE}`, Error: HOSTILE, Description: HOSTILE }));
        } else {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(`Fatal: ${HOSTILE}\n::error::pwned-from-body\n`);
        }
      });
    });
    try {
      for (const op of ['/Some/Text', '/Some/Json']) {
        const result = await runCli(['platform', 'call', op, '--body', '-', '--platform-url', platform.url], { cwd: project(), input: '{}' });
        expect(result.stdout, op).toContain('\\x1b[2J');
        expectSafe(result);
      }
      for (const path of ['/gift-ok', '/gift-error']) {
        const result = await runCli(['gift-card', 'validate', '--card-id', 'XB-GC-VALID-0001', '--country', 'DE', '--url', `${platform.url}${path}`], { cwd: project() });
        expect(result.stdout, path).toContain('\\x1b[2J');
        expectSafe(result);
      }
    } finally {
      await platform.close();
    }
  }, 60_000);
});
