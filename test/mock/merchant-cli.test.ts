/**
 * End to end: `xborder mock merchant` from the built CLI (`npm run build` first), as a user runs it:
 * --list-faults, flag errors (exit 2), and serving until SIGTERM (exit 0).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, runCli } from '../helpers/run-cli.js';
import { MERCHANT_FAULTS } from '../../src/mock/merchant/faults.js';
import { GUID, TOKEN, connectTo, sampleOrder } from './merchant-fixtures.js';

const dirs: string[] = [];
const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'xborder-mock-'));
  dirs.push(dir);
  return dir;
}

/** Starts `xborder ...args` in `cwd` and resolves once it printed its listening line. */
function serve(args: string[], cwd: string): Promise<{ child: ChildProcessWithoutNullStreams; url: string; out: () => string; err: () => string }> {
  const env: Record<string, string> = { NO_COLOR: '1' };
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('XBORDER_')) env[k] ??= v;
  const child = spawn(process.execPath, [BIN, ...args], { cwd, env, stdio: 'pipe' });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line; stderr: ${stderr}`)), 15_000);
    child.on('exit', (code) => reject(new Error(`exited ${code} before listening; stderr: ${stderr}`)));
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!, out: () => stdout, err: () => stderr });
      }
    });
  });
}

function exited(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  return new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.on('exit', (code) => resolve(code))));
}

describe('xborder mock merchant', () => {
  it('--list-faults prints every fault with the check it trips', async () => {
    const r = await runCli(['mock', 'merchant', '--list-faults'], { cwd: tempDir() });
    expect(r.code).toBe(0);
    for (const fault of MERCHANT_FAULTS) {
      expect(r.stdout).toContain(fault.name);
      expect(r.stdout).toContain(fault.catches);
    }
  });

  it('--list-faults --json prints the list as JSON', async () => {
    const r = await runCli(['--json', 'mock', 'merchant', '--list-faults'], { cwd: tempDir() });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(MERCHANT_FAULTS);
  });

  it('an unknown fault is a usage error (exit 2) that lists the faults', async () => {
    const r = await runCli(['mock', 'merchant', '--fault', 'order-duplicat'], { cwd: tempDir() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Unknown merchant fault "order-duplicat"');
    expect(r.stderr).toContain('order-duplicate');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('a bad --port is a usage error (exit 2)', async () => {
    const r = await runCli(['mock', 'merchant', '--port', '70000'], { cwd: tempDir() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--port');
  });

  it('serves with the default config until SIGTERM, then exits 0', async () => {
    const { child, url, out } = await serve(['mock', 'merchant', '--port', '0', '--fault', 'order-duplicate'], tempDir());
    expect(out()).toMatch(/^Reference merchant listening on http:\/\/127\.0\.0\.1:\d+ \(cart: \/get-checkout-cart-info-url, order: \/order-update-create-url, auth: none, fault: order-duplicate\)\n/);
    const post = () => fetch(`${url}/order-update-create-url`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(sampleOrder()) }).then((r) => r.json() as Promise<any>);
    const a = await post();
    const b = await post();
    expect(b.ResponseInfo.InternalOrderId).not.toBe(a.ResponseInfo.InternalOrderId);
    const cart = await fetch(`${url}/get-checkout-cart-info-url?merchantCartToken=${TOKEN}`);
    expect(cart.status).toBe(200);
    await cart.body?.cancel();
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
    expect(out()).toContain('POST /order-update-create-url -> 200');
  });

  it('--quiet keeps it to its listening line: no line per request in the terminal it shares', async () => {
    const { child, url, out } = await serve(['--quiet', 'mock', 'merchant', '--port', '0'], tempDir());
    const cart = await fetch(`${url}/get-checkout-cart-info-url?merchantCartToken=${TOKEN}`);
    expect(cart.status).toBe(200);
    await cart.body?.cancel();
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
    expect(out()).toMatch(/^Reference merchant listening on http:\/\/127\.0\.0\.1:\d+ [^\n]*\n$/);
  });

  it('--fault exit-on-concurrent: two deliveries of one order at once end the process (status 2, as Go\'s runtime), and nothing listens on its port after', async () => {
    const { child, url, err } = await serve(['mock', 'merchant', '--port', '0', '--fault', 'exit-on-concurrent'], tempDir());
    const post = () => fetch(`${url}/order-update-create-url`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(sampleOrder()) });
    // One after another, the same order is answered each time: nothing overlaps.
    for (let i = 0; i < 2; i++) {
      const answer = await post();
      expect(answer.status).toBe(200);
      await answer.body?.cancel();
    }
    await connectTo(url);
    expect(child.exitCode).toBeNull();
    const copies = await Promise.allSettled([post(), post()]);
    expect(copies.map((c) => c.status)).toEqual(['rejected', 'rejected']);
    expect(await exited(child)).toBe(2);
    expect(err()).toContain(`fatal error: concurrent map writes (fault exit-on-concurrent: two deliveries of order ${String(sampleOrder().OrderId)} overlapped`);
    await expect(connectTo(url)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('--json says where it listens and which auth modes it enforces, in clear (the label is no credential)', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({ merchantGUID: GUID, auth: [{ mode: 'header', name: 'X-Merchant-Key', value: 'sup3r-s3cret-value' }, { mode: 'basic', username: 'platform', password: 'b4sic-s3cret' }] }));
    const child = spawn(process.execPath, [BIN, '--json', 'mock', 'merchant', '--port', '0'], { cwd: dir, stdio: 'pipe' });
    children.push(child);
    const line = await new Promise<string>((resolve) => {
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => {
        out += d;
        if (out.includes('\n')) resolve(out.split('\n')[0]!);
      });
    });
    expect(JSON.parse(line)).toMatchObject({ url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/), authModes: 'header+basic', fault: 'none' });
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
  });

  it('enforces the config file\'s auth and never prints its secret', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'xborder.config.json'), JSON.stringify({
      merchantGUID: GUID,
      merchant: { cartToken: TOKEN, cartPath: '/cart', orderPath: '/order' },
      auth: [{ mode: 'header', name: 'X-Merchant-Key', value: 'sup3r-s3cret-value' }],
    }));
    const { child, url, out, err } = await serve(['mock', 'merchant'], dir);
    expect(out()).toContain('(cart: /cart, order: /order, auth: header, fault: none)');
    const body = JSON.stringify(sampleOrder());
    const refused = await fetch(`${url}/order`, { method: 'POST', body });
    expect(refused.status).toBe(401);
    await refused.body?.cancel();
    const accepted = await fetch(`${url}/order`, { method: 'POST', body, headers: { 'X-Merchant-Key': 'sup3r-s3cret-value' } });
    expect(accepted.status).toBe(200);
    await accepted.body?.cancel();
    child.kill('SIGINT');
    expect(await exited(child)).toBe(0);
    expect(out() + err()).not.toContain('sup3r-s3cret-value');
  });

  it('--show-secrets is warned about by both mock servers, as by every command', async () => {
    for (const which of ['merchant', 'platform']) {
      const { child, err } = await serve(['--show-secrets', 'mock', which], tempDir());
      child.kill('SIGTERM');
      expect(await exited(child)).toBe(0);
      expect(err(), which).toMatch(/warning: --show-secrets: secrets and card data are printed in clear/);
    }
  });
});
