/**
 * End to end, configuration messages say one thing once and suggest the fix: a URL typed without
 * its scheme names the URL meant, whether it came from a flag, a variable or the file.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

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
