/**
 * End to end, the demo offers no reproduction that cannot run: its merchant, port and made-up
 * secrets end with it, so its run folder holds no reproduce.sh and its report shows no curl. It says
 * so once, with the two commands that replay the fault against a merchant that stays; those
 * commands, run as printed (on a free port rather than 8787), fail the same check.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, runCli } from '../helpers/run-cli.js';

/** Every file below `dir`, relative. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
}

/** Runs the printed `xborder mock merchant ...` on a free port; resolves with its URL and a stop. */
function serve(command: string, cwd: string): Promise<{ url: string; stop: () => void }> {
  const args = command.replace(/^xborder /, '').replace('--port 8787', '--port 0').split(' ');
  const child = spawn(process.execPath, [BIN, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      seen += d;
      const m = /listening on (http:\/\/[\d.]+:\d+)/.exec(seen);
      if (m) resolve({ url: m[1]!, stop: () => child.kill('SIGTERM') });
    });
    child.on('exit', (code) => reject(new Error(`mock merchant exited ${code}: ${seen}`)));
  });
}

/** The shell words of a printed command (single-quoted words kept whole). */
function words(command: string): string[] {
  return [...command.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2]!);
}

describe('xborder demo --fault: no reproduction that cannot run', () => {
  it.each([
    ['order-duplicate', 'idempotent-redelivery'],
    ['cart-reuse-accepted', 'cart-single-use'],
    ['redelivery-race', 'redelivery-concurrent'],
    ['slow-redelivery', 'redelivery-after-timeout'],
  ])('%s: no reproduce.sh, no curl, one notice whose commands replay it', async (fault, check) => {
    const cwd = mkdtempSync(join(tmpdir(), 'xb-demo-repro-'));
    const demo = await runCli(['demo', '--fault', fault, '--auth', 'header'], { cwd, timeoutMs: 180_000, env: { COLUMNS: '400' } });
    expect(demo.code).toBe(1);
    expect(demo.stdout).toContain(check);
    expect(filesUnder(join(cwd, '.xborder')).filter((f) => f.endsWith('reproduce.sh'))).toEqual([]);
    expect(demo.stdout).not.toMatch(/reproduce:|curl -sS/);
    const notice = demo.stdout.replace(/\s+/g, ' ');
    expect(notice).toContain("No reproduce.sh or curl for the demo's failures: its merchant, port and made-up secrets end with the demo.");
    const [serveCommand, checkCommand] = [...notice.matchAll(/`(xborder [^`]+)`/g)].map((m) => m[1]!);
    expect(serveCommand).toContain(`--fault ${fault}`);

    const merchant = await serve(serveCommand!, cwd);
    try {
      const replay = await runCli(words(checkCommand!.replaceAll('http://127.0.0.1:8787', merchant.url)).slice(1).concat('--json', '--no-save'), { cwd, timeoutMs: 120_000 });
      expect(replay.code).toBe(1);
      const report = JSON.parse(replay.stdout) as { cases: { checks: { id: string; status: string }[] }[] };
      expect(report.cases.flatMap((c) => c.checks).some((k) => k.id === check && k.status === 'failed')).toBe(true);
    } finally {
      merchant.stop();
    }
  });
});
