/**
 * Stoplight Prism (the `@stoplight/prism-cli` devDependency) run as a user runs it: a real process
 * on 127.0.0.1, port 0 (its URL read from the "Prism is listening on" line), its log kept, killed
 * by stop() or after `killAfterMs` so a hung Prism cannot hang the suite.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The Prism launcher of the installed package. */
const PRISM_BIN = (() => {
  const manifest = require.resolve('@stoplight/prism-cli/package.json');
  const bin = (require(manifest) as { bin: { prism: string } }).bin.prism;
  return join(dirname(manifest), bin);
})();

/** A running Prism. */
export interface Prism {
  url: string;
  /** Everything Prism logged so far (stdout and stderr). */
  log(): string;
  /** Kills it and waits for its exit. */
  stop(): Promise<void>;
}

/** Starts `prism args... -h 127.0.0.1 -p 0`; resolves once it listens (rejects if it exits first). */
export function startPrism(args: string[], killAfterMs = 120_000): Promise<Prism> {
  const child = spawn(process.execPath, [PRISM_BIN, ...args, '-h', '127.0.0.1', '-p', '0'], { env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  const exited = new Promise<void>((resolve) => child.on('close', () => (clearTimeout(timer), resolve())));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    const read = (d: string) => {
      log += d;
      const m = /Prism is listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(log);
      if (m) resolve({ url: `http://127.0.0.1:${m[1]}`, log: () => log, stop });
    };
    child.stdout.setEncoding('utf8').on('data', read);
    child.stderr.setEncoding('utf8').on('data', read);
    child.on('error', reject);
    child.on('close', () => reject(new Error(`prism exited before listening:\n${log}`)));
  });
}
