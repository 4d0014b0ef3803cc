/**
 * End to end, configuration messages say one thing once and suggest the fix: a URL typed without
 * its scheme names the URL meant, whether it came from a flag, a variable or the file; an unset
 * `${XB_MERCHANT_GUID}` is one problem, not also a malformed GUID. And a command needs only what it
 * uses: `mock platform` starts in a project whose merchant credentials are not set.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, runCli } from '../helpers/run-cli.js';

const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('configuration messages', () => {
  it('a merchant URL without http:// suggests it, from a flag, a variable or the file, once each', async () => {
    const bare = mkdtempSync(join(tmpdir(), 'xb-cfgmsg-'));
    const flag = await runCli(['check', '--merchant-url', '127.0.0.1:8788', '--merchant-guid', GUID], { cwd: bare });
    const variable = await runCli(['check', '--merchant-guid', GUID], { cwd: bare, env: { XBORDER_MERCHANT_URL: 'localhost:8788' } });
    const project = mkdtempSync(join(tmpdir(), 'xb-cfgmsg-'));
    writeFileSync(join(project, 'xborder.config.json'), JSON.stringify({ merchantGUID: GUID, merchant: { baseUrl: 'shop.example.com' } }));
    const file = await runCli(['check'], { cwd: project });
    for (const [r, meant] of [[flag, 'http://127.0.0.1:8788'], [variable, 'http://localhost:8788'], [file, 'https://shop.example.com']] as const) {
      expect(r.code).toBe(2);
      expect(flat(r.stderr)).toContain(`did you mean ${meant}?`);
      expect(r.stderr.split('did you mean').length).toBe(2);
    }
  });
});

/** A project with the file `xborder init` writes. */
async function initProject(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'xb-cfgmsg-init-'));
  expect((await runCli(['init'], { cwd: dir })).code).toBe(0);
  return dir;
}

describe('one thing once', () => {
  it('an unset XB_MERCHANT_GUID is one problem: no follow-up about the GUID\'s form', async () => {
    const r = await runCli(['check', '--no-save'], { cwd: await initProject() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('/merchantGUID: environment variable XB_MERCHANT_GUID is not set');
    expect(r.stderr).not.toContain('does not match the documented form');
    expect(r.stderr.match(/\/merchantGUID:/g)).toHaveLength(1);
  });

  it('--merchant-guid replaces the file\'s ${XB_MERCHANT_GUID}: its variable is not asked for', async () => {
    const r = await runCli(['check', '--no-save', '--merchant-guid', GUID], { cwd: await initProject() });
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain('XB_MERCHANT_GUID');
    expect(r.stderr).toContain('XB_HEADER_KEY');
  });
});

describe('a command needs only what it uses', () => {
  it('mock platform starts in a project whose merchant credentials (XB_HEADER_KEY) are not set, and accepts the configured GUID', async () => {
    const cwd = await initProject();
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('XB')) env[k] = v;
    const child = spawn(process.execPath, [BIN, 'mock', 'platform', '--port', '0', '--json'], { cwd, env: { ...env, XB_MERCHANT_GUID: GUID }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    const first = await new Promise<string>((resolve, reject) => {
      child.stdout.setEncoding('utf8').on('data', (d: string) => {
        out += d;
        if (out.includes('\n')) resolve(out.split('\n')[0]!);
      });
      child.on('exit', (code) => reject(new Error(`mock platform exited ${code}: ${err}`)));
    });
    child.kill('SIGTERM');
    expect(JSON.parse(first)).toMatchObject({ merchantGUID: GUID });
    expect(err).not.toContain('XB_HEADER_KEY');
  });
});
