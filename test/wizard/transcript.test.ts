/**
 * docs/wizard.md's "Create or edit the configuration" transcript is real: the same keys typed in a
 * real pseudo-terminal, in a fresh git repository, print every line it shows in its order, and save
 * the file its `cat` shows (the $schema's release tag is this package's version).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { KEY, runInPty, type PtyStep } from './pty.js';

const ROOT = new URL('../../', import.meta.url);
const VERSION = (JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8')) as { version: string }).version;

/** The ```text block of docs/wizard.md whose session creates the configuration. */
function transcript(): { lines: string[]; saved: unknown } {
  const md = readFileSync(new URL('docs/wizard.md', ROOT), 'utf8');
  const block = [...md.matchAll(/```text\n([\s\S]*?)```/g)].map((m) => m[1]!).find((b) => b.includes('Create or edit the configuration'));
  if (!block) throw new Error('docs/wizard.md has no "Create or edit the configuration" transcript');
  const [session, file] = block.split('$ cat xborder.config.json\n');
  const lines = session!.split('\n').filter((l) => l !== '' && !l.startsWith('$ '));
  return { lines, saved: JSON.parse(file!.replace(/\/v\d+\.\d+\.\d+[^/]*\/schemas\//, `/v${VERSION}/schemas/`)) };
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Waits for `prompt`, then types `keys` and Enter. */
const type = (prompt: string, keys = ''): PtyStep[] => [{ expect: prompt }, { send: `${keys}${KEY.enter}` }];

describe('docs/wizard.md', () => {
  it('the "Create or edit the configuration" transcript is what the wizard prints and saves', async () => {
    const { lines, saved } = transcript();
    expect(lines).toContain("✔ Who charges the shopper's card? The merchant (orders carry PaymentDetails; payment checks run)");
    const cwd = mkdtempSync(join(tmpdir(), 'xb-wizard-doc-'));
    dirs.push(cwd);
    expect(spawnSync('git', ['init', '-q'], { cwd }).status).toBe(0);
    const r = await runInPty(['wizard'], [
      { expect: 'What do you want to do?' }, { send: KEY.down.repeat(5) }, { send: KEY.enter },
      ...type('Merchant GUID', 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77'),
      ...type('Merchant base URL', 'https://shop.example.com'),
      ...type('Path of GetCheckoutCartInfo'),
      ...type('Path of SendOrderToMerchant'),
      { expect: 'Which methods' }, { send: KEY.down.repeat(2) }, { send: KEY.enter },
      ...type('A cart token', '2c5c7b3db2ed101426cba38d9c534086'),
      ...type('Shipping country'),
      ...type('Currency'),
      ...type('Who charges the shopper'),
      ...type('Probe', 'n'),
      // Not probed: none, header, basic, ...: toggle header and basic.
      { expect: 'Which auth modes' }, { send: KEY.down }, { send: KEY.space }, { send: KEY.down }, { send: KEY.space }, { send: KEY.enter },
      ...type('Header name'),
      ...type('Header value', 'hdr-Doc-Key-1'),
      ...type('Basic user name'),
      ...type('Basic password', 'pw-Doc-Secret-2'),
      ...type('Configure the platform', 'n'),
      ...type('Save these answers'),
      ...type('How should the secrets be written?'),
      ...type('Do something else?'),
    ], { cwd, timeoutSec: 30 });
    if (r.error) console.log(r.output.slice(-2500));
    expect(r.error).toBeNull();
    expect(r.exitCode).toBe(0);
    // Every line the transcript shows, in its order.
    let from = 0;
    for (const line of lines) {
      const at = r.output.indexOf(line, from);
      expect(at, `not printed (after what came before): ${line}`).toBeGreaterThanOrEqual(0);
      from = at + line.length;
    }
    expect(JSON.parse(readFileSync(join(cwd, 'xborder.config.json'), 'utf8'))).toEqual(saved);
  });
});
