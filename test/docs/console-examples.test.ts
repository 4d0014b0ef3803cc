/**
 * Every ```console example of README.md, ARCHITECTURE.md and docs/ is run with the built CLI and
 * compared with what it shows (see console-blocks.ts for the conventions, compare-output.ts for
 * what is normalised). `XBORDER_DOCS_UPDATE=1` writes the real output into the documentation for
 * commands whose shown output has no `...` line, with the documented ports and no temp paths.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { allConsoleBlocks, type ConsoleCommand } from './console-blocks.js';
import { compareOutput } from './compare-output.js';
import { launcherDir, runBlock } from './block-runner.js';
import { limiter } from './limiter.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const UPDATE = process.env.XBORDER_DOCS_UPDATE === '1';
const blocks = allConsoleBlocks(ROOT);
const binDir = launcherDir();
/**
 * Blocks run a few at a time: each mostly waits on its servers and child processes, and the suite
 * shares two cores with other test files, so more at once would only slow each block down.
 */
const slots = limiter(3);
/** file -> the commands whose output is to be rewritten, with the new lines. */
const updates = new Map<string, Array<{ command: ConsoleCommand; lines: string[] }>>();

afterAll(() => {
  rmSync(binDir, { recursive: true, force: true });
  for (const [file, edits] of updates) {
    const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
    // From the bottom up, so earlier line numbers stay right.
    for (const { command, lines: shown } of edits.sort((a, b) => b.command.expectedStart - a.command.expectedStart)) {
      lines.splice(command.expectedStart, command.expectedCount, ...shown);
    }
    writeFileSync(join(ROOT, file), lines.join('\n'));
  }
});

describe('console examples in the documentation', () => {
  it('finds the examples (README and docs)', () => {
    expect(blocks.some((b) => b.file === 'README.md')).toBe(true);
    expect(blocks.filter((b) => b.file.startsWith('docs/')).length).toBeGreaterThan(10);
  });

  for (const block of blocks) {
    it.concurrent(`${block.file}:${block.line} ${block.commands[0]?.command ?? ''}`, { timeout: 240_000 }, async ({ expect }) => {
      const { outputs, replacements } = await slots.run(() => runBlock(ROOT, block, binDir));
      expect(outputs.length, 'every command ran').toBe(block.commands.length);
      const problems: string[] = [];
      block.commands.forEach((command, i) => {
        let printed = outputs[i]!;
        for (const [real, shown] of replacements) printed = printed.split(real).join(shown);
        const lines = printed.replace(/\n$/, '').split('\n');
        if (printed === '') lines.length = 0;
        const difference = compareOutput(command.expected, printed);
        if (difference === undefined) return;
        if (UPDATE && !command.expected.some((l) => l.trim() === '...')) {
          const edits = updates.get(block.file) ?? [];
          edits.push({ command, lines });
          updates.set(block.file, edits);
          return;
        }
        problems.push(`$ ${command.command}\n${difference}\n--- printed ---\n${printed}`);
      });
      expect(problems.join('\n\n'), `${block.file}:${block.line}: the example does not show what the command prints`).toBe('');
    });
  }
});
