/**
 * Runs `merchant.newCart.command`: a shell command that asks the merchant's store for a fresh cart
 * (typically a small script calling the store's own API) and prints its token on stdout.
 */
import { spawn } from 'node:child_process';
import { ConfigError } from '../errors.js';

/**
 * merchant.newCart.command failed (non-zero exit, timeout, no token). Before any case ran it is the
 * configuration's problem (exit 2); later in a run only the cases that needed the cart are errored.
 */
export class CartCommandError extends ConfigError {
  constructor(
    /** The one problem: the command, what went wrong, its stderr's last lines. */
    readonly problem: string,
    /** How long the command ran. */
    readonly ranMs: number,
  ) {
    super([problem]);
  }
}

/** How long one run may take unless `merchant.newCart.timeoutMs` says otherwise. */
export const DEFAULT_NEW_CART_TIMEOUT_MS = 30_000;

/** Most output kept from the command (a token is short; a chatty script must not fill memory). */
const MAX_OUTPUT = 64 * 1024;

/**
 * Runs `command` once and returns the token it printed (the first non-empty line, trimmed). A
 * non-zero exit, no output, a token with spaces in it or a timeout is a ConfigError naming the
 * command and showing its stderr (the error's text is masked by the top-level handler).
 */
export function runNewCartCommand(command: string, timeoutMs = DEFAULT_NEW_CART_TIMEOUT_MS): Promise<string> {
  return new Promise((resolve, reject) => {
    // A process group of its own, so a timeout ends the shell and whatever it started (a `sleep`
    // would otherwise hold the pipes open after the shell is gone).
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], detached: process.platform !== 'win32' });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const started = Date.now();
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        if (child.pid !== undefined && process.platform !== 'win32') process.kill(-child.pid, 'SIGKILL');
        else child.kill('SIGKILL');
      } catch {
        // Already gone.
      }
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => (stdout = (stdout + chunk.toString('utf8')).slice(0, MAX_OUTPUT)));
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-MAX_OUTPUT)));
    const fail = (why: string) => {
      const shown = stderr.trim() ? ` Its stderr: ${stderr.trim().split(/\r?\n/).slice(-5).join(' / ')}` : '';
      const ranMs = Date.now() - started;
      reject(new CartCommandError(`merchant.newCart.command ${JSON.stringify(command)} ${why} after ${ranMs} ms; it must print one fresh cart token on stdout.${shown}`, ranMs));
    };
    child.on('error', (error) => {
      clearTimeout(timer);
      fail(`could not be started (${error.message})`);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) return fail(`did not finish within ${timeoutMs} ms`);
      if (code !== 0) return fail(signal ? `was ended by ${signal}` : `exited with code ${code}`);
      const token = stdout.split(/\r?\n/).map((l) => l.trim()).find((l) => l !== '');
      if (!token) return fail('printed nothing');
      if (/\s/.test(token)) return fail(`printed ${JSON.stringify(token.slice(0, 80))}, not a single token`);
      resolve(token);
    });
  });
}
