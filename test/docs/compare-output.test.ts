/** The console-example comparer: what it forgives (volatile values, wrapping, `...`) and what it does not. */
import { describe, expect, it } from 'vitest';
import { canonical, compareOutput, maskVolatile } from './compare-output.js';
import { consoleBlocks, parseSettings } from './console-blocks.js';

const TABLE_WIDE = [
  '┌──────────┬────────────────────────────────────┬───────┐',
  '│ case     │ detail                             │ time  │',
  '│ redeliv… │ delivering OrderId GE612498011DE   │ 53 ms │',
  '│          │ again created a second order       │       │',
  '└──────────┴────────────────────────────────────┴───────┘',
];
const TABLE_NARROW = [
  '┌──────────┬──────────────────────────┬────────┐',
  '│ case     │ detail                   │ time   │',
  '│ redeliv… │ delivering OrderId       │ 120 ms │',
  '│          │ GE700000001DE again      │        │',
  '│          │ created a second order   │        │',
  '└──────────┴──────────────────────────┴────────┘',
];

describe('compareOutput', () => {
  it('masks times, durations, ports, run folders and platform order ids on both sides', () => {
    expect(maskVolatile('Run saved to .xborder/runs/2026-11-25T07-34-51Z-2 on http://127.0.0.1:39979 in 12 ms (136/s)')).toBe(
      'Run saved to .xborder/runs/<TIME> on http://127.0.0.1:<PORT> in <DUR> (<RATE>/s)',
    );
    expect(compareOutput(['HTTP 200 in 11 ms, order GE063090012DE'], 'HTTP 200 in 4 ms, order GE425031028DE\n')).toBeUndefined();
  });

  it('ignores where a table cell or a line wrapped, but not the cells themselves', () => {
    expect(compareOutput(TABLE_WIDE, TABLE_NARROW.join('\n'))).toBeUndefined();
    const wrongCell = TABLE_NARROW.join('\n').replace('second order', 'third order');
    expect(compareOutput(TABLE_WIDE, wrongCell)).toMatch(/differs at character/);
    expect(canonical(['a long line that', 'wrapped here'])).toBe(canonical(['a long line', 'that wrapped here']));
  });

  it('fails on a changed count, a missing line and extra output', () => {
    expect(compareOutput(['22 samples'], '23 samples')).toMatch(/differs/);
    expect(compareOutput(['first', 'second'], 'first')).toMatch(/differs/);
    expect(compareOutput(['first'], 'first\nsecond')).toMatch(/differs/);
    expect(compareOutput([], '')).toBeUndefined();
    expect(compareOutput([], 'unexpected')).toMatch(/differs/);
  });

  it('reads a "..." line as any lines, keeping the order of what is shown', () => {
    const printed = 'head\nmiddle 1\nmiddle 2\nneedle\nmore\ntail';
    expect(compareOutput(['head', '...', 'needle', '...', 'tail'], printed)).toBeUndefined();
    expect(compareOutput(['...', 'tail'], printed)).toBeUndefined();
    expect(compareOutput(['head', '...'], printed)).toBeUndefined();
    expect(compareOutput(['head', '...', 'absent', '...', 'tail'], printed)).toMatch(/does not contain/);
    expect(compareOutput(['head', '...', 'needle'], printed)).toMatch(/does not end with/);
    expect(compareOutput(['needle', '...'], printed)).toMatch(/differs/);
  });

  it('leaves out the plain progress lines a loaded machine prints, and nothing else', () => {
    expect(compareOutput(['done'], 'xborder: 20 of 300 steps done, 0 cases, 11s\ndone')).toBeUndefined();
    expect(compareOutput(['done'], 'xborder: something else\ndone')).toMatch(/differs/);
  });
});

describe('consoleBlocks', () => {
  it('reads commands, their output, continuation lines and the example comment', () => {
    const md = ['text', '<!-- example: merchant="--fault x" files=auth platform -->', '```console', '$ xborder a \\', '  --b', 'out 1', 'out 2', '$ echo $?', '0', '```', '```text', '$ not run', '```'].join('\n');
    const [block, ...rest] = consoleBlocks('f.md', md);
    expect(rest).toEqual([]);
    expect(block!.settings).toEqual({ merchant: '--fault x', files: 'auth', platform: '' });
    expect(block!.commands.map((c) => [c.command, c.expected])).toEqual([
      ['xborder a  --b', ['out 1', 'out 2']],
      ['echo $?', ['0']],
    ]);
    expect(block!.commands[0]!.expectedStart).toBe(5);
  });

  it('refuses a console block that does not start with a command', () => {
    expect(() => consoleBlocks('f.md', '```console\noutput\n```')).toThrow(/f\.md:2: a console block must start/);
    expect(parseSettings(' env="A=1 B=2" x')).toEqual({ env: 'A=1 B=2', x: '' });
  });
});
