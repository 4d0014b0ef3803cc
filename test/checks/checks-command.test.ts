/** End to end: `xborder checks ID` prints the check's page; an unknown id is exit 2 with a suggestion. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

describe('xborder checks ID', () => {
  it('prints the page, the same text as docs/checks/ID.md', async () => {
    const result = await runCli(['checks', 'idempotent-redelivery']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    for (const heading of ['# idempotent-redelivery', '## Why it matters', '## A failing answer', '## The fixed answer', '## The usual fix']) expect(result.stdout).toContain(heading);
    expect(result.stdout).toBe(readFileSync(new URL('../../docs/checks/idempotent-redelivery.md', import.meta.url), 'utf8'));
  });

  it('--json gives the page as fields, with where its file is', async () => {
    const result = await runCli(['checks', 'cart-installments', '--json']);
    expect(result.code).toBe(0);
    const page = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(page).toMatchObject({ id: 'cart-installments', docs: 'docs/checks/cart-installments.md' });
    expect(page.failing).toContain('"paymentInstallments": "2,4,6"');
    expect(page.fixed).toContain('"{2,4,6}"');
  });

  it('an unknown id is a one-paragraph usage error (exit 2) naming the closest id', async () => {
    const result = await runCli(['checks', 'order-acepted']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('no check is called "order-acepted". Did you mean order-accepted?');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('the list says how to read a page', async () => {
    const result = await runCli(['checks']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('`xborder checks ID` explains one');
  });
});
