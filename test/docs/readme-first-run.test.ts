/**
 * README's first real run is one a newcomer can follow in one sitting: the reference merchant runs in
 * a terminal of its own (a server started with `&` in the same terminal interleaves its request log
 * with the report), the configuration the run reads is written by a command the reader sees, and the
 * section says how to stop the server. Its console example itself is run by console-examples.test.ts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const section = /## A first real run\n([\s\S]*?)\n## /.exec(readme)?.[1] ?? '';

describe('README: a first real run', () => {
  it('starts the server in a terminal of its own, never in the background of the one the report goes to', () => {
    expect(section).not.toBe('');
    expect(section).not.toMatch(/^\s*(?:\$ )?xborder mock [^\n]*&\s*$/m);
    expect(section).toMatch(/(second|own) terminal/);
  });

  it('writes the configuration with a command before the run reads it, and says how to stop the server', () => {
    const example = /```console\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
    const commands = example.split('\n').filter((l) => l.startsWith('$ '));
    const writes = commands.findIndex((c) => /> xborder\.config\.json/.test(c));
    const runs = commands.findIndex((c) => /xborder (--quiet )?check/.test(c));
    expect(writes).toBeGreaterThanOrEqual(0);
    expect(runs).toBeGreaterThan(writes);
    expect(section).toMatch(/stop the merchant with Ctrl-C/);
  });
});
