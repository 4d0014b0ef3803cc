/** The terminal prompter over streams: answers come back, Ctrl-C becomes CancelledError (exit 130). */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CancelledError } from '../../src/errors.js';
import { canPrompt, createPrompter } from '../../src/cli/prompts.js';

function streams() {
  const input = new PassThrough();
  const output = new PassThrough();
  let shown = '';
  output.on('data', (d: Buffer) => (shown += d.toString()));
  return { input, output, shown: () => shown };
}

const tick = () => new Promise((r) => setTimeout(r, 30));

describe('createPrompter', () => {
  it('returns typed text, and masks secrets as they are typed', async () => {
    const s = streams();
    const prompter = createPrompter({ input: s.input, output: s.output });
    const text = prompter.text({ message: 'Name:' });
    await tick();
    s.input.write('shop\r');
    expect(await text).toBe('shop');
    const secret = prompter.secret({ message: 'Password:' });
    await tick();
    s.input.write('hunter2\r');
    expect(await secret).toBe('hunter2');
    expect(s.shown()).not.toContain('hunter2');
  });

  it('turns Ctrl-C into CancelledError with exit code 130', async () => {
    const s = streams();
    const prompter = createPrompter({ input: s.input, output: s.output });
    const asked = prompter.confirm({ message: 'Go?' });
    await tick();
    s.input.write('\u0003');
    const error = await asked.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CancelledError);
    expect((error as CancelledError).exitCode).toBe(130);
  });

  it('picks from a filtered list, the default first', async () => {
    const s = streams();
    const prompter = createPrompter({ input: s.input, output: s.output });
    const choices = [{ name: 'Austria (AT)', value: 'AT' }, { name: 'France (FR)', value: 'FR' }, { name: 'Germany (DE)', value: 'DE' }];
    const byDefault = prompter.search({ message: 'Country:', choices, default: 'DE' });
    await tick();
    s.input.write('\r');
    expect(await byDefault).toBe('DE');
    const filtered = prompter.search({ message: 'Country:', choices });
    await tick();
    s.input.write('fra');
    await tick();
    s.input.write('\r');
    expect(await filtered).toBe('FR');
  });
});

describe('canPrompt', () => {
  it('needs a terminal on stdin and on the stream prompts are drawn on', () => {
    const tty = { isTTY: true };
    const pipe = { isTTY: false };
    expect(canPrompt(false, { stdin: tty, stdout: tty, stderr: pipe })).toBe(true);
    expect(canPrompt(false, { stdin: pipe, stdout: tty, stderr: tty })).toBe(false);
    expect(canPrompt(true, { stdin: tty, stdout: pipe, stderr: tty })).toBe(true);
    expect(canPrompt(true, { stdin: tty, stdout: tty, stderr: pipe })).toBe(false);
  });
});
