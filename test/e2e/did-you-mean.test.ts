/**
 * End to end, a name typed short or wrong is answered with the name meant: check ids (`xborder
 * checks`, --checks, --exclude-checks), fault names (demo, mock merchant, mock platform), sample
 * names (samples show, post-order --sample) and flags typed short (`--merchant` for `--merchant-url`).
 * Each is one paragraph on stderr, exit 2, nothing on stdout.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

const cwd = mkdtempSync(join(tmpdir(), 'xb-dym-'));
const CLOSED = 'http://127.0.0.1:1';

const cases: Array<[string[], string]> = [
  [['checks', 'idempotent'], 'no check is called "idempotent". Did you mean idempotent-redelivery?'],
  [['check', '--merchant-url', CLOSED, '--checks', 'auth-enforced,idempotent'], '--checks: no check is called "idempotent". Did you mean idempotent-redelivery?'],
  [['check', '--merchant-url', CLOSED, '--exclude-checks', 'redelivery-conc'], '--exclude-checks: no check is called "redelivery-conc". Did you mean redelivery-concurrent?'],
  [['demo', '--fault', 'order-dup'], 'Unknown merchant fault "order-dup". Did you mean order-duplicate?'],
  [['mock', 'merchant', '--fault', 'cart-reuse'], 'Unknown merchant fault "cart-reuse". Did you mean cart-reuse-accepted?'],
  [['mock', 'platform', '--fault', 'html'], 'Unknown platform fault "html". Did you mean html-502?'],
  [['samples', 'show', 'order-ful'], 'Unknown sample "order-ful". Did you mean order-full?'],
  [['post-order', '--merchant-url', CLOSED, '--sample', 'order-b'], 'Unknown sample "order-b". Did you mean order-b2b?'],
  [['check', '--merchant', CLOSED], "unknown option '--merchant' (did you mean one of --merchants, --merchant-url or --merchant-guid?)"],
  [['check-cart', '--cart-tok', 'abc'], "unknown option '--cart-tok' (did you mean --cart-token or --cart-token-param?)"],
];

describe('did you mean', () => {
  it.each(cases)('xborder %j names what was meant', async (args, expected) => {
    const r = await runCli(args, { cwd });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    // Prose may be wrapped to the terminal's width: compared with its line breaks as spaces.
    expect(r.stderr.replace(/\s+/g, ' ')).toContain(expected);
    // One paragraph: the suggestion and the pointer in one message, no stack.
    expect(r.stderr.trim()).not.toMatch(/\n\s*\n/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
