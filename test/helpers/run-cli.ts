/** Spawns the built CLI (`node bin/xborder.js`) as a user runs it, and collects what it printed. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Absolute path of the launcher. */
export const BIN = fileURLToPath(new URL('../../bin/xborder.js', import.meta.url));

/** What a CLI run produced. */
export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `xborder args...`; `env` is added to a clean environment (no XBORDER_* leaks in); `nodeArgs`
 * go to node before the launcher (`--trace-gc-nvp`); `input` is piped on stdin (a string as UTF-8,
 * bytes as they are).
 */
export function runCli(args: string[], options: { cwd?: string; env?: Record<string, string>; input?: string | Buffer; timeoutMs?: number; nodeArgs?: string[] } = {}): Promise<CliResult> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('XBORDER_') && k !== 'FORCE_COLOR') env[k] = v;
  Object.assign(env, { NO_COLOR: '1' }, options.env);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), BIN, ...args], { cwd: options.cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    // The CLI may stop reading at an error: the rest of the input then meets a closed pipe.
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}
