/** `xborder diff A B`: compare two reports or run folders. */
import type { Command } from 'commander';
import { VOLATILE_KEYS } from '../../diff/json-diff.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** `text` broken at spaces into indented lines of at most `width` characters. */
function wrap(text: string, width: number): string {
  const lines: string[] = [];
  let line = ' ';
  for (const word of text.split(' ')) {
    if (line.length + word.length + 1 > width) lines.push(line), (line = ' ');
    line += ` ${word}`;
  }
  return [...lines, line].join('\n');
}

/** Declares the diff command; the work is in ../actions/diff.ts. */
export function defineDiff(program: Command): void {
  program
    .command('diff')
    .description('compare two reports (--json files or run folders) per case: fixed, newly failing, unchanged, and the answers\' differences')
    .argument('<a>', 'the report before (a JSON report file or a run folder)')
    .argument('<b>', 'the report after')
    .option('--ignore <path>', 'also leave out this key (anywhere) or JSON pointer (/ResponseInfo/Message) when comparing answers (repeatable)', collect)
    .addHelpText(
      'after',
      '\nCases are matched by endpoint, variant and auth mode. Answers are compared as JSON when both reports\n' +
        "kept them (every case of proxy and replay runs; check's failed cases, or every case with -v), leaving\n" +
        'out the values of keys that change on every run (a key that appears or disappears is still reported):\n' +
        `${wrap(VOLATILE_KEYS.join(', '), 100)}\n` +
        'Exit codes: 0 no regression, 1 a case that passed in A fails in B (or a new case fails), 2 unreadable input.\n\n' +
        'Examples:\n  xborder diff .xborder/runs/2026-11-20T10-00-00Z .xborder/runs/2026-11-24T09-30-00Z\n' +
        '  xborder diff before.json after.json --ignore /ResponseInfo/Message\n  xborder diff last-week/ today/ --json',
    )
    .action(async (a: string, b: string, opts, cmd) => {
      const { run } = await import('../actions/diff.js');
      process.exitCode = await run(a, b, opts, cmd);
    });
}
