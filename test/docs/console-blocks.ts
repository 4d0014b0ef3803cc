/**
 * Finds the console examples of the documentation: fenced ```console blocks whose lines starting
 * with `$ ` are commands and whose other lines are the output the command shows, as cram and
 * trycmd read them. An HTML comment on the line before the fence says what the block needs:
 *
 *   <!-- example: merchant="--fault order-duplicate" platform files=validate env="A=1 B=2" -->
 *
 * - `merchant[="ARGS"]`: a reference merchant (`xborder mock merchant --port 0 ARGS`) runs for the
 *   block; XBORDER_MERCHANT_URL points at it and `127.0.0.1:8787` in the commands is its address.
 * - `merchant2[="ARGS"]`, `merchant3[="ARGS"]`: more reference merchants, shown as `127.0.0.1:8788`
 *   and `127.0.0.1:8789` (no variable points at them).
 * - `platform[="ARGS"]`: the same for the reference platform, XBORDER_PLATFORM_URL and `127.0.0.1:8790`.
 * - `pages=DIR`: the files of docs/examples/DIR served as web pages, shown as `127.0.0.1:8801`.
 * - `files=DIR`: the files of docs/examples/DIR are copied into the block's working directory.
 * - `unbuilt`: bin/ of the repository copied without dist/, as in a clone that was never built.
 * - `until="TEXT"`: the one command is a server (`--port N` becomes `--port 0`): its output up to the
 *   first line containing TEXT is compared, then it is stopped.
 * - `env="NAME=VALUE ..."`: added to the environment of the servers and the commands.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** One `$ command` of a block and the output the documentation shows for it. */
export interface ConsoleCommand {
  /** The command as written, without the `$ `; continuation lines (`\` at the end) joined. */
  command: string;
  /** The lines shown after the command, up to the next command or the end of the block. */
  expected: string[];
  /** 0-based line index (in the file) of the first expected line, and how many lines it spans. */
  expectedStart: number;
  expectedCount: number;
}

/** A ```console block and what it needs to run. */
export interface ConsoleBlock {
  /** Path relative to the repository root, for messages. */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** Key/value settings of the `<!-- example: ... -->` comment (a bare key has the value ""). */
  settings: Record<string, string>;
  commands: ConsoleCommand[];
}

/** Every markdown file the examples may live in: README.md, ARCHITECTURE.md and docs/**. */
export function documentationFiles(root: string): string[] {
  const files = ['README.md', 'ARCHITECTURE.md'].map((f) => join(root, f));
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) files.push(path);
    }
  };
  walk(join(root, 'docs'));
  return files.filter((f) => {
    try {
      readFileSync(f);
      return true;
    } catch {
      return false;
    }
  });
}

/** Parses `key=value key="a value" bare` into a record. */
export function parseSettings(text: string): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const m of text.matchAll(/([\w-]+)(?:=(?:"([^"]*)"|(\S+)))?/g)) settings[m[1]!] = m[2] ?? m[3] ?? '';
  return settings;
}

/** The console blocks of one markdown text. */
export function consoleBlocks(file: string, text: string): ConsoleBlock[] {
  const lines = text.split('\n');
  const blocks: ConsoleBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.trim() !== '```console') continue;
    const previous = i > 0 ? lines[i - 1]!.trim() : '';
    const comment = /^<!--\s*example:(.*?)-->$/.exec(previous);
    const block: ConsoleBlock = { file, line: i + 1, settings: comment ? parseSettings(comment[1]!) : {}, commands: [] };
    let j = i + 1;
    for (; j < lines.length && lines[j]!.trim() !== '```'; j++) {
      const line = lines[j]!;
      if (line.startsWith('$ ')) {
        let command = line.slice(2);
        while (command.endsWith('\\') && j + 1 < lines.length) command = `${command.slice(0, -1)} ${lines[++j]!.trim()}`;
        block.commands.push({ command, expected: [], expectedStart: j + 1, expectedCount: 0 });
      } else if (block.commands.length > 0) {
        const current = block.commands[block.commands.length - 1]!;
        current.expected.push(line);
        current.expectedCount++;
      } else {
        throw new Error(`${file}:${j + 1}: a console block must start with a "$ " command line`);
      }
    }
    blocks.push(block);
    i = j;
  }
  return blocks;
}

/** Every console block of the documentation under `root`. */
export function allConsoleBlocks(root: string): ConsoleBlock[] {
  return documentationFiles(root).flatMap((path) => consoleBlocks(relative(root, path), readFileSync(path, 'utf8')));
}
