/**
 * Runs one console block as a user would type it: in a fresh temporary directory holding the
 * block's example files, with `xborder` on PATH as the built CLI, every command in one shell session
 * (so `echo $?` and `export` work), stdout and stderr merged as a terminal shows them, and the
 * reference servers the block asks for listening on free ports.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConsoleBlock } from './console-blocks.js';
import { BIN } from '../helpers/run-cli.js';

/** The port the documentation shows for each reference server, replaced by the real one. */
export const DOC_PORTS = { merchant: '8787', merchant2: '8788', merchant3: '8789', platform: '8790', pages: '8801' } as const;

const END = '@@XB-DOCS-END@@';

/** What the commands of a block printed, one entry per command, and the values to mask back. */
export interface BlockOutput {
  outputs: string[];
  /** Real address -> the address the documentation shows (127.0.0.1:PORT), and the temp dir. */
  replacements: Array<[string, string]>;
}

/** A directory with an `xborder` launcher in it, for PATH. */
export function launcherDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'xb-docs-bin-'));
  const launcher = join(dir, 'xborder');
  writeFileSync(launcher, `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(launcher, 0o755);
  return dir;
}

/** The environment of a block: no XBORDER_* or COLUMNS of the caller, no colour, the launcher first. */
function blockEnv(binDir: string, extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v !== undefined && !k.startsWith('XBORDER_') && !['FORCE_COLOR', 'COLUMNS', 'GITHUB_ACTIONS', 'CI'].includes(k)) env[k] = v;
  }
  return { ...env, NO_COLOR: '1', PATH: `${binDir}:${env.PATH ?? ''}`, ...extra };
}

/** Starts `xborder mock KIND --port 0 ARGS` in `cwd` and resolves with its URL once it listens. */
function startMock(kind: 'merchant' | 'platform', args: string, cwd: string, env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const argv = [BIN, 'mock', kind, '--port', '0', ...(args ? args.split(/\s+/) : [])];
  const child = spawn(process.execPath, argv, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (d: Buffer) => {
      seen += d.toString('utf8');
      const m = /listening on (http:\/\/[\d.]+:\d+)/.exec(seen);
      if (m) resolve({ url: m[1]!, child });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`mock ${kind} ${args} exited with ${code} before listening:\n${seen}`)));
  });
}

/**
 * Serves the files of `dir` as a storefront would (`/products/mug` is `products/mug.html`), with
 * the cart cookie a shop sets, on 127.0.0.1 and a free port.
 */
async function servePages(dir: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    const file = [join(dir, path), join(dir, `${path}.html`)].find((f) => f.startsWith(dir) && existsSync(f) && statSync(f).isFile());
    if (!file) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Set-Cookie': 'merchant_cart=2c5c7b3db2ed101426cba38d9c534086; Path=/' });
    res.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** Runs every command of `block`; the servers it needed are stopped before this resolves. */
export async function runBlock(root: string, block: ConsoleBlock, binDir: string, timeoutMs = 120_000): Promise<BlockOutput> {
  const cwd = realpathSync(mkdtempSync(join(tmpdir(), 'xb-docs-')));
  const { settings } = block;
  if (settings.files !== undefined) {
    const from = join(root, 'docs', 'examples', settings.files);
    if (!existsSync(from)) throw new Error(`${block.file}:${block.line}: docs/examples/${settings.files} does not exist`);
    cpSync(from, cwd, { recursive: true });
  }
  // `unbuilt`: the repository's launcher without dist/, as a fresh clone has it.
  if (settings.unbuilt !== undefined) cpSync(join(root, 'bin'), join(cwd, 'bin'), { recursive: true });
  const extra: Record<string, string> = {};
  for (const pair of (settings.env ?? '').split(/\s+/).filter(Boolean)) {
    const eq = pair.indexOf('=');
    extra[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  const env = blockEnv(binDir, extra);
  const children: ChildProcess[] = [];
  let pages: Server | undefined;
  const replacements: Array<[string, string]> = [[cwd, '.']];
  const portMap: Array<[string, string]> = [];
  try {
    for (const kind of ['merchant', 'merchant2', 'merchant3', 'platform'] as const) {
      if (settings[kind] === undefined) continue;
      const { url, child } = await startMock(kind === 'platform' ? 'platform' : 'merchant', settings[kind]!, cwd, env);
      children.push(child);
      const address = url.replace('http://', '');
      portMap.push([`127.0.0.1:${DOC_PORTS[kind]}`, address]);
      replacements.push([address, `127.0.0.1:${DOC_PORTS[kind]}`]);
      if (kind === 'merchant') env.XBORDER_MERCHANT_URL = url;
      if (kind === 'platform') env.XBORDER_PLATFORM_URL = url;
    }
    if (settings.pages !== undefined) {
      const served = await servePages(join(root, 'docs', 'examples', settings.pages));
      pages = served.server;
      const address = served.url.replace('http://', '');
      portMap.push([`127.0.0.1:${DOC_PORTS.pages}`, address]);
      replacements.push([address, `127.0.0.1:${DOC_PORTS.pages}`]);
    }
    if (settings.until !== undefined) return { outputs: [await runServer(block, settings.until, cwd, env, timeoutMs)], replacements };
    const script = ['exec 2>&1 </dev/null'];
    for (const { command } of block.commands) {
      let line = command;
      for (const [shown, real] of portMap) line = line.split(shown).join(real);
      script.push(line, `__xb_status=$?; printf '\\n%s\\n' '${END}'; (exit $__xb_status)`);
    }
    const output = await runShell(script.join('\n'), cwd, env, timeoutMs);
    const parts = output.split(`\n${END}\n`);
    parts.pop();
    return { outputs: parts, replacements };
  } finally {
    for (const child of children) child.kill('SIGTERM');
    if (pages) await new Promise<void>((resolve) => pages!.close(() => resolve()));
    rmSync(cwd, { recursive: true, force: true });
  }
}

/**
 * A block that shows a server starting (`until="TEXT"`): its one command runs on a free port
 * (`--port N` becomes `--port 0`) until a line containing TEXT is printed, then it is stopped.
 */
function runServer(block: ConsoleBlock, until: string, cwd: string, env: Record<string, string>, timeoutMs: number): Promise<string> {
  if (block.commands.length !== 1) throw new Error(`${block.file}:${block.line}: a block with until= runs one command`);
  const command = block.commands[0]!.command.replace(/--port \d+/, '--port 0');
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', `exec ${command} 2>&1 </dev/null`], { cwd, env, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
    let out = '';
    const stop = () => {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no line with ${JSON.stringify(until)} after ${timeoutMs} ms; printed:\n${out}`));
    }, timeoutMs);
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const lines = out.split('\n');
      const at = lines.findIndex((l) => l.includes(until));
      if (at >= 0 && at < lines.length - 1) {
        clearTimeout(timer);
        stop();
        resolve(lines.slice(0, at + 1).join('\n') + '\n');
      }
    });
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before printing ${JSON.stringify(until)}:\n${out}`));
    });
  });
}

/** Runs `script` with /bin/sh in its own process group (killed whole on timeout). */
function runShell(script: string, cwd: string, env: Record<string, string>, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (out += d));
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
      reject(new Error(`timed out after ${timeoutMs} ms; printed so far:\n${out}`));
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', () => {
      clearTimeout(timer);
      resolve(out);
    });
  });
}
