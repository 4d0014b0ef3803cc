/**
 * Driving `xborder proxy` as a user runs it: the built CLI spawned on port 0, its URL read from the
 * "listening on" line, its exit awaited; plus a project folder with a config and small recording
 * servers on 127.0.0.1 port 0 that stand for a merchant (or another host the proxy must not reach).
 */
import http from 'node:http';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { BIN, type CliResult } from './run-cli.js';

/** A running proxy CLI. */
export interface ProxyCli {
  url: string;
  /** Everything printed on stderr so far. */
  stderr(): string;
  done: Promise<CliResult>;
  interrupt(): void;
}

/** A folder with an xborder.config.json (auth none) for the proxy to run in. */
export function proxyProject(baseUrl?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'xb-proxy-'));
  writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({ merchantGUID: 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77', merchant: baseUrl ? { baseUrl } : {}, auth: [{ mode: 'none' }], timeoutMs: 10_000 }));
  return dir;
}

/**
 * Starts `xborder proxy --port 0 ...args` in `cwd`; resolves once it listens (rejects if it exits
 * first). It is killed after `killAfterMs` (default 60 s) so a hung proxy cannot hang the suite.
 */
export function startProxyCli(args: string[], cwd: string, killAfterMs = 60_000): Promise<ProxyCli> {
  const env: Record<string, string> = { NO_COLOR: '1' };
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('XBORDER_') && k !== 'FORCE_COLOR') env[k] = v;
  const child = spawn(process.execPath, [BIN, 'proxy', '--port', '0', ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d) => (stdout += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  const done = new Promise<CliResult>((resolve) => child.on('close', (code) => (clearTimeout(timer), resolve({ code, stdout, stderr }))));
  return new Promise((resolve, reject) => {
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
      const m = stderr.match(/listening on http:\/\/[\d.]+:(\d+)/);
      // Whatever address it is bound to, the test reaches it on loopback.
      if (m) resolve({ url: `http://127.0.0.1:${m[1]}`, stderr: () => stderr, done, interrupt: () => child.kill('SIGINT') });
    });
    child.on('close', () => reject(new Error(`proxy exited before listening:\n${stderr}`)));
  });
}

/** What a recording server received. */
export interface Received {
  method: string;
  url: string;
  /** Header names and values in order, repeated ones kept. */
  rawHeaders: string[];
  body: Buffer;
}

/** A server on 127.0.0.1 port 0 that records every request and answers with `answer`. */
export async function recordingServer(answer: (req: http.IncomingMessage, res: http.ServerResponse, got: Received) => void = (_q, r) => r.end('ok')): Promise<{ url: string; port: number; got: Received[]; close(): Promise<void> }> {
  const got: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const one = { method: req.method ?? '', url: req.url ?? '', rawHeaders: req.rawHeaders, body: Buffer.concat(chunks) };
      got.push(one);
      answer(req, res, one);
    });
  });
  // A forward proxy's CONNECT would land here too: record it as a request.
  server.on('connect', (req, socket) => {
    got.push({ method: 'CONNECT', url: req.url ?? '', rawHeaders: req.rawHeaders, body: Buffer.alloc(0) });
    socket.end('HTTP/1.1 200 Connection Established\r\n\r\n');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    got,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
