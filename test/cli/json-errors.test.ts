/** `--json` on any failure prints one error document; `help A B` shows the nested command's help. */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

describe('--json errors and nested help', () => {
  it.each([
    [['--json', 'check', '--bogus'], "unknown option '--bogus'"],
    [['--json', 'nonsense'], "unknown command 'nonsense'"],
    [['--json', 'samples', 'show', 'nope'], 'Unknown sample "nope"'],
    [['check', '--json', '--checks', 'no-such-check', '--merchant-url', 'http://127.0.0.1:1'], 'no check is called "no-such-check"'],
  ])('%j: exit 2 and one JSON error document on stdout', async (args, message) => {
    const result = await runCli(args as string[]);
    expect(result.code).toBe(2);
    const doc = JSON.parse(result.stdout) as { tool: { name: string }; error: { exitCode: number; message: string } };
    expect(doc.tool.name).toBe('xborder');
    expect(doc.error.exitCode).toBe(2);
    expect(doc.error.message).toContain(message);
    expect(result.stderr).toContain(message);
  });

  it('xborder help gift-card validate shows that subcommand\'s flags', async () => {
    const result = await runCli(['help', 'gift-card', 'validate']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: xborder gift-card validate');
    expect(result.stdout).toContain('--card-id');
  });
});
