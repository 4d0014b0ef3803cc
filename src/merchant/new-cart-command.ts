/**
 * Runs `merchant.newCart.command`: a shell command that asks the merchant's store for a fresh cart
 * (typically a small script calling the store's own API) and prints its token on stdout.
 */
import { spawn } from 'node:child_process';
import { ConfigError, XborderError } from '../errors.js';

/**
 * merchant.newCart.command failed (non-zero exit, timeout, no token). Before any case ran it is the
 * configuration's problem (exit 2); later in a run only the cases that needed the cart are errored.
 */
export class CartCommandError extends ConfigError {
  constructor(
    /** The one problem: the command, what went wrong, its stderr's last lines. */
    readonly problem: string,
    /** What went wrong and how long it ran, with the command's stderr cut short: "exited with code 1 after 889 ms: ...". */
    readonly brief: string,
  ) {
    super([problem]);
  }
}

/** Characters of the command's stderr a case keeps (the whole command is in the configuration). */
const BRIEF_STDERR = 200;

/**
 * merchant.newCart.command came from the config file and the user did not allow it
 * (config/consent.ts): the case that needed its cart is skipped with `reason`, never run on another
 * cart (a failure on a cart the merchant never issued would blame the merchant for the user's choice).
 */
export class CartNotAllowedError extends XborderError {
  constructor(readonly reason: string) {
    super(`not run: no cart for it: ${reason}`, 2);
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
      const tail = stderr.trim().split(/\r?\n/).slice(-5).join(' / ');
      const brief = `merchant.newCart.command ${why} after ${ranMs} ms${tail ? `: ${tail.length > BRIEF_STDERR ? `…${tail.slice(-BRIEF_STDERR)}` : tail}` : ''}`;
      reject(new CartCommandError(`merchant.newCart.command ${JSON.stringify(command)} ${why} after ${ranMs} ms; it must print one fresh cart token on stdout.${shown}`, brief));
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
