/** Runs the built CLI in a real pseudo-terminal through pty_driver.py (python3's standard library). */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BIN } from '../helpers/run-cli.js';

const DRIVER = fileURLToPath(new URL('./pty_driver.py', import.meta.url));

/** Keys as a terminal sends them. */
export const KEY = { enter: '\r', down: '\u001b[B', up: '\u001b[A', space: ' ', ctrlC: '\u0003' } as const;

/** One step: wait for text, or type keys. */
export type PtyStep = { expect: string; timeout?: number } | { send: string; delay?: number } | { signal: 'SIGTERM' | 'SIGHUP'; delay?: number };

/** What the terminal showed (ANSI escapes removed) and how the process ended. */
export interface PtyResult {
  exitCode: number | null;
  output: string;
  /** The output as the screen shows it: a line redrawn (a progress line) shows its last drawing only. */
  screen: string;
  /** The step that timed out, if any. */
  error: string | null;
}

/** Runs `xborder args...` in a pty in `cwd`, playing `steps`. Async, so in-process test servers keep answering. */
export function runInPty(args: string[], steps: PtyStep[], options: { cwd: string; env?: Record<string, string>; timeoutSec?: number; columns?: number }): Promise<PtyResult> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('XBORDER_') && !k.startsWith('XB_')) env[k] = v;
  const script = {
    cmd: [process.execPath, BIN, ...args],
    cwd: options.cwd,
    env: { NO_COLOR: '1', ...options.env },
    timeout: options.timeoutSec ?? 20,
    columns: options.columns ?? 160,
    steps,
  };
  return new Promise((resolve, reject) => {
    const child = spawn('python3', [DRIVER], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', () => {
      try {
        resolve(JSON.parse(out) as PtyResult);
      } catch {
        reject(new Error(`pty driver failed: ${err || out}`));
      }
    });
    child.stdin.end(JSON.stringify(script));
  });
}

/** Waits for `prompt`, then types `keys` (Enter appended unless `enter` is false). */
export function answer(prompt: string, keys = '', enter = true): PtyStep[] {
  return [{ expect: prompt }, { send: keys + (enter ? KEY.enter : '') }];
}
